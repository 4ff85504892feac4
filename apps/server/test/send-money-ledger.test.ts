import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { payoutEndpoints, transferEndpoints, transferFee } from '@merchant/payments';
import { ledgerBalances } from '../src/db/schema';
import { createTestContext, type TestContext } from './harness';
import { addBankAccount, addBeneficiary, createBusiness, fundAvailable, sgBeneficiary } from './factories';

/**
 * Random sequences of funding, transfers (some above the approval threshold, some to the test bank's failing
 * account), approvals, rejections, cancellations, payouts of the whole available balance and the bank's answers
 * keep every send money account equal to what the transfers say, the payouts' in-transit and paid-out sums equal
 * to the payouts, and the available balance never below zero (docs/payments.md, "send money" and "payouts").
 * Every figure is the sum of the account's rollup slots.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FLAT = transferFee(1, 'sgd', 'sgd');

type Op =
  | { kind: 'fund'; amount: number }
  | { kind: 'send'; amount: number; by: 'owner' | 'manager'; failing: boolean }
  | { kind: 'review'; pick: number; action: 'approve' | 'reject' | 'cancel' }
  | { kind: 'payout' }
  | { kind: 'bank' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 500_00 }) }),
  fc.record({
    kind: fc.constant('send' as const),
    amount: fc.integer({ min: 1, max: 400_00 }),
    by: fc.constantFrom('owner' as const, 'manager' as const),
    failing: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('review' as const), pick: fc.nat(), action: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const) }),
  fc.constant({ kind: 'payout' as const }),
  fc.constant({ kind: 'bank' as const }),
);

/** Each account's balance in SGD: the sum of its rollup slots. */
async function balances(businessId: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ account: ledgerBalances.account, amount: ledgerBalances.amount })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.businessId, businessId), eq(ledgerBalances.currency, 'sgd')));
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.account] = (sums[row.account] ?? 0) + Number(row.amount);
  return sums;
}

describe('send money, payouts and the ledger', () => {
  it('keeps available, held, in-transit and sent equal to the transfers and payouts, and available never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 300_00 }), async (ops, threshold) => {
        const business = await createBusiness(t, { staff: ['manager'], flags: { features: { send_money: true } } });
        const { owner, manager } = business.people;
        const params = { business_id: business.id };
        await owner.agent.ok(transferEndpoints.saveSettings, { params, body: { approval_threshold: threshold } });
        await addBankAccount(t, business, owner);
        const good = await addBeneficiary(business.id, owner);
        const bad = await addBeneficiary(business.id, owner, sgBeneficiary({ account_number: '7654320002' }));
        const model = { available: 0 };
        const returned = new Set<string>();
        /** The bank answers every processing transfer; what it returns is available again. */
        const bankAnswers = async () => {
          await t.app.jobs.runDue();
          const failed = await owner.agent.ok(transferEndpoints.list, { params, query: { status: 'failed', limit: 100 } });
          for (const x of failed.data.filter((f) => !returned.has(f.id))) {
            returned.add(x.id);
            model.available += x.total.amount;
          }
        };
        const awaiting: { id: string; total: number; by: 'owner' | 'manager' }[] = [];
        let paidOut = 0;

        for (const step of ops) {
          if (step.kind === 'fund') {
            await fundAvailable(t, business.id, step.amount);
            model.available += step.amount;
          } else if (step.kind === 'send') {
            const person = step.by === 'owner' ? owner : manager;
            const res = await person.agent.call(transferEndpoints.create, {
              params,
              body: { beneficiary_id: (step.failing ? bad : good).id, amount: step.amount },
            });
            if (step.amount + FLAT > model.available) {
              expect(res.status).toBe(422);
            } else {
              expect(res.status).toBe(201);
              model.available -= step.amount + FLAT;
              if (res.ok && res.body.status === 'awaiting_review') awaiting.push({ id: res.body.id, total: step.amount + FLAT, by: step.by });
              expect(res.ok && res.body.status).toBe(step.amount > threshold ? 'awaiting_review' : 'processing');
            }
          } else if (step.kind === 'review' && awaiting.length > 0) {
            const [held] = awaiting.splice(step.pick % awaiting.length, 1);
            // The other person reviews; the requester cancels.
            const reviewer = step.action === 'cancel' ? (held!.by === 'owner' ? owner : manager) : held!.by === 'owner' ? manager : owner;
            await reviewer.agent.ok(transferEndpoints[step.action], { params: { ...params, transfer_id: held!.id } });
            if (step.action !== 'approve') model.available += held!.total;
          } else if (step.kind === 'payout') {
            const res = await owner.agent.call(payoutEndpoints.create, { params, body: { currency: 'sgd' } });
            if (model.available > 0) {
              expect(res.status).toBe(201);
              paidOut += model.available;
              model.available = 0;
            } else {
              expect(res.status).toBe(422);
            }
          } else if (step.kind === 'bank') {
            await bankAnswers();
          }
          const sums = await balances(business.id);
          expect((sums.merchant_in_transit ?? 0) + (sums.merchant_paid_out ?? 0)).toBe(paidOut);
          expect(sums.merchant_transfer_held ?? 0).toBe(awaiting.reduce((sum, x) => sum + x.total, 0));
          expect(sums.merchant_available ?? 0).toBeGreaterThanOrEqual(0);
          expect(sums.merchant_available ?? 0).toBe(model.available);
        }
        // Once the bank has answered every transfer, nothing is in transit, and available is what the model kept.
        await bankAnswers();
        const history = await owner.agent.ok(transferEndpoints.list, { params, query: { limit: 100 } });
        const sent = history.data.filter((x) => x.status === 'completed').reduce((sum, x) => sum + x.send.amount, 0);
        const sums = await balances(business.id);
        expect(sums.merchant_transfer_in_transit ?? 0).toBe(0);
        expect(sums.merchant_transfer_sent ?? 0).toBe(sent);
        expect(sums.merchant_available ?? 0).toBe(model.available);
        expect(history.data.filter((x) => x.status === 'processing')).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 300_000);

  it("splits a transfer's payout lines into the amount and its fee, so gross - fee is the net, as the transfer shows", async () => {
    // Issue 25: a transfer's line read Gross —, Fee —, Net −SGD 261.00, hiding the SGD 1.00 fee.
    const business = await createBusiness(t, { staff: ['manager'], flags: { features: { send_money: true } } });
    const { owner, manager } = business.people;
    const params = { business_id: business.id };
    await owner.agent.ok(transferEndpoints.saveSettings, { params, body: { approval_threshold: 250_00 } });
    await addBankAccount(t, business, owner);
    const good = await addBeneficiary(business.id, owner);
    const bad = await addBeneficiary(business.id, owner, sgBeneficiary({ account_number: '7654320002' }));
    await fundAvailable(t, business.id, 1_000_00);
    const create = (beneficiary_id: string, amount: number) => manager.agent.ok(transferEndpoints.create, { params, body: { beneficiary_id, amount } });
    const held = await create(good.id, 260_00);
    expect(held.status).toBe('awaiting_review');
    await owner.agent.ok(transferEndpoints.reject, { params: { ...params, transfer_id: held.id } });
    await create(good.id, 120_00);
    await create(bad.id, 45_00);
    await t.app.jobs.runDue();
    const payout = await owner.agent.ok(payoutEndpoints.create, { params, body: { currency: 'sgd' } });
    const lines = await owner.agent.ok(payoutEndpoints.lines, { params: { ...params, payout_id: payout.id }, query: { limit: 100 } });
    const split = lines.data.filter((l) => l.kind !== 'settlement').map((l) => [l.kind, l.gross?.amount, l.fee?.amount, l.net.amount]);
    expect(split).toEqual(
      expect.arrayContaining([
        ['transfer_hold', -260_00, FLAT, -(260_00 + FLAT)],
        ['transfer_release', 260_00, -FLAT, 260_00 + FLAT],
        ['transfer', -120_00, FLAT, -(120_00 + FLAT)],
        ['transfer', -45_00, FLAT, -(45_00 + FLAT)],
        ['transfer_return', 45_00, -FLAT, 45_00 + FLAT],
      ]),
    );
    for (const l of lines.data) if (l.gross && l.fee) expect(l.gross.amount - l.fee.amount).toBe(l.net.amount);
  });
});
