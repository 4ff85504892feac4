import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind, originOfKind } from '@merchant/core';
import { endpointPath } from '@merchant/core';
import {
  checkoutEndpoints,
  customerPortalEndpoints,
  directDebitEndpoints,
  overviewEndpoints,
  paymentMethodsEndpoints,
  subscriptionEndpoints,
  TRANSACTION_CSV_HEADER,
  transactionEndpoints,
  type PortalParams,
} from '@merchant/payments';
import { auditLogs, directDebitMandates } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
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

  it('records each charge as a payment by direct debit: the bank and last 4, its fee, in Transactions, filters, the CSV, the overview and the receipt', async () => {
    const { customer, detail } = await subscribedByDirectDebit('000123456');
    const paymentId = detail.charges[0]!.payment_id!;
    const inBusiness = { params: { business_id: businessId } };
    const { payment, events } = await owner.ok(transactionEndpoints.get, { params: { business_id: businessId, payment_id: paymentId } });
    // 0.8% of SGD 30.00 (capped at 5.00), as direct debit is priced; never a card, never a card brand.
    expect(payment).toMatchObject({
      status: 'succeeded',
      method: 'direct_debit',
      bank_account: { bank: 'Test Bank', last4: '3456' },
      card: null,
      amount: { amount: 30_00 },
      fee: { amount: 24 },
      net: { amount: 29_76 },
    });
    expect(events.find((e) => e.type === 'method_selected')?.data).toMatchObject({ method: 'direct_debit', bank: 'Test Bank', last4: '3456' });

    const filtered = await owner.ok(transactionEndpoints.list, { ...inBusiness, query: { method: 'direct_debit' } });
    expect(filtered.data.map((p) => p.id)).toContain(paymentId);
    expect(filtered.data.every((p) => p.method === 'direct_debit')).toBe(true);
    const cards = await owner.ok(transactionEndpoints.list, { ...inBusiness, query: { method: 'card' } });
    expect(cards.data.map((p) => p.id)).not.toContain(paymentId);
    // The account's last 4 find it, as a card's do.
    const searched = await owner.ok(transactionEndpoints.list, { ...inBusiness, query: { q: '3456' } });
    expect(searched.data.map((p) => p.id)).toContain(paymentId);

    const csv = await owner.get(endpointPath(transactionEndpoints.export, { ...inBusiness, query: { method: 'direct_debit' } }));
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...TRANSACTION_CSV_HEADER]);
    const row = rows.find((r) => r[0] === paymentId);
    expect(row?.[header!.indexOf('Method')]).toBe('Direct debit');
    expect(row?.[header!.indexOf('Card or bank account')]).toBe('Test Bank 3456');
    expect(row?.[header!.indexOf('Fee')]).toBe('0.24');

    const overview = await owner.ok(overviewEndpoints.get, { ...inBusiness, query: { period: 'today' } });
    const sgd = overview.currencies.find((c) => c.currency === 'sgd');
    expect(sgd?.by_method).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'direct_debit' })]));

    // The receipt, mailed and on the checkout host, names the bank and the account's last 4 (no card).
    const receiptMail = (await mailbox(t.app)).find((m) => m.to === customer.email && /receipt/i.test(m.subject));
    expect(receiptMail?.text).toContain('Paid with: Direct debit from Test Bank, account ending 3456');
    const receiptId = receiptMail?.text.match(/\/r\/([A-Za-z0-9_]+)/)?.[1];
    expect(receiptId).toBeDefined();
    const receipt = await new Agent(t.app).ok(checkoutEndpoints.receipt, at(receiptId!), { host: checkoutHost });
    expect(receipt).toMatchObject({ method: 'direct_debit', card: null, bank_account: { bank: 'Test Bank', last4: '3456' } });

    // Direct debit is no checkout method: the business's method settings do not list it, nor take it.
    const settings = await owner.ok(paymentMethodsEndpoints.get, inBusiness);
    expect(settings.methods.map((m) => m.method)).not.toContain('direct_debit');
    const methods = settings.methods.map((m) => ({ method: m.method, enabled: m.enabled, pass_fee_to_customer: false }));
    const refused = await owner.put(endpointPath(paymentMethodsEndpoints.update, inBusiness), {
      methods: [...methods, { method: 'direct_debit', enabled: true, pass_fee_to_customer: false }],
    });
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a setup page that does not exist', async () => {
    const answer = await new Agent(t.app).call(directDebitEndpoints.startForSetup, at('sub_unknown0000000000000'), { host: checkoutHost });
    expect(failure(answer).code).toBe('SUBSCRIPTION_SETUP_NOT_FOUND');
  });
});
