import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, ledgerEntries, payments, payoutLines, payouts, refunds } from '../src/db/schema';
import { businessEndpoints } from '@merchant/business';
import { INVOICE_STATUSES, invoiceEndpoints, invoiceTotals, transferEndpoints } from '@merchant/payments';
import { seedDemoInvoices } from '../src/db/seed-invoices';
import { seedDemoPayments, DEMO_HISTORY_DAYS } from '../src/db/seed-payments';
import { createLedgerService } from '../src/modules/payments/ledger/ledger.service';
import { addBankAccount, createBusiness, signInAgain, type Person } from './factories';
import { createTestContext, type TestContext } from './harness';

/** The demo payment history `npm start` writes into an empty database: real payments, a balanced ledger. */
let t: TestContext;
let businessId: string;
let seeded: number;
let transfersMade: number;
let ownerId: string;
let ownerPerson: Person;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t);
  businessId = business.id;
  ownerId = business.people.owner.id;
  ownerPerson = business.people.owner;
  // Where the demo's payouts go, as the demo business has it.
  await addBankAccount(t, business, business.people.owner);
  ({ payments: seeded, transfers: transfersMade } = await seedDemoPayments(t.database.db, businessId, business.people.owner.id, t.clock.now(), t.config));
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

describe('demo payouts', () => {
  it('pays out every Monday, one to an old account that failed and came back, each payout the sum of its lines', async () => {
    const db = t.database.db;
    const rows = await db.select().from(payouts).where(eq(payouts.businessId, businessId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((r) => r.trigger === 'scheduled' && new Date(`${r.scheduledFor}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'paid').length).toBeGreaterThanOrEqual(9);
    for (const row of rows) {
      const [lines] = await db
        .select({ sum: sql<string>`coalesce(sum(${payoutLines.amount}), 0)::text` })
        .from(payoutLines)
        .where(eq(payoutLines.payoutId, row.id));
      expect(Number(lines!.sum)).toBe(row.amount);
    }
    const [balance] = await createLedgerService({ clock: t.clock }).balances(db, businessId);
    const total = (status: string) => rows.filter((r) => r.status === status).reduce((s, r) => s + r.amount, 0);
    expect(balance!.paidOut).toBe(total('paid'));
    expect(balance!.inTransit).toBe(total('in_transit'));
  });
});

describe('demo invoices', () => {
  it('gives the demo business invoices in every status, totalled by the money rules, each with its timeline', async () => {
    const { invoices: made } = await seedDemoInvoices(t.database.db, businessId, ownerId, t.clock.now(), t.config);
    const owner = await signInAgain(t, ownerPerson);
    const page = await owner.ok(invoiceEndpoints.list, { params: { business_id: businessId }, query: { limit: 100 } });
    expect(page.data).toHaveLength(made);
    // Every status but `refunded`, which only a refund of a card or PayNow payment makes: the demo invoices are paid
    // by other means (bank transfer), which post nothing and are not refunded through the product.
    expect(new Set(page.data.map((i) => i.status))).toEqual(new Set(INVOICE_STATUSES.filter((s) => s !== 'refunded')));
    for (const listed of page.data) {
      const invoice = await owner.ok(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: listed.id } });
      expect(invoice.total).toBe(invoiceTotals(invoice.lines, invoice.taxes).total);
      expect(invoice.timeline[0]?.kind).toBe('created');
      if (invoice.status === 'paid') expect(invoice.amount_due).toBe(0);
      if (invoice.status === 'partially_paid') expect(invoice.amount_paid).toBeGreaterThan(0);
      if (invoice.status === 'overdue') expect(invoice.timeline.map((e) => e.kind)).toContain('overdue');
    }
    // Numbered in order from the business's first invoice.
    expect(page.data.map((i) => i.number).sort()).toEqual(['INV-000001', 'INV-000002', 'INV-000003', 'INV-000004', 'INV-000005', 'INV-000006']);
  });
});

describe('demo transfers', () => {
  it('gives the demo business beneficiaries and transfers in every final status and one awaiting review, the ledger balanced', async () => {
    // Made in the history, each on its day before the weekly payouts after it.
    expect(transfersMade).toBe(5);
    await t.database.db
      .update(businesses)
      .set({ features: { send_money: true } })
      .where(eq(businesses.id, businessId));
    const params = { business_id: businessId };
    const agent = ownerPerson.agent;
    const history = await agent.ok(transferEndpoints.list, { params, query: { limit: 100 } });
    expect(new Set(history.data.map((x) => x.status))).toEqual(new Set(['completed', 'failed', 'cancelled', 'awaiting_review']));
    const overview = await agent.ok(transferEndpoints.overview, { params });
    expect(overview.awaiting_review).toHaveLength(1);
    expect(overview.settings.approval_threshold).toEqual({ amount: 250_00, currency: 'sgd' });
    // This business has no demo manager, so its owner requested the one awaiting review: the sidebar's dot counts only
    // transfers the viewer could approve, never their own (the demo's is the manager's, so the demo owner sees 1).
    expect((await agent.ok(businessEndpoints.get, { params })).transfers_awaiting_review).toBe(0);
    // Held: the one awaiting review; the failed and rejected ones came back; nothing is spent twice.
    const [books] = await createLedgerService({ clock: t.clock }).balances(t.database.db, businessId);
    expect(books!.available).toBeGreaterThanOrEqual(0);
    const [held] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.businessId, businessId), eq(ledgerEntries.account, 'merchant_transfer_held')));
    expect(Number(held!.sum)).toBe(overview.awaiting_review[0]!.total.amount);
    const rows = await t.database.db
      .select({ tx: ledgerEntries.transactionId, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.businessId, businessId))
      .groupBy(ledgerEntries.transactionId, ledgerEntries.currency);
    expect(rows.every((r) => Number(r.sum) === 0)).toBe(true);
    for (const transfer of history.data) {
      const detail = await agent.ok(transferEndpoints.get, { params: { ...params, transfer_id: transfer.id } });
      expect(detail.events[0]!.type).toBe('created');
    }
  });
});
