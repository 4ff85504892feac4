import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints, platformAccountEndpoints as platform, transactionEndpoints, webhookEndpoints } from '@merchant/payments';
import { auditLogs, businesses, ledgerEntries, ledgerTransactions, payments } from '../src/db/schema';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';

/**
 * Platform accounts (docs/developers.md, "Platform accounts"): a platform business invites another, whose owner
 * accepts or declines; either side ends the link; the platform makes payment requests in a linked business with its
 * fee, and a paid one posts the fee from the linked business's ledger to the platform's in the payment's
 * transaction, and sends `charge.created` to the platform's webhooks. Tenancy, roles and input checks.
 */
let t: TestContext;
let hub: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let shop: FactoryBusiness<'owner' | 'admin'>;
let plain: FactoryBusiness;
let stranger: FactoryBusiness;

const at = (b: { id: string }) => ({ business_id: b.id });
const identifierOf = async (b: { id: string }) =>
  (await t.database.db.select({ identifier: businesses.identifier }).from(businesses).where(eq(businesses.id, b.id)))[0]!.identifier;

async function invite(who: string) {
  return hub.people.owner.agent.ok(platform.invite, { params: at(hub), body: { business: who } });
}

async function linked(business: FactoryBusiness<'owner' | 'admin'> | FactoryBusiness): Promise<string> {
  const made = await invite(await identifierOf(business));
  await business.people.owner.agent.ok(platform.accept, { params: { ...at(business), link_id: made.link_id } });
  return made.link_id;
}

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

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  hub = await createBusiness(t, { staff: ['admin', 'cashier'], flags: { platformEnabled: true } });
  shop = await createBusiness(t, { staff: ['admin'] });
  plain = await createBusiness(t);
  stranger = await createBusiness(t, { flags: { platformEnabled: true } });
  hook = await receiver();
}, 240_000);
afterAll(async () => {
  await hook?.stop();
  await t.close();
});

describe('who may use it', () => {
  it('refuses a business that is not a platform', async () => {
    const answer = await plain.people.owner.agent.call(platform.overview, { params: at(plain) });
    expect(answer.status).toBe(403);
    expect(failure(answer).code).toBe('PLATFORM_NOT_ENABLED');
    const invited = await plain.people.owner.agent.call(platform.invite, { params: at(plain), body: { business: await identifierOf(shop) } });
    expect(failure(invited).code).toBe('PLATFORM_NOT_ENABLED');
  });

  it('refuses a role without the permission (403) and a non-member (404)', async () => {
    const cashier = await hub.people.cashier.agent.call(platform.overview, { params: at(hub) });
    expect(cashier.status).toBe(403);
    const outsider = await plain.people.owner.agent.call(platform.overview, { params: at(hub) });
    expect(outsider.status).toBe(404);
  });

  it('answers bad input with 422 and its field', async () => {
    const empty = await hub.people.owner.agent.call(platform.invite, { params: at(hub), body: { business: '' } });
    expect(failure(empty)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'business' }] });
    const unknown = await hub.people.owner.agent.call(platform.invite, { params: at(hub), body: { business: 'nobody@example.com' } });
    expect(failure(unknown)).toMatchObject({ code: 'PLATFORM_BUSINESS_UNKNOWN', issues: [{ path: 'business' }] });
    const self = await hub.people.owner.agent.call(platform.invite, { params: at(hub), body: { business: await identifierOf(hub) } });
    expect(failure(self).code).toBe('PLATFORM_BUSINESS_UNKNOWN');
    const badId = await hub.people.owner.agent.call(platform.end, { params: { ...at(hub), link_id: 'nope' }, body: { confirm: true } });
    expect(failure(badId)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'params.link_id' }] });
  });
});

describe('invitations and consent', () => {
  it("invites by the owner's email; an admin accepts; the link is audited on both and mailed", async () => {
    const made = await invite(shop.people.owner.email.toUpperCase());
    expect(made).toMatchObject({ business_name: shop.name, status: 'pending', linked_at: null, volume: [], fees: [] });
    const again = await hub.people.owner.agent.call(platform.invite, { params: at(hub), body: { business: shop.people.owner.email } });
    expect(failure(again)).toMatchObject({ code: 'PLATFORM_LINK_EXISTS', issues: [{ path: 'business' }] });
    expect((await mailbox(t.app)).some((m) => m.to === shop.people.owner.email && m.subject.includes(hub.name))).toBe(true);

    const seen = await shop.people.owner.agent.ok(platform.platforms, { params: at(shop) });
    expect(seen.platforms).toEqual([expect.objectContaining({ link_id: made.link_id, platform_name: hub.name, status: 'pending' })]);
    expect(seen.platform_may.length).toBeGreaterThan(0);

    // The platform cannot answer for it: the link is not the platform's business's own.
    const byPlatform = await hub.people.owner.agent.call(platform.accept, { params: { ...at(hub), link_id: made.link_id } });
    expect(failure(byPlatform).code).toBe('PLATFORM_LINK_NOT_FOUND');

    // Owners and admins answer (who manages the business's settings, as Stripe's account admins connect platforms).
    const accepted = await shop.people.admin.agent.ok(platform.accept, { params: { ...at(shop), link_id: made.link_id } });
    expect(accepted).toMatchObject({ status: 'active', linked_at: expect.any(String) });
    const twice = await shop.people.owner.agent.call(platform.accept, { params: { ...at(shop), link_id: made.link_id } });
    expect(failure(twice).code).toBe('PLATFORM_LINK_NOT_PENDING');
    expect((await mailbox(t.app)).some((m) => m.to === hub.people.owner.email && m.subject === `${shop.name} accepted your platform invitation`)).toBe(true);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.objectId, made.link_id), eq(auditLogs.action, 'platform_link.accepted')));
    expect(entries.map((e) => e.businessId).sort()).toEqual([hub.id, shop.id].sort());

    const overview = await hub.people.admin.agent.ok(platform.overview, { params: at(hub) });
    expect(overview.links.find((l) => l.link_id === made.link_id)).toMatchObject({ status: 'active', business_name: shop.name });
  });

  it('a declined invitation links nothing; the linked business may end a link, mailed to both owners', async () => {
    const made = await invite(await identifierOf(plain));
    const declined = await plain.people.owner.agent.ok(platform.decline, { params: { ...at(plain), link_id: made.link_id } });
    expect(declined.status).toBe('declined');
    const request = await hub.people.owner.agent.call(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: made.link_id },
      body: { amount: 10_00, currency: 'SGD', purpose: 'Lesson', platform_fee: 1_00 },
    });
    expect(failure(request).code).toBe('PLATFORM_LINK_NOT_ACTIVE');

    const linkId = await linked(plain);
    const noConfirm = await plain.people.owner.agent.call(platform.endByBusiness, { params: { ...at(plain), link_id: linkId }, body: {} as never });
    expect(failure(noConfirm)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'confirm' }] });
    const ended = await plain.people.owner.agent.ok(platform.endByBusiness, { params: { ...at(plain), link_id: linkId }, body: { confirm: true } });
    expect(ended).toMatchObject({ status: 'ended', ended_at: expect.any(String) });
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === plain.people.owner.email && m.subject === `Your platform link with ${hub.name} has ended`)).toBe(true);
    expect(mails.some((m) => m.to === hub.people.owner.email && m.subject === `Your platform link with ${plain.name} has ended`)).toBe(true);
    // The platform can invite again once the link has ended.
    const reinvited = await invite(await identifierOf(plain));
    const withdrawn = await hub.people.owner.agent.ok(platform.end, { params: { ...at(hub), link_id: reinvited.link_id }, body: { confirm: true } });
    expect(withdrawn.status).toBe('ended');
  });

  it("another business's links are 404 on both sides", async () => {
    const linkId = (await hub.people.owner.agent.ok(platform.overview, { params: at(hub) })).links[0]!.link_id;
    const theirs = await stranger.people.owner.agent.call(platform.end, { params: { ...at(stranger), link_id: linkId }, body: { confirm: true } });
    expect(theirs.status).toBe(404);
    const request = await stranger.people.owner.agent.call(platform.createPaymentRequest, {
      params: { ...at(stranger), link_id: linkId },
      body: { amount: 10_00, currency: 'SGD', purpose: 'Lesson', platform_fee: 1_00 },
    });
    expect(request.status).toBe(404);
    const ending = await stranger.people.owner.agent.call(platform.endByBusiness, { params: { ...at(stranger), link_id: linkId }, body: { confirm: true } });
    expect(ending.status).toBe(404);
  });
});

describe('payment requests with a platform fee', () => {
  it('checks the fee against the amount', async () => {
    const linkId = (await hub.people.owner.agent.ok(platform.overview, { params: at(hub) })).links.find(
      (l) => l.status === 'active' && l.business_name === shop.name,
    )!.link_id;
    const tooBig = await hub.people.owner.agent.call(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: linkId },
      body: { amount: 10_00, currency: 'SGD', purpose: 'Lesson', platform_fee: 10_00 },
    });
    expect(failure(tooBig)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'platform_fee' }] });
    const negative = await hub.people.owner.agent.call(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: linkId },
      body: { amount: 10_00, currency: 'SGD', purpose: '', platform_fee: -1 },
    });
    const paths = failure(negative)
      .issues!.map((i) => i.path)
      .sort();
    expect(paths).toEqual(['platform_fee', 'purpose']);
    const byCashier = await hub.people.cashier.agent.call(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: linkId },
      body: { amount: 10_00, currency: 'SGD', purpose: 'Lesson', platform_fee: 1_00 },
    });
    expect(byCashier.status).toBe(403);
  });

  it("posts the fee in both ledgers when paid, shows the payment in the linked business's Transactions and tells the platform's webhook", async () => {
    await hub.people.owner.agent.ok(webhookEndpoints.create, { params: at(hub), body: { url: hook.url, events: ['charge.created'] } });
    const linkId = (await hub.people.owner.agent.ok(platform.overview, { params: at(hub) })).links.find(
      (l) => l.status === 'active' && l.business_name === shop.name,
    )!.link_id;
    const request = await hub.people.admin.agent.ok(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: linkId },
      body: { amount: 50_00, currency: 'SGD', purpose: 'Yoga class', platform_fee: 2_50, customer_email: 'payer@example.com' },
    });
    expect(request).toMatchObject({ business_name: shop.name, amount: 50_00, platform_fee: 2_50, currency: 'sgd' });
    const paid = await pay(request.url);
    expect(paid.status).toBe('succeeded');

    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, shop.id), eq(payments.sourceId, request.id)));
    expect(payment!.net).toBe(50_00 - payment!.fee - 2_50);
    const feeTransactions = await t.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(inArray(ledgerTransactions.businessId, [shop.id, hub.id]), eq(ledgerTransactions.kind, 'platform_fee')));
    expect(feeTransactions).toHaveLength(2);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.transactionId,
          feeTransactions.map((f) => f.id),
        ),
      );
    const of = (businessId: string, account: string) =>
      entries.filter((e) => e.businessId === businessId && e.account === account).reduce((s, e) => s + Number(e.amount), 0);
    expect(of(shop.id, 'merchant_pending')).toBe(-2_50);
    expect(of(shop.id, 'platform_fee_transfers')).toBe(2_50);
    expect(of(hub.id, 'platform_fee_transfers')).toBe(-2_50);
    expect(of(hub.id, 'merchant_available')).toBe(2_50);
    expect(entries.reduce((s, e) => s + Number(e.amount), 0)).toBe(0);

    const transactions = await shop.people.owner.agent.ok(transactionEndpoints.list, { params: at(shop), query: {} as never });
    expect(transactions.data.some((p) => p.id === payment!.id)).toBe(true);

    const overview = await hub.people.owner.agent.ok(platform.overview, { params: at(hub) });
    expect(overview.links.find((l) => l.link_id === linkId)).toMatchObject({
      volume: [{ currency: 'sgd', amount: 50_00, count: 1 }],
      fees: [{ currency: 'sgd', amount: 2_50, count: 1 }],
    });
    expect(overview.recent_fees[0]).toMatchObject({ business_name: shop.name, payment_amount: 50_00, fee: 2_50, currency: 'sgd' });

    await t.app.jobs.runDue();
    await t.app.jobs.runDue({ ignoreDelays: true });
    const charge = hook.received.find((r) => r.headers['hitpay-event-type'] === 'charge.created');
    expect(charge).toBeDefined();
    expect(JSON.parse(charge!.body)).toMatchObject({ id: payment!.id, business_id: shop.id, amount: 50, currency: 'sgd' });
  });

  it('an ended link takes no fee of a request made before it ended', async () => {
    const other = await createBusiness(t);
    const linkId = await linked(other);
    const request = await hub.people.owner.agent.ok(platform.createPaymentRequest, {
      params: { ...at(hub), link_id: linkId },
      body: { amount: 20_00, currency: 'SGD', purpose: 'Class', platform_fee: 1_00 },
    });
    await other.people.owner.agent.ok(platform.endByBusiness, { params: { ...at(other), link_id: linkId }, body: { confirm: true } });
    expect((await pay(request.url)).status).toBe('succeeded');
    const fees = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.businessId, other.id), eq(ledgerTransactions.kind, 'platform_fee')));
    expect(fees).toEqual([]);
  });
});
