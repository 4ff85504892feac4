import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { balanceEndpoints, payoutEndpoints, transferEndpoints, transferFee } from '@merchant/payments';
import { ledgerEntries } from '@/db/schema';
import { createTestContext, failure, type TestContext } from './harness';
import { addBankAccount, addBeneficiary, createBusiness, fundAvailable } from './factories';

/**
 * Payouts and transfers spend the same available balance (docs/payments.md, "send money" and "payouts"): both
 * take one lock per business, account and currency, so a payout and a transfer racing for the whole balance
 * never both go through, whichever of the two wins.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('payouts and transfers racing for one balance', () => {
  it('lets exactly one of 100 payouts and 100 transfers of the whole balance through', async () => {
    const b = await createBusiness(t, { flags: { features: { send_money: true } } });
    const owner = b.people.owner;
    await addBankAccount(t, b, owner);
    const to = await addBeneficiary(b.id, owner);
    const balance = 1_000_00;
    await fundAvailable(t, b.id, balance);
    const params = { business_id: b.id };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? owner.agent.call(payoutEndpoints.create, { params, body: { currency: 'sgd', amount: balance } }, { idempotencyKey: `payout-${i}` })
          : owner.agent.call(
              transferEndpoints.create,
              { params, body: { beneficiary_id: to.id, amount: balance - transferFee(1, 'sgd', 'sgd') } },
              { idempotencyKey: `transfer-${i}` },
            ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refusals = answers.filter((a) => a.status !== 201);
    expect(refusals.every((a) => a.status === 422)).toBe(true);
    expect(new Set(refusals.map((a) => failure(a).code))).toEqual(new Set(['PAYOUT_EXCEEDS_AVAILABLE', 'TRANSFER_INSUFFICIENT_FUNDS']));

    const view = await owner.agent.ok(balanceEndpoints.get, { params: { ...params, balance: 'wallet' } });
    expect(view.currencies.find((c) => c.currency === 'sgd')?.available.amount).toBe(0);
    const [sums] = await t.database.db
      .select({ total: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.businessId, b.id), eq(ledgerEntries.currency, 'sgd')));
    expect(sums?.total).toBe(0);
  }, 120_000);
});
