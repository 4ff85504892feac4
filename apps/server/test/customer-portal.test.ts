import { businessEndpoints } from '@merchant/business';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, hostOfKind, originOfKind } from '@merchant/core';
import { auditLogs } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import { customerPortalEndpoints, subscriptionEndpoints, subscriptionSetupEndpoints, type PortalParams } from '@merchant/payments';
import { NEW_LINK_LIMITS } from '../src/modules/payments/customer-portal/customer-portal.service';
import { createBusiness, createCustomer, portalTokenOf, signInAgain, type Person } from './factories';
import { makePayment } from './factories/payments';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';

/**
 * The customer portal (docs/payments.md, "Customer portal"): signed links that expire, name one customer of one
 * business and open nothing else; the portal's receipts; the dashboard's "Email portal link".
 */
let t: TestContext;
let owner: Agent;
let ownerPerson: Person;
let otherOwnerPerson: Person;
let businessId: string;
let otherBusinessId: string;
let otherOwner: Agent;
let invoiceHost: string;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext();
  invoiceHost = hostOfKind('invoice', t.config.baseDomain);
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  ownerPerson = business.people.owner;
  owner = ownerPerson.agent;
  const other = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  otherBusinessId = other.id;
  otherOwnerPerson = other.people.owner;
  otherOwner = otherOwnerPerson.agent;
});
afterAll(() => t.close());

const open = (params: PortalParams, agent = new Agent(t.app)) => agent.call(customerPortalEndpoints.get, { params }, { host: invoiceHost });
const askNewLink = (params: PortalParams, agent = new Agent(t.app)) => agent.call(customerPortalEndpoints.requestLink, { params }, { host: invoiceHost });

/** A customer with an email, and a succeeded payment of theirs (paid with that email, so the payment is theirs). */
async function customerWithPayment(business = businessId, agent = owner, amount = 12_34) {
  const customer = await createCustomer(agent, business);
  const payment = await makePayment(t, business, { amount, customer: { email: customer.email! } });
  return { customer, payment };
}

describe('signed portal links', () => {
  it("open the customer's portal on the invoice host with their receipts, and nothing of other customers", async () => {
    const { customer, payment } = await customerWithPayment();
    const someoneElse = await customerWithPayment(businessId, owner, 99_00);
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    const page = await owner.ok(customerPortalEndpoints.get, { params: { business_id: businessId, token } }, { host: invoiceHost });
    expect(page.customer).toEqual({ name: customer.name, email: customer.email });
    expect(page.business.name).toBeTruthy();
    // The portal writes its times on the business's clock and says so; it is in test mode.
    const { time_zone: zone } = await owner.ok(businessEndpoints.get, { params: { business_id: businessId } });
    expect([page.time_zone, page.test_mode]).toEqual([zone, true]);
    expect(page.receipts).toHaveLength(1);
    expect(page.receipts[0]).toMatchObject({ amount: { amount: 12_34, currency: 'sgd' }, status: 'succeeded', method: 'card' });
    expect(page.receipts[0]!.card?.last4).toBe('4242');
    expect(page.receipts[0]!.receipt_url).toBe(`${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}/r/${payment.publicId}`);
    expect(JSON.stringify(page)).not.toContain(someoneElse.payment.publicId);
    expect(new Date(page.expires_at).getTime()).toBe(t.clock.now().getTime() + 7 * DAY - (t.clock.now().getTime() % 1000));
  });

  it('answer 404 on the app host (the portal lives on the invoice host only)', async () => {
    const { customer } = await customerWithPayment();
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    const answer = await new Agent(t.app).call(customerPortalEndpoints.get, { params: { business_id: businessId, token } });
    expect(answer.status).toBe(404);
  });

  it('refuse a tampered link as not valid: another customer, another expiry, another signature', async () => {
    const { customer } = await customerWithPayment();
    const { customer: other } = await customerWithPayment();
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    const [, expires, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${other.id}.${expires}.${signature}`,
      `${customer.id}.${Number(expires) + 7 * 86_400}.${signature}`,
      `${customer.id}.${expires}.${signature.slice(0, -2)}AA`,
      `${customer.id}.${expires}`,
      `${customer.id}..${signature}`,
    ];
    for (const bad of forged) {
      const answer = await open({ business_id: businessId, token: bad });
      expect(answer.status, bad).toBe(404);
      expect(failure(answer).code).toBe('PORTAL_LINK_INVALID');
      // Nor does a forged link get a new one mailed.
      expect(failure(await askNewLink({ business_id: businessId, token: bad })).code).toBe('PORTAL_LINK_INVALID');
    }
  });

  it("never opens another business: the token under another business's id is not valid", async () => {
    const { customer } = await customerWithPayment();
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    const answer = await open({ business_id: otherBusinessId, token });
    expect(failure(answer)).toMatchObject({ code: 'PORTAL_LINK_INVALID' });
    // Another business's customer, under this business's id, with a link signed for that business: not valid either.
    const theirs = await customerWithPayment(otherBusinessId, otherOwner);
    const theirToken = await portalTokenOf(t, otherOwner, otherBusinessId, theirs.customer.id);
    expect(failure(await open({ business_id: businessId, token: theirToken })).code).toBe('PORTAL_LINK_INVALID');
    expect((await open({ business_id: otherBusinessId, token: theirToken })).ok).toBe(true);
  });

  it('expire after 7 days with 410; an expired link asks for a new one, mailed to the email on file only', async () => {
    const { customer } = await customerWithPayment();
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    t.clock.advance(7 * DAY - 60_000);
    expect((await open({ business_id: businessId, token })).ok).toBe(true);
    t.clock.advance(2 * 60_000);
    const expired = await open({ business_id: businessId, token });
    expect(expired.status).toBe(410);
    expect(failure(expired).code).toBe('PORTAL_LINK_EXPIRED');

    const before = (await mailbox(t.app)).filter((m) => m.to === customer.email).length;
    const asked = await askNewLink({ business_id: businessId, token });
    expect(asked.ok).toBe(true);
    const mails = (await mailbox(t.app)).filter((m) => m.to === customer.email);
    expect(mails).toHaveLength(before + 1);
    const fresh = mails[0]!.text.match(new RegExp(`/${businessId}/portal/([A-Za-z0-9._-]+)`))?.[1];
    expect(fresh).toBeDefined();
    expect((await open({ business_id: businessId, token: fresh! })).ok).toBe(true);
    // A week of the test clock ended the staff sessions: the next tests sign in again.
    owner = await signInAgain(t, ownerPerson);
    otherOwner = await signInAgain(t, otherOwnerPerson);
  });

  it('limits requests for a new link per customer', async () => {
    const { customer } = await customerWithPayment();
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    for (let i = 0; i < NEW_LINK_LIMITS.perLink.max; i++) expect((await askNewLink({ business_id: businessId, token })).ok).toBe(true);
    const refused = await askNewLink({ business_id: businessId, token });
    expect(refused.status).toBe(429);
    expect(failure(refused).code).toBe('RATE_LIMITED');
  });

  it('refuses malformed links with 422 and changes nothing', async () => {
    for (const token of ['has space', 'a!b', 'x'.repeat(99) + '$']) {
      const url = buildPath(customerPortalEndpoints.get.path, { business_id: businessId, token });
      const res = await t.app.inject({ method: 'GET', url, headers: { host: invoiceHost } });
      expect(res.statusCode, token).toBe(422);
    }
    const url = buildPath(customerPortalEndpoints.get.path, { business_id: 'not-a-uuid', token: 'abc' });
    const res = await t.app.inject({ method: 'GET', url, headers: { host: invoiceHost } });
    expect(res.statusCode).toBe(422);
  });
});

describe('"Email portal link" on the dashboard', () => {
  it('mails the link, answers where it went and records who sent it', async () => {
    const { customer } = await customerWithPayment();
    const sent = await owner.ok(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: customer.id } });
    expect(sent.sent_to).toBe(customer.email);
    const [mail] = (await mailbox(t.app)).filter((m) => m.to === customer.email);
    expect(mail!.text).toContain(`${originOfKind(t.config.publicUrl, 'invoice', t.config.baseDomain)}/${businessId}/portal/`);
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, customer.id));
    expect(entries.map((e) => e.action)).toContain('customer.portal_link_sent');
  });

  it('refuses a customer without email (422) and another business (404)', async () => {
    const noEmail = await createCustomer(owner, businessId, { email: null });
    const refused = await owner.call(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: noEmail.id } });
    expect(failure(refused)).toMatchObject({ code: 'CUSTOMER_NO_EMAIL' });
    const { customer } = await customerWithPayment();
    const stranger = await otherOwner.call(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: customer.id } });
    expect(stranger.status).toBe(404);
    const crossed = await otherOwner.call(customerPortalEndpoints.emailLink, { params: { business_id: otherBusinessId, customer_id: customer.id } });
    expect(failure(crossed).code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('needs a signed-in member', async () => {
    const { customer } = await customerWithPayment();
    const guest = await new Agent(t.app).call(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: customer.id } });
    expect([401, 419]).toContain(guest.status);
  });
});

describe("the portal's subscriptions", () => {
  /** A customer with a monthly subscription paid by the success card, and their portal link. */
  async function subscribed() {
    const customer = await createCustomer(owner, businessId);
    const sub = await owner.ok(subscriptionEndpoints.create, {
      params: { business_id: businessId },
      body: { customer_id: customer.id, name: 'Flowers monthly', amount: 45_00, currency: 'sgd', interval: 'monthly' },
    });
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    return { customer, sub, portal: { business_id: businessId, token } };
  }
  const on = (portal: PortalParams, subscriptionId: string) => ({ params: { ...portal, subscription_id: subscriptionId } });

  it('lists them with status, next charge and method, and Update card opens the setup page on the checkout host', async () => {
    const { sub, portal } = await subscribed();
    const page = await new Agent(t.app).ok(customerPortalEndpoints.get, { params: portal }, { host: invoiceHost });
    expect(page.subscriptions).toEqual([
      expect.objectContaining({
        id: sub.id,
        name: 'Flowers monthly',
        status: 'pending',
        method: null,
        can_update_method: true,
        can_cancel_at_period_end: false,
      }),
    ]);
    const update = await new Agent(t.app).ok(customerPortalEndpoints.updateMethod, { ...on(portal, sub.id), body: {} }, { host: invoiceHost });
    expect(update.url).toMatch(new RegExp(`^${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}/s/`));
  });

  it("reach nothing of another customer's subscription", async () => {
    const mine = await subscribed();
    const theirs = await subscribed();
    const cancel = await new Agent(t.app).call(customerPortalEndpoints.cancelAtPeriodEnd, on(mine.portal, theirs.sub.id), { host: invoiceHost });
    expect(failure(cancel).code).toBe('SUBSCRIPTION_NOT_FOUND');
    const update = await new Agent(t.app).call(customerPortalEndpoints.updateMethod, { ...on(mine.portal, theirs.sub.id), body: {} }, { host: invoiceHost });
    expect(failure(update).code).toBe('SUBSCRIPTION_NOT_FOUND');
    const page = await new Agent(t.app).ok(customerPortalEndpoints.get, { params: mine.portal }, { host: invoiceHost });
    expect(page.subscriptions.map((s) => s.id)).toEqual([mine.sub.id]);
    const detail = await owner.ok(subscriptionEndpoints.get, { params: { business_id: businessId, subscription_id: theirs.sub.id } });
    expect(detail.cancel_at_period_end).toBe(false);
  });

  it('cancel at period end an active subscription, once; a pending one is refused and changes nothing', async () => {
    const { sub, portal } = await subscribed();
    const early = await new Agent(t.app).call(customerPortalEndpoints.cancelAtPeriodEnd, on(portal, sub.id), { host: invoiceHost });
    expect(failure(early).code).toBe('SUBSCRIPTION_ACTION_NOT_ALLOWED');
    // The customer saves the success card on the setup page: the first period is charged and it is active.
    const update = await new Agent(t.app).ok(customerPortalEndpoints.updateMethod, { ...on(portal, sub.id), body: {} }, { host: invoiceHost });
    const setupId = new URL(update.url).pathname.split('/').pop()!;
    await new Agent(t.app).ok(
      subscriptionSetupEndpoints.saveCard,
      { params: { public_id: setupId }, body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
      { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: crypto.randomUUID() },
    );
    const cancelled = await new Agent(t.app).ok(customerPortalEndpoints.cancelAtPeriodEnd, on(portal, sub.id), { host: invoiceHost });
    expect(cancelled).toMatchObject({ status: 'active', cancel_at_period_end: true, can_cancel_at_period_end: false });
    expect(cancelled.method).toMatchObject({ kind: 'card', last4: '4242' });
    const detail = await owner.ok(subscriptionEndpoints.get, { params: { business_id: businessId, subscription_id: sub.id } });
    expect(detail.cancel_at_period_end).toBe(true);
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, sub.id));
    expect(entries.map((e) => e.action)).toContain('subscription.cancel_scheduled');
  });
});
