import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS, PUBLIC_CHARGES_PATHS as P, TRANSACTION_CSV_HEADER } from '@merchant/payments';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { createTestLink } from './factories/charges';
import { makePayment } from './factories/payments';
import { expectSchema, hitpayDocument, hitpaySchema, makeApiKey, publicCall } from './hitpay-document';

/**
 * The public API's charges, refunds and balances (docs/developers.md, "Public API: charges, refunds, balances"):
 * HitPay's paths and shapes over the Transactions screen's payments, the dashboard's refunds and the balances.
 */
let t: TestContext;
let business: FactoryBusiness;
let other: FactoryBusiness;
let key: string;
let readOnly: string;
let otherKey: string;
let linkId: string;
/** Newest last: linked (12.50, paid to a payment link), failed (3.00), pos (20.00). */
let linked: PaymentRow;
let failed: PaymentRow;
let pos: PaymentRow;
let theirs: PaymentRow;

const charge = (id: string) => P.charge.replace(':charge_id', id);
const refundPath = (id: string) => P.refund.replace(':refund_id', id);
const transactions = (provider: string) => P.balanceTransactions.replace(':balance_provider', provider);
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
const schemaOf = (...args: Parameters<typeof hitpaySchema>) => hitpaySchema(...args)!;
const notFoundSchema = () => hitpaySchema('get', PUBLIC_API_PATHS.paymentRequest, 404)!;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  other = await createBusiness(t);
  key = await makeApiKey(business);
  readOnly = await makeApiKey(business, 'read_only');
  otherKey = await makeApiKey(other);
  linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 1250, singleUse: false });
  t.clock.set(new Date('2026-11-02T10:00:00Z'));
  linked = await makePayment(t, business.id, {
    amount: 1250,
    source: 'payment_link',
    sourceId: linkId,
    reference: 'ORDER-1',
    customer: { name: 'Alice Tan', email: 'alice@example.com' },
  });
  t.clock.set(new Date('2026-11-02T10:05:00Z'));
  failed = await makePayment(t, business.id, { amount: 300, outcome: 'failed' });
  t.clock.set(new Date('2026-11-02T10:10:00Z'));
  pos = await makePayment(t, business.id, { amount: 2000 });
  theirs = await makePayment(t, other.id, { amount: 900 });
  // A week later both paid payments have settled: their nets are available.
  t.clock.set(new Date('2026-11-09T09:00:00Z'));
  await t.services.charges.settleDue();
  // Refunds come after the settlement (the statement's newest line is a refund).
  t.clock.set(new Date('2026-11-09T10:00:00Z'));
}, 240_000);
afterAll(() => t.close());

describe('charges', () => {
  it("lists the business's charges newest first in HitPay's schema, a page at a time", async () => {
    const first = await publicCall(t, `${P.charges}?per_page=2`, { key });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { data: Record<string, unknown>[]; links: { next: string }; meta: { next_cursor: string; per_page: number } };
    expectSchema(schemaOf('get', P.charges, 200), body);
    expect(body.data.map((c) => c.id)).toEqual([pos.id, failed.id]);
    expect(body.data[0]).toMatchObject({ amount: 20, currency: 'sgd', status: 'succeeded', discount_fee: pos.fee / 100, payment_request_id: null });
    expect(body.data[0]!.payment_method).toMatchObject({ name: 'card', data: { brand: 'Visa', last4: '4242' } });
    expect(body.meta.per_page).toBe(2);
    expect(body.links.next).toContain(`cursor=${body.meta.next_cursor}`);
    const second = (await publicCall(t, `${P.charges}?per_page=2&cursor=${body.meta.next_cursor}`, { key })).json() as typeof body;
    expect(second.data.map((c) => c.id)).toEqual([linked.id]);
    expect(second.data[0]).toMatchObject({
      amount: 12.5,
      payment_request_id: linkId,
      order_reference_number: 'ORDER-1',
      customer: { name: 'Alice Tan', email: 'alice@example.com' },
    });
    expect(second.meta.next_cursor).toBeNull();
    const mine = (await publicCall(t, P.charges, { key: otherKey })).json() as typeof body;
    expect(mine.data.map((c) => c.id)).toEqual([theirs.id]);
  });

  it("filters as HitPay's query names them", async () => {
    const ids = async (query: string) => ((await publicCall(t, `${P.charges}?${query}`, { key })).json() as { data: { id: string }[] }).data.map((c) => c.id);
    expect(await ids('status=failed')).toEqual([failed.id]);
    expect(await ids('statuses[]=success&statuses[]=failed')).toEqual([pos.id, failed.id, linked.id]);
    expect(await ids('statuses[]=void')).toEqual([]);
    expect(await ids(`payment_request_id=${linkId}`)).toEqual([linked.id]);
    expect(await ids('amount_from=15&amount_to=20')).toEqual([pos.id]);
    expect(await ids('keywords=alice')).toEqual([linked.id]);
    expect(await ids('date_from=2026-11-03')).toEqual([]);
    const bad = await publicCall(t, `${P.charges}?date_from=02-11-2026&location_ids[]=${randomUUID()}`, { key });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).date_from).toEqual(['The date from does not match the format Y-m-d.']);
    const unsupported = await publicCall(t, `${P.charges}?location_ids[]=${randomUUID()}`, { key });
    expect(Object.keys(errorsOf(unsupported))).toEqual(['location_ids']);
  });

  it("answers one charge in HitPay's schema; another business's is HitPay's 404", async () => {
    const res = await publicCall(t, charge(linked.id), { key });
    expect(res.statusCode).toBe(200);
    expectSchema(schemaOf('get', P.charge, 200), res.json());
    expect(res.json()).toMatchObject({ id: linked.id, amount: 12.5, refunded_amount: 0, amount_without_fees: (1250 - linked.fee) / 100, refunds: [] });
    for (const id of [theirs.id, 'not-an-id']) {
      const missing = await publicCall(t, charge(id), { key });
      expect(missing.statusCode).toBe(404);
      expectSchema(notFoundSchema(), missing.json());
      expect(missing.json()).toEqual({ message: `No query results for model [Charge] ${id}` });
    }
  });

  it("exports the filtered charges as the Transactions screen's CSV", async () => {
    const res = await publicCall(t, `${P.chargesExport}?statuses[]=completed`, { key });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = res.body.trim().split(/\r?\n/);
    expect(head).toContain(TRANSACTION_CSV_HEADER[0]);
    expect(rows.map((r) => r.split(',')[0])).toEqual([pos.id, linked.id]);
    const bad = await publicCall(t, `${P.chargesExport}?payment_method=bitcoin`, { key });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['payment_method']);
  });

  it('answers a print of a receipt as HitPay does without its terminal: 422 on terminal_id', async () => {
    const res = await publicCall(t, P.chargeReceiptPrint.replace(':charge_id', pos.id), { key, method: 'POST', json: { terminal_id: 'S1F2-0001' } });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ terminal_id: ['Terminal not found'] });
    const missing = await publicCall(t, P.chargeReceiptPrint.replace(':charge_id', pos.id), { key, method: 'POST', json: {} });
    expect(errorsOf(missing)).toHaveProperty('terminal_id');
    const theirsRes = await publicCall(t, P.chargeReceiptPrint.replace(':charge_id', theirs.id), { key, method: 'POST', json: { terminal_id: 'x' } });
    expect(theirsRes.statusCode).toBe(404);
  });
});

describe('refunds', () => {
  let refundId: string;

  it("refunds through the dashboard's refund: JSON and form alike, an Idempotency-Key replayed", async () => {
    const idem = randomUUID();
    const json = await publicCall(t, P.refunds, { key, method: 'POST', json: { payment_id: pos.id, amount: 5 }, idempotencyKey: idem });
    expect(json.statusCode).toBe(200);
    const body = json.json() as Record<string, unknown>;
    expectSchema(schemaOf('post', P.refunds, 200), body);
    expect(body).toMatchObject({ payment_id: pos.id, amount_refunded: 5, total_amount: 20, currency: 'sgd', status: 'succeeded', payment_method: 'card' });
    expect(body.refunded_by).toBe(business.people.owner.name);
    refundId = body.id as string;
    const replay = await publicCall(t, P.refunds, { key, method: 'POST', json: { payment_id: pos.id, amount: 5 }, idempotencyKey: idem });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(json.body);
    const form = await publicCall(t, P.refunds, { key, method: 'POST', form: { payment_id: pos.id, amount: '5.00' } });
    expect(form.statusCode).toBe(200);
    const { id, ...rest } = form.json() as Record<string, unknown>;
    const { id: _first, ...restOfJson } = body;
    expect(id).not.toBe(refundId);
    expect(rest).toEqual(restOfJson);
    const detail = (await publicCall(t, charge(pos.id), { key })).json() as { refunded_amount: number; status: string; refunds: { id: string }[] };
    expect(detail).toMatchObject({ refunded_amount: 10, status: 'partially_refunded' });
    expect(detail.refunds.map((r) => r.id)).toEqual([refundId, id]);
  });

  it("refuses what the dashboard refuses, in HitPay's shapes", async () => {
    const over = await publicCall(t, P.refunds, { key, method: 'POST', json: { payment_id: pos.id, amount: 10.01 } });
    expect(over.statusCode).toBe(422);
    expect(Object.keys(errorsOf(over))).toEqual(['amount']);
    const notPaid = await publicCall(t, P.refunds, { key, method: 'POST', json: { payment_id: failed.id, amount: 1 } });
    expect(notPaid.statusCode).toBe(422);
    expect(Object.keys(errorsOf(notPaid))).toEqual(['payment_id']);
    const empty = await publicCall(t, P.refunds, { key, method: 'POST', json: {} });
    expect(errorsOf(empty)).toEqual({ amount: ['The amount field is required.'], payment_id: ['The payment id field is required.'] });
    const theirsRes = await publicCall(t, P.refunds, { key, method: 'POST', json: { payment_id: theirs.id, amount: 1 } });
    expect(theirsRes.statusCode).toBe(404);
    const readOnlyRes = await publicCall(t, P.refunds, { key: readOnly, method: 'POST', json: { payment_id: pos.id, amount: 1 } });
    expect(readOnlyRes.statusCode).toBe(403);
    const after = (await publicCall(t, charge(pos.id), { key })).json() as { refunded_amount: number };
    expect(after.refunded_amount).toBe(10);
  });

  it("answers one refund in HitPay's schema; another business's is 404", async () => {
    const res = await publicCall(t, refundPath(refundId), { key });
    expect(res.statusCode).toBe(200);
    expectSchema(schemaOf('get', P.refund, 200), res.json());
    expect(res.json()).toMatchObject({ id: refundId, payment_id: pos.id, amount_refunded: 5, total_amount: 20 });
    const elsewhere = await publicCall(t, refundPath(refundId), { key: otherKey });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: `No query results for model [Refund] ${refundId}` });
  });
});

describe('balances', () => {
  it("answers the wallet per currency in HitPay's schema", async () => {
    const res = await publicCall(t, P.balances, { key });
    expect(res.statusCode).toBe(200);
    expectSchema(schemaOf('get', P.balances, 200), res.json());
    expect(res.json()).toEqual([{ currency: 'sgd', wallets: { available: (linked.net + pos.net - 1000) / 100, pending: 0, reserve: 0, deposit: 0 } }]);
  });

  it("pages the available balance's transactions, money out as debit", async () => {
    const res = await publicCall(t, `${transactions('wallet')}?per_page=1`, { key });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Record<string, unknown>[]; meta: { next_cursor: string; per_page: string } };
    expectSchema(schemaOf('get', P.balanceTransactions, 200), body);
    expect(body.data).toEqual([expect.objectContaining({ charge_id: pos.id, debit: -5, credit: null, currency: 'SGD' })]);
    expect(body.meta.per_page).toBe('1');
    const all = (await publicCall(t, `${transactions('wallet')}?created_at_from=2026-11-01&created_at_to=2026-11-30`, { key })).json() as typeof body;
    expect(all.data.filter((l) => l.credit !== null).map((l) => l.credit)).toEqual(expect.arrayContaining([pos.net / 100, linked.net / 100]));
    const bad = await publicCall(t, `${transactions('wallet')}?created_at_from=2026-11-30&created_at_to=2026-11-01`, { key });
    expect(errorsOf(bad)).toEqual({ created_at_to: ['The created at to must be a date after or equal to created at from.'] });
    expect((await publicCall(t, transactions('adyen'), { key })).json()).toEqual({ message: 'No query results for model [Balance] adyen' });
  });

  it("mails the transactions' CSV to the owners and answers success", async () => {
    const path = `${P.balanceTransactionsExport.replace(':balance_provider', 'wallet')}?created_at_from=2026-11-01`;
    expect((await publicCall(t, path, { key: readOnly, method: 'POST' })).statusCode).toBe(403);
    const res = await publicCall(t, path, { key, method: 'POST', idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(200);
    expectSchema(schemaOf('post', P.balanceTransactionsExport, 200), res.json());
    expect(res.json()).toEqual({ success: true });
    const mails = (await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json' })).json() as { data: { to: string; attachments: { filename: string }[] }[] };
    const mail = mails.data.find((m) => m.to === business.people.owner.email && m.attachments.length > 0);
    expect(mail?.attachments[0]?.filename).toMatch(/^statement-wallet-sgd-.*\.csv$/);
  });
});

it("describes every operation in the API's document with HitPay's operation id", async () => {
  const doc = (await publicCall(t, '/openapi.json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
  for (const path of Object.values(P).map((p) => p.replace(/:(\w+)/g, '{$1}'))) {
    for (const [method, operation] of Object.entries(doc.paths[path] ?? {})) {
      expect(operation.operationId, `${method} ${path}`).toBe(hitpayDocument.paths[path]?.[method]?.operationId);
    }
    expect(Object.keys(doc.paths[path] ?? {}).length, path).toBe(1);
  }
});
