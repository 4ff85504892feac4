import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { invoiceEndpoints, repeatingInvoiceEndpoints as endpoints, type RepeatingInvoiceDetail } from '@merchant/payments';
import { auditLogs } from '../src/db/schema';
import { createBusiness, createCustomer, createRepeatingInvoice, createSuperAdmin, repeatingInvoiceBody } from './factories';
import { failure, mailbox, type Agent, type TestContext, createTestContext } from './harness';

/** Repeating invoices over HTTP: schedules, every transition and refusal, auto-send, tenancy. */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;
let customerId: string;
let customerEmail: string;

const DAY = 86_400_000;

beforeAll(async () => {
  // The tests move the clock months ahead: the people's sessions must outlive that.
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 * 5 });
  const business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
  businessId = business.id;
  const customer = await createCustomer(owner, businessId);
  customerId = customer.id;
  customerEmail = customer.email!;
});
afterAll(() => t.close());
// Every test starts on the test clock's first day; a test moves it forward as it needs.
beforeEach(() => t.clock.set(new Date('2026-11-01T09:00:00Z')));

const at = (r: { id: string }) => ({ params: { business_id: businessId, repeating_invoice_id: r.id } });
const get = (r: { id: string }) => owner.ok(endpoints.get, at(r));
const runDates = (r: RepeatingInvoiceDetail) => r.runs.map((run) => run.run_date).reverse();
const invoiceOf = (r: RepeatingInvoiceDetail, runDate: string) =>
  owner.ok(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: r.runs.find((run) => run.run_date === runDate)!.invoice.id } });
/** Moves the clock to 10:00 UTC of a day and runs what is due, as the hourly schedule does. */
async function runOn(day: string) {
  t.clock.set(new Date(`${day}T10:00:00Z`));
  await t.app.jobs.runDue();
}

describe('creating', () => {
  it('stores an active template priced by the invoice rules; a start date of today makes the first invoice at once', async () => {
    const created = await createRepeatingInvoice(owner, businessId, customerId, {
      lines: [{ description: 'Hosting', quantity: 1.5, unit_price: 1001 }],
      taxes: [{ name: 'GST', rate_bps: 900 }],
      notes: 'Thank you',
    });
    // 1501.5 -> 1502; 9 % of 1502 is 135.18 -> 135.
    expect(created).toMatchObject({
      status: 'active',
      subtotal: 1502,
      tax_total: 135,
      total: 1637,
      currency: 'sgd',
      schedule: 'Every month on day 1',
      next_run_date: '2026-11-01',
      invoices_made: 0,
      runs: [],
      upcoming: ['2026-11-01', '2026-12-01', '2027-01-01'],
      editable: true,
    });
    await t.app.jobs.runDue();
    const after = await get(created);
    expect(after).toMatchObject({ invoices_made: 1, last_run_date: '2026-11-01', next_run_date: '2026-12-01' });
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ run_date: '2026-11-01', send_status: 'off', invoice: { status: 'draft', total: 1637 } });
    const invoice = await invoiceOf(after, '2026-11-01');
    expect(invoice).toMatchObject({ issue_date: '2026-11-01', due_date: '2026-11-15', total: 1637, notes: 'Thank you', status: 'draft' });
    expect(invoice.timeline.map((e) => e.kind)).toEqual(['created']);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.objectId, invoice.id)));
    expect(audits).toMatchObject([{ action: 'invoice.created', actorUserId: null, meta: { repeating_invoice_id: created.id } }]);
    const [createdAudit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'repeating_invoice.created'), eq(auditLogs.objectId, created.id)));
    expect(createdAudit?.actorUserId).not.toBeNull();
    // Days as people write them, not ISO days.
    expect(createdAudit?.description).toBe('Created a repeating invoice starting 1 Nov 2026');
  });

  it('refuses bad schedules at their fields and creates nothing', async () => {
    const before = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { limit: 100 } });
    const cases: [Parameters<typeof repeatingInvoiceBody>[1], string, RegExp][] = [
      [{ frequency: 'days', interval_days: 0 }, 'interval_days', /1 day or more/],
      [{ frequency: 'days', interval_days: null }, 'interval_days', /number of days/],
      [{ frequency: 'days', interval_days: 1.5 }, 'interval_days', /whole days/],
      [{ start_date: '2026-12-10', end_date: '2026-12-01' }, 'end_date', /before the start date/],
      [{ max_count: 0 }, 'max_count', /at least one/],
      [{ end_date: '2027-12-01', max_count: 3 }, 'max_count', /not both/],
      [{ start_date: '2026-10-31' }, 'start_date', /before today/],
      [{ start_date: '2026-02-30' }, 'start_date', /real date/],
      [{ due_days: -1 }, 'due_days', /negative/],
      [{ lines: [] }, 'lines', /at least one line/],
    ];
    for (const [over, path, message] of cases) {
      const answer = await owner.call(endpoints.create, { params: { business_id: businessId }, body: repeatingInvoiceBody(customerId, over) });
      expect(answer.status, path).toBe(422);
      expect(failure(answer).issues?.find((i) => i.path === path)?.message, path).toMatch(message);
    }
    // Not the business's customer.
    const stranger = await owner.call(endpoints.create, {
      params: { business_id: businessId },
      body: repeatingInvoiceBody('00000000-0000-4000-8000-000000000000'),
    });
    expect(failure(stranger).issues).toEqual([{ path: 'customer_id', message: expect.any(String) }]);
    // Hostile input through the raw client: an unknown frequency and a string count.
    const raw = await owner.post(endpointPath(endpoints.create, { params: { business_id: businessId } }), {
      ...repeatingInvoiceBody(customerId),
      frequency: 'hourly',
      max_count: '3',
    });
    expect(raw.statusCode).toBe(422);
    const after = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { limit: 100 } });
    expect(after.data).toHaveLength(before.data.length);
  });
});

describe('the schedule', () => {
  it('runs monthly on the 31st on the last day of shorter months, and completes after its number of invoices', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { start_date: '2026-12-31', max_count: 4 });
    expect(r.upcoming).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
    expect(r.schedule).toBe('Every month on day 31 (the last day of shorter months)');
    for (const day of ['2026-12-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']) await runOn(day);
    const done = await get(r);
    expect(runDates(done)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31']);
    expect(done).toMatchObject({ status: 'completed', next_run_date: null, invoices_made: 4, upcoming: [], editable: false });
    const invoice = await invoiceOf(done, '2027-02-28');
    expect(invoice).toMatchObject({ issue_date: '2027-02-28', due_date: '2027-03-14' });
  });

  it('makes every run missed while no scheduler ran, each issued on its own date, and stops at the end date', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { frequency: 'weekly', start_date: '2026-11-03', end_date: '2026-11-24' });
    expect(r.schedule).toBe('Every week on Tuesday');
    await runOn('2026-11-20');
    expect(runDates(await get(r))).toEqual(['2026-11-03', '2026-11-10', '2026-11-17']);
    await runOn('2026-12-20');
    const done = await get(r);
    expect(runDates(done)).toEqual(['2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24']);
    expect(done.status).toBe('completed');
  });

  it('repeats every N days', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { frequency: 'days', interval_days: 10, start_date: '2026-11-02', max_count: 2 });
    expect(r).toMatchObject({ schedule: 'Every 10 days', upcoming: ['2026-11-02', '2026-11-12'] });
    await runOn('2026-11-12');
    expect(runDates(await get(r))).toEqual(['2026-11-02', '2026-11-12']);
  });

  it('auto-sends each invoice through the invoices service, once; a customer without an email is recorded on the run', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { auto_send: true, start_date: '2026-11-05' });
    await runOn('2026-11-05');
    await t.app.jobs.runDue();
    const sent = await get(r);
    expect(sent.runs).toMatchObject([{ run_date: '2026-11-05', send_status: 'sent', send_error: null, invoice: { status: 'sent' } }]);
    const mails = (await mailbox(t.app)).filter((m) => m.to === customerEmail && m.text.includes(sent.runs[0]!.invoice.number));
    expect(mails).toHaveLength(1);
    expect((await invoiceOf(sent, '2026-11-05')).timeline.map((e) => e.kind)).toEqual(['created', 'sent']);

    const noEmail = await createCustomer(owner, businessId, { email: null });
    const unsent = await createRepeatingInvoice(owner, businessId, noEmail.id, { auto_send: true, start_date: '2026-11-06' });
    await runOn('2026-11-06');
    await t.app.jobs.runDue();
    expect((await get(unsent)).runs).toMatchObject([
      { send_status: 'failed', send_error: expect.stringMatching(/Add an email/), invoice: { status: 'draft' } },
    ]);
  });
});

describe('pause, resume, stop and edit', () => {
  it('makes nothing while paused, skips the missed runs on resume, and refuses every change once stopped', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { frequency: 'weekly', start_date: '2026-11-02' });
    const paused = await owner.ok(endpoints.pause, at(r));
    expect(paused).toMatchObject({ status: 'paused', next_run_date: null, upcoming: [] });
    expect((await owner.ok(endpoints.pause, at(r))).status).toBe('paused');
    await runOn('2026-11-20');
    expect((await get(r)).runs).toEqual([]);

    const resumed = await owner.ok(endpoints.resume, at(r));
    // Mondays: 02, 09 and 16 November were missed while paused; the next is the 23rd.
    expect(resumed).toMatchObject({ status: 'active', next_run_date: '2026-11-23' });
    expect((await owner.ok(endpoints.resume, at(r))).status).toBe('active');
    await runOn('2026-11-23');
    expect(runDates(await get(r))).toEqual(['2026-11-23']);

    const stopped = await owner.ok(endpoints.stop, at(r));
    expect(stopped).toMatchObject({ status: 'stopped', next_run_date: null, editable: false });
    expect((await owner.ok(endpoints.stop, at(r))).status).toBe('stopped');
    await runOn('2026-12-31');
    expect(runDates(await get(r))).toEqual(['2026-11-23']);
    for (const change of [endpoints.pause, endpoints.resume] as const) {
      expect(failure(await owner.call(change, at(r)))).toMatchObject({ code: 'REPEATING_INVOICE_ENDED' });
    }
    const edit = await owner.call(endpoints.update, { ...at(r), body: repeatingInvoiceBody(customerId, { start_date: '2026-11-02', frequency: 'weekly' }) });
    expect(edit.status).toBe(409);
    expect(failure(edit).code).toBe('REPEATING_INVOICE_ENDED');

    const audits = await t.database.db
      .select({ action: auditLogs.action, description: auditLogs.description })
      .from(auditLogs)
      .where(eq(auditLogs.objectId, r.id));
    expect(audits.find((a) => a.action === 'repeating_invoice.resumed')?.description).toBe('Resumed a repeating invoice: next invoice on 23 Nov 2026');
    // Pausing, resuming and stopping twice records once each.
    expect(audits.map((a) => a.action).sort()).toEqual([
      'repeating_invoice.created',
      'repeating_invoice.paused',
      'repeating_invoice.resumed',
      'repeating_invoice.stopped',
    ]);
  });

  it('edits a paused one (it stays paused) and stops it from paused', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { start_date: '2026-11-10' });
    await owner.ok(endpoints.pause, at(r));
    const edited = await owner.ok(endpoints.update, { ...at(r), body: repeatingInvoiceBody(customerId, { start_date: '2026-11-10', due_days: 30 }) });
    expect(edited).toMatchObject({ status: 'paused', due_days: 30, next_run_date: null });
    await runOn('2026-11-12');
    expect((await get(r)).runs).toEqual([]);
    expect(await owner.ok(endpoints.stop, at(r))).toMatchObject({ status: 'stopped', editable: false });
  });

  it('lets every role with payments:create run them, and a super admin only read them', async () => {
    const r = await createRepeatingInvoice(cashier, businessId, customerId, { start_date: '2026-11-10' });
    expect((await cashier.ok(endpoints.pause, at(r))).status).toBe('paused');
    const superAdmin = (await createSuperAdmin(t)).agent;
    expect((await superAdmin.call(endpoints.get, at(r))).status).toBe(200);
    expect(failure(await superAdmin.call(endpoints.resume, at(r))).code).toBe('FORBIDDEN');
    const refused = await superAdmin.call(endpoints.create, { params: { business_id: businessId }, body: repeatingInvoiceBody(customerId) });
    expect(refused.status).toBe(403);
  });

  it('refuses to pause, resume or stop a completed one', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { max_count: 1 });
    await t.app.jobs.runDue();
    expect((await get(r)).status).toBe('completed');
    for (const change of [endpoints.pause, endpoints.resume, endpoints.stop] as const) {
      const answer = await owner.call(change, at(r));
      expect(answer.status).toBe(409);
      expect(failure(answer).code).toBe('REPEATING_INVOICE_ENDED');
    }
  });

  it('edits what later invoices say and when they come; invoices already made stay as they were', async () => {
    const r = await createRepeatingInvoice(owner, businessId, customerId, { start_date: '2026-11-01' });
    await t.app.jobs.runDue();
    const first = (await get(r)).runs[0]!.invoice;
    expect(first.total).toBe(10000);

    t.clock.advance(2 * DAY);
    const body = repeatingInvoiceBody(customerId, { lines: [{ description: 'Bigger', quantity: 3, unit_price: 5000 }], frequency: 'weekly' });
    // Already one invoice made: a count of one leaves none to make; an end before the next run neither.
    expect(failure(await owner.call(endpoints.update, { ...at(r), body: { ...body, max_count: 1 } })).issues).toEqual([
      { path: 'max_count', message: expect.stringMatching(/made 1 invoices already/) },
    ]);
    expect(failure(await owner.call(endpoints.update, { ...at(r), body: { ...body, end_date: '2026-11-04' } })).issues).toEqual([
      { path: 'end_date', message: 'The next invoice would be on 8 Nov 2026, after the end date' },
    ]);
    expect(failure(await owner.call(endpoints.update, { ...at(r), body: { ...body, start_date: '2026-10-01' } })).issues).toEqual([
      { path: 'start_date', message: expect.stringMatching(/^The first invoice cannot be before today, 3 Nov 2026 in \w/) },
    ]);
    const edited = await owner.ok(endpoints.update, { ...at(r), body });
    // Weekly from Sunday 1 November, after the run of the 1st and from today (the 3rd) on: Sunday the 8th.
    expect(edited).toMatchObject({ total: 15000, frequency: 'weekly', next_run_date: '2026-11-08', invoices_made: 1 });
    await runOn('2026-11-08');
    const after = await get(r);
    expect(after.runs.map((run) => run.invoice.total)).toEqual([15000, 10000]);
    expect(after.runs[1]!.invoice.id).toBe(first.id);
  });

  it('answers 404 for another business and an unknown id, and lists with status and search filters', async () => {
    const other = await createBusiness(t);
    const r = await createRepeatingInvoice(owner, businessId, customerId, { start_date: '2026-11-20' });
    const foreign = await other.people.owner.agent.call(endpoints.get, at(r));
    expect(foreign.status).toBe(404);
    const elsewhere = await other.people.owner.agent.call(endpoints.pause, { params: { business_id: other.id, repeating_invoice_id: r.id } });
    expect(failure(elsewhere).code).toBe('REPEATING_INVOICE_NOT_FOUND');

    const named = await createCustomer(owner, businessId, { name: 'Zebra Searchable Ltd' });
    const found = await createRepeatingInvoice(owner, businessId, named.id, { start_date: '2026-11-20' });
    await owner.ok(endpoints.pause, at(found));
    const searched = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { search: 'zebra searchable', limit: 10 } });
    expect(searched.data.map((x) => x.id)).toEqual([found.id]);
    const paused = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { status: 'paused', limit: 100 } });
    expect(paused.data.every((x) => x.status === 'paused')).toBe(true);
    expect(paused.data.map((x) => x.id)).toContain(found.id);
    const page = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { limit: 1 } });
    expect(page.data).toHaveLength(1);
    const next = await owner.ok(endpoints.list, { params: { business_id: businessId }, query: { limit: 1, cursor: page.next_cursor! } });
    expect(next.data[0]!.id).not.toBe(page.data[0]!.id);
  });
});
