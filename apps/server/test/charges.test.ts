import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, checkoutSettings, customers, ledgerEntries, paymentLinks, paymentMethodSettings, payments } from '../src/db/schema';
import type { ChargesActor, ChargesService } from '../src/modules/payments/charges/charges.service';
import type { LedgerService } from '../src/modules/payments/ledger/ledger.service';
import { actorOf, card, createTestLink } from './factories/charges';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, createTestBusiness, signUp } from './factories';

/** The payment lifecycle service on both databases (docs/payments.md, "Core services"). */
let t: TestContext;
let charges: ChargesService;
let ledger: LedgerService;
let businessId: string;
let owner: ChargesActor;
let ownerAgent: Agent;
let cashier: ChargesActor;
/** A business of someone else. */
let otherBusinessId: string;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext();
  ({ charges, ledger } = t.services);
  const business = await createBusiness(t, { staff: ['cashier'] });
  businessId = business.id;
  ownerAgent = business.people.owner.agent;
  owner = await actorOf(t.database.db, businessId, business.people.owner.email, 'owner');
  cashier = await actorOf(t.database.db, businessId, business.people.cashier.email, 'cashier');
  otherBusinessId = (await signUp(t)).businessId;
});
afterAll(() => t.close());

const start = (amount = 100_00, extra: { email?: string; currency?: string; business?: string } = {}) =>
  charges.start({
    businessId: extra.business ?? businessId,
    source: { type: 'static_qr', id: null },
    amount,
    currency: extra.currency ?? 'sgd',
    customer: { name: 'Casey Customer', email: extra.email ?? null },
  });

async function paid(amount = 100_00) {
  const payment = await start(amount);
  const { payment: done } = await charges.confirm(payment.publicId, card());
  expect(done.status).toBe('succeeded');
  return done;
}

const eventTypes = async (paymentId: string) => (await charges.events(businessId, paymentId)).map((e) => e.type);
const balance = async (currency = 'sgd', business = businessId) =>
  (await ledger.balances(t.database.db, business)).find((b) => b.currency === currency) ?? { currency, pending: 0, available: 0, inTransit: 0, paidOut: 0 };
async function entriesOf(paymentPublicId: string) {
  const row = await charges.byPublicId(paymentPublicId);
  return t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.transactionId} in (select id from ledger_transactions where payment_id = ${row!.id})`)
    .then((r) => r[0]!.n);
}
/** Every ledger entry of the database sums to zero per currency. */
async function unbalancedCurrencies() {
  const rows = await t.database.db
    .select({ currency: ledgerEntries.currency, sum: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency);
  return rows.filter((r) => r.sum !== 0);
}

describe('starting a payment', () => {
  it('creates it in requires_payment_method with an unguessable public id and a first event', async () => {
    const payment = await start(12_34);
    expect(payment).toMatchObject({ status: 'requires_payment_method', amount: 12_34, currency: 'sgd', provider: 'test', fee: 0, net: 0 });
    expect(payment.publicId).toMatch(/^pay_[0-9A-Za-z]{22}$/);
    expect(payment.providerRef).toMatch(/^ti_/);
    expect(await eventTypes(payment.id)).toEqual(['created']);
    expect((await start()).publicId).not.toBe(payment.publicId);
  });
});

describe('paying by card', () => {
  it('succeeds with the success card: fee and net stored, card kept as a token, charge and fee posted, customer created', async () => {
    const before = await balance();
    const payment = await start(100_00, { email: 'Casey@Example.test' });
    const where = { ip: '203.0.113.9', userAgent: 'Checkout browser' };
    const { payment: done, nextAction } = await charges.confirm(payment.publicId, card('4242 4242 4242 4242'), { where });
    expect(nextAction).toBeNull();
    expect(done).toMatchObject({
      status: 'succeeded',
      method: 'card',
      amount: 100_00,
      fee: 3_90,
      net: 96_10,
      customerFee: 0,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
    });
    expect(done.cardToken).toMatch(/^tok_/);
    expect(done.succeededAt).toEqual(t.clock.now());
    // Paid on a Sunday (UTC, the test business's zone): two business days from the Monday.
    expect(t.clock.now().toISOString()).toBe('2026-11-01T09:00:00.000Z');
    expect(done.availableOn).toEqual(new Date('2026-11-04T00:00:00Z'));
    expect(JSON.stringify(await t.database.db.select().from(payments).where(eq(payments.id, done.id)))).not.toMatch(/4242424242424242|"123"/);
    expect(await eventTypes(done.id)).toEqual(['created', 'method_selected', 'processing', 'succeeded']);
    expect(await balance()).toMatchObject({ pending: before.pending + 96_10, available: before.available });
    expect(await entriesOf(done.publicId)).toBe(4);
    // The customer is created, then matched by email whatever its case.
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, done.customerId!));
    expect(customer).toMatchObject({ email: 'Casey@Example.test', name: 'Casey Customer' });
    // Through the customers service: its audit entry keeps the confirming request, with no actor.
    const created = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'customer.created'), eq(auditLogs.objectId, customer!.id)));
    expect(created).toMatchObject([{ actorUserId: null, ip: where.ip, userAgent: where.userAgent, businessId: payment.businessId }]);
    const again = await start(5_00, { email: 'casey@example.TEST' });
    expect((await charges.confirm(again.publicId, card())).payment.customerId).toBe(done.customerId);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ] as const)('fails %s (%s): nothing posted, and the payment cannot be paid again', async (number, code) => {
    const payment = await start();
    const { payment: failed } = await charges.confirm(payment.publicId, card(number));
    expect(failed).toMatchObject({ status: 'failed', failureCode: code, fee: 0, net: 0, cardLast4: number.slice(-4), customerId: null });
    expect(await eventTypes(payment.id)).toEqual(['created', 'method_selected', 'processing', 'failed']);
    expect(await entriesOf(payment.publicId)).toBe(0);
    await expect(charges.confirm(payment.publicId, card())).rejects.toMatchObject({ code: 'PAYMENT_NOT_PAYABLE' });
  });

  it('fails an expired card and a wrong CVC', async () => {
    const expired = await charges.confirm((await start()).publicId, card('4242424242424242', { exp_month: 10, exp_year: 2026 }));
    expect(expired.payment).toMatchObject({ status: 'failed', failureCode: 'expired_card' });
    const cvc = await charges.confirm((await start()).publicId, card('4242424242424242', { cvc: '1234' }));
    expect(cvc.payment).toMatchObject({ status: 'failed', failureCode: 'incorrect_cvc' });
  });

  it('refuses a number failing Luhn with a field error and changes nothing, so the customer can correct it', async () => {
    const payment = await start();
    await expect(charges.confirm(payment.publicId, card('4242424242424241'))).rejects.toMatchObject({
      code: 'PAYMENT_CARD_INVALID',
      status: 422,
      issues: [{ path: 'card.number', message: 'Your card number is invalid.' }],
    });
    expect(await charges.byPublicId(payment.publicId)).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
    expect(await eventTypes(payment.id)).toEqual(['created']);
    expect((await charges.confirm(payment.publicId, card())).payment.status).toBe('succeeded');
  });

  it('asks 4000 0000 0000 3220 for a challenge: approve succeeds, fail fails, and only a pending challenge can be answered', async () => {
    const payment = await start();
    const pending = await charges.confirm(payment.publicId, card('4000000000003220'));
    expect(pending).toMatchObject({ payment: { status: 'requires_action', fee: 0 }, nextAction: { kind: 'three_d_secure' } });
    expect(await charges.nextAction(pending.payment)).toEqual({ kind: 'three_d_secure' });
    await expect(charges.simulateQrScan(payment.publicId)).rejects.toMatchObject({ code: 'PAYMENT_NO_PENDING_ACTION' });
    expect(await entriesOf(payment.publicId)).toBe(0);
    const { payment: done } = await charges.approveChallenge(payment.publicId);
    expect(done).toMatchObject({ status: 'succeeded', fee: 3_90 });
    expect(await eventTypes(payment.id)).toEqual(['created', 'method_selected', 'processing', 'requires_action', 'action_approved', 'succeeded']);
    await expect(charges.approveChallenge(payment.publicId)).rejects.toMatchObject({ code: 'PAYMENT_NO_PENDING_ACTION' });

    const other = await start();
    await charges.confirm(other.publicId, card('4000000000003220'));
    const { payment: failed } = await charges.failChallenge(other.publicId);
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' });
    expect(await eventTypes(other.id)).toEqual(['created', 'method_selected', 'processing', 'requires_action', 'action_failed', 'failed']);
    expect(await entriesOf(other.publicId)).toBe(0);
  });

  it('adds the fee to what the customer pays when the business passes it on: the merchant nets the asked amount', async () => {
    const payment = await start(100_00);
    const { payment: done } = await charges.confirm(payment.publicId, card(), { passFeeToCustomer: true });
    expect(done).toMatchObject({ status: 'succeeded', amount: 104_04, customerFee: 4_04, fee: 4_04, net: 100_00 });
  });

  it('refuses an unknown payment', async () => {
    await expect(charges.confirm('pay_0000000000000000000000', card())).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND', status: 404 });
    await expect(charges.walletApprove('pay_nope')).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });
});

describe('PayNow and e-wallet', () => {
  it('shows a PayNow QR until the (simulated) scan pays it', async () => {
    const payment = await start(20_00);
    const { payment: pending, nextAction } = await charges.confirm(payment.publicId, { method: 'paynow' });
    expect(pending.status).toBe('requires_action');
    expect(nextAction).toMatchObject({ kind: 'paynow_qr' });
    expect(nextAction?.kind === 'paynow_qr' && nextAction.payload).toContain(payment.publicId.slice(-25));
    // The checkout page reloaded: the same QR.
    expect(await charges.nextAction((await charges.byPublicId(payment.publicId))!)).toEqual(nextAction);
    await expect(charges.walletApprove(payment.publicId)).rejects.toMatchObject({ code: 'PAYMENT_NO_PENDING_ACTION' });
    const { payment: done } = await charges.simulateQrScan(payment.publicId);
    expect(done).toMatchObject({ status: 'succeeded', method: 'paynow', fee: 18, net: 19_82 });
    expect(await charges.nextAction(done)).toBeNull();
  });

  it('sends e-wallet payments to approval: approve succeeds, cancel fails (wallet_cancelled)', async () => {
    const approved = await start(30_00);
    expect((await charges.confirm(approved.publicId, { method: 'ewallet' })).nextAction).toEqual({ kind: 'ewallet_redirect' });
    expect((await charges.walletApprove(approved.publicId)).payment).toMatchObject({ status: 'succeeded', fee: 75 });
    const cancelled = await start(30_00);
    await charges.confirm(cancelled.publicId, { method: 'ewallet' });
    expect((await charges.walletCancel(cancelled.publicId)).payment).toMatchObject({ status: 'failed', failureCode: 'wallet_cancelled' });
  });
});

describe('methods and limits', () => {
  it("refuses an amount outside the method's limits before any charge", async () => {
    const big = await start(5_000_01);
    await expect(charges.confirm(big.publicId, { method: 'ewallet' })).rejects.toMatchObject({
      code: 'PAYMENT_AMOUNT_OUTSIDE_LIMITS',
      issues: [{ path: 'amount' }],
    });
    const small = await start(49);
    await expect(charges.confirm(small.publicId, card())).rejects.toMatchObject({ code: 'PAYMENT_AMOUNT_OUTSIDE_LIMITS' });
    // The fee passed on counts: 0.49 + fee is over the card minimum.
    expect((await charges.confirm(small.publicId, card(), { passFeeToCustomer: true })).payment.status).toBe('succeeded');
    expect(await eventTypes(big.id)).toEqual(['created']);
    expect((await charges.confirm(big.publicId, card())).payment.status).toBe('succeeded');
  });

  it('refuses a method the provider does not offer in the currency, or the business turned off', async () => {
    const usd = await start(10_00, { currency: 'usd' });
    await expect(charges.confirm(usd.publicId, { method: 'paynow' })).rejects.toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    await t.database.db.insert(paymentMethodSettings).values({ businessId, method: 'ewallet', enabled: false, position: 2 });
    const off = await start(10_00);
    await expect(charges.confirm(off.publicId, { method: 'ewallet' })).rejects.toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    await t.database.db.delete(paymentMethodSettings).where(eq(paymentMethodSettings.businessId, businessId));
    expect((await charges.confirm(off.publicId, { method: 'ewallet' })).payment.status).toBe('requires_action');
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, never more than is left, with a refund row, an event, the ledger and an audit entry', async () => {
    const payment = await paid(100_00);
    const before = await balance();
    const first = await charges.refund(owner, payment.id, { amount: 40_00, reason: 'requested_by_customer', note: 'Broken cup' });
    expect(first.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 40_00 });
    expect(first.refund).toMatchObject({ amount: 40_00, currency: 'sgd', reason: 'requested_by_customer', note: 'Broken cup', createdByUserId: owner.user.id });
    await expect(charges.refund(owner, payment.id, { amount: 60_01, reason: 'other' })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_REMAINING',
      issues: [{ path: 'amount', message: 'At most SGD 60.00 is left to refund.' }],
    });
    const rest = await charges.refund(owner, payment.id, { amount: 60_00, reason: 'duplicate' });
    expect(rest.payment).toMatchObject({ status: 'refunded', refundedAmount: 100_00 });
    await expect(charges.refund(owner, payment.id, { amount: 1, reason: 'other' })).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    // Refunds come out of the available balance; the fee is not returned.
    expect(await balance()).toMatchObject({ pending: before.pending, available: before.available - 100_00 });
    expect((await charges.refunds(businessId, payment.id)).map((r) => r.amount)).toEqual([40_00, 60_00]);
    const events = await charges.events(businessId, payment.id);
    expect(events.filter((e) => e.type === 'refunded').map((e) => [e.data.amount, e.actorUserId])).toEqual([
      [40_00, owner.user.id],
      [60_00, owner.user.id],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.refunded'), eq(auditLogs.objectId, payment.id)));
    expect(audit.map((a) => [a.description, a.actorUserId, a.businessId])).toEqual([
      ['Refunded SGD 40.00 of the payment from Casey Customer', owner.user.id, businessId],
      ['Refunded SGD 60.00 of the payment from Casey Customer', owner.user.id, businessId],
    ]);
    // The entry names the payment as a person would; its link (the object) gives the id.
    expect(audit.every((a) => !a.description.includes(payment.publicId))).toBe(true);
  });

  it('refunds only succeeded payments of the business, and only for who holds payments:refund', async () => {
    const failed = await start();
    await charges.confirm(failed.publicId, card('4000000000000002'));
    await expect(charges.refund(owner, failed.id, { amount: 1_00, reason: 'other' })).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED', status: 409 });
    await expect(charges.refund(owner, (await start()).id, { amount: 1_00, reason: 'other' })).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    const payment = await paid();
    await expect(charges.refund(cashier, payment.id, { amount: 1_00, reason: 'other' })).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    await expect(
      charges.refund({ ...owner, business: { row: { id: businessId }, role: null } }, payment.id, { amount: 1_00, reason: 'other' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const stranger = { ...owner, business: { row: { id: otherBusinessId }, role: 'owner' as const } };
    await expect(charges.refund(stranger, payment.id, { amount: 1_00, reason: 'other' })).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    expect((await charges.byId(businessId, payment.id))?.refundedAmount).toBe(0);
  });

  it('lets exactly one of many identical refunds fired at once through; the total never exceeds the charge', async () => {
    const payment = await paid(100_00);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => charges.refund(owner, payment.id, { amount: 60_00, reason: 'duplicate' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code: string }).code);
    expect(refused).toEqual(Array(7).fill('REFUND_EXCEEDS_REMAINING'));
    const parts = await Promise.allSettled(Array.from({ length: 6 }, () => charges.refund(owner, payment.id, { amount: 15_00, reason: 'other' })));
    expect(parts.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await charges.byId(businessId, payment.id)).toMatchObject({ refundedAmount: 90_00, status: 'partially_refunded' });
    expect((await charges.refunds(businessId, payment.id)).reduce((sum, r) => sum + r.amount, 0)).toBe(90_00);
  });
});

describe('a single-use source', () => {
  it('is charged exactly once when many customers pay it at once; later payments are refused', async () => {
    const linkId = await createTestLink(ownerAgent, businessId, { amount: 25_00, singleUse: true });
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => charges.start({ businessId, source: { type: 'payment_link', id: linkId }, amount: 25_00, currency: 'sgd' })),
    );
    const results = await Promise.allSettled(attempts.map((p) => charges.confirm(p.publicId, card())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code: string }).code)).toEqual(Array(5).fill('PAYMENT_SOURCE_UNAVAILABLE'));
    const succeeded = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.sourceId, linkId), eq(payments.status, 'succeeded')));
    expect(succeeded).toHaveLength(1);
    const [link] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
    expect(link?.status).toBe('completed');
    await expect(charges.start({ businessId, source: { type: 'payment_link', id: linkId }, amount: 25_00, currency: 'sgd' })).rejects.toMatchObject({
      code: 'PAYMENT_SOURCE_UNAVAILABLE',
      message: 'This payment link has been paid already.',
    });
  });

  it('refuses to complete a challenge once another payment took the link', async () => {
    const linkId = await createTestLink(ownerAgent, businessId, { amount: 25_00, singleUse: true });
    const source = { type: 'payment_link' as const, id: linkId };
    const slow = await charges.start({ businessId, source, amount: 25_00, currency: 'sgd' });
    const fast = await charges.start({ businessId, source, amount: 25_00, currency: 'sgd' });
    await charges.confirm(slow.publicId, card('4000000000003220'));
    await charges.confirm(fast.publicId, card());
    await expect(charges.approveChallenge(slow.publicId)).rejects.toMatchObject({ code: 'PAYMENT_SOURCE_UNAVAILABLE' });
    expect((await charges.byPublicId(slow.publicId))?.status).toBe('requires_action');
    expect((await charges.failChallenge(slow.publicId)).payment.status).toBe('failed');
  });

  it('takes many payments when reusable', async () => {
    const linkId = await createTestLink(ownerAgent, businessId, { amount: 5_00, singleUse: false });
    const attempts = await Promise.all(
      Array.from({ length: 3 }, () => charges.start({ businessId, source: { type: 'payment_link', id: linkId }, amount: 5_00, currency: 'sgd' })),
    );
    const results = await Promise.all(attempts.map((p) => charges.confirm(p.publicId, card())));
    expect(results.map((r) => r.payment.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});

describe('settlement', () => {
  it('moves the net from pending to available once available_on has passed, exactly once, after the business delay', async () => {
    // Everything paid so far (two days' delay) settles first.
    t.clock.advance(3 * DAY_MS);
    await charges.settleDue();
    await t.database.db.insert(checkoutSettings).values({ businessId, settlementDelayDays: 5 });
    const payment = await paid(50_00);
    // Five business days after a Wednesday: the next Wednesday's midnight in the business's zone (UTC).
    expect(t.clock.now().toISOString()).toBe('2026-11-04T09:00:00.000Z');
    expect(payment.availableOn).toEqual(new Date('2026-11-11T00:00:00Z'));
    const before = await balance();
    t.clock.set(new Date(payment.availableOn!.getTime() - 1));
    expect(await charges.settleDue()).toBe(0);
    t.clock.advance(1);
    const [first, second] = await Promise.all([charges.settleDue(), charges.settleDue()]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    expect(await charges.settleDue()).toBe(0);
    expect(await balance()).toEqual({ ...before, pending: before.pending - payment.net, available: before.available + payment.net });
    const settled = await charges.byId(businessId, payment.id);
    expect(settled?.settledAt).toEqual(t.clock.now());
    expect((await eventTypes(payment.id)).filter((e) => e === 'settled')).toHaveLength(1);
    await t.database.db.delete(checkoutSettings).where(eq(checkoutSettings.businessId, businessId));
  });
});

describe('the books', () => {
  it('always balance, and never refund more than was paid, over random pays, refunds and settlements', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        amount: fc.integer({ min: 50, max: 50_000_00 }),
        method: fc.constantFrom('card' as const, 'paynow' as const),
      }),
      fc.record({ kind: fc.constant('refund' as const), index: fc.nat(20), amount: fc.integer({ min: 1, max: 60_000_00 }) }),
      fc.record({ kind: fc.constant('settle' as const), days: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const shop = await createTestBusiness(t, owner.user.id);
        const shopOwner = { ...owner, business: { row: { id: shop }, role: 'owner' as const } };
        const made: { id: string; amount: number; net: number; refunded: number; settled: boolean }[] = [];
        for (const step of ops) {
          if (step.kind === 'pay') {
            const payment = await start(step.amount, { business: shop });
            const first = await charges.confirm(payment.publicId, step.method === 'card' ? card() : { method: 'paynow' });
            const done = first.payment.status === 'requires_action' ? (await charges.simulateQrScan(payment.publicId)).payment : first.payment;
            made.push({ id: done.id, amount: done.amount, net: done.net, refunded: 0, settled: false });
          } else if (step.kind === 'refund' && made.length > 0) {
            const target = made[step.index % made.length]!;
            const left = target.amount - target.refunded;
            const attempt = charges.refund(shopOwner, target.id, { amount: step.amount, reason: 'other' });
            if (step.amount <= left) {
              await attempt;
              target.refunded += step.amount;
            } else {
              await expect(attempt).rejects.toMatchObject({ code: left === 0 ? 'REFUND_NOT_ALLOWED' : 'REFUND_EXCEEDS_REMAINING' });
            }
          } else if (step.kind === 'settle') {
            t.clock.advance(step.days * DAY_MS);
            await charges.settleDue();
            for (const p of made) {
              const row = await charges.byId(shop, p.id);
              p.settled = row!.settledAt !== null;
            }
          }
        }
        const pending = made.filter((p) => !p.settled).reduce((s, p) => s + p.net, 0);
        const settledNet = made.filter((p) => p.settled).reduce((s, p) => s + p.net, 0);
        const refunded = made.reduce((s, p) => s + p.refunded, 0);
        expect(await balance('sgd', shop)).toMatchObject({ pending, available: settledNet - refunded });
        for (const p of made) {
          const row = await charges.byId(shop, p.id);
          expect(row).toMatchObject({
            refundedAmount: p.refunded,
            status: p.refunded === 0 ? 'succeeded' : p.refunded === p.amount ? 'refunded' : 'partially_refunded',
          });
        }
        expect(await unbalancedCurrencies()).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
