import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints as endpoints, receiptNumber, type CheckoutSourceKind } from '@merchant/payments';
import { auditLogs, checkoutSettings, customers, paymentLinks, payments, paymentMethodSettings } from '../src/db/schema';
import { CHECKOUT_LIMITS } from '../src/modules/payments/checkout/card-testing';
import { brandingFor } from '../src/modules/payments/checkout-customisation/checkout-customisation.service';
import { createBusiness, createLink, createQr, type FactoryBusiness, type TestLinkValues } from './factories';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';

/** The hosted checkout's public API on the checkout host (docs/payments.md, "checkout"). */
let t: TestContext;
let business: FactoryBusiness;
let businessId: string;
let businessName: string;
let host: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestContext();
  host = hostOfKind('checkout', t.config.baseDomain);
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  ({ id: businessId, name: businessName } = business);
});
afterAll(() => t.close());

const customer = () => new Agent(t.app);
const link = (values: TestLinkValues = {}) => createLink(t, business, values);
const card = (number: string, extra: Partial<{ exp_year: number; cvc: string }> = {}) => ({
  method: 'card' as const,
  card: { number, exp_month: 12, exp_year: 2030, cvc: '123', ...extra },
});

async function started(
  publicId: string,
  kind: CheckoutSourceKind = 'link',
  body: { amount?: number; email?: string } = { email: 'casey@example.com' },
  agent = customer(),
) {
  return agent.ok(endpoints.start, { params: { kind, public_id: publicId }, body }, { host, idempotencyKey: randomUUID() });
}
const confirm = (agent: Agent, paymentId: string, details: ReturnType<typeof card> | { method: 'paynow' | 'ewallet' }, key = randomUUID()) =>
  agent.call(endpoints.confirm, { params: { public_id: paymentId }, body: details }, { host, idempotencyKey: key });

describe('the checkout page', () => {
  it('shows the business, amount, what to collect and the enabled methods in order', async () => {
    const publicId = await link({ collectPhone: true, redirectUrl: 'https://example.com/thanks' });
    const view = await customer().ok(endpoints.get, { params: { kind: 'link', public_id: publicId } }, { host });
    expect(view).toMatchObject({
      amount: { amount: 120_00, currency: 'sgd' },
      purpose: 'Consultation',
      collect: { email: true, phone: true, note: false },
      redirect_url: 'https://example.com/thanks',
      unavailable: null,
      test_mode: true,
    });
    expect(view.methods.map((m) => m.method)).toEqual(['card', 'paynow', 'ewallet']);

    await db()
      .insert(paymentMethodSettings)
      .values([
        { businessId, method: 'ewallet', enabled: true, passFeeToCustomer: true, position: 0 },
        { businessId, method: 'card', enabled: true, passFeeToCustomer: false, position: 1 },
        { businessId, method: 'paynow', enabled: false, passFeeToCustomer: false, position: 2 },
      ]);
    const reordered = await customer().ok(endpoints.get, { params: { kind: 'link', public_id: publicId } }, { host });
    expect(reordered.methods.map((m) => [m.method, m.pass_fee_to_customer])).toEqual([
      ['ewallet', true],
      ['card', false],
    ]);
    await db().delete(paymentMethodSettings).where(eq(paymentMethodSettings.businessId, businessId));
  });

  it('says why a link cannot be paid, and refuses to start a payment of it', async () => {
    const cases: [TestLinkValues, string][] = [
      [{ state: 'cancelled' }, 'cancelled'],
      [{ state: 'completed' }, 'paid already'],
      [{ state: 'expired' }, 'expired'],
    ];
    for (const [values, words] of cases) {
      const publicId = await link(values);
      const view = await customer().ok(endpoints.get, { params: { kind: 'link', public_id: publicId } }, { host });
      expect(view.unavailable).toContain(words);
      const refused = await customer().call(endpoints.start, { params: { kind: 'link', public_id: publicId }, body: { email: 'a@example.com' } }, { host });
      expect(refused).toMatchObject({ status: 409, body: { code: 'PAYMENT_SOURCE_UNAVAILABLE' } });
    }
  });

  it('answers 404 for an unknown id, a wrong kind and a malformed id', async () => {
    const publicId = await link();
    expect(failure(await customer().call(endpoints.get, { params: { kind: 'link', public_id: 'pl_nothing' } }, { host })).code).toBe('CHECKOUT_NOT_FOUND');
    expect(failure(await customer().call(endpoints.get, { params: { kind: 'qr', public_id: publicId } }, { host })).code).toBe('CHECKOUT_NOT_FOUND');
    const res = await customer().request('GET', `/v1/checkout/link/${encodeURIComponent("'; drop table x")}`, undefined, { host });
    expect(res.statusCode).toBe(422);
  });

  it('gives a browser on the checkout host its own anti-forgery token, which start needs', async () => {
    const publicId = await link();
    const agent = customer();
    agent.csrf = 'forged';
    const forged = await agent.call(
      endpoints.start,
      { params: { kind: 'link', public_id: publicId }, body: { email: 'a@example.com' } },
      { host, idempotencyKey: randomUUID() },
    );
    expect(forged.status).toBe(419);
    const { token } = await agent.ok(endpoints.csrfToken, {}, { host, headers: { 'x-csrf-token': '' } });
    agent.csrf = token;
    const ok = await agent.call(
      endpoints.start,
      { params: { kind: 'link', public_id: publicId }, body: { email: 'a@example.com' } },
      { host, idempotencyKey: randomUUID() },
    );
    expect(ok.status).toBe(201);
  });

  it('is served on the checkout host only', async () => {
    const publicId = await link();
    const onDashboard = await customer().call(endpoints.get, { params: { kind: 'link', public_id: publicId } });
    expect(onDashboard.status).toBe(404);
    const startOnDashboard = await customer().call(
      endpoints.start,
      { params: { kind: 'link', public_id: publicId }, body: {} },
      { idempotencyKey: randomUUID() },
    );
    expect(startOnDashboard.status).toBe(404);
  });
});

describe('paying', () => {
  it('pays with the test card, matches the customer by email and shows a receipt', async () => {
    const publicId = await link({ purpose: 'Haircut' });
    const agent = customer();
    const payment = await started(publicId, 'link', { email: 'Receipt.Person@example.com' }, agent);
    expect(payment).toMatchObject({ status: 'requires_payment_method', amount: { amount: 120_00, currency: 'sgd' } });
    const paid = await confirm(agent, payment.public_id, card('4242 4242 4242 4242'));
    expect(paid).toMatchObject({ status: 200, body: { status: 'succeeded', card: { last4: '4242' }, next_action: null } });
    const receipt = await agent.ok(endpoints.receipt, { params: { public_id: payment.public_id } }, { host });
    expect(receipt).toMatchObject({ amount: { amount: 120_00 }, method: 'card', card: { last4: '4242' }, purpose: 'Haircut' });
    const [row] = await db().select().from(payments).where(eq(payments.publicId, payment.public_id));
    // A number people can read out, the same for the payment every time, not its public id (issue 25).
    expect(receipt.receipt_number).toBe(receiptNumber(row!.id));
    expect(receipt.receipt_number).toMatch(/^#\d{4}-\d{4}$/);
    const [matched] = await db().select().from(customers).where(eq(customers.id, row!.customerId!));
    expect(matched!.email!.toLowerCase()).toBe('receipt.person@example.com');
    // The customer the checkout created keeps the paying request's address in the audit log.
    const [created] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.created'), eq(auditLogs.objectId, matched!.id)));
    expect(created).toMatchObject({ ip: agent.ip, actorUserId: null });
    // A single-use link is paid now.
    const view = await agent.ok(endpoints.get, { params: { kind: 'link', public_id: publicId } }, { host });
    expect(view.unavailable).toContain('paid already');
  });

  it('mails the receipt when the business sends receipts, and not otherwise', async () => {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const agent = customer();
    const payment = await started(await link({ singleUse: false }), 'link', { email }, agent);
    await confirm(agent, payment.public_id, card('4242424242424242'));
    const mails = (await mailbox(t.app)).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/r/${payment.public_id}`);
    // The receipt page says where the mail went, the address's name part masked (the page is public by its link).
    const receipt = await agent.ok(endpoints.receipt, { params: { public_id: payment.public_id } }, { host });
    expect(receipt.sent_to).toBe(`m•••@example.com`);
    // The mail gives the receipt's number; the public id is only in the receipt's link (no reference, no line for it).
    expect(mails[0]!.text).toContain(`Receipt number: ${receipt.receipt_number}`);
    expect(mails[0]!.text.replace(`/r/${payment.public_id}`, '')).not.toContain(payment.public_id);
    expect(mails[0]!.text).not.toContain('Reference:');

    await db()
      .insert(checkoutSettings)
      .values({ businessId, sendReceipts: false })
      .onConflictDoUpdate({ target: checkoutSettings.businessId, set: { sendReceipts: false } });
    const quiet = `quiet-${randomUUID().slice(0, 8)}@example.com`;
    const second = await started(await link(), 'link', { email: quiet }, agent);
    await confirm(agent, second.public_id, card('4242424242424242'));
    expect((await mailbox(t.app)).filter((m) => m.to === quiet)).toHaveLength(0);
    expect((await agent.ok(endpoints.receipt, { params: { public_id: second.public_id } }, { host })).sent_to).toBeNull();
    await db().delete(checkoutSettings).where(eq(checkoutSettings.businessId, businessId));
  });

  it.each([
    ['4000000000000002', 'card_declined', 'declined'],
    ['4000000000009995', 'insufficient_funds', 'insufficient funds'],
  ])('a failing test card %s fails the payment and says why', async (number, code, words) => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    const failed = await confirm(agent, payment.public_id, card(number));
    expect(failed).toMatchObject({ status: 200, body: { status: 'failed', failure: { code } } });
    expect(failed.ok && failed.body.failure!.message).toContain(words);
    expect(failure(await agent.call(endpoints.receipt, { params: { public_id: payment.public_id } }, { host })).code).toBe('PAYMENT_NOT_FOUND');
  });

  it('refuses a number failing Luhn with a field error, and the payment stays payable', async () => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    const refused = failure(await confirm(agent, payment.public_id, card('4242424242424241')));
    expect(refused).toMatchObject({ code: 'PAYMENT_CARD_INVALID', issues: [{ path: 'card.number' }] });
    expect(await agent.ok(endpoints.payment, { params: { public_id: payment.public_id } }, { host })).toMatchObject({ status: 'requires_payment_method' });
    const bad = failure(await confirm(agent, payment.public_id, card('12')));
    expect(bad.code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['approve', 'succeeded', null],
    ['fail', 'failed', 'authentication_failed'],
  ] as const)('3-D Secure: %s', async (decision, status, code) => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    const pending = await confirm(agent, payment.public_id, card('4000000000003220'));
    expect(pending).toMatchObject({ status: 200, body: { status: 'requires_action', next_action: { kind: 'three_d_secure' } } });
    const done = await agent.ok(endpoints.challenge, { params: { public_id: payment.public_id }, body: { decision } }, { host, idempotencyKey: randomUUID() });
    expect(done).toMatchObject({ status, failure: code ? { code } : null });
    const again = await agent.call(
      endpoints.challenge,
      { params: { public_id: payment.public_id }, body: { decision } },
      { host, idempotencyKey: randomUUID() },
    );
    expect(failure(again).code).toBe('PAYMENT_NO_PENDING_ACTION');
  });

  it('PayNow: shows the QR, polls and pays through the simulated scan (a static QR with the amount chosen)', async () => {
    const qr = await createQr(t, business);
    const view = await customer().ok(endpoints.get, { params: { kind: 'qr', public_id: qr } }, { host });
    expect(view).toMatchObject({ amount: null, purpose: 'Counter 1' });
    const agent = customer();
    const payment = await started(qr, 'qr', { amount: 8_50, email: 'qr@example.com' }, agent);
    const pending = await confirm(agent, payment.public_id, { method: 'paynow' });
    expect(pending.ok && pending.body.next_action).toMatchObject({ kind: 'paynow_qr', payload: expect.stringMatching(/^000201/) });
    const polled = await agent.ok(endpoints.payment, { params: { public_id: payment.public_id } }, { host });
    expect(polled).toMatchObject({ status: 'requires_action', next_action: { kind: 'paynow_qr' } });
    const scanned = await agent.ok(endpoints.qrScan, { params: { public_id: payment.public_id } }, { host, idempotencyKey: randomUUID() });
    expect(scanned).toMatchObject({ status: 'succeeded', amount: { amount: 8_50 }, method: 'paynow' });
    // The scan that created the customer is the request whose address the audit entry keeps.
    const [row] = await db().select().from(payments).where(eq(payments.publicId, payment.public_id));
    const [created] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.created'), eq(auditLogs.objectId, row!.customerId!)));
    expect(created).toMatchObject({ ip: agent.ip });
  });

  it.each([
    ['approve', 'succeeded'],
    ['fail', 'failed'],
  ] as const)('e-wallet: %s', async (decision, status) => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    const pending = await confirm(agent, payment.public_id, { method: 'ewallet' });
    expect(pending.ok && pending.body.next_action).toEqual({ kind: 'ewallet_redirect' });
    const done = await agent.ok(endpoints.wallet, { params: { public_id: payment.public_id }, body: { decision } }, { host, idempotencyKey: randomUUID() });
    expect(done.status).toBe(status);
    if (status === 'failed') expect(done.failure?.code).toBe('wallet_cancelled');
  });

  it('refuses amounts outside the limits: a chosen amount no method takes, a method whose limits the amount misses', async () => {
    const qr = await createQr(t, business);
    const tooBig = failure(
      await customer().call(
        endpoints.start,
        { params: { kind: 'qr', public_id: qr }, body: { amount: 999_999_999_99, email: 'x@example.com' } },
        { host, idempotencyKey: randomUUID() },
      ),
    );
    expect(tooBig).toMatchObject({ code: 'PAYMENT_AMOUNT_OUTSIDE_LIMITS', issues: [{ path: 'amount' }] });
    const missing = failure(
      await customer().call(
        endpoints.start,
        { params: { kind: 'qr', public_id: qr }, body: { email: 'x@example.com' } },
        { host, idempotencyKey: randomUUID() },
      ),
    );
    expect(missing).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'amount' }] });
    const agent = customer();
    const small = await started(qr, 'qr', { amount: 20, email: 'x@example.com' }, agent);
    const byCard = failure(await confirm(agent, small.public_id, card('4242424242424242')));
    expect(byCard).toMatchObject({ code: 'PAYMENT_AMOUNT_OUTSIDE_LIMITS' });
    // In USD no offered method takes 0.10 (PayNow, which takes SGD 0.01, is not offered in USD).
    const usd = await link({ amount: null, currency: 'usd' });
    const tenCents = failure(
      await customer().call(
        endpoints.start,
        { params: { kind: 'link', public_id: usd }, body: { amount: 10, email: 'x@example.com' } },
        { host, idempotencyKey: randomUUID() },
      ),
    );
    expect(tenCents).toMatchObject({ code: 'PAYMENT_AMOUNT_OUTSIDE_LIMITS', issues: [{ path: 'amount' }] });
    expect((await started(usd, 'link', { amount: 50, email: 'x@example.com' })).amount).toEqual({ amount: 50, currency: 'usd' });
  });

  it('asks for what the link collects', async () => {
    const publicId = await link({ collectPhone: true });
    const refused = failure(
      await customer().call(
        endpoints.start,
        { params: { kind: 'link', public_id: publicId }, body: { email: 'a@example.com' } },
        { host, idempotencyKey: randomUUID() },
      ),
    );
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'phone' }] });
    const badEmail = failure(
      await customer().call(
        endpoints.start,
        { params: { kind: 'link', public_id: publicId }, body: { email: 'not-an-email', phone: '+6590000000' } },
        { host, idempotencyKey: randomUUID() },
      ),
    );
    expect(badEmail.issues?.[0]?.path).toBe('email');
  });
});

describe("the payment's state", () => {
  it("carries the business's header and the way back, so the payment page stands on its own", async () => {
    await db()
      .insert(checkoutSettings)
      .values({ businessId, brandColor: '#0b7285' })
      .onConflictDoUpdate({ target: checkoutSettings.businessId, set: { brandColor: '#0b7285' } });
    const publicId = await link({ redirectUrl: 'https://example.com/thanks' });
    const agent = customer();
    const payment = await started(publicId, 'link', undefined, agent);
    await confirm(agent, payment.public_id, { method: 'ewallet' });
    // A fresh browser (another agent) opening /p/:id knows only the payment's public id.
    const state = await customer().ok(endpoints.payment, { params: { public_id: payment.public_id } }, { host });
    expect(state).toMatchObject({
      status: 'requires_action',
      next_action: { kind: 'ewallet_redirect' },
      business: { name: businessName, logo_url: null, brand_color: '#0b7285' },
      source: { kind: 'link', public_id: publicId },
      redirect_url: 'https://example.com/thanks',
      test_mode: true,
    });
    expect(state.business).toEqual(await brandingFor(db(), businessId));
    await db().delete(checkoutSettings).where(eq(checkoutSettings.businessId, businessId));
  });

  it("leads back to a static QR code's page, with no redirect", async () => {
    const qr = await createQr(t, business);
    const payment = await started(qr, 'qr', { amount: 5_00, email: 'back@example.com' });
    const state = await customer().ok(endpoints.payment, { params: { public_id: payment.public_id } }, { host });
    expect(state).toMatchObject({ status: 'requires_payment_method', source: { kind: 'qr', public_id: qr }, redirect_url: null });
  });

  it('answers PAYMENT_NOT_FOUND for an unknown payment', async () => {
    expect(failure(await customer().call(endpoints.payment, { params: { public_id: 'pay_unknown' } }, { host })).code).toBe('PAYMENT_NOT_FOUND');
  });
});

describe('money-moving calls', () => {
  it('replay the first answer for the same key and refuse the key with another body', async () => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    const key = randomUUID();
    const first = await confirm(agent, payment.public_id, card('4242424242424242'), key);
    const replay = await confirm(agent, payment.public_id, card('4242424242424242'), key);
    expect(replay).toMatchObject({ status: 200, body: first.body });
    const other = await confirm(agent, payment.public_id, card('4000000000000002'), key);
    expect(failure(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [row] = await db().select().from(payments).where(eq(payments.publicId, payment.public_id));
    expect(row!.status).toBe('succeeded');
  });

  it('limit confirm attempts per payment (card testing)', async () => {
    const agent = customer();
    const payment = await started(await link(), 'link', undefined, agent);
    for (let i = 0; i < CHECKOUT_LIMITS.confirm.perPayment.max; i++) {
      expect(failure(await confirm(agent, payment.public_id, card('4242424242424241'))).code).toBe('PAYMENT_CARD_INVALID');
    }
    const limited = failure(await confirm(agent, payment.public_id, card('4242424242424242')));
    expect(limited.code).toBe('RATE_LIMITED');
  });

  it('limit confirm attempts per address across payments', async () => {
    const agent = customer();
    const ids = [];
    for (let i = 0; i <= CHECKOUT_LIMITS.confirm.perIp.max / CHECKOUT_LIMITS.confirm.perPayment.max; i++)
      ids.push((await started(await link(), 'link', undefined, agent)).public_id);
    let limited = false;
    for (const id of ids) {
      for (let i = 0; i < CHECKOUT_LIMITS.confirm.perPayment.max; i++) {
        const answer = await confirm(agent, id, card('4242424242424241'));
        if (!answer.ok && answer.body.code === 'RATE_LIMITED') limited = true;
      }
    }
    expect(limited).toBe(true);
  });

  it('a single-use link paid by many customers at once is charged exactly once', async () => {
    const publicId = await link();
    const agents = Array.from({ length: 6 }, () => customer());
    const starts = await Promise.all(agents.map((agent) => started(publicId, 'link', undefined, agent)));
    const answers = await Promise.all(agents.map((agent, i) => confirm(agent, starts[i]!.public_id, card('4242424242424242'))));
    expect(answers.filter((a) => a.ok && a.body.status === 'succeeded')).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.body.code === 'PAYMENT_SOURCE_UNAVAILABLE')).toBe(true);
    const [linkRow] = await db().select().from(paymentLinks).where(eq(paymentLinks.publicId, publicId));
    const rows = await db().select().from(payments).where(eq(payments.sourceId, linkRow!.id));
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });
});
