import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind, originOfKind } from '@merchant/core';
import { customerPortalEndpoints, directDebitEndpoints, subscriptionEndpoints, type PortalParams } from '@merchant/payments';
import { auditLogs, directDebitMandates } from '../src/db/schema';
import { createBusiness, createCustomer, portalTokenOf } from './factories';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';

/**
 * Test-mode direct debit (docs/payments.md, "Direct debit"): a mandate started from the customer portal, the
 * account given on the checkout host, the test bank's Authorise / Decline, the redirection screen's server-side
 * confirm, and a subscription paid by direct debit (the documented insufficient-funds account fails its charges).
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
let invoiceHost: string;
let checkoutHost: string;

beforeAll(async () => {
  t = await createTestContext();
  invoiceHost = hostOfKind('invoice', t.config.baseDomain);
  checkoutHost = hostOfKind('checkout', t.config.baseDomain);
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

const account = (number = '000123456') => ({ account_holder: 'Ann Tan', bank_name: 'Test Bank', account_number: number });
const at = (publicId: string) => ({ params: { public_id: publicId } });

/**
 * A new customer with a monthly subscription (no trial), their portal link, and a mandate started by the portal's
 * "Pay by direct debit" (its public id and the customer's browser).
 */
async function startFromPortal() {
  const customer = await createCustomer(owner, businessId);
  const sub = await owner.ok(subscriptionEndpoints.create, {
    params: { business_id: businessId },
    body: { customer_id: customer.id, name: 'Veg box', amount: 20_00, currency: 'sgd', interval: 'monthly' },
  });
  const token = await portalTokenOf(t, owner, businessId, customer.id);
  const portal: PortalParams = { business_id: businessId, token };
  const browser = new Agent(t.app);
  const started = await browser.ok(
    customerPortalEndpoints.updateMethod,
    { params: { ...portal, subscription_id: sub.id }, body: { kind: 'direct_debit' } },
    { host: invoiceHost },
  );
  const publicId = new URL(started.url).pathname.split('/').pop()!;
  return { customer, sub, portal, browser, publicId, started };
}

describe('a direct-debit mandate', () => {
  it('is authorised at the test bank and confirmed by the redirection screen; only the last 4 are kept', async () => {
    const { customer, sub, portal, browser, publicId, started } = await startFromPortal();
    expect(started.url).toBe(`${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}/direct-debit/${publicId}`);
    const fresh = await browser.ok(directDebitEndpoints.get, at(publicId), { host: checkoutHost });
    expect(fresh).toMatchObject({ status: 'pending', bank_name: null, account_last4: null });

    const given = await browser.ok(directDebitEndpoints.submitAccount, { ...at(publicId), body: account('0001-2345 6') }, { host: checkoutHost });
    expect(given.bank_url).toContain(`/direct-debit/${publicId}/bank`);
    const back = await browser.ok(directDebitEndpoints.bankDecision, { ...at(publicId), body: { decision: 'authorise' } }, { host: checkoutHost });
    expect(back.return_url).toContain(`/direct-debit/return?mandate=${publicId}`);
    const confirmed = await browser.ok(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost });
    expect(confirmed).toMatchObject({ status: 'active', bank_name: 'Test Bank', account_last4: '3456' });
    expect(confirmed.return_url).toContain(`/${businessId}/portal/`);
    // Confirming again (a reload of the redirection screen) changes nothing.
    expect(await browser.ok(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost })).toEqual(confirmed);

    const [row] = await t.database.db.select().from(directDebitMandates).where(eq(directDebitMandates.publicId, publicId));
    expect(JSON.stringify(row)).not.toContain('000123456');
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, customer.id));
    expect(entries.map((e) => e.action)).toContain('direct_debit.mandate_activated');

    const page = await browser.ok(customerPortalEndpoints.get, { params: portal }, { host: invoiceHost });
    // The subscription now takes its charges by direct debit, and was charged its first period.
    expect(page.subscriptions).toEqual([
      expect.objectContaining({ id: sub.id, status: 'active', method: expect.objectContaining({ kind: 'direct_debit', brand: 'Test Bank', last4: '3456' }) }),
    ]);
    // An active mandate takes no other account.
    const again = await browser.call(directDebitEndpoints.submitAccount, { ...at(publicId), body: account() }, { host: checkoutHost });
    expect(failure(again).code).toBe('MANDATE_NOT_PENDING');
  });

  it('declined at the bank: the screen says so, the customer may try again with the same mandate', async () => {
    const { browser, publicId } = await startFromPortal();
    await browser.ok(directDebitEndpoints.submitAccount, { ...at(publicId), body: account() }, { host: checkoutHost });
    await browser.ok(directDebitEndpoints.bankDecision, { ...at(publicId), body: { decision: 'decline' } }, { host: checkoutHost });
    const declined = await browser.ok(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost });
    expect(declined.status).toBe('declined');
    await browser.ok(directDebitEndpoints.submitAccount, { ...at(publicId), body: account() }, { host: checkoutHost });
    await browser.ok(directDebitEndpoints.bankDecision, { ...at(publicId), body: { decision: 'authorise' } }, { host: checkoutHost });
    expect((await browser.ok(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost })).status).toBe('active');
  });

  it('refuses steps out of order, unknown mandates, bad accounts and other hosts', async () => {
    const { browser, publicId } = await startFromPortal();
    const early = await browser.call(directDebitEndpoints.bankDecision, { ...at(publicId), body: { decision: 'authorise' } }, { host: checkoutHost });
    expect(failure(early).code).toBe('MANDATE_NOT_AT_BANK');
    expect(failure(await browser.call(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost })).code).toBe('MANDATE_NOT_AT_BANK');
    const unknown = await browser.call(directDebitEndpoints.get, at('mdt_0000000000000000000000'), { host: checkoutHost });
    expect(failure(unknown).code).toBe('MANDATE_NOT_FOUND');
    for (const number of ['12345', 'abc123456', '1'.repeat(18)]) {
      const bad = await browser.call(directDebitEndpoints.submitAccount, { ...at(publicId), body: account(number) }, { host: checkoutHost });
      expect(bad.status, number).toBe(422);
      expect(failure(bad).issues?.[0]?.path).toBe('account_number');
    }
    const blank = await browser.call(directDebitEndpoints.submitAccount, { ...at(publicId), body: { ...account(), bank_name: '  ' } }, { host: checkoutHost });
    expect(failure(blank).issues?.[0]?.path).toBe('bank_name');
    expect((await browser.call(directDebitEndpoints.get, at(publicId))).status).toBe(404);
    expect((await browser.ok(directDebitEndpoints.get, at(publicId), { host: checkoutHost })).status).toBe('pending');
  });

  it('needs a valid portal link to start', async () => {
    const answer = await new Agent(t.app).call(
      customerPortalEndpoints.updateMethod,
      {
        params: { business_id: businessId, token: `${crypto.randomUUID()}.9999999999.forged`, subscription_id: crypto.randomUUID() },
        body: { kind: 'direct_debit' },
      },
      { host: invoiceHost },
    );
    expect(failure(answer).code).toBe('PORTAL_LINK_INVALID');
  });
});

describe('a direct debit for a subscription', () => {
  /** A monthly subscription without a trial, its setup page's public id, and the mandate started from that page. */
  async function subscribedByDirectDebit(number: string) {
    const customer = await createCustomer(owner, businessId);
    const sub = await owner.ok(subscriptionEndpoints.create, {
      params: { business_id: businessId },
      body: { customer_id: customer.id, name: 'Coffee club', amount: 30_00, currency: 'sgd', interval: 'monthly' },
    });
    const link = await owner.ok(subscriptionEndpoints.sendSetupLink, { params: { business_id: businessId, subscription_id: sub.id } });
    const browser = new Agent(t.app);
    const started = await browser.ok(directDebitEndpoints.startForSetup, at(link.public_id), { host: checkoutHost });
    const publicId = new URL(started.mandate_url).pathname.split('/').pop()!;
    await browser.ok(directDebitEndpoints.submitAccount, { ...at(publicId), body: account(number) }, { host: checkoutHost });
    await browser.ok(directDebitEndpoints.bankDecision, { ...at(publicId), body: { decision: 'authorise' } }, { host: checkoutHost });
    const confirmed = await browser.ok(directDebitEndpoints.confirm, at(publicId), { host: checkoutHost });
    const detail = await owner.ok(subscriptionEndpoints.get, { params: { business_id: businessId, subscription_id: sub.id } });
    return { customer, link, confirmed, detail };
  }

  it('saves the mandate as the subscription method, returns to its page and charges the first period off-session', async () => {
    const { link, confirmed, detail } = await subscribedByDirectDebit('000123456');
    expect(confirmed.status).toBe('active');
    expect(confirmed.return_url).toBe(link.url);
    expect(detail.method).toMatchObject({ kind: 'direct_debit', brand: 'Test Bank', last4: '3456' });
    expect(detail.status).toBe('active');
    expect(detail.charges.map((c) => c.outcome)).toEqual(['succeeded']);
  });

  it('fails charges on the documented insufficient-funds account: the subscription goes past due', async () => {
    const { customer, detail } = await subscribedByDirectDebit('000099995');
    expect(detail.method).toMatchObject({ kind: 'direct_debit', last4: '9995' });
    expect(detail.status).toBe('past_due');
    expect(detail.charges[0]).toMatchObject({ outcome: 'failed', failure: { code: 'insufficient_funds' } });
    // The failure mail carries the customer's portal link, which opens their portal.
    const mail = (await mailbox(t.app)).find((m) => m.to === customer.email && /failed/.test(m.subject));
    const token = mail?.text.match(new RegExp(`/${businessId}/portal/([A-Za-z0-9._-]+)`))?.[1];
    expect(token).toBeDefined();
    const portal = await new Agent(t.app).ok(customerPortalEndpoints.get, { params: { business_id: businessId, token: token! } }, { host: invoiceHost });
    expect(portal.subscriptions[0]).toMatchObject({ status: 'past_due', can_update_method: true });
  });

  it('refuses a setup page that does not exist', async () => {
    const answer = await new Agent(t.app).call(directDebitEndpoints.startForSetup, at('sub_unknown0000000000000'), { host: checkoutHost });
    expect(failure(answer).code).toBe('SUBSCRIPTION_SETUP_NOT_FOUND');
  });
});
