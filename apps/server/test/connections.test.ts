import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import {
  QUICKBOOKS_JOURNAL_CSV_HEADER,
  XERO_JOURNAL_CSV_HEADER,
  connectionEndpoints,
  payoutEndpoints,
  type ConnectionDetail,
  type SaveMappingBody,
} from '@merchant/payments';
import { accountingJournals, auditLogs, ledgerEntries, ledgerTransactions, payments } from '@/db/schema';
import { parseCsv } from '@/lib/csv';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import { createAuditService } from '@/modules/platform/audit/audit.service';
import { testModeProviders, type AccountingProviders } from '@/modules/payments/connections/accounting-provider';
import { createConnectionsService } from '@/modules/payments/connections/connections.service';
import { actorOf } from './factories/charges';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { addBankAccount, createBusiness, settleNow, signInAgain, type FactoryBusiness, type Person } from './factories';
import { makePayment } from './factories/payments';

/**
 * Accounting connections (docs/developers.md, "Accounting connections"): connect Xero or QuickBooks (test mode),
 * map accounts from the chart, the daily journal built from the ledger and posted exactly once per connection, day
 * and currency, and the journals as each tool's import CSV. For owners and admins of the business only.
 */
let t: TestContext;
let b: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let owner: Agent;
const DAY_1 = '2026-11-10';
const DAY_2 = '2026-11-11';

const params = (biz: { id: string } = b) => ({ business_id: biz.id });
const xero = (biz: { id: string } = b) => ({ ...params(biz), tool: 'xero' as const });
const MAPPING: SaveMappingBody = {
  sales_account: '200',
  fees_account: '405',
  refunds_account: '480',
  clearing_account: '615',
  bank_account: '090',
};

async function at(iso: string, person: Person): Promise<Agent> {
  t.clock.set(new Date(iso));
  return signInAgain(t, person);
}

const journalsOf = async (businessId: string) =>
  t.database.db.select().from(accountingJournals).where(eq(accountingJournals.businessId, businessId)).orderBy(accountingJournals.day);

/** The day's figures read straight from the ledger (entries of the business's day: Singapore, UTC+8). */
async function ledgerFigures(businessId: string, day: string) {
  const from = new Date(`${day}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 86_400_000);
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, kind: ledgerTransactions.kind, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
    .where(eq(ledgerEntries.businessId, businessId));
  const inDay = rows.filter((r) => r.createdAt >= from && r.createdAt < to);
  const sum = (account: string, kind?: string) =>
    inDay.filter((r) => r.account === account && (kind === undefined || r.kind === kind)).reduce((s, r) => s + Number(r.amount), 0);
  return {
    sales: sum('merchant_pending', 'charge'),
    fees: sum('platform_fees', 'fee'),
    refunds: sum('customer_funds', 'refund'),
    payouts: sum('merchant_paid_out'),
  };
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date(`${DAY_1}T02:00:00Z`));
  b = await createBusiness(t, { staff: ['admin', 'cashier'], timeZone: 'Asia/Singapore' });
  owner = b.people.owner.agent;
});
afterAll(() => t.close());

describe('connecting and mapping', () => {
  it('lists both tools, connects Xero at once with its chart, keeps one connection when connected twice, and audits it', async () => {
    const before = await owner.ok(connectionEndpoints.list, { params: params() });
    expect(before.map((c) => [c.tool, c.status])).toEqual([
      ['xero', 'not_connected'],
      ['quickbooks', 'not_connected'],
    ]);
    const made = await owner.ok(connectionEndpoints.connect, { params: xero() });
    expect(made).toMatchObject({ tool: 'xero', status: 'connected', mapped: false, mapping: null, journals: [] });
    expect(made.organisation).toContain('Xero test');
    expect(made.chart.map((a) => a.code)).toEqual(expect.arrayContaining(['200', '405', '480', '615', '090']));
    const again = await owner.ok(connectionEndpoints.connect, { params: xero() });
    expect(again.connected_at).toBe(made.connected_at);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, b.id), eq(auditLogs.action, 'accounting_connection.connected')));
    expect(audits).toHaveLength(1);
  });

  it('refuses codes outside the chart and the same clearing and bank account on their fields, then saves the mapping', async () => {
    const unknown = failure(await owner.call(connectionEndpoints.saveMapping, { params: xero(), body: { ...MAPPING, fees_account: '999' } }));
    expect(unknown).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'fees_account' })] });
    const same = failure(await owner.call(connectionEndpoints.saveMapping, { params: xero(), body: { ...MAPPING, bank_account: '615' } }));
    expect(same.issues).toEqual([expect.objectContaining({ path: 'bank_account' })]);
    const missing = await owner.put(endpointPath(connectionEndpoints.saveMapping, { params: xero() }), { ...MAPPING, sales_account: '' });
    expect(missing.statusCode).toBe(422);
    expect(failure(answerOf(missing)).issues).toEqual([expect.objectContaining({ path: 'sales_account' })]);
    const notConnected = await owner.call(connectionEndpoints.saveMapping, { params: { ...params(), tool: 'quickbooks' }, body: MAPPING });
    expect(failure(notConnected).code).toBe('CONNECTION_NOT_CONNECTED');
    const unknownTool = await owner.get(endpointPath(connectionEndpoints.get, { params: { ...params(), tool: 'sage' as 'xero' } }));
    expect(unknownTool.statusCode).toBe(422);

    const saved = await owner.ok(connectionEndpoints.saveMapping, { params: xero(), body: MAPPING });
    expect(saved).toMatchObject({ mapped: true, mapping: MAPPING });
  });

  it('is for owners and admins of the business: a cashier is refused, another business answers 404', async () => {
    expect((await b.people.admin.agent.ok(connectionEndpoints.get, { params: xero() })).mapped).toBe(true);
    const cashier = b.people.cashier.agent;
    expect((await cashier.call(connectionEndpoints.list, { params: params() })).status).toBe(403);
    expect(failure(await cashier.call(connectionEndpoints.connect, { params: xero() })).code).toBe('FORBIDDEN');
    const other = await createBusiness(t);
    await other.people.owner.agent.ok(connectionEndpoints.connect, { params: xero(other) });
    expect((await owner.call(connectionEndpoints.get, { params: xero(other) })).status).toBe(404);
    expect((await owner.call(connectionEndpoints.disconnect, { params: xero(other) })).status).toBe(404);
    const csv = await owner.get(endpointPath(connectionEndpoints.exportJournals, { params: xero(other), query: { from: DAY_1, to: DAY_2 } }));
    expect(csv.statusCode).toBe(404);
  });
});

describe('the daily journal', () => {
  const paid: PaymentRow[] = [];
  let payoutAmount = 0;

  beforeAll(async () => {
    // Day 1 (Singapore): two card payments, settled, 20.00 of the first refunded, and a payout of the rest.
    t.clock.set(new Date(`${DAY_1}T03:00:00Z`));
    paid.push(await makePayment(t, b.id, { amount: 100_00 }), await makePayment(t, b.id, { amount: 50_00 }));
    await settleNow(t, b.id);
    const actor = await actorOf(t.database.db, b.id, b.people.owner.email, 'owner');
    await t.services.charges.refund(actor, paid[0]!.id, { amount: 20_00, reason: 'requested_by_customer' });
    await addBankAccount(t, b, b.people.owner);
    owner = await signInAgain(t, b.people.owner);
    payoutAmount = (await owner.ok(payoutEndpoints.create, { params: params(), body: { currency: 'sgd' } })).amount.amount;
    // Day 2, 17:00 in Singapore: the test bank pays the payout; the schedule posts day 1.
    owner = await at(`${DAY_2}T09:00:00Z`, b.people.owner);
    await t.app.jobs.runDue();
  });

  it("posts the day before once, its figures the ledger's, its lines balanced on the mapped accounts", async () => {
    const [journal, ...rest] = await journalsOf(b.id);
    expect(rest).toEqual([]);
    expect(journal).toMatchObject({ day: DAY_1, currency: 'sgd', status: 'posted', error: null });
    expect(journal!.externalId).toMatch(/^xero-mj-/);
    const fees = paid.reduce((s, p) => s + p.fee, 0);
    expect({ sales: journal!.sales, fees: journal!.fees, refunds: journal!.refunds, payouts: journal!.payouts }).toEqual({
      sales: 150_00,
      fees,
      refunds: 20_00,
      payouts: 0,
    });
    expect(await ledgerFigures(b.id, DAY_1)).toEqual({ sales: 150_00, fees, refunds: 20_00, payouts: 0 });
    const lines = journal!.lines;
    expect(lines.reduce((s, l) => s + l.debit, 0)).toBe(lines.reduce((s, l) => s + l.credit, 0));
    expect(lines).toContainEqual({ account_code: '615', description: 'Gross sales', debit: 150_00, credit: 0 });
    expect(lines).toContainEqual({ account_code: '200', description: 'Gross sales', debit: 0, credit: 150_00 });
    expect(lines).toContainEqual({ account_code: '405', description: 'Processing fees', debit: fees, credit: 0 });
    expect(lines).toContainEqual({ account_code: '480', description: 'Refunds', debit: 20_00, credit: 0 });
  });

  it('posts nothing more when the schedule runs again, or twice at once as two processes would', async () => {
    await t.app.jobs.runDue();
    await Promise.all([t.services.connections.postPreviousDay(t.clock.now()), t.services.connections.postPreviousDay(t.clock.now())]);
    expect((await journalsOf(b.id)).map((j) => j.day)).toEqual([DAY_1]);
  });

  it("posts the payout on the day the bank was paid, and a past day on request, once; today's is refused", async () => {
    owner = await at('2026-11-12T02:00:00Z', b.people.owner);
    await t.app.jobs.runDue();
    const journals = await journalsOf(b.id);
    expect(journals.map((j) => j.day)).toEqual([DAY_1, DAY_2]);
    expect(journals[1]).toMatchObject({ payouts: payoutAmount, sales: 0, fees: 0, refunds: 0, status: 'posted' });
    expect(payoutAmount).toBe(150_00 - paid.reduce((s, p) => s + p.fee, 0) - 20_00);
    expect((await ledgerFigures(b.id, DAY_2)).payouts).toBe(payoutAmount);
    expect(journals[1]!.lines).toContainEqual({ account_code: '090', description: 'Payouts to the bank', debit: payoutAmount, credit: 0 });

    const synced: ConnectionDetail = await owner.ok(connectionEndpoints.sync, { params: xero(), body: { day: DAY_1 } });
    expect(synced.journals.map((j) => j.day)).toEqual([DAY_2, DAY_1]);
    expect(synced.journals[1]).toMatchObject({ status: 'posted', totals: { sales: 150_00, refunds: 20_00 } });
    const today = failure(await owner.call(connectionEndpoints.sync, { params: xero(), body: { day: '2026-11-12' } }));
    expect(today.issues).toEqual([expect.objectContaining({ path: 'day' })]);
    expect(await journalsOf(b.id)).toHaveLength(2);
  });

  it('keeps a journal the tool refused as failed, and posts it at the next run under the same reference', async () => {
    const other = await createBusiness(t, { timeZone: 'Asia/Singapore' });
    const agent = other.people.owner.agent;
    await agent.ok(connectionEndpoints.connect, { params: xero(other) });
    await agent.ok(connectionEndpoints.saveMapping, { params: xero(other), body: MAPPING });
    t.clock.set(new Date('2026-11-12T03:00:00Z'));
    await makePayment(t, other.id, { amount: 30_00 });
    const real = testModeProviders();
    const references: string[] = [];
    let refuse = true;
    const providers: AccountingProviders = {
      ...real,
      xero: {
        ...real.xero,
        async postJournal(tenantId, journal, reference) {
          references.push(reference);
          if (refuse) throw new Error('Xero is unavailable');
          return real.xero.postJournal(tenantId, journal, reference);
        },
      },
    };
    const service = createConnectionsService({ db: t.database.db, clock: t.clock, audit: createAuditService({ clock: t.clock }), providers });
    const [connection] = await service.mappedOf(other.id);
    await service.postDay(connection!.connection, 'Asia/Singapore', '2026-11-12');
    const [failed, ...none] = await journalsOf(other.id);
    expect(none).toEqual([]);
    expect(failed).toMatchObject({ status: 'failed', error: 'Xero is unavailable', externalId: null, sales: 30_00 });
    refuse = false;
    await service.postDay(connection!.connection, 'Asia/Singapore', '2026-11-12');
    const [posted, ...still] = await journalsOf(other.id);
    expect(still).toEqual([]);
    expect(posted).toMatchObject({ id: failed!.id, status: 'posted', error: null });
    expect(posted!.externalId).toMatch(/^xero-mj-/);
    expect(new Set(references)).toEqual(new Set([`${connection!.connection.id}:2026-11-12:sgd`]));
    expect(references).toHaveLength(2);
  });

  it("downloads the range as Xero's and QuickBooks' manual-journal CSV, balanced", async () => {
    const get = (format: 'xero' | 'quickbooks') =>
      owner.get(endpointPath(connectionEndpoints.exportJournals, { params: xero(), query: { from: DAY_1, to: DAY_2, format } }));
    const x = await get('xero');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('text/csv');
    expect(x.headers['content-disposition']).toMatch(/^attachment; filename="xero-journals-.*\.csv"$/);
    const [xHead, ...xRows] = parseCsv(x.body.replace(/^\uFEFF/, '').trimEnd());
    expect(xHead).toEqual([...XERO_JOURNAL_CSV_HEADER]);
    const journals = await journalsOf(b.id);
    expect(xRows).toHaveLength(journals.reduce((s, j) => s + j.lines.length, 0));
    expect(xRows[0]).toEqual(['Payments 2026-11-10 SGD', '10/11/2026', 'Gross sales', '615', 'Tax Exempt', '150.00', '', '']);
    const cents = (v: string) => Math.round(Number(v || '0') * 100);
    expect(xRows.reduce((s, r) => s + cents(r[5]!), 0)).toBe(0);

    const q = await get('quickbooks');
    const [qHead, ...qRows] = parseCsv(q.body.replace(/^\uFEFF/, '').trimEnd());
    expect(qHead).toEqual([...QUICKBOOKS_JOURNAL_CSV_HEADER]);
    expect(qRows[0]).toEqual(['20261110-SGD', '10/11/2026', 'SGD', 'Payments 2026-11-10 SGD', 'Payments Clearing', '150.00', '', 'Gross sales']);
    expect(qRows.reduce((s, r) => s + cents(r[5]!), 0)).toBe(qRows.reduce((s, r) => s + cents(r[6]!), 0));

    const backwards = await owner.get(endpointPath(connectionEndpoints.exportJournals, { params: xero(), query: { from: DAY_2, to: DAY_1 } }));
    expect(failure(answerOf(backwards)).issues).toEqual([expect.objectContaining({ path: 'querystring.to' })]);
  });

  it('disconnects (audited): no more journals are posted, those posted stay listed', async () => {
    await owner.ok(connectionEndpoints.disconnect, { params: xero() });
    const after = await owner.ok(connectionEndpoints.get, { params: xero() });
    expect(after).toMatchObject({ status: 'not_connected', mapping: null, chart: [] });
    expect(after.journals).toHaveLength(2);
    expect(failure(await owner.call(connectionEndpoints.disconnect, { params: xero() })).code).toBe('CONNECTION_NOT_CONNECTED');
    await makePayment(t, b.id, { amount: 10_00 });
    owner = await at('2026-11-13T02:00:00Z', b.people.owner);
    await t.app.jobs.runDue();
    expect(await journalsOf(b.id)).toHaveLength(2);
    const audits = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, b.id), eq(auditLogs.objectType, 'accounting_connection')));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'accounting_connection.connected',
      'accounting_connection.disconnected',
      'accounting_connection.mapping_saved',
      'accounting_connection.synced',
    ]);
    expect(await t.database.db.select().from(payments).where(eq(payments.businessId, b.id))).toHaveLength(3);
  });
});
