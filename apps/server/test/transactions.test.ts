import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TransactionFiltersSchema, transactionEndpoints, type Payment, type TransactionFiltersInput } from '@merchant/payments';
import { createTransactionsService } from '../src/modules/payments/transactions/transactions.service';
import { auditLogs, payments } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { makePayment, type PaymentOptions } from './factories/payments';
import { endpointPath, originOfKind, type EndpointBody } from '@merchant/core';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';

/** Transactions: filters, search, sort, pages, the streamed CSV, the detail and refunds (rules, roles, races). */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let business: FactoryBusiness<'owner' | 'cashier'>;
let keyCount = 0;
const nextKey = () => `refund-key-${++keyCount}`;

const at = (iso: string, options: PaymentOptions) => {
  t.clock.set(new Date(iso));
  return makePayment(t, business.id, options);
};
const business_id = () => business.id;
const inBusiness = () => ({ params: { business_id: business_id() } });

/** Every page of the list, walked through its cursors. */
async function walk(query: TransactionFiltersInput, limit: number): Promise<Payment[]> {
  const all: Payment[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await owner.ok(transactionEndpoints.list, { params: { business_id: business_id() }, query: { ...query, limit, cursor } as never });
    all.push(...page.data);
    if (!page.next_cursor) return all;
    cursor = page.next_cursor;
  }
}
const refs = (list: Payment[]) => list.map((p) => p.reference);

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
  // Singapore is UTC+8: 2026-10-01T17:00Z is 2 October there.
  await at('2026-10-01T02:00:00Z', { amount: 1500, reference: 'F-A', customer: { name: 'Ada Lovelace', email: 'ada@example.test' } });
  await at('2026-10-01T17:00:00Z', { amount: 9900, reference: 'F-B', customer: { name: 'Grace Hopper', email: 'grace@example.test' } });
  await at('2026-10-02T03:00:00Z', { amount: 500, reference: 'F-C', outcome: 'failed' });
  await at('2026-10-03T03:00:00Z', { amount: 2500, reference: 'F-D', outcome: 'pending' });
  await at('2026-10-04T03:00:00Z', { amount: 9900, reference: 'F-E', source: 'pos' });
});
afterAll(() => t.close());

describe('the list', () => {
  it('filters by status, method, dates in a time zone and amount, each alone and together', async () => {
    expect(refs(await walk({ q: 'F-', status: 'failed' }, 10))).toEqual(['F-C']);
    expect(refs(await walk({ q: 'F-', method: 'paynow' }, 10))).toEqual(['F-D']);
    expect(refs(await walk({ q: 'F-', source: 'payment_link' }, 10))).toEqual([]);
    expect(refs(await walk({ q: 'F-', from: '2026-10-02', to: '2026-10-02' }, 10))).toEqual(['F-C']);
    expect(refs(await walk({ q: 'F-', from: '2026-10-02', to: '2026-10-02', tz: 'Asia/Singapore' }, 10))).toEqual(['F-C', 'F-B']);
    expect(refs(await walk({ q: 'F-', from: '2026-10-01', to: '2026-10-01', tz: 'UTC' }, 10))).toEqual(['F-B', 'F-A']);
    expect(refs(await walk({ q: 'F-', from: '2026-10-01', to: '2026-10-01', tz: 'Asia/Singapore' }, 10))).toEqual(['F-A']);
    expect(refs(await walk({ q: 'F-', min_amount: 1500, max_amount: 2500 }, 10))).toEqual(['F-D', 'F-A']);
    expect(refs(await walk({ q: 'F-', status: 'succeeded', min_amount: 9900, method: 'card' }, 10))).toEqual(['F-E', 'F-B']);
  });

  it('searches references, customer names and emails (case-insensitive, % taken literally) and card last 4', async () => {
    expect(refs(await walk({ q: 'f-a' }, 10))).toEqual(['F-A']);
    expect(refs(await walk({ q: 'hopper' }, 10))).toEqual(['F-B']);
    expect(refs(await walk({ q: 'ADA@EXAMPLE' }, 10))).toEqual(['F-A']);
    expect(refs(await walk({ q: '%' }, 10))).toEqual([]);
    expect(refs(await walk({ q: '0002' }, 10))).toEqual(['F-C']);
  });

  it('searches word prefixes (whole words before the last), and a part from the middle of a reference only when no word matches, each the same on every page', async () => {
    t.clock.set(new Date('2026-10-06T03:00:00Z'));
    const shop = await createBusiness(t);
    const pay = (reference: string, name: string, email: string) => makePayment(t, shop.id, { amount: 1000, reference, customer: { name, email } });
    await pay('ORD-7781234', 'Maria Tan', 'maria.tan@shop.test');
    await pay('ORD-7785678', 'Mario Rossi', 'mario@shop.test');
    await pay('ORD-7789012', 'José María Ng', 'mj@corp.test');
    await pay('XZ/55-9012', 'Ben Ong', 'ben12@shop.test');
    const search = async (q: string, limit = 10) => {
      const found: Payment[] = [];
      let cursor: string | undefined;
      do {
        const page = await shop.people.owner.agent.ok(transactionEndpoints.list, { params: { business_id: shop.id }, query: { q, limit, cursor } });
        found.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return refs(found).sort();
    };
    // Any word's start, any case; every word but the last must be whole, across the reference, name and email.
    expect(await search('mari')).toEqual(['ORD-7781234', 'ORD-7785678']);
    expect(await search('MARIA')).toEqual(['ORD-7781234']);
    expect(await search('josé ma')).toEqual(['ORD-7789012']);
    expect(await search('maria tan@shop')).toEqual(['ORD-7781234']);
    expect(await search('mar tan')).toEqual([]);
    expect(await search('shop.test', 1)).toEqual(['ORD-7781234', 'ORD-7785678', 'XZ/55-9012']);
    expect(await search('ord-77')).toEqual(['ORD-7781234', 'ORD-7785678', 'ORD-7789012']);
    expect(await search('ord-7785678')).toEqual(['ORD-7785678']);
    // Punctuation after the last word makes it whole: "ben1@" is not ben12 (a search's ends are trimmed of spaces).
    expect(await search('ben1')).toEqual(['XZ/55-9012']);
    expect(await search('ben1@')).toEqual([]);
    expect(await search('ben12@')).toEqual(['XZ/55-9012']);
    // No word starts with "012" but two references hold it: the middle of references, page by page. A word that
    // starts with the search wins over the middle ("9012" is a word of XZ/55-9012's).
    expect(await search('012', 1)).toEqual(['ORD-7789012', 'XZ/55-9012']);
    expect(await search('81234')).toEqual(['ORD-7781234']);
    expect(await search('9012', 1)).toEqual(['XZ/55-9012']);
    // Four digits are also a card's last 4.
    expect(await search('4242', 2)).toEqual(['ORD-7781234', 'ORD-7785678', 'ORD-7789012', 'XZ/55-9012']);
    // Fewer than 3 characters never read the middle; punctuation alone matches no word.
    expect(await search('34')).toEqual([]);
    expect(await search('@@@')).toEqual([]);
    expect(await search("o'; drop table payments; --")).toEqual([]);
  });

  it('sorts newest, oldest and by amount, and pages stay stable across equal amounts', async () => {
    expect(refs(await walk({ q: 'F-' }, 2))).toEqual(['F-E', 'F-D', 'F-C', 'F-B', 'F-A']);
    expect(refs(await walk({ q: 'F-', sort: 'oldest' }, 2))).toEqual(['F-A', 'F-B', 'F-C', 'F-D', 'F-E']);
    const high = await walk({ q: 'F-', sort: 'amount_desc' }, 1);
    expect(high.map((p) => p.amount.amount)).toEqual([9900, 9900, 2500, 1500, 500]);
    expect(new Set(refs(high)).size).toBe(5);
    const low = await walk({ q: 'F-', sort: 'amount_asc' }, 1);
    expect(refs(low)).toEqual(refs(high).reverse());
  });

  it('refuses bad filters with 422 and field issues, and ignores a forged cursor', async () => {
    // Unknown values and impossible dates: sent raw.
    const res = await owner.get(
      endpointPath(transactionEndpoints.list, {
        ...inBusiness(),
        query: { status: 'lost', from: '2026-13-01', min_amount: -1, tz: 'Mars/Base', sort: 'random' } as never,
      }),
    );
    expect(res.statusCode).toBe(422);
    const paths = res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.status', 'querystring.from', 'querystring.min_amount', 'querystring.tz', 'querystring.sort']));
    const reversed = await owner.call(transactionEndpoints.list, { ...inBusiness(), query: { from: '2026-10-05', to: '2026-10-01' } });
    expect(reversed.status).toBe(422);
    const forged = await owner.ok(transactionEndpoints.list, {
      ...inBusiness(),
      query: { q: 'F-', cursor: Buffer.from("time|x'; drop|1").toString('base64url') },
    });
    expect(forged.data).toHaveLength(5);
  });

  it('shows a business only its own payments and needs a member', async () => {
    const stranger = (await createBusiness(t)).people.owner.agent;
    expect((await stranger.call(transactionEndpoints.list, inBusiness())).status).toBe(404);
    const anonymous = new Agent(t.app);
    expect((await anonymous.call(transactionEndpoints.list, inBusiness())).status).toBe(401);
  });
});

describe('the CSV export', () => {
  it('holds exactly the filtered list, in its order, with the formula guard', async () => {
    await at('2026-10-05T03:00:00Z', { amount: 700, reference: '=HYPERLINK("x")' });
    // The answer is CSV, not JSON: read raw.
    const res = await owner.get(endpointPath(transactionEndpoints.export, { ...inBusiness(), query: { q: 'F-', sort: 'amount_desc' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header![0]).toBe('Payment ID');
    const list = await walk({ q: 'F-', sort: 'amount_desc' }, 100);
    expect(rows.map((r) => r[0])).toEqual(list.map((p) => p.id));
    expect(rows[0]!.slice(2, 8)).toEqual(['Succeeded', '99.00', '3.87', '95.13', '0.00', 'SGD']);
    const guarded = await owner.get(endpointPath(transactionEndpoints.export, { ...inBusiness(), query: { q: 'HYPERLINK' } }));
    expect(parseCsv(guarded.body)[1]![13]).toBe(`'=HYPERLINK("x")`);
  });

  it('streams the export in keyset batches: every row once, in order, across batches of equal amounts', async () => {
    // Real payments a second apart on the test clock; the export read five rows a query (the app reads 500).
    const created = new Date('2026-09-01T00:00:00Z').getTime();
    const now = t.clock.now();
    for (let i = 0; i < 23; i++) await at(new Date(created + i * 1000).toISOString(), { amount: 100 + (i % 7), reference: `BULK-${i}` });
    t.clock.set(now);
    const row = (await t.services.business.find(business_id()))!;
    const filters = TransactionFiltersSchema.parse({ q: 'BULK-', sort: 'amount_asc' });
    const batched = createTransactionsService({
      db: t.database.db,
      clock: t.clock,
      charges: t.services.charges,
      ledger: t.services.ledger,
      checkoutOrigin: '',
      exportBatch: 5,
    });
    const chunks: string[] = [];
    for await (const chunk of batched.exportCsv(row, filters).lines) chunks.push(chunk);
    // The head, then 5 + 5 + 5 + 5 + 3 rows.
    expect(chunks).toHaveLength(6);
    const rows = parseCsv(chunks.join('').replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(23);
    expect(new Set(rows.map((r) => r[13])).size).toBe(23);
    const amounts = rows.map((r) => Number(r[3]));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const res = await t.app.inject({
      method: 'GET',
      url: endpointPath(transactionEndpoints.export, { ...inBusiness(), query: { q: 'BULK-', sort: 'amount_asc' } }),
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-requested-with': 'XMLHttpRequest' },
      payloadAsStream: true,
    });
    let text = '';
    for await (const chunk of res.stream()) text += String(chunk);
    expect(parseCsv(text.replace(/^\uFEFF/, '')).slice(1)).toEqual(rows);
  });
});

describe('the detail and refunds', () => {
  type RefundBody = EndpointBody<typeof transactionEndpoints.refund>;
  const refundAt = (paymentId: string) => ({ params: { business_id: business_id(), payment_id: paymentId } });
  const refund = (agent: Agent, paymentId: string, body: RefundBody, key?: string) =>
    agent.call(transactionEndpoints.refund, { ...refundAt(paymentId), body }, key ? { idempotencyKey: key } : {});
  /** Raw, for unknown reasons and for replays compared byte for byte. */
  const refundRaw = (agent: Agent, paymentId: string, body: Record<string, unknown>, key?: string) =>
    agent.post(endpointPath(transactionEndpoints.refund, refundAt(paymentId)), body, key ? { 'idempotency-key': key } : {});

  it('shows the payment, its card, customer, timeline and what is left to refund', async () => {
    const payment = await at('2026-10-06T03:00:00Z', { amount: 4000, reference: 'D-1', customer: { name: 'Linus', email: 'linus@example.test' } });
    const detail = await owner.ok(transactionEndpoints.get, { params: { business_id: business_id(), payment_id: payment.id } });
    expect(detail.payment).toMatchObject({ status: 'succeeded', reference: 'D-1', card: { brand: 'visa', last4: '4242' }, customer: { name: 'Linus' } });
    expect(detail.payment.customer.id).toEqual(expect.any(String));
    expect(detail.events.map((e) => e.type)).toEqual(['created', 'method_selected', 'processing', 'succeeded']);
    expect(detail.refundable).toEqual({ amount: 4000, currency: 'sgd' });
    const missing = await owner.call(transactionEndpoints.get, refundAt(crypto.randomUUID()));
    expect(missing.status).toBe(404);
    expect(failure(missing).code).toBe('PAYMENT_NOT_FOUND');
  });

  it('refunds part, then the rest; never more than is left; records timeline and audit', async () => {
    const payment = await at('2026-10-06T04:00:00Z', { amount: 5000, reference: 'R-1' });
    const first = await refund(owner, payment.id, { amount: 2000, reason: 'requested_by_customer', note: 'Asked nicely' }, nextKey());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      payment: { status: 'partially_refunded', refunded: { amount: 2000 } },
      refund: { amount: { amount: 2000 }, note: 'Asked nicely' },
    });
    const over = await refund(owner, payment.id, { amount: 3001, reason: 'other' }, nextKey());
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING', issues: [{ path: 'amount' }] });
    expect((await refund(owner, payment.id, { amount: 3000, reason: 'duplicate' }, nextKey())).status).toBe(201);
    const done = await refund(owner, payment.id, { amount: 1, reason: 'other' }, nextKey());
    expect(done.status).toBe(409);
    expect(failure(done).code).toBe('REFUND_NOT_ALLOWED');
    const detail = await owner.ok(transactionEndpoints.get, { params: { business_id: business_id(), payment_id: payment.id } });
    expect(detail.payment.status).toBe('refunded');
    expect(detail.refundable.amount).toBe(0);
    expect(detail.refunds.map((r) => r.amount.amount)).toEqual([2000, 3000]);
    expect(detail.events.filter((e) => e.type === 'refunded')).toHaveLength(2);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.refunded'), eq(auditLogs.objectId, payment.id)));
    expect(audits).toHaveLength(2);
    const failed = await at('2026-10-06T05:00:00Z', { amount: 5000, outcome: 'failed' });
    expect((await refund(owner, failed.id, { amount: 100, reason: 'other' })).status).toBe(409);
  });

  it("answers the net from the ledger after each refund, and the customer's receipt page", async () => {
    const payment = await at('2026-10-06T04:30:00Z', { amount: 5000, reference: 'N-1', customer: { name: 'Mary', email: 'mary@example.test' } });
    const read = () => owner.ok(transactionEndpoints.get, { params: { business_id: business_id(), payment_id: payment.id } });
    const before = await read();
    const fee = before.payment.fee.amount;
    expect(fee).toBeGreaterThan(0);
    expect(before.net).toEqual({ amount: 5000 - fee, currency: 'sgd' });
    expect(before.receipt_url).toBe(`${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}/r/${payment.publicId}`);
    expect((await refund(owner, payment.id, { amount: 1200, reason: 'other' }, nextKey())).status).toBe(201);
    expect((await read()).net).toEqual({ amount: 5000 - fee - 1200, currency: 'sgd' });
    expect((await refund(owner, payment.id, { amount: 3800, reason: 'other' }, nextKey())).status).toBe(201);
    // A refund returns the whole amount; the fee stays charged, so the business is out of pocket by it.
    expect((await read()).net).toEqual({ amount: -fee, currency: 'sgd' });
    const failed = await at('2026-10-06T04:40:00Z', { amount: 700, outcome: 'failed' });
    const unpaid = await owner.ok(transactionEndpoints.get, { params: { business_id: business_id(), payment_id: failed.id } });
    expect(unpaid.net).toEqual({ amount: 0, currency: 'sgd' });
    expect(unpaid.receipt_url).toBeNull();
  });

  it('validates the body with field issues', async () => {
    const payment = await at('2026-10-06T06:00:00Z', { amount: 5000 });
    const res = await refundRaw(owner, payment.id, { amount: 0, reason: 'bored', note: 'x'.repeat(501) });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json<{ issues: { path: string }[] }>()
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['amount', 'note', 'reason']);
  });

  it('replays a refund sent again with its key, and refuses the key with another body', async () => {
    const payment = await at('2026-10-06T07:00:00Z', { amount: 5000 });
    const k = nextKey();
    const first = await refundRaw(owner, payment.id, { amount: 1000, reason: 'other' }, k);
    const again = await refundRaw(owner, payment.id, { amount: 1000, reason: 'other' }, k);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const other = await refund(owner, payment.id, { amount: 1500, reason: 'other' }, k);
    expect(other.status).toBe(422);
    expect(failure(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const detail = await owner.ok(transactionEndpoints.get, { params: { business_id: business_id(), payment_id: payment.id } });
    expect(detail.refunds).toHaveLength(1);
  });

  it('lets a cashier see payments but not refund them (403)', async () => {
    const payment = await at('2026-10-06T08:00:00Z', { amount: 5000 });
    await cashier.ok(transactionEndpoints.get, refundAt(payment.id));
    const res = await refund(cashier, payment.id, { amount: 100, reason: 'other' }, nextKey());
    expect(res.status).toBe(403);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.refundedAmount).toBe(0);
  });

  it('runs one refund fired many times at once exactly once', async () => {
    const payment = await at('2026-10-06T09:00:00Z', { amount: 5000 });
    const k = nextKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refundRaw(owner, payment.id, { amount: 1000, reason: 'other' }, k)));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toBe(created[0]!.body);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expect(r.json().code).toBe('IDEMPOTENCY_REQUEST_IN_FLIGHT');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.refundedAmount).toBe(1000);
  });

  it('never refunds more than the charge when different refunds race', async () => {
    const payment = await at('2026-10-06T10:00:00Z', { amount: 5000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(owner, payment.id, { amount: 2000, reason: 'other' }, nextKey())));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of answers.filter((a) => a.status !== 201)) expect(failure(r).code).toBe('REFUND_EXCEEDS_REMAINING');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.refundedAmount).toBe(4000);
  });
});
