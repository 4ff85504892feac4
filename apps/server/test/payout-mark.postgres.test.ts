import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEndpoints, payoutEndpoints } from '@merchant/payments';
import { createLedgerService } from '@/modules/payments/ledger/ledger.service';
import { createTestContext, failure, type TestContext } from './harness';
import { addBankAccount, availableMoney, createBusiness } from './factories';

/**
 * The payout mark is only safe if no movement of the available balance can commit behind it (docs/payments.md,
 * "Payouts"): a posting to the wallet's available balance holds the currency's balance lock in shared mode until
 * it commits, so a payout that starts meanwhile waits for it and then pays it out. PostgreSQL only: on the
 * embedded database one transaction at a time runs anyway.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the payout mark and postings under way', () => {
  it('makes a payout wait for a posting to the available balance that has not committed, then pays it out', async () => {
    const b = await createBusiness(t);
    const owner = b.people.owner.agent;
    const params = { business_id: b.id };
    await addBankAccount(t, b, b.people.owner);
    const paid = await availableMoney(t, b.id, 20_00);
    const first = await owner.ok(payoutEndpoints.create, { params, body: { currency: 'sgd' } });
    expect(first.amount.amount).toBe(paid.net);

    const ledger = createLedgerService({ clock: t.clock });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const written = new Promise<void>((resolve) => (posted = resolve));
    const posting = t.database.db.transaction(async (tx) => {
      await ledger.post(tx, b.id, {
        kind: 'settlement',
        description: 'A settlement still being written',
        entries: [
          { account: 'customer_funds', currency: 'sgd', amount: -7_00 },
          { account: 'merchant_available', currency: 'sgd', amount: 7_00 },
        ],
      });
      posted();
      await gate;
    });
    await written;

    const payout = owner.call(payoutEndpoints.create, { params, body: { currency: 'sgd' } });
    const waited = await Promise.race([payout.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 750))]);
    expect(waited).toBe('waiting');
    release();
    await posting;
    const answer = await payout;
    expect(answer.status, JSON.stringify(answer.ok ? answer.body : failure(answer))).toBe(201);
    if (!answer.ok) return;
    expect(answer.body.amount.amount).toBe(7_00);
    const lines = await owner.ok(payoutEndpoints.lines, { params: { ...params, payout_id: answer.body.id }, query: {} });
    expect(lines.data.map((l) => l.amount.amount)).toEqual([7_00]);
    const view = await owner.ok(balanceEndpoints.get, { params: { ...params, balance: 'wallet' } });
    expect(view.currencies.find((c) => c.currency === 'sgd')?.available.amount).toBe(0);
  });
});
