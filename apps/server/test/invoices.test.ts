import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoiceEndpoints, type InvoiceDetail } from '@merchant/payments';
import { hostOfKind } from '@merchant/core';
import { auditLogs } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { createBusiness, createCustomer, createInvoice, unique } from './factories';
import { failure, mailbox, type Agent, type TestContext, createTestContext } from './harness';

/** One-off invoices over HTTP: the money rules, every status transition and every refusal, tenancy. */
let t: TestContext;
let owner: Agent;
let businessId: string;
let customerId: string;
let customerEmail: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  businessId = business.id;
  const customer = await createCustomer(owner, businessId);
  customerId = customer.id;
  customerEmail = customer.email!;
});
afterAll(() => t.close());

const at = (invoice: { id: string }) => ({ params: { business_id: businessId, invoice_id: invoice.id } });
const get = (invoice: { id: string }) => owner.ok(invoiceEndpoints.get, at(invoice));
const kinds = (invoice: InvoiceDetail) => invoice.timeline.map((e) => e.kind);

async function sent(over: Parameters<typeof createInvoice>[3] = {}) {
  const draft = await createInvoice(owner, businessId, customerId, over);
  return owner.ok(invoiceEndpoints.send, at(draft));
}

describe('creating and editing', () => {
  it('stores a draft with the totals of the money rules, numbered in order, with a created event', async () => {
    const first = await createInvoice(owner, businessId, customerId, {
      currency: 'sgd',
      lines: [
        { description: 'Design', quantity: 3, unit_price: 333, discount_bps: 1000 },
        { description: 'Hosting', quantity: 1.5, unit_price: 1001 },
      ],
      taxes: [{ name: 'GST', rate_bps: 900 }],
      notes: 'Thank you',
      allow_partial: true,
    });
    // 999 - 100 = 899; 1501.5 -> 1502; subtotal 2401; 9 % is 216.09 -> 216.
    expect(first).toMatchObject({
      status: 'draft',
      subtotal: 2401,
      taxes: [{ name: 'GST', rate_bps: 900, amount: 216 }],
      tax_total: 216,
      total: 2617,
      amount_paid: 0,
      amount_due: 2617,
      editable: true,
      customer: { id: customerId, email: customerEmail },
    });
    expect(first.lines.map((l) => l.net)).toEqual([899, 1502]);
    expect(first.url).toBe(
      `http://${hostOfKind('invoice', t.config.baseDomain)}${new URL(first.url).port ? `:${new URL(first.url).port}` : ''}/${businessId}/${first.public_id}`,
    );
    expect(first.public_id).toMatch(/^inv_[0-9A-Za-z]{20,}$/);
    expect(kinds(first)).toEqual(['created']);
    const second = await createInvoice(owner, businessId, customerId);
    expect(Number(second.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'invoice.created'), eq(auditLogs.objectId, first.id)));
    expect(audit?.businessId).toBe(businessId);
  });

  it('refuses a zero or negative quantity and a due date before the issue date at their fields, creating nothing', async () => {
    const before = await owner.ok(invoiceEndpoints.list, { params: { business_id: businessId }, query: { limit: 100 } });
    const bad = await owner.call(invoiceEndpoints.create, {
      params: { business_id: businessId },
      body: {
        customer_id: customerId,
        issue_date: '2026-11-10',
        due_date: '2026-11-09',
        lines: [
          { description: 'A', quantity: 0, unit_price: 100 },
          { description: 'B', quantity: -2, unit_price: 100 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(
      failure(bad)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['due_date', 'lines.0.quantity', 'lines.1.quantity']);
    const after = await owner.ok(invoiceEndpoints.list, { params: { business_id: businessId }, query: { limit: 100 } });
    expect(after.data.length).toBe(before.data.length);
  });

  it("refuses another business's customer or product as an unknown one", async () => {
    const other = await createBusiness(t);
    const stranger = await createCustomer(other.people.owner.agent, other.id);
    const bad = await owner.call(invoiceEndpoints.create, {
      params: { business_id: businessId },
      body: { customer_id: stranger.id, issue_date: '2026-11-01', due_date: '2026-11-02', lines: [{ description: 'A', quantity: 1, unit_price: 1 }] },
    });
    expect(bad.status).toBe(422);
    expect(failure(bad).issues).toEqual([{ path: 'customer_id', message: 'Choose a customer from the list' }]);
    const badProduct = await owner.call(invoiceEndpoints.create, {
      params: { business_id: businessId },
      body: {
        customer_id: customerId,
        issue_date: '2026-11-01',
        due_date: '2026-11-02',
        lines: [{ product_id: '00000000-0000-4000-8000-000000000000', description: 'A', quantity: 1, unit_price: 1 }],
      },
    });
    expect(failure(badProduct).issues?.[0]?.path).toBe('lines.0.product_id');
  });

  it('edits a draft and a sent invoice; an invoice of another business is not found', async () => {
    const draft = await createInvoice(owner, businessId, customerId);
    const edited = await owner.ok(invoiceEndpoints.update, {
      ...at(draft),
      body: { customer_id: customerId, issue_date: '2026-11-02', due_date: '2026-12-02', lines: [{ description: 'Only line', quantity: 1, unit_price: 700 }] },
    });
    expect(edited).toMatchObject({ total: 700, issue_date: '2026-11-02', number: draft.number, public_id: draft.public_id });
    const other = await createBusiness(t);
    const elsewhere = await other.people.owner.agent.call(invoiceEndpoints.get, { params: { business_id: other.id, invoice_id: draft.id } });
    expect(elsewhere).toMatchObject({ status: 404, body: { code: 'INVOICE_NOT_FOUND' } });
  });
});

describe('sending and reminding', () => {
  it('mails the customer the invoice_sent template with the public link; the draft becomes sent', async () => {
    const draft = await createInvoice(owner, businessId, customerId);
    const out = await owner.ok(invoiceEndpoints.send, at(draft));
    expect(out.status).toBe('sent');
    expect(kinds(out)).toEqual(['created', 'sent']);
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({ to: customerEmail, subject: expect.stringContaining(`Invoice ${draft.number} from`) });
    expect(mail!.text).toContain(draft.url);
    expect(mail!.text).toContain('SGD 100.00');
    // Sending again resends: the status stays.
    expect((await owner.ok(invoiceEndpoints.send, at(draft))).status).toBe('sent');
  });

  it('refuses to send to a customer without an email, and changes nothing', async () => {
    const silent = await createCustomer(owner, businessId, { email: null });
    const draft = await createInvoice(owner, businessId, silent.id);
    const mailsBefore = (await mailbox(t.app)).length;
    const refused = await owner.call(invoiceEndpoints.send, at(draft));
    expect(refused.status).toBe(422);
    expect(failure(refused)).toMatchObject({ code: 'INVOICE_NO_EMAIL', issues: [{ path: 'customer_id' }] });
    expect(await get(draft)).toMatchObject({ status: 'draft', timeline: [{ kind: 'created' }] });
    expect((await mailbox(t.app)).length).toBe(mailsBefore);
  });

  it('reminds of a sent invoice with the invoice_reminder template, never of a draft', async () => {
    const draft = await createInvoice(owner, businessId, customerId);
    expect(await owner.call(invoiceEndpoints.remind, at(draft))).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_SENDABLE' } });
    await owner.ok(invoiceEndpoints.send, at(draft));
    const reminded = await owner.ok(invoiceEndpoints.remind, at(draft));
    expect(kinds(reminded)).toEqual(['created', 'sent', 'reminded']);
    expect((await mailbox(t.app))[0]!.subject).toContain(`Reminder: invoice ${draft.number}`);
  });
});

describe('paying by other means', () => {
  it('moves a sent invoice to partially paid, then paid; over-paying is refused and changes nothing', async () => {
    const invoice = await sent();
    const part = await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: { amount: 4000, note: 'Bank transfer' } });
    expect(part).toMatchObject({ status: 'partially_paid', amount_paid: 4000, amount_due: 6000, editable: false });
    const over = await owner.call(invoiceEndpoints.markPaid, { ...at(invoice), body: { amount: 6001 } });
    expect(over.status).toBe(422);
    expect(failure(over)).toMatchObject({ code: 'INVOICE_OVERPAYMENT', issues: [{ path: 'amount' }] });
    expect(await get(invoice)).toMatchObject({ status: 'partially_paid', amount_paid: 4000 });
    const rest = await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: {} });
    expect(rest).toMatchObject({ status: 'paid', amount_paid: 10000, amount_due: 0 });
    expect(kinds(rest)).toEqual(['created', 'sent', 'paid', 'paid']);
    expect(rest.timeline[2]!.detail).toBe('SGD 40.00 by other means: Bank transfer');
  });

  it('refuses to mark a draft, a paid or a void invoice paid', async () => {
    const draft = await createInvoice(owner, businessId, customerId);
    expect(await owner.call(invoiceEndpoints.markPaid, { ...at(draft), body: {} })).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_PAYABLE' } });
    const paid = await sent();
    await owner.ok(invoiceEndpoints.markPaid, { ...at(paid), body: {} });
    expect(await owner.call(invoiceEndpoints.markPaid, { ...at(paid), body: { amount: 1 } })).toMatchObject({ status: 409 });
  });
});

describe('paid and void invoices are final', () => {
  const body = { customer_id: '', issue_date: '2026-11-01', due_date: '2026-11-30', lines: [{ description: 'X', quantity: 1, unit_price: 1 }] };

  it('refuses to edit, void or send a paid invoice, and leaves it as it was', async () => {
    const invoice = await sent();
    await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: {} });
    const edit = await owner.call(invoiceEndpoints.update, { ...at(invoice), body: { ...body, customer_id: customerId } });
    expect(edit).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_EDITABLE' } });
    expect(await owner.call(invoiceEndpoints.void, at(invoice))).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_EDITABLE' } });
    expect(await owner.call(invoiceEndpoints.send, at(invoice))).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_SENDABLE' } });
    expect(await get(invoice)).toMatchObject({ status: 'paid', total: 10000 });
  });

  it('voids a draft or a sent invoice; then it cannot be edited, sent, reminded or paid', async () => {
    expect((await owner.ok(invoiceEndpoints.void, at(await createInvoice(owner, businessId, customerId)))).status).toBe('void');
    const invoice = await sent();
    const voided = await owner.ok(invoiceEndpoints.void, at(invoice));
    expect(voided).toMatchObject({ status: 'void', editable: false });
    expect(kinds(voided)).toEqual(['created', 'sent', 'voided']);
    expect(await owner.call(invoiceEndpoints.update, { ...at(invoice), body: { ...body, customer_id: customerId } })).toMatchObject({ status: 409 });
    expect(await owner.call(invoiceEndpoints.send, at(invoice))).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_SENDABLE' } });
    expect(await owner.call(invoiceEndpoints.remind, at(invoice))).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_SENDABLE' } });
    expect(await owner.call(invoiceEndpoints.markPaid, { ...at(invoice), body: {} })).toMatchObject({ status: 409, body: { code: 'INVOICE_NOT_PAYABLE' } });
  });

  it('duplicates any invoice, a void one included, as a new draft issued today with a new number and public id', async () => {
    const invoice = await sent({ issue_date: '2026-01-10', due_date: '2026-01-24', taxes: [{ name: 'VAT', rate_bps: 2000 }] });
    await owner.ok(invoiceEndpoints.void, at(invoice));
    const copy = await owner.ok(invoiceEndpoints.duplicate, at(invoice));
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(copy).toMatchObject({ status: 'draft', issue_date: today, total: invoice.total, lines: invoice.lines, taxes: invoice.taxes });
    expect(Date.parse(copy.due_date) - Date.parse(today)).toBe(14 * 86_400_000);
    expect(copy.number).not.toBe(invoice.number);
    expect(copy.public_id).not.toBe(invoice.public_id);
  });
});

describe('the list', () => {
  it('filters by status, issue date and a search of number or customer, in keyset pages, and exports the filtered view', async () => {
    const business = await createBusiness(t);
    const agent = business.people.owner.agent;
    const ann = await createCustomer(agent, business.id, { name: unique('Ann') });
    const bob = await createCustomer(agent, business.id, { name: unique('Bob') });
    const params = { business_id: business.id };
    const a1 = await createInvoice(agent, business.id, ann.id, { issue_date: '2026-03-01', due_date: '2026-03-31' });
    const a2 = await createInvoice(agent, business.id, ann.id, { issue_date: '2026-04-01', due_date: '2026-04-30' });
    const b1 = await createInvoice(agent, business.id, bob.id, { issue_date: '2026-05-01', due_date: '2026-05-31' });
    await agent.ok(invoiceEndpoints.send, { params: { ...params, invoice_id: a2.id } });
    const ids = async (query: Record<string, unknown>) => (await agent.ok(invoiceEndpoints.list, { params, query })).data.map((i) => i.id);
    expect(await ids({})).toEqual([b1.id, a2.id, a1.id]);
    expect(await ids({ status: 'sent' })).toEqual([a2.id]);
    expect(await ids({ search: ann.name!.toLowerCase() })).toEqual([a2.id, a1.id]);
    // The customer's words from their start (db/search.ts): "An" finds Ann, "nn" nobody.
    expect(await ids({ search: 'An' })).toEqual([a2.id, a1.id]);
    expect(await ids({ search: 'nn' })).toEqual([]);
    expect(await ids({ search: b1.number })).toEqual([b1.id]);
    expect(await ids({ from: '2026-04-01', to: '2026-05-01' })).toEqual([b1.id, a2.id]);
    const first = await agent.ok(invoiceEndpoints.list, { params, query: { limit: 2 } });
    expect(first.data.map((i) => i.id)).toEqual([b1.id, a2.id]);
    const second = await agent.ok(invoiceEndpoints.list, { params, query: { limit: 2, cursor: first.next_cursor! } });
    expect(second).toMatchObject({ data: [{ id: a1.id }], next_cursor: null });
    const csv = await agent.get(`/v1/business/${business.id}/invoices/export?search=${encodeURIComponent(ann.name!)}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows.map((r) => r[0])).toEqual(['Number', a2.number, a1.number]);
    expect(rows[1]).toEqual([a2.number, 'sent', ann.name, ann.email, 'SGD', '2026-04-01', '2026-04-30', '100.00', '0.00', '100.00', a2.created_at]);
  });

  it('refuses an unknown status or a date that is not one', async () => {
    const bad = await owner.call(invoiceEndpoints.list, { params: { business_id: businessId }, query: { from: '2026-02-30' } });
    expect(bad.status).toBe(422);
    expect(failure(bad).issues?.[0]?.path).toBe('querystring.from');
    const unknown = await owner.get(`/v1/business/${businessId}/invoices?status=unpaid`);
    expect(unknown.statusCode).toBe(422);
  });
});
