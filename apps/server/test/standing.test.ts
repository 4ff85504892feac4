import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_TAKE_PAYMENTS, endpointPath, hostOfKind } from '@merchant/core';
import { verificationAdminEndpoints } from '@merchant/business';
import {
  bankAccountEndpoints,
  checkoutEndpoints,
  invoiceEndpoints,
  invoicePageEndpoints,
  paymentLinkEndpoints,
  payoutEndpoints,
  planEndpoints,
  staticQrEndpoints,
  subscriptionSetupEndpoints,
  transactionEndpoints,
  transferEndpoints,
} from '@merchant/payments';
import { ledgerEntries, payments, payouts, subscriptionCharges } from '../src/db/schema';
import {
  addBankAccount,
  addBeneficiary,
  availableMoney,
  createBusiness,
  createCustomer,
  createInvoice,
  createSuperAdmin,
  createLink,
  localSgAccount,
  saveCard,
  signInAgain,
  subscribe,
  type FactoryBusiness,
  type Person,
} from './factories';
import { Agent, createTestContext, failure, type TestContext } from './harness';

/**
 * Who may take money (docs/security.md, "Standing"): a blocked business takes no payment on any surface and
 * starts no payout, transfer or bank change, yet its people sign in, read and export; unblocking restores it.
 * A business not yet verified takes payments but pays nothing out. A partner business uses no payments.
 */
let t: TestContext;
let superAdmin: Person;
let checkoutHost: string;
let invoiceHost: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestContext();
  superAdmin = await createSuperAdmin(t);
  checkoutHost = hostOfKind('checkout', t.config.baseDomain);
  invoiceHost = hostOfKind('invoice', t.config.baseDomain);
});
afterAll(() => t.close());

const card = (number = '4242424242424242') => ({ method: 'card' as const, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
const at = (b: { id: string }) => ({ params: { business_id: b.id } });

const viewLink = (publicId: string) => new Agent(t.app).ok(checkoutEndpoints.get, { params: { kind: 'link', public_id: publicId } }, { host: checkoutHost });
const startLink = (publicId: string, customer = new Agent(t.app)) =>
  customer.call(
    checkoutEndpoints.start,
    { params: { kind: 'link', public_id: publicId }, body: { email: 'casey@example.com' } },
    { host: checkoutHost, idempotencyKey: randomUUID() },
  );
const confirm = (publicId: string, customer = new Agent(t.app)) =>
  customer.call(checkoutEndpoints.confirm, { params: { public_id: publicId }, body: card() }, { host: checkoutHost, idempotencyKey: randomUUID() });

/** The super admin signs in afresh for each decision: the tests move the clock past a session's idle time. */
async function block(b: { id: string }) {
  await (
    await signInAgain(t, superAdmin)
  ).ok(verificationAdminEndpoints.block, { params: { business_id: b.id }, body: { reason: 'Card testing seen on its links' } });
}
async function unblock(b: { id: string }) {
  return (await signInAgain(t, superAdmin)).ok(verificationAdminEndpoints.unblock, { params: { business_id: b.id } });
}

async function paymentsOf(businessId: string) {
  return db().select({ status: payments.status }).from(payments).where(eq(payments.businessId, businessId));
}
async function ledgerTotal(businessId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId));
  return row!.n;
}

describe('a blocked business', () => {
  let b: FactoryBusiness<'owner'>;
  let link: string;
  let startedBefore: string;
  let invoice: { id: string; public_id: string };

  beforeAll(async () => {
    b = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const owner = b.people.owner.agent;
    await addBankAccount(t, b, b.people.owner);
    await availableMoney(t, b.id, 90_00);
    link = await createLink(t, b, { singleUse: false });
    const started = await startLink(link);
    if (!started.ok) throw new Error('the payment did not start');
    startedBefore = started.body.public_id;
    const customerId = (await createCustomer(owner, b.id)).id;
    const draft = await createInvoice(owner, b.id, customerId, { currency: 'sgd' });
    invoice = await owner.ok(invoiceEndpoints.send, { params: { business_id: b.id, invoice_id: draft.id } });
    await block(b);
  });

  it('charges nothing on its links: the customer is told it cannot take payments, before and after a payment started', async () => {
    const ledgerBefore = await ledgerTotal(b.id);
    expect(await viewLink(link)).toMatchObject({ unavailable: CANNOT_TAKE_PAYMENTS });
    const start = await startLink(link);
    expect([start.status, failure(start).code, failure(start).message]).toEqual([403, 'BUSINESS_CANNOT_TAKE_PAYMENTS', CANNOT_TAKE_PAYMENTS]);
    const late = await confirm(startedBefore);
    expect([late.status, failure(late).code]).toEqual([403, 'BUSINESS_CANNOT_TAKE_PAYMENTS']);
    expect((await paymentsOf(b.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await ledgerTotal(b.id)).toBe(ledgerBefore);
  });

  it('offers no payment of its invoices on the invoice host', async () => {
    const page = await new Agent(t.app).ok(invoicePageEndpoints.get, { params: { business_id: b.id, invoice: invoice.public_id } }, { host: invoiceHost });
    expect(page).toMatchObject({ payable: null, unavailable: CANNOT_TAKE_PAYMENTS, amount_due: expect.any(Number) });
    const pay = await new Agent(t.app).call(
      invoicePageEndpoints.pay,
      { params: { business_id: b.id, invoice: invoice.public_id }, body: {} },
      { host: invoiceHost, idempotencyKey: randomUUID() },
    );
    expect([pay.status, failure(pay).code]).toEqual([403, 'BUSINESS_CANNOT_TAKE_PAYMENTS']);
  });

  it('makes no new link, QR code, plan, invoice, refund, payout, bank change or payout schedule', async () => {
    const owner = b.people.owner.agent;
    const refusals = [
      await owner.call(paymentLinkEndpoints.create, { ...at(b), body: { purpose: 'Beans', amount: 10_00, currency: 'sgd' } as never }),
      await owner.call(staticQrEndpoints.create, { ...at(b), body: { name: 'Till', currency: 'sgd' } as never }),
      await owner.call(planEndpoints.create, { ...at(b), body: { name: 'Monthly beans' } as never }),
      await owner.call(invoiceEndpoints.send, { params: { business_id: b.id, invoice_id: invoice.id } }),
      await owner.call(payoutEndpoints.create, { ...at(b), body: { currency: 'sgd' } }),
      await owner.call(payoutEndpoints.saveSettings, { ...at(b), body: { schedule: 'daily', minimum_amount: 0 } }),
      await owner.call(bankAccountEndpoints.create, { ...at(b), body: { ...localSgAccount(), password: b.people.owner.password } }),
    ];
    for (const refused of refusals) expect([refused.status, failure(refused).code]).toEqual([403, 'BUSINESS_BLOCKED']);
    const [payment] = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.businessId, b.id), eq(payments.status, 'succeeded')));
    const refund = await owner.call(
      transactionEndpoints.refund,
      { params: { business_id: b.id, payment_id: payment!.id }, body: { amount: 1_00, reason: 'requested_by_customer' } },
      { idempotencyKey: randomUUID() },
    );
    expect([refund.status, failure(refund).code]).toEqual([403, 'BUSINESS_BLOCKED']);
    expect(await db().select().from(payouts).where(eq(payouts.businessId, b.id))).toHaveLength(0);
  });

  it('still lets its people sign in, read and export', async () => {
    const owner = b.people.owner.agent;
    const list = await owner.ok(transactionEndpoints.list, { ...at(b), query: {} });
    expect(list.data.length).toBeGreaterThan(0);
    const exported = await owner.request('GET', endpointPath(transactionEndpoints.export, at(b)));
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect((await owner.ok(payoutEndpoints.list, { ...at(b), query: {} })).data).toEqual([]);
  });

  it('takes payments, pays out and changes banks again once unblocked, as before (it had been verified)', async () => {
    const review = await unblock(b);
    expect(review.business.onboarding_status).toBe('completed');
    expect(await viewLink(link)).toMatchObject({ unavailable: null });
    const started = await startLink(link);
    if (!started.ok) throw new Error(`start answered ${started.status}`);
    expect(await confirm(started.body.public_id)).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    const owner = b.people.owner.agent;
    expect((await owner.call(payoutEndpoints.create, { ...at(b), body: { currency: 'sgd' } })).status).toBe(201);
    expect((await addBankAccount(t, b, b.people.owner, localSgAccount({ account_number: '5550001111' }))).id).toEqual(expect.any(String));
  });
});

describe('schedules of a blocked business', () => {
  it('charge no subscription and pay nothing out until it is unblocked', async () => {
    t.clock.set(new Date('2026-11-02T09:00:00Z'));
    const b = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const owner = b.people.owner.agent;
    await addBankAccount(t, b, b.people.owner);
    await owner.ok(payoutEndpoints.saveSettings, { ...at(b), body: { schedule: 'daily', minimum_amount: 0 } });
    const customer = await createCustomer(owner, b.id);
    const { subscription, setupId } = await subscribe(t, owner, b.id, { customer_id: customer.id, name: 'Beans monthly', amount: 25_00, interval: 'monthly' });
    expect((await saveCard(t, setupId)).status).toBe(200);
    await availableMoney(t, b.id, 40_00);
    await block(b);

    // A month on: the subscription is due and money is available, but nothing moves.
    t.clock.set(new Date('2026-12-03T09:00:00Z'));
    await t.app.jobs.runDue({ ignoreDelays: true });
    const charges = () => db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(await charges()).toHaveLength(1);
    expect(await db().select().from(payouts).where(eq(payouts.businessId, b.id))).toHaveLength(0);

    await unblock(b);
    t.clock.set(new Date('2026-12-03T10:00:00Z'));
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(await charges()).toHaveLength(2);
    expect(await db().select().from(payouts).where(eq(payouts.businessId, b.id))).toHaveLength(1);
  });

  it("refuse the customer's card on a subscription's set-up page", async () => {
    const b = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const owner = b.people.owner.agent;
    const customer = await createCustomer(owner, b.id);
    const { setupId } = await subscribe(t, owner, b.id, { customer_id: customer.id, name: 'Beans weekly', amount: 9_00, interval: 'weekly' });
    await block(b);
    const page = await new Agent(t.app).ok(subscriptionSetupEndpoints.get, { params: { public_id: setupId } }, { host: checkoutHost });
    expect(page.unavailable).toBe(CANNOT_TAKE_PAYMENTS);
    const saved = await saveCard(t, setupId);
    expect([saved.status, failure(saved).message]).toEqual([409, CANNOT_TAKE_PAYMENTS]);
  });
});

describe('a business that is not verified yet', () => {
  it('takes payments but pays out and transfers nothing until it is verified', async () => {
    const b = await createBusiness(t, { currency: 'sgd', country: 'sg', onboarding: 'pending_verification', flags: { features: { send_money: true } } });
    const owner = b.people.owner.agent;
    // A bank account may be added before verification (the money waits for it).
    await addBankAccount(t, b, b.people.owner);
    const link = await createLink(t, b);
    const started = await startLink(link);
    if (!started.ok) throw new Error(`start answered ${started.status}`);
    expect(await confirm(started.body.public_id)).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    await availableMoney(t, b.id, 50_00);

    const payout = await owner.call(payoutEndpoints.create, { ...at(b), body: { currency: 'sgd' } });
    expect([payout.status, failure(payout).code]).toEqual([403, 'BUSINESS_NOT_VERIFIED']);
    const beneficiary = await addBeneficiary(b.id, b.people.owner);
    const transfer = await owner.call(
      transferEndpoints.create,
      { ...at(b), body: { beneficiary_id: beneficiary.id, amount: 10_00 } },
      { idempotencyKey: randomUUID() },
    );
    expect([transfer.status, failure(transfer).code]).toEqual([403, 'BUSINESS_NOT_VERIFIED']);
    await owner.ok(payoutEndpoints.saveSettings, { ...at(b), body: { schedule: 'daily', minimum_amount: 0 } });
    t.clock.set(new Date(t.clock.now().getTime() + 2 * 86_400_000));
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(await db().select().from(payouts).where(eq(payouts.businessId, b.id))).toHaveLength(0);
  });

  it('waits for verification again when unblocked, where the block stopped it', async () => {
    const b = await createBusiness(t, { onboarding: 'pending_verification' });
    await block(b);
    const review = await unblock(b);
    expect(review.business.onboarding_status).toBe('pending_verification');
    expect(review.history.map((e) => e.kind)).toEqual(expect.arrayContaining(['blocked', 'unblocked']));
    const again = await (await signInAgain(t, superAdmin)).call(verificationAdminEndpoints.unblock, { params: { business_id: b.id } });
    expect([again.status, failure(again).code]).toEqual([409, 'VERIFICATION_NOT_BLOCKED']);
  });
});

describe('a partner business', () => {
  it('creates no link, QR code or plan, and a link it holds takes no payment', async () => {
    const p = await createBusiness(t, { kind: 'partner' });
    const owner = p.people.owner.agent;
    const refusals = [
      await owner.call(paymentLinkEndpoints.create, { ...at(p), body: { purpose: 'Beans', amount: 10_00, currency: 'sgd' } as never }),
      await owner.call(staticQrEndpoints.create, { ...at(p), body: { name: 'Till', currency: 'sgd' } as never }),
      await owner.call(planEndpoints.create, { ...at(p), body: { name: 'Monthly' } as never }),
      await owner.call(transactionEndpoints.list, { ...at(p), query: {} }),
    ];
    for (const refused of refusals) expect([refused.status, failure(refused).code]).toEqual([403, 'BUSINESS_IS_PARTNER']);
    const link = await createLink(t, p);
    expect(await viewLink(link)).toMatchObject({ unavailable: CANNOT_TAKE_PAYMENTS });
    const start = await startLink(link);
    expect([start.status, failure(start).code]).toEqual([403, 'BUSINESS_CANNOT_TAKE_PAYMENTS']);
    expect(await paymentsOf(p.id)).toEqual([]);
  });
});
