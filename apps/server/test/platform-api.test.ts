import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { hostOfKind } from '@merchant/core';
import {
  PUBLIC_API_PATHS,
  PUBLIC_INVOICES_PATHS,
  apiKeyEndpoints,
  checkoutEndpoints,
  invoicePageEndpoints,
  platformAccountEndpoints as platform,
  transactionEndpoints,
  webhookEndpoints,
} from '@merchant/payments';
import { auditLogs, businesses, invoices, ledgerEntries, ledgerTransactions, paymentLinks, payments, platformSettings } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';

/**
 * Platform accounts through the public API (docs/developers.md, "Platform accounts"): the platform's own key with
 * `X-LINKED-BUSINESS-ID` makes a payment request in a linked business, with the fee it names or its commission rate;
 * a business not linked now (another, an ended link) is refused as a revoked key is; the fee posts in both ledgers,
 * which sum to zero; a refund's `charge.updated` reaches the platform's webhook receiver; the platform lists the
 * payments it made, a page at a time.
 */
let t: TestContext;
let hub: FactoryBusiness<'owner' | 'cashier'>;
let shop: FactoryBusiness<'owner'>;
let stranger: FactoryBusiness<'owner'>;
let hubKey: string;
let shopKey: string;
let linkId: string;

const at = (b: { id: string }) => ({ business_id: b.id });
const identifierOf = async (b: { id: string }) =>
  (await t.database.db.select({ identifier: businesses.identifier }).from(businesses).where(eq(businesses.id, b.id)))[0]!.identifier;

async function link(business: FactoryBusiness<'owner'>): Promise<string> {
  const made = await hub.people.owner.agent.ok(platform.invite, { params: at(hub), body: { business: await identifierOf(business) } });
  await business.people.owner.agent.ok(platform.accept, { params: { ...at(business), link_id: made.link_id } });
  return made.link_id;
}

const makeKey = async (b: FactoryBusiness<'owner'>) =>
  (
    await b.people.owner.agent.ok(apiKeyEndpoints.create, {
      params: at(b),
      body: { name: 'Platform key', access: 'full', password: b.people.owner.password },
    })
  ).api_key;

/** A payment request on the API host, with the key and (for a platform) the linked business it acts for. */
const request = (key: string, json: object, linked?: string, path: string = PUBLIC_API_PATHS.paymentRequests, method: 'POST' | 'GET' = 'POST') =>
  t.app.inject({
    method,
    url: path,
    headers: {
      host: `api.${t.config.baseDomain}`,
      'x-business-api-key': key,
      ...(linked !== undefined ? { 'x-linked-business-id': linked } : {}),
    },
    ...(method === 'POST' ? { payload: json } : {}),
  });

/** A local receiver of the platform's webhooks. */
async function receiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`)),
  );
  return { url, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
let hook: Awaited<ReturnType<typeof receiver>>;

async function pay(url: string) {
  const host = hostOfKind('checkout', t.config.baseDomain);
  const payer = new Agent(t.app);
  const started = await payer.ok(
    checkoutEndpoints.start,
    { params: { kind: 'link', public_id: url.split('/').pop()! }, body: { email: 'payer@example.com' } },
    { host, idempotencyKey: randomUUID() },
  );
  return payer.ok(
    checkoutEndpoints.confirm,
    { params: { public_id: started.public_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host, idempotencyKey: randomUUID() },
  );
}

/** Pays a sent invoice in full on the invoice host, by card on the checkout host. */
async function payInvoice(businessId: string, publicId: string) {
  const payer = new Agent(t.app);
  const started = await payer.ok(
    invoicePageEndpoints.pay,
    { params: { business_id: businessId, invoice: publicId }, body: {} },
    { host: hostOfKind('invoice', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
  return payer.ok(
    checkoutEndpoints.confirm,
    { params: { public_id: started.payment_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
}

/** The platform_fee ledger entries of a payment, in both ledgers. */
async function feeEntries(paymentId: string) {
  const [feeRow] = await t.database.db
    .select({ reference: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.businessId, shop.id), eq(ledgerTransactions.kind, 'platform_fee'), eq(ledgerTransactions.paymentId, paymentId)));
  const description = (
    await t.database.db.select({ description: ledgerTransactions.description }).from(ledgerTransactions).where(eq(ledgerTransactions.id, feeRow!.reference))
  )[0]!.description;
  const transactions = await t.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      and(
        inArray(ledgerTransactions.businessId, [shop.id, hub.id]),
        eq(ledgerTransactions.kind, 'platform_fee'),
        eq(ledgerTransactions.description, description),
      ),
    );
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.transactionId,
        transactions.map((x) => x.id),
      ),
    );
}

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  hub = await createBusiness(t, { staff: ['cashier'], flags: { platformEnabled: true } });
  shop = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  stranger = await createBusiness(t);
  hook = await receiver();
  linkId = await link(shop);
  hubKey = await makeKey(hub);
  shopKey = await makeKey(shop);
}, 240_000);
afterAll(async () => {
  await hook?.stop();
  await t.close();
});

describe('the platform path of the public API', () => {
  it('makes a payment request in the linked business with the fee it names, audited on both', async () => {
    const overview = await hub.people.owner.agent.ok(platform.overview, { params: at(hub) });
    expect(overview.links.find((l) => l.link_id === linkId)).toMatchObject({ business_id: shop.id });
    const answer = await request(hubKey, { amount: '40.00', currency: 'SGD', purpose: 'Pottery class', platform_fee: '3.20' }, shop.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const made = answer.json<{ id: string; url: string; amount: string }>();
    expect(made.amount).toBe('40.00');
    const [row] = await t.database.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, shop.id), eq(paymentLinks.id, made.id)));
    expect(row).toMatchObject({ platformLinkId: linkId, platformFee: 3_20, integrationId: null, webhookUrl: null });
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, hub.id), eq(auditLogs.action, 'platform_link.payment_request_created')));
    expect(audited.some((e) => (e.meta as { payment_link_id?: string }).payment_link_id === made.id)).toBe(true);
  });

  it("takes the platform's commission rate when the request names no fee", async () => {
    const set = await hub.people.owner.agent.ok(platform.setCommission, { params: at(hub), body: { commission_bps: 250 } });
    expect(set.commission_bps).toBe(250);
    expect((await hub.people.owner.agent.ok(platform.overview, { params: at(hub) })).commission_bps).toBe(250);
    const tooHigh = await hub.people.owner.agent.call(platform.setCommission, { params: at(hub), body: { commission_bps: 6000 } });
    expect(failure(tooHigh)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'commission_bps' }] });
    const byCashier = await hub.people.cashier.agent.call(platform.setCommission, { params: at(hub), body: { commission_bps: 100 } });
    expect(byCashier.status).toBe(403);

    const answer = await request(hubKey, { amount: '19.99', currency: 'SGD', purpose: 'Glaze' }, shop.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await t.database.db
      .select({ fee: paymentLinks.platformFee })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, shop.id), eq(paymentLinks.id, answer.json<{ id: string }>().id)));
    expect(row!.fee).toBe(49); // 2.5 % of 19.99, rounded down
  });

  it('refuses bad input on its field', async () => {
    const tooBig = await request(hubKey, { amount: '10.00', currency: 'SGD', platform_fee: '10.00' }, shop.id);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({ errors: { platform_fee: [expect.any(String)] } });
    const notNumber = await request(hubKey, { amount: '10.00', currency: 'SGD', platform_fee: 'lots' }, shop.id);
    expect(notNumber.statusCode).toBe(422);
    const withWebhook = await request(hubKey, { amount: '10.00', currency: 'SGD', webhook: 'https://example.com/hook' }, shop.id);
    expect(withWebhook.json()).toMatchObject({ errors: { webhook: [expect.any(String)] } });
    // A fee without a linked business is no platform's request.
    const ownFee = await request(shopKey, { amount: '10.00', currency: 'SGD', platform_fee: '1.00' });
    expect(ownFee.json()).toMatchObject({ errors: { platform_fee: [expect.any(String)] } });
  });

  it('works only for linked businesses, and only where it is allowed', async () => {
    // Another business, an unknown id, no UUID: refused as a revoked key is.
    for (const linked of [stranger.id, randomUUID(), 'nope']) {
      const answer = await request(hubKey, { amount: '10.00', currency: 'SGD' }, linked);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthenticated.' });
    }
    // A business's own key cannot act for another business, not even its platform.
    const reversed = await request(shopKey, { amount: '10.00', currency: 'SGD' }, hub.id);
    expect(reversed.statusCode).toBe(403);
    // The list does not take the header (the create and the read of one invoice do). the list is refused, not answered with the platform's own requests.
    const list = await request(hubKey, {}, shop.id, PUBLIC_API_PATHS.paymentRequests, 'GET');
    expect(list.statusCode).toBe(403);
  });

  it('an ended link is refused from the next request on', async () => {
    const other = await createBusiness(t);
    const otherLink = await link(other);
    expect((await request(hubKey, { amount: '10.00', currency: 'SGD' }, other.id)).statusCode).toBe(200);
    await other.people.owner.agent.ok(platform.endByBusiness, { params: { ...at(other), link_id: otherLink }, body: { confirm: true } });
    const after = await request(hubKey, { amount: '10.00', currency: 'SGD' }, other.id);
    expect(after.statusCode).toBe(401);
  });
});

describe('paid, refunded and listed', () => {
  it('posts the fee in both ledgers (summing to zero) and sends the refund to the platform, the fee kept', async () => {
    await hub.people.owner.agent.ok(webhookEndpoints.create, { params: at(hub), body: { url: hook.url, events: ['charge.created', 'charge.updated'] } });
    const made = (await request(hubKey, { amount: '50.00', currency: 'SGD', purpose: 'Workshop', platform_fee: '5.00' }, shop.id)).json<{
      id: string;
      url: string;
    }>();
    expect((await pay(made.url)).status).toBe('succeeded');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, shop.id), eq(payments.sourceId, made.id)));
    expect(payment!.net).toBe(50_00 - payment!.fee - 5_00);

    const entries = await feeEntries(payment!.id);
    const of = (businessId: string, account: string) =>
      entries.filter((e) => e.businessId === businessId && e.account === account).reduce((s, e) => s + Number(e.amount), 0);
    expect(of(shop.id, 'merchant_pending')).toBe(-5_00);
    expect(of(hub.id, 'merchant_available')).toBe(5_00);
    expect(of(shop.id, 'platform_fee_transfers') + of(hub.id, 'platform_fee_transfers')).toBe(0);
    expect(entries.reduce((s, e) => s + Number(e.amount), 0)).toBe(0);

    await shop.people.owner.agent.ok(
      transactionEndpoints.refund,
      { params: { ...at(shop), payment_id: payment!.id }, body: { amount: 20_00, reason: 'requested_by_customer' } },
      { idempotencyKey: randomUUID() },
    );
    await t.app.jobs.runDue();
    await t.app.jobs.runDue({ ignoreDelays: true });
    const updated = hook.received.find((r) => r.headers['hitpay-event-type'] === 'charge.updated' && JSON.parse(r.body).id === payment!.id);
    expect(updated).toBeDefined();
    expect(JSON.parse(updated!.body)).toMatchObject({ business_id: shop.id, status: 'partially_refunded' });
    // The refund leaves the fee where it was: no platform_fee posting is added.
    expect(await feeEntries(payment!.id)).toHaveLength(entries.length);

    const listed = await hub.people.owner.agent.ok(platform.payments, { params: at(hub), query: { limit: 20 } });
    expect(listed.data[0]).toMatchObject({
      payment_id: payment!.id,
      business_name: shop.name,
      amount: 50_00,
      fee: 5_00,
      refunded_amount: 20_00,
      status: 'partially_refunded',
    });
  });

  it("lists the platform's payments a page at a time, to its owners and admins only", async () => {
    for (const amount of ['11.00', '12.00']) {
      const made = (await request(hubKey, { amount, currency: 'SGD', platform_fee: '1.00' }, shop.id)).json<{ url: string }>();
      expect((await pay(made.url)).status).toBe('succeeded');
    }
    // The test clock stands still, so the three share a time: pages follow the ids then, none twice, none left out.
    const first = await hub.people.owner.agent.ok(platform.payments, { params: at(hub), query: { limit: 2 } });
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await hub.people.owner.agent.ok(platform.payments, { params: at(hub), query: { limit: 2, cursor: first.next_cursor! } });
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect([...first.data, ...second.data].map((p) => p.amount).sort()).toEqual([11_00, 12_00, 50_00]);
    expect(first.data.every((p) => p.fee === 1_00 || p.amount === 50_00)).toBe(true);
    expect((await hub.people.cashier.agent.call(platform.payments, { params: at(hub), query: { limit: 2 } })).status).toBe(403);
    expect((await stranger.people.owner.agent.call(platform.payments, { params: at(hub), query: { limit: 2 } })).status).toBe(404);
    const notPlatform = await shop.people.owner.agent.call(platform.payments, { params: at(shop), query: { limit: 2 } });
    expect(failure(notPlatform).code).toBe('PLATFORM_NOT_ENABLED');
    const badLimit = await hub.people.owner.agent.call(platform.payments, { params: at(hub), query: { limit: 0 } });
    expect(badLimit.status).toBe(422);
  });
});

describe("the commission rate (the platform screen's form)", () => {
  it('is set by owners and admins of a platform, within 0 to 50 % in whole basis points, audited with the rate before', async () => {
    for (const commission_bps of [-1, 12.5, 5001]) {
      const bad = await hub.people.owner.agent.call(platform.setCommission, { params: at(hub), body: { commission_bps } });
      expect(failure(bad)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'commission_bps' }] });
    }
    const missing = await hub.people.owner.agent.call(platform.setCommission, { params: at(hub), body: {} as { commission_bps: number } });
    expect(failure(missing)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'commission_bps' }] });
    const notPlatform = await shop.people.owner.agent.call(platform.setCommission, { params: at(shop), body: { commission_bps: 100 } });
    expect(failure(notPlatform).code).toBe('PLATFORM_NOT_ENABLED');
    const before = (await hub.people.owner.agent.ok(platform.overview, { params: at(hub) })).commission_bps;
    expect((await hub.people.owner.agent.ok(platform.setCommission, { params: at(hub), body: { commission_bps: 5000 } })).commission_bps).toBe(5000);
    expect((await hub.people.owner.agent.ok(platform.setCommission, { params: at(hub), body: { commission_bps: before } })).commission_bps).toBe(before);
    const [setting] = await t.database.db.select().from(platformSettings).where(eq(platformSettings.businessId, hub.id));
    expect(setting!.commissionBps).toBe(before);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, hub.id), eq(auditLogs.action, 'platform.commission_set')));
    expect(audited.map((e) => e.meta)).toContainEqual(expect.objectContaining({ before, after: 5000 }));
    expect(audited.map((e) => e.meta)).toContainEqual(expect.objectContaining({ before: 5000, after: before }));
  });
});

describe('invoices with a platform fee', () => {
  const invoiceRow = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.businessId, shop.id), eq(invoices.id, id)))
    )[0]!;
  const invoiceRequest = (key: string, json: object, linked?: string, method: 'POST' | 'GET' = 'POST') =>
    request(key, json, linked, PUBLIC_INVOICES_PATHS.invoices, method);
  const apiInvoice = { customer_email: 'buyer@example.com', invoice_date: '2026-01-05', currency: 'sgd', amount: '30.00', payment_by: 'amount' };

  it('the dashboard makes and sends one in the linked business, with its fee checked and audited on both', async () => {
    const body = {
      customer_email: 'Buyer@Example.com',
      customer_name: 'Ada Buyer',
      description: 'Kiln hire',
      amount: 60_00,
      currency: 'sgd',
      platform_fee: 4_00,
    };
    const made = await hub.people.owner.agent.ok(platform.createInvoice, { params: { ...at(hub), link_id: linkId }, body });
    expect(made).toMatchObject({ business_name: shop.name, amount: 60_00, platform_fee: 4_00, customer_email: 'buyer@example.com' });
    expect(await invoiceRow(made.id)).toMatchObject({ platformLinkId: linkId, platformFee: 4_00, status: 'sent', total: 60_00, allowPartial: false });
    const onShop = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, shop.id), eq(auditLogs.objectId, made.id)));
    expect(onShop.map((e) => e.action)).toContain('invoice.created');
    const onHub = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, hub.id), eq(auditLogs.action, 'platform_link.invoice_created')));
    expect(onHub.some((e) => (e.meta as { invoice_id?: string }).invoice_id === made.id)).toBe(true);

    const tooBig = await hub.people.owner.agent.call(platform.createInvoice, {
      params: { ...at(hub), link_id: linkId },
      body: { ...body, platform_fee: 60_00 },
    });
    expect(failure(tooBig)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'platform_fee' }] });
    const noEmail = await hub.people.owner.agent.call(platform.createInvoice, {
      params: { ...at(hub), link_id: linkId },
      body: { ...body, customer_email: 'no' },
    });
    expect(failure(noEmail)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'customer_email' }] });
    const byCashier = await hub.people.cashier.agent.call(platform.createInvoice, { params: { ...at(hub), link_id: linkId }, body });
    expect(byCashier.status).toBe(403);
    const otherLink = await hub.people.owner.agent.call(platform.createInvoice, { params: { ...at(hub), link_id: randomUUID() }, body });
    expect(failure(otherLink).code).toBe('PLATFORM_LINK_NOT_FOUND');
  });

  it('the public API makes one with X-LINKED-BUSINESS-ID, with the fee it names or the commission rate of its total', async () => {
    await hub.people.owner.agent.ok(platform.setCommission, { params: at(hub), body: { commission_bps: 250 } });
    const byRate = await invoiceRequest(hubKey, apiInvoice, shop.id);
    expect(byRate.statusCode, byRate.body).toBe(200);
    const rated = byRate.json<{ id: string; business_id: string }>();
    expect(rated.business_id).toBe(shop.id);
    expect(await invoiceRow(rated.id)).toMatchObject({ platformLinkId: linkId, platformFee: 75, total: 30_00 });
    const named = await invoiceRequest(hubKey, { ...apiInvoice, platform_fee: '2.10' }, shop.id);
    expect(named.statusCode, named.body).toBe(200);
    expect((await invoiceRow(named.json<{ id: string }>().id)).platformFee).toBe(2_10);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, hub.id), eq(auditLogs.action, 'platform_link.invoice_created')));
    expect(audited.some((e) => (e.meta as { invoice_id?: string; via?: string }).invoice_id === rated.id)).toBe(true);

    const tooBig = await invoiceRequest(hubKey, { ...apiInvoice, platform_fee: '30.00' }, shop.id);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({ errors: { platform_fee: [expect.any(String)] } });
    const partial = await invoiceRequest(hubKey, { ...apiInvoice, allow_partial_payments: true }, shop.id);
    expect(partial.json()).toMatchObject({ errors: { allow_partial_payments: [expect.any(String)] } });
    const ownFee = await invoiceRequest(shopKey, { ...apiInvoice, platform_fee: '1.00' });
    expect(ownFee.json()).toMatchObject({ errors: { platform_fee: [expect.any(String)] } });
    expect((await invoiceRequest(hubKey, apiInvoice, stranger.id)).statusCode).toBe(401);
    // The list does not take the header (the create and the read of one invoice do).
    expect((await invoiceRequest(hubKey, {}, shop.id, 'GET')).statusCode).toBe(403);
  });

  it('paid: the fee posted in both ledgers (summing to zero), charge.created to the platform, in its payments list', async () => {
    const invoiceHook = await receiver();
    try {
      await hub.people.owner.agent.ok(webhookEndpoints.create, { params: at(hub), body: { url: invoiceHook.url, events: ['charge.created'] } });
      const body = { customer_email: 'payer@example.com', description: 'Studio rent', amount: 80_00, currency: 'sgd', platform_fee: 6_00 };
      const made = await hub.people.owner.agent.ok(platform.createInvoice, { params: { ...at(hub), link_id: linkId }, body });
      const row = await invoiceRow(made.id);
      expect((await payInvoice(shop.id, row.publicId)).status).toBe('succeeded');
      expect((await invoiceRow(made.id)).status).toBe('paid');
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.businessId, shop.id), eq(payments.sourceId, made.id)));
      expect(payment!.net).toBe(80_00 - payment!.fee - 6_00);

      const entries = await feeEntries(payment!.id);
      const of = (businessId: string, account: string) =>
        entries.filter((e) => e.businessId === businessId && e.account === account).reduce((sum, e) => sum + Number(e.amount), 0);
      expect(of(shop.id, 'merchant_pending')).toBe(-6_00);
      expect(of(hub.id, 'merchant_available')).toBe(6_00);
      expect(of(shop.id, 'platform_fee_transfers')).toBe(6_00);
      expect(of(shop.id, 'platform_fee_transfers') + of(hub.id, 'platform_fee_transfers')).toBe(0);
      expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);

      await t.app.jobs.runDue();
      await t.app.jobs.runDue({ ignoreDelays: true });
      const created = invoiceHook.received.find((r) => r.headers['hitpay-event-type'] === 'charge.created' && JSON.parse(r.body).id === payment!.id);
      expect(created).toBeDefined();
      expect(JSON.parse(created!.body)).toMatchObject({ business_id: shop.id, status: 'succeeded' });

      const listed = await hub.people.owner.agent.ok(platform.payments, { params: at(hub), query: { limit: 100 } });
      expect(listed.data.find((p) => p.payment_id === payment!.id)).toMatchObject({ business_name: shop.name, amount: 80_00, fee: 6_00, status: 'succeeded' });
    } finally {
      await invoiceHook.stop();
    }
  });
  it('GET /v1/invoices/{id} with X-LINKED-BUSINESS-ID answers the invoices the platform made there, and 404 for the others', async () => {
    const invoicePath = (id: string) => PUBLIC_INVOICES_PATHS.invoice.replace(':invoice_id', id);
    const made = (await invoiceRequest(hubKey, { ...apiInvoice, amount: '12.00' }, shop.id)).json<{ id: string; amount: number }>();
    const read = await request(hubKey, {}, shop.id, invoicePath(made.id), 'GET');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: made.id, business_id: shop.id, amount: 12, currency: 'sgd' });
    // The linked business reads it with its own key, without the header.
    expect((await request(shopKey, {}, undefined, invoicePath(made.id), 'GET')).json()).toMatchObject({ id: made.id });

    // The linked business's own invoice, an unknown id, no UUID: HitPay's 404 to the platform.
    const own = await invoiceRequest(shopKey, { ...apiInvoice, amount: '5.00' });
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json<{ id: string }>().id;
    expect((await request(shopKey, {}, undefined, invoicePath(ownId), 'GET')).statusCode).toBe(200);
    for (const id of [ownId, randomUUID(), 'nope']) {
      const missing = await request(hubKey, {}, shop.id, invoicePath(id), 'GET');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: `No query results for model [App\\Business\\Invoice] ${id}` });
    }
    // Without the header the platform's key reads its own business: the linked business's invoice is not there.
    expect((await request(hubKey, {}, undefined, invoicePath(made.id), 'GET')).statusCode).toBe(404);
    // A business not linked: refused as a revoked key is.
    expect((await request(hubKey, {}, stranger.id, invoicePath(made.id), 'GET')).statusCode).toBe(401);
  });
});

describe("the platform's status check", () => {
  const check = (key: string, id: string, linked?: string) => request(key, {}, linked, PUBLIC_API_PATHS.paymentRequest.replace(':request_id', id), 'GET');

  it('answers for the requests the platform made in the linked business, and 404 for the others', async () => {
    const made = (await request(hubKey, { amount: '15.00', currency: 'SGD', purpose: 'Status', platform_fee: '1.00' }, shop.id)).json<{
      id: string;
      url: string;
    }>();
    const before = await check(hubKey, made.id, shop.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ id: made.id, status: 'pending', payments: [] });
    expect((await pay(made.url)).status).toBe('succeeded');
    const after = (await check(hubKey, made.id, shop.id)).json<{ status: string; payments: { status: string }[] }>();
    expect(after.status).toBe('completed');
    expect(after.payments).toMatchObject([{ status: 'succeeded' }]);

    // The linked business's own request, an unknown id, no UUID: HitPay's 404.
    const own = (await request(shopKey, { amount: '9.00', currency: 'SGD', purpose: 'Own' })).json<{ id: string }>();
    expect((await check(shopKey, own.id)).statusCode).toBe(200);
    for (const id of [own.id, randomUUID(), 'nope']) expect((await check(hubKey, id, shop.id)).statusCode).toBe(404);
    // Without the header the platform's key reads its own business: the linked business's request is not there.
    expect((await check(hubKey, made.id)).statusCode).toBe(404);
    // Another business, not linked: refused as a revoked key is.
    expect((await check(hubKey, made.id, stranger.id)).statusCode).toBe(401);
  });
});
