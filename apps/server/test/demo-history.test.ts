import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments, refunds } from '../src/db/schema';
import { seedDemoPayments, DEMO_HISTORY_DAYS } from '../src/db/seed-payments';
import { createLedgerService } from '../src/modules/payments/ledger/ledger.service';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/** The demo payment history `npm start` writes into an empty database: real payments, a balanced ledger. */
let t: TestContext;
let businessId: string;
let seeded: number;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t);
  businessId = business.id;
  ({ payments: seeded } = await seedDemoPayments(t.database.db, businessId, business.people.owner.id, t.clock.now()));
}, 600_000);
afterAll(() => t.close());

describe('demo payment history', () => {
  it('writes a few hundred payments over the last 90 days, succeeded, failed and refunded', async () => {
    const rows = await t.database.db
      .select({ status: payments.status, method: payments.method, createdAt: payments.createdAt })
      .from(payments)
      .where(eq(payments.businessId, businessId));
    expect(rows.length).toBe(seeded);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ['succeeded', 'failed', 'refunded', 'partially_refunded']) expect(statuses).toContain(status);
    expect(new Set(rows.map((r) => r.method))).toEqual(new Set(['card', 'paynow', 'ewallet']));
    const oldest = Math.min(...rows.map((r) => r.createdAt.getTime()));
    const days = (t.clock.now().getTime() - oldest) / 86_400_000;
    expect(days).toBeGreaterThan(DEMO_HISTORY_DAYS - 2);
    expect(days).toBeLessThanOrEqual(DEMO_HISTORY_DAYS + 1);
    expect(rows.every((r) => r.createdAt.getTime() <= t.clock.now().getTime())).toBe(true);
  });

  it('keeps the ledger balanced per currency, with settled funds available and refunds recorded', async () => {
    const [sum] = await t.database.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.businessId, businessId));
    expect(Number(sum!.total)).toBe(0);
    const [balance] = await createLedgerService({ clock: t.clock }).balances(t.database.db, businessId);
    expect(balance!.available).toBeGreaterThan(0);
    const refundRows = await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.businessId, businessId));
    expect(refundRows.length).toBeGreaterThan(0);
  });
});
