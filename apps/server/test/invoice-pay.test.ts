import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind, originOfKind } from '@merchant/core';
import { checkoutEndpoints, invoiceEndpoints, invoicePageEndpoints, transactionEndpoints, type InvoiceDetail } from '@merchant/payments';
import { ledgerEntries, paymentMethodSettings, payments } from '../src/db/schema';
import { PAY_LIMITS, VIEW_WINDOW_MS } from '../src/modules/payments/invoices/invoice-page.service';
import { createBusiness, createCustomer, createInvoice, signInAgain, type Person } from './factories';
import { Agent, createTestContext, failure, type TestContext } from './harness';

/**
 * Paying an invoice (docs/payments.md, "Paying an invoice"): the customer's page on the invoice host, a payment
 * started there and paid on the hosted checkout, and every status it moves the invoice through, with the
 * refusals (paid, void, too much, partial where not allowed) and racing payments that never pay more than is due.
 */
let t: TestContext;
let owner: Agent;
let ownerPerson: Person;
let businessId: string;
let businessName: string;
let customerId: string;
let invoiceHost: string;
let checkoutHost: string;
const db = () => t.database.db;
const checkoutOrigin = () => originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain);

beforeAll(async () => {
  t = await createTestContext();
  invoiceHost = hostOfKind('invoice', t.config.baseDomain);
  checkoutHost = hostOfKind('checkout', t.config.baseDomain);
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  ({ id: businessId, name: businessName } = business);
  ownerPerson = business.people.owner;
  owner = ownerPerson.agent;
  customerId = (await createCustomer(owner, businessId)).id;
});
afterAll(() => t.close());

const at = (invoice: { id: string }) => ({ params: { business_id: businessId, invoice_id: invoice.id } });
const detail = (invoice: { id: string }) => owner.ok(invoiceEndpoints.get, at(invoice));
const kinds = (invoice: InvoiceDetail) => invoice.timeline.map((e) => e.kind);
const page = (invoice: { public_id: string }, business = businessId) => ({ params: { business_id: business, invoice: invoice.public_id } });
const card = (number = '4242424242424242') => ({ method: 'card' as const, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });

/** A sent invoice (2 x 50.00 = SGD 100.00 unless told otherwise). */
async function sent(over: Parameters<typeof createInvoice>[3] = {}) {
  const draft = await createInvoice(owner, businessId, customerId, { currency: 'sgd', ...over });
  return owner.ok(invoiceEndpoints.send, at(draft));
}

const view = (customer: Agent, invoice: { public_id: string }) => customer.call(invoicePageEndpoints.get, page(invoice), { host: invoiceHost });
const startPay = (customer: Agent, invoice: { public_id: string }, amount?: number, key = randomUUID()) =>
  customer.call(invoicePageEndpoints.pay, { ...page(invoice), body: amount === undefined ? {} : { amount } }, { host: invoiceHost, idempotencyKey: key });
const confirm = (customer: Agent, paymentId: string, details = card()) =>
  customer.call(checkoutEndpoints.confirm, { params: { public_id: paymentId }, body: details }, { host: checkoutHost, idempotencyKey: randomUUID() });

/** Starts a payment on the invoice host and pays it with a card on the checkout host; answers the confirm. */
async function pay(invoice: { public_id: string }, amount?: number, number?: string) {
  const customer = new Agent(t.app);
  const started = await startPay(customer, invoice, amount);
  if (!started.ok) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.body)}`);
  return confirm(customer, started.body.payment_id, card(number));
}

async function ledgerSums(): Promise<{ currency: string; total: number }[]> {
  return db()
    .select({ currency: ledgerEntries.currency, total: sql<number>`sum(${ledgerEntries.amount})::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId))
    .groupBy(ledgerEntries.currency);
}

describe('the public invoice page', () => {
  it('shows the business, the lines, the totals and what can be paid, on the invoice host only', async () => {
    const invoice = await sent({
      lines: [
        { description: 'Espresso beans', quantity: 2, unit_price: 12_50 },
        { description: 'Grinder service', quantity: 1, unit_price: 10_00, discount_bps: 1000 },
      ],
      taxes: [{ name: 'GST', rate_bps: 900 }],
      notes: 'Thank you',
    });
    const answer = await view(new Agent(t.app), invoice);
    expect(answer.ok).toBe(true);
    expect(answer.body).toMatchObject({
      business: { name: businessName },
      number: invoice.number,
      status: 'sent',
      currency: 'sgd',
      subtotal: 34_00,
      tax_total: 3_06,
      total: 37_06,
      amount_paid: 0,
      amount_due: 37_06,
      allow_partial: false,
      payable: { min: 37_06, max: 37_06 },
      notes: 'Thank you',
      payments: [],
      test_mode: true,
    });
    expect(answer.ok && answer.body.lines.map((l) => [l.description, l.net])).toEqual([
      ['Espresso beans', 25_00],
      ['Grinder service', 9_00],
    ]);
    // Not on the dashboard's host, nor the checkout's.
    expect((await new Agent(t.app).call(invoicePageEndpoints.get, page(invoice))).status).toBe(404);
    expect((await new Agent(t.app).call(invoicePageEndpoints.get, page(invoice), { host: checkoutHost })).status).toBe(404);
  });

  it('is the same 404 for an unknown id, another business, a draft and a void invoice, and a 422 for a malformed URL', async () => {
    const customer = new Agent(t.app);
    const other = await createBusiness(t, { currency: 'sgd' });
    const invoice = await sent();
    const draft = await createInvoice(owner, businessId, customerId);
    const voided = await owner.ok(invoiceEndpoints.void, at(await sent()));
    const cases = [page({ public_id: 'inv_0000000000000000000000' }), page(invoice, other.id), page(draft), page(voided)];
    for (const input of cases) {
      const answer = await customer.call(invoicePageEndpoints.get, input, { host: invoiceHost });
      expect([answer.status, failure(answer).code], JSON.stringify(input)).toEqual([404, 'INVOICE_NOT_FOUND']);
      const paying = await customer.call(invoicePageEndpoints.pay, { ...input, body: {} }, { host: invoiceHost, idempotencyKey: randomUUID() });
      expect([paying.status, failure(paying).code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    }
    // A malformed URL names no invoice either: refused on the part that is malformed (the page shows its 404).
    const malformed = [
      [page(invoice, 'not-a-business'), 'params.business_id'],
      [{ params: { business_id: businessId, invoice: invoice.id } }, 'params.invoice'],
    ] as const;
    for (const [input, path] of malformed) {
      const answer = await customer.call(invoicePageEndpoints.get, input, { host: invoiceHost });
      expect([answer.status, failure(answer).code, failure(answer).issues?.[0]?.path], JSON.stringify(input)).toEqual([422, 'VALIDATION_FAILED', path]);
      expect(failure(answer).message).toBe('Nothing is at this address: check the link.');
    }
    expect(kinds(await detail(draft))).toEqual(['created']);
  });

  it('records "viewed" once per window on the timeline, as the customer (no staff name)', async () => {
    const invoice = await sent();
    const customer = new Agent(t.app);
    await Promise.all([view(customer, invoice), view(customer, invoice), view(new Agent(t.app), invoice)]);
    let timeline = (await detail(invoice)).timeline;
    expect(timeline.filter((e) => e.kind === 'viewed')).toEqual([{ kind: 'viewed', detail: null, by: null, at: t.clock.now().toISOString() }]);
    t.clock.advance(VIEW_WINDOW_MS - 1000);
    // A day on, the owner's session has gone idle: they sign in again to read the timeline.
    owner = await signInAgain(t, ownerPerson);
    await view(customer, invoice);
    expect(kinds(await detail(invoice)).filter((k) => k === 'viewed')).toHaveLength(1);
    t.clock.advance(2000);
    await view(customer, invoice);
    owner = await signInAgain(t, ownerPerson);
    timeline = (await detail(invoice)).timeline;
    expect(timeline.map((e) => e.kind)).toEqual(['created', 'sent', 'viewed', 'viewed']);
  });
});

describe('paying on the hosted checkout', () => {
  it('pays the whole invoice: paid, the payment in transactions, the ledger balanced, the way back to the page', async () => {
    const invoice = await sent();
    const customer = new Agent(t.app);
    const started = await startPay(customer, invoice);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.body.checkout_url).toBe(`${checkoutOrigin()}/p/${started.body.payment_id}`);

    // The checkout's payment page offers the methods and leads back to the invoice's page.
    const state = await customer.ok(checkoutEndpoints.payment, { params: { public_id: started.body.payment_id } }, { host: checkoutHost });
    expect(state).toMatchObject({
      status: 'requires_payment_method',
      amount: { amount: 100_00, currency: 'sgd' },
      purpose: `Invoice ${invoice.number}`,
      business: { name: businessName },
      source: null,
      back_url: invoice.url,
      redirect_url: invoice.url,
    });
    expect(state.methods.map((m) => m.method)).toEqual(['card', 'paynow', 'ewallet']);

    const paid = await confirm(customer, started.body.payment_id);
    expect(paid.ok && paid.body.status).toBe('succeeded');
    const after = await detail(invoice);
    expect(after).toMatchObject({ status: 'paid', amount_paid: 100_00, amount_due: 0, editable: false });
    const event = after.timeline.at(-1)!;
    expect(event).toMatchObject({ kind: 'paid', by: null });
    // The timeline names the payment by its amount and card, not its id (the invoice's payments list links it).
    expect(event.detail).toBe('SGD 100.00 paid online by card ending 4242');

    const list = await owner.ok(transactionEndpoints.list, { params: { business_id: businessId }, query: { source: 'invoice' } });
    const payment = list.data.find((p) => p.reference === invoice.number);
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: { amount: 100_00 },
      customer: { id: customerId },
      source: { type: 'invoice', id: invoice.id },
    });
    expect(await ledgerSums()).toEqual([{ currency: 'sgd', total: 0 }]);
    // The merchant's invoice lists it among its payments; an unknown invoice has none to list.
    const onInvoice = await owner.ok(invoiceEndpoints.payments, { ...at(invoice), query: { limit: 10 } });
    expect(onInvoice.data.map((p) => p.id)).toEqual([payment!.id]);
    const unknown = await owner.call(invoiceEndpoints.payments, {
      params: { business_id: businessId, invoice_id: '00000000-0000-4000-8000-000000000000' },
      query: {},
    });
    expect([unknown.status, failure(unknown).code]).toEqual([404, 'INVOICE_NOT_FOUND']);

    const shown = await view(customer, invoice);
    expect(shown.ok && shown.body).toMatchObject({ status: 'paid', amount_due: 0, payable: null });
    expect(shown.ok && shown.body.payments).toEqual([
      {
        amount: { amount: 100_00, currency: 'sgd' },
        method: 'card',
        card: expect.objectContaining({ last4: '4242' }),
        paid_at: t.clock.now().toISOString(),
        receipt_url: `${checkoutOrigin()}/r/${started.body.payment_id}`,
      },
    ]);

    // Paying a paid invoice is refused with a sentence, on the page and on a payment started before.
    const again = await startPay(customer, invoice);
    expect([again.status, failure(again).code, failure(again).message]).toEqual([
      409,
      'INVOICE_NOT_PAYABLE',
      `${invoice.number} has been paid in full already.`,
    ]);
  });

  it('pays part of an invoice that allows it (partially paid), then the rest (paid)', async () => {
    const invoice = await sent({ allow_partial: true });
    const shown = await view(new Agent(t.app), invoice);
    // The lowest minimum of the business's methods (PayNow's: SGD 0.01) up to what is due.
    expect(shown.ok && shown.body.payable).toEqual({ min: 1, max: 100_00 });

    expect((await pay(invoice, 30_00)).ok).toBe(true);
    let after = await detail(invoice);
    expect(after).toMatchObject({ status: 'partially_paid', amount_paid: 30_00, amount_due: 70_00 });
    expect(after.timeline.at(-1)!.detail).toBe('SGD 30.00 paid online by card ending 4242; SGD 70.00 still due');

    const customer = new Agent(t.app);
    const tooMuch = await startPay(customer, invoice, 70_01);
    expect([tooMuch.status, failure(tooMuch).code, failure(tooMuch).issues]).toEqual([
      422,
      'INVOICE_OVERPAYMENT',
      [{ path: 'amount', message: 'Only SGD 70.00 is due.' }],
    ]);

    expect((await pay(invoice)).ok).toBe(true);
    after = await detail(invoice);
    expect(after).toMatchObject({ status: 'paid', amount_paid: 100_00, amount_due: 0 });
    expect(kinds(after)).toEqual(['created', 'sent', 'viewed', 'paid', 'paid']);
    expect(await ledgerSums()).toEqual([{ currency: 'sgd', total: 0 }]);
  });

  it('pays the rest of an invoice partly marked paid by other means, and the status follows both', async () => {
    const invoice = await sent();
    await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: { amount: 40_00, note: 'Cash' } });
    const shown = await view(new Agent(t.app), invoice);
    expect(shown.ok && shown.body).toMatchObject({ status: 'partially_paid', amount_due: 60_00, payable: { min: 60_00, max: 60_00 } });
    expect((await pay(invoice)).ok).toBe(true);
    expect(await detail(invoice)).toMatchObject({ status: 'paid', amount_paid: 100_00 });
  });

  it('refuses part of an invoice that does not allow partial payments', async () => {
    const invoice = await sent();
    const answer = await startPay(new Agent(t.app), invoice, 50_00);
    expect([answer.status, failure(answer).code, failure(answer).issues]).toEqual([
      422,
      'VALIDATION_FAILED',
      [{ path: 'amount', message: 'This invoice is paid in full: SGD 100.00.' }],
    ]);
    expect((await detail(invoice)).status).toBe('sent');
  });

  it('a declined card leaves the invoice as it was; a failed payment leads back to the page', async () => {
    const invoice = await sent();
    const customer = new Agent(t.app);
    const started = await startPay(customer, invoice);
    if (!started.ok) throw new Error('not started');
    const declined = await confirm(customer, started.body.payment_id, card('4000000000000002'));
    expect(declined.ok && declined.body.status).toBe('failed');
    expect(await detail(invoice)).toMatchObject({ status: 'sent', amount_paid: 0 });
    const state = await customer.ok(checkoutEndpoints.payment, { params: { public_id: started.body.payment_id } }, { host: checkoutHost });
    expect(state).toMatchObject({ status: 'failed', methods: [], back_url: invoice.url });
  });

  it('pays after a 3-D Secure challenge, checking what is due again when it is approved', async () => {
    const invoice = await sent();
    const customer = new Agent(t.app);
    const first = await startPay(customer, invoice);
    if (!first.ok) throw new Error('not started');
    const challenged = await confirm(customer, first.body.payment_id, card('4000000000003220'));
    expect(challenged.ok && challenged.body.status).toBe('requires_action');
    expect((await detail(invoice)).status).toBe('sent');
    // Meanwhile the business records the whole amount as paid by bank transfer: the approval is refused.
    await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: { note: 'Bank transfer' } });
    const approve = () =>
      customer.call(
        checkoutEndpoints.challenge,
        { params: { public_id: first.body.payment_id }, body: { decision: 'approve' } },
        { host: checkoutHost, idempotencyKey: randomUUID() },
      );
    const refused = await approve();
    expect([refused.status, failure(refused).code, failure(refused).message]).toEqual([
      409,
      'PAYMENT_SOURCE_UNAVAILABLE',
      'This invoice has been paid in full already.',
    ]);

    const second = await sent();
    const other = await startPay(customer, second);
    if (!other.ok) throw new Error('not started');
    await confirm(customer, other.body.payment_id, card('4000000000003220'));
    const approved = await customer.call(
      checkoutEndpoints.challenge,
      { params: { public_id: other.body.payment_id }, body: { decision: 'approve' } },
      { host: checkoutHost, idempotencyKey: randomUUID() },
    );
    expect(approved.ok && approved.body.status).toBe('succeeded');
    expect(await detail(second)).toMatchObject({ status: 'paid', amount_paid: 100_00 });
  });

  it('refuses a payment started before the invoice was voided or paid', async () => {
    const invoice = await sent();
    const customer = new Agent(t.app);
    const started = await startPay(customer, invoice);
    if (!started.ok) throw new Error('not started');
    await owner.ok(invoiceEndpoints.void, at(invoice));
    const refused = await confirm(customer, started.body.payment_id);
    expect([refused.status, failure(refused).code, failure(refused).message]).toEqual([
      409,
      'PAYMENT_SOURCE_UNAVAILABLE',
      'This invoice can no longer be paid.',
    ]);
    expect((await view(customer, invoice)).status).toBe(404);
    const [row] = await db().select({ status: payments.status }).from(payments).where(eq(payments.publicId, started.body.payment_id));
    expect(row?.status).toBe('requires_payment_method');
  });

  it('takes parts from the minimum of the methods the business offers, and credits what the invoice asked when the fee is passed on', async () => {
    const other = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const otherCustomer = await createCustomer(other.people.owner.agent, other.id);
    await db()
      .insert(paymentMethodSettings)
      .values([
        { businessId: other.id, method: 'card', enabled: true, passFeeToCustomer: true, position: 0 },
        { businessId: other.id, method: 'paynow', enabled: false, passFeeToCustomer: false, position: 1 },
        { businessId: other.id, method: 'ewallet', enabled: false, passFeeToCustomer: false, position: 2 },
      ]);
    const draft = await createInvoice(other.people.owner.agent, other.id, otherCustomer.id, { currency: 'sgd', allow_partial: true });
    const invoice = await other.people.owner.agent.ok(invoiceEndpoints.send, { params: { business_id: other.id, invoice_id: draft.id } });
    const customer = new Agent(t.app);
    const input = (amount?: number) => ({ params: { business_id: other.id, invoice: invoice.public_id }, body: amount === undefined ? {} : { amount } });
    const shown = await customer.ok(invoicePageEndpoints.get, { params: input().params }, { host: invoiceHost });
    expect(shown.payable).toEqual({ min: 50, max: 100_00 });
    const tooLittle = await customer.call(invoicePageEndpoints.pay, input(49), { host: invoiceHost, idempotencyKey: randomUUID() });
    expect([tooLittle.status, failure(tooLittle).issues]).toEqual([422, [{ path: 'amount', message: 'Pay at least SGD 0.50.' }]]);
    const started = await customer.ok(invoicePageEndpoints.pay, input(), { host: invoiceHost, idempotencyKey: randomUUID() });
    const paid = await confirm(customer, started.payment_id);
    expect(paid.ok && paid.body).toMatchObject({ status: 'succeeded', amount: { amount: 104_04 }, customer_fee: { amount: 4_04 } });
    const after = await other.people.owner.agent.ok(invoiceEndpoints.get, { params: { business_id: other.id, invoice_id: invoice.id } });
    expect(after).toMatchObject({ status: 'paid', amount_paid: 100_00 });
  });

  it('replays a retried start with the same key, and refuses the key with another amount', async () => {
    const invoice = await sent({ allow_partial: true });
    const customer = new Agent(t.app);
    const key = randomUUID();
    const first = await startPay(customer, invoice, 20_00, key);
    const replay = await startPay(customer, invoice, 20_00, key);
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body]).toEqual([201, 'true', first.body]);
    const reused = await startPay(customer, invoice, 30_00, key);
    expect([reused.status, failure(reused).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.sourceId, invoice.id)));
    expect(rows).toHaveLength(1);
  });
});

describe('limits', () => {
  it('refuses more starts of one invoice than a customer needs, and more from one address', async () => {
    const invoice = await sent();
    const { perInvoice, perIp } = PAY_LIMITS;
    for (let i = 0; i < perInvoice.max; i++) expect((await startPay(new Agent(t.app), invoice)).status).toBe(201);
    const refused = await startPay(new Agent(t.app), invoice);
    expect([refused.status, failure(refused).code]).toEqual([429, 'RATE_LIMITED']);
    // The window passes; one address then gets its own few dozen tries, across invoices.
    t.clock.advance(perInvoice.windowMs);
    owner = await signInAgain(t, ownerPerson);
    const others = await Promise.all([sent(), sent()]);
    const customer = new Agent(t.app);
    for (let i = 0; i < perIp.max; i++) expect((await startPay(customer, others[i % 2]!)).status).toBe(201);
    const fromThere = await startPay(customer, others[0]!);
    expect([fromThere.status, failure(fromThere).code]).toEqual([429, 'RATE_LIMITED']);
    expect((await startPay(new Agent(t.app), others[1]!)).status).toBe(201);
  });
});

describe('racing payments', () => {
  it('of the whole amount: exactly one is charged, the others are refused before any charge', async () => {
    const invoice = await sent();
    const customers = Array.from({ length: 5 }, () => new Agent(t.app));
    const started = await Promise.all(customers.map((c) => startPay(c, invoice)));
    const answers = await Promise.all(started.map((s, i) => (s.ok ? confirm(customers[i]!, s.body.payment_id) : Promise.resolve(s))));
    const succeeded = answers.filter((a) => a.ok && a.body.status === 'succeeded');
    const refused = answers.filter((a) => !a.ok);
    expect(succeeded).toHaveLength(1);
    expect(refused.map((a) => [a.status, failure(a).code])).toEqual(Array.from({ length: 4 }, () => [409, 'PAYMENT_SOURCE_UNAVAILABLE']));
    expect(await detail(invoice)).toMatchObject({ status: 'paid', amount_paid: 100_00 });
    const charged = await db()
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.sourceId, invoice.id), eq(payments.status, 'succeeded')));
    expect(charged).toHaveLength(1);
    expect(await ledgerSums()).toEqual([{ currency: 'sgd', total: 0 }]);
  });

  it('of parts: never more than is due is paid', async () => {
    const invoice = await sent({ allow_partial: true });
    const customers = Array.from({ length: 4 }, () => new Agent(t.app));
    const started = await Promise.all(customers.map((c) => startPay(c, invoice, 40_00)));
    expect(started.every((s) => s.ok)).toBe(true);
    const answers = await Promise.all(started.map((s, i) => (s.ok ? confirm(customers[i]!, s.body.payment_id) : Promise.resolve(s))));
    expect(answers.filter((a) => a.ok && a.body.status === 'succeeded')).toHaveLength(2);
    for (const refused of answers.filter((a) => !a.ok)) {
      expect([refused.status, failure(refused).message]).toEqual([409, 'Only SGD 20.00 is now due on this invoice. Go back to the invoice and pay again.']);
    }
    expect(await detail(invoice)).toMatchObject({ status: 'partially_paid', amount_paid: 80_00, amount_due: 20_00 });
  });
});
