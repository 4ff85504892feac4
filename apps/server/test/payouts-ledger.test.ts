import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@merchant/core';
import { bankAccounts, ledgerEntries, payoutLines, payouts } from '@/db/schema';
import type { ChargesActor, ChargesService } from '@/modules/payments/charges/charges.service';
import type { Services } from '@/services';
import { payoutsRepository } from '@/modules/payments/payouts/payouts.repository';
import { newId } from '@/lib/crypto';
import { UNATTENDED } from '@/http/context';
import { actorOf, card } from './factories/charges';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, createTestBusiness } from './factories';

/**
 * Random sequences of payments, settlements, refunds, payouts (all or part) and the test-mode bank's answers
 * (some accounts fail): every ledger transaction balances, the wallet's available balance is always the sum
 * of the movements no live payout contains, each payout's lines sum to it, in transit and paid out match the
 * payouts, and no payout is ever made for more than was available. Each payout's lines, written by SQL from
 * the movements past the payout mark, are exactly what the rule below picks from every free movement of the
 * account, and no free movement is ever at or behind the mark. Both databases.
 */

/**
 * The rule of a payout's lines (docs/payments.md, "Payouts"), over every free movement oldest first: every debit
 * (a refund) whole, then credits oldest first, each whole until one would go past the amount, which goes in for
 * the part that makes the sum exact.
 */
function expectedLines(free: readonly { id: string; remaining: number }[], amount: number): Map<string, number> {
  const lines = new Map<string, number>();
  let sum = 0;
  for (const entry of free.filter((e) => e.remaining < 0)) {
    lines.set(entry.id, entry.remaining);
    sum += entry.remaining;
  }
  for (const entry of free.filter((e) => e.remaining > 0)) {
    if (sum === amount) break;
    const part = Math.min(entry.remaining, amount - sum);
    lines.set(entry.id, part);
    sum += part;
  }
  return lines;
}

const HOUR_MS = 3_600_000;
let t: TestContext;
let charges: ChargesService;
let payoutsService: Services['payouts'];
let scheduler: Services['payouts']['scheduler'];
let owner: ChargesActor;

beforeAll(async () => {
  t = await createTestContext();
  // The app's own services; the scheduler is the one its hourly job runs.
  ({ charges, payouts: payoutsService } = t.services);
  scheduler = payoutsService.scheduler;
  const business = await createBusiness(t);
  owner = await actorOf(t.database.db, business.id, business.people.owner.email, 'owner');
});
afterAll(() => t.close());

async function sums(businessId: string): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, sum: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.businessId, businessId), eq(ledgerEntries.currency, 'sgd')))
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((r) => [r.account, r.sum]));
}

async function addAccount(businessId: string, accountNumber: string) {
  const db = t.database.db;
  await db.update(bankAccounts).set({ isDefault: false }).where(eq(bankAccounts.businessId, businessId));
  await db.insert(bankAccounts).values({
    businessId,
    id: newId(),
    type: 'local',
    holderName: 'Property Holder',
    bankName: 'DBS Bank',
    country: 'sg',
    currency: 'sgd',
    bankCode: '7171',
    branchCode: '081',
    accountNumber,
    isIban: false,
    isDefault: true,
  });
}

describe('payouts and the ledger', () => {
  it('keep every balance equal to its ledger sum and never pay out more than is available', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 100, max: 5_000_00 }) }),
      fc.record({ kind: fc.constant('settle' as const) }),
      fc.record({ kind: fc.constant('refund' as const), index: fc.nat(20), amount: fc.integer({ min: 1, max: 6_000_00 }) }),
      fc.record({ kind: fc.constant('payout' as const), amount: fc.option(fc.integer({ min: 1, max: 8_000_00 }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('bank' as const), failing: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const shop = await createTestBusiness(t, owner.user.id);
        const shopOwner = { ...owner, business: { row: { id: shop }, role: 'owner' as const } };
        await addAccount(shop, '0123456789');
        const made: { id: string; amount: number; refunded: number }[] = [];
        for (const step of ops) {
          if (step.kind === 'pay') {
            const started = await charges.start({ businessId: shop, source: { type: 'pos', id: null }, amount: step.amount, currency: 'sgd' });
            const { payment } = await charges.confirm(started.publicId, card());
            made.push({ id: payment.id, amount: payment.amount, refunded: 0 });
          } else if (step.kind === 'settle') {
            t.clock.advance(3 * 24 * HOUR_MS);
            await charges.settleDue();
          } else if (step.kind === 'refund' && made.length > 0) {
            const target = made[step.index % made.length]!;
            const amount = Math.min(step.amount, target.amount - target.refunded);
            if (amount > 0) {
              await charges.refund(shopOwner, target.id, { amount, reason: 'other' });
              target.refunded += amount;
            }
          } else if (step.kind === 'payout') {
            const available = (await sums(shop)).merchant_available ?? 0;
            const freeBefore = await payoutsRepository.freeEntries(t.database.db, shop, 'sgd');
            try {
              const row = await payoutsService.make({
                businessId: shop,
                currency: 'sgd',
                amount: step.amount,
                trigger: 'manual',
                actorUserId: null,
                where: UNATTENDED,
              });
              expect(row!.amount).toBeLessThanOrEqual(available);
              expect(row!.amount).toBe(step.amount ?? available);
              const lines = await t.database.db
                .select({ entryId: payoutLines.entryId, amount: payoutLines.amount })
                .from(payoutLines)
                .where(and(eq(payoutLines.businessId, shop), eq(payoutLines.payoutId, row!.id)));
              expect(new Map(lines.map((l) => [l.entryId, l.amount]))).toEqual(expectedLines(freeBefore, row!.amount));
              expect(row!.linesCount).toBe(lines.length);
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).code).toBe('PAYOUT_EXCEEDS_AVAILABLE');
              expect(available < (step.amount ?? 1)).toBe(true);
            }
          } else if (step.kind === 'bank') {
            await addAccount(shop, step.failing ? '9876000000' : '0123456789');
            t.clock.advance(25 * HOUR_MS);
            await scheduler.settleArrived();
          }

          // After every step: the books balance, and the ledger agrees with the payouts and their lines.
          const books = await sums(shop);
          expect(Object.values(books).reduce((s, v) => s + v, 0)).toBe(0);
          const rows = await t.database.db.select().from(payouts).where(eq(payouts.businessId, shop));
          const total = (status: string) => rows.filter((r) => r.status === status).reduce((s, r) => s + r.amount, 0);
          expect(books.merchant_in_transit ?? 0).toBe(total('in_transit'));
          expect(books.merchant_paid_out ?? 0).toBe(total('paid'));
          const free = await payoutsRepository.freeEntries(t.database.db, shop, 'sgd');
          expect(free.reduce((s, e) => s + e.remaining, 0)).toBe(books.merchant_available ?? 0);
          const mark = await payoutsRepository.mark(t.database.db, shop, 'sgd');
          expect(free.filter((e) => e.seq <= mark)).toEqual([]);
          for (const payout of rows) {
            const [lines] = await t.database.db
              .select({ sum: sql<number>`coalesce(sum(${payoutLines.amount}), 0)`.mapWith(Number) })
              .from(payoutLines)
              .where(and(eq(payoutLines.businessId, shop), eq(payoutLines.payoutId, payout.id)));
            expect(lines!.sum).toBe(payout.amount);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
