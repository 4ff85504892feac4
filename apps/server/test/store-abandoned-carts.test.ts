import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysFrom, hostOfKind } from '@merchant/core';
import {
  ABANDONED_AFTER_MINUTES,
  locationEndpoints,
  storeAbandonedCartEndpoints,
  storeInsightEndpoints,
  storeOrderEndpoints,
  storeSettingsEndpoints,
  type Product,
} from '@merchant/catalogue';
import { checkoutEndpoints } from '@merchant/payments';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, Shopper, shopHostOf, type FactoryBusiness } from './factories';

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): the checkout's email kept on the cart, a cart abandoned
 * an hour after its last activity, one recovery mail per cart (even with concurrent runs), the link that restores the
 * cart, a recovered cart counted, a paid cart never mailed, the dashboard's list (permissions, validation, pages).
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let shopHost: string;
let beans: Product;

const DELAY_MS = ABANDONED_AFTER_MINUTES * 60_000;
const inBusiness = () => ({ params: { business_id: business.id } });
let customers = 0;
const newEmail = () => `abandoner${++customers}@example.com`;

const list = async (query: { limit?: number; cursor?: string } = {}) => owner.ok(storeAbandonedCartEndpoints.list, { ...inBusiness(), query });
const recoveryMails = async (email: string) => (await mailbox(t.app)).filter((m) => m.to === email && m.subject.includes('your cart is waiting'));
const linkIn = (text: string) => {
  const url = /(https?:\/\/\S+\/cart\/recover\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(url, text).toBeDefined();
  return new URL(url!);
};
const sendMails = () => t.services.store.abandoned.sendRecoveryMails();

/** A shopper with `quantity` beans in the cart who gave the checkout an email (refused: no rate chosen yet). */
async function leftAtCheckout(email: string, quantity = 2): Promise<Shopper> {
  const shopper = new Shopper(t, shopHost);
  expect((await shopper.add(beans, quantity)).statusCode).toBe(303);
  const refused = await shopper.checkout({ email, delivery: 'shipping', line1: '5 Orchard Rd', city: 'Singapore', postal_code: '238800', country: 'SG' });
  expect(refused.statusCode).toBe(422);
  return shopper;
}

async function pay(location: string) {
  const paymentId = /\/p\/(pay_[A-Za-z0-9]+)$/.exec(location)?.[1] ?? '';
  const confirmed = await new Agent(t.app).call(
    checkoutEndpoints.confirm,
    { params: { public_id: paymentId }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
  expect(confirmed.ok, JSON.stringify(confirmed.body)).toBe(true);
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  shopHost = await shopHostOf(t, owner, business.id);
  const store = await createLocation(owner, business.id, { name: 'Roastery' });
  await owner.ok(locationEndpoints.saveSettings, { ...inBusiness(), body: { online_store_location_id: store.id } });
  beans = await createProduct(owner, business.id, { name: 'House blend', price: 18_50 });
});
afterAll(() => t.close());

describe('abandoned carts', () => {
  it('lets every member who sees the store read the list; nobody else (404/401)', async () => {
    expect((await business.people.cashier.agent.call(storeAbandonedCartEndpoints.list, { ...inBusiness(), query: {} })).status).toBe(200);
    const stranger = await createBusiness(t);
    expect((await stranger.people.owner.agent.call(storeAbandonedCartEndpoints.list, { ...inBusiness(), query: {} })).status).toBe(404);
    expect((await new Agent(t.app).call(storeAbandonedCartEndpoints.list, { ...inBusiness(), query: {} })).status).toBe(401);
  });

  it('keeps the checkout’s email on the cart; the cart is abandoned an hour after its last activity, and listed with its items and value', async () => {
    const email = newEmail();
    await leftAtCheckout(email, 2);
    expect((await list()).data.find((c) => c.email === email)).toBeUndefined();
    t.clock.advance(DELAY_MS - 60_000);
    expect((await list()).data.find((c) => c.email === email)).toBeUndefined();
    t.clock.advance(60_000);
    const cart = (await list()).data.find((c) => c.email === email);
    expect(cart).toMatchObject({
      email,
      items: [{ name: 'House blend', variant: null, quantity: 2 }],
      item_count: 2,
      value: { amount: 37_00, currency: 'sgd' },
      recovery_mail_sent_at: null,
      recovered: false,
      order_reference: null,
    });
  });

  it('sends one recovery mail per cart, even when the schedule runs twice or two workers run it at once', async () => {
    const first = newEmail();
    const second = newEmail();
    await leftAtCheckout(first);
    await leftAtCheckout(second);
    t.clock.advance(DELAY_MS + 60_000);
    const runs = await Promise.all([sendMails(), sendMails()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    await sendMails();
    expect(await recoveryMails(first)).toHaveLength(1);
    expect(await recoveryMails(second)).toHaveLength(1);
    expect(await sendMails()).toBe(0);
    const mail = (await recoveryMails(first))[0]!;
    expect(mail.text).toContain('2 × House blend');
    expect(linkIn(mail.text).hostname).toBe(shopHost.split(':')[0]);
    const listed = (await list()).data.find((c) => c.email === first);
    expect(listed?.recovery_mail_sent_at).not.toBeNull();
  });

  it('restores the cart from the link in another browser and goes to the checkout; paid, the cart counts as recovered', async () => {
    const email = newEmail();
    await leftAtCheckout(email, 3);
    t.clock.advance(DELAY_MS + 60_000);
    await sendMails();
    const link = linkIn((await recoveryMails(email))[0]!.text);
    const elsewhere = new Shopper(t, shopHost);
    const opened = await elsewhere.get(link.pathname);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/checkout');
    const cart = await elsewhere.get('/cart');
    expect(cart.body).toContain('House blend');
    expect(cart.body).toMatch(/value="3"/);
    // A forged or unknown link restores nothing.
    expect((await new Shopper(t, shopHost).get('/cart/recover/not-a-real-token-at-all-0000')).statusCode).toBe(404);
    const placed = await elsewhere.checkout({ email });
    expect(placed.statusCode, placed.body).toBe(303);
    await pay(placed.headers.location as string);
    const order = (await owner.ok(storeOrderEndpoints.list, { ...inBusiness(), query: { q: email } })).data[0]!;
    const listed = (await list()).data.find((c) => c.email === email);
    expect(listed).toMatchObject({ recovered: true, order_reference: order.reference });
    const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);
    const insight = await owner.ok(storeInsightEndpoints.get, { ...inBusiness(), query: { from: day(-30 * 86_400_000), to: day(8 * 3_600_000) } });
    expect(insight.recovered_carts).toBeGreaterThanOrEqual(1);
    expect(insight.abandoned_carts).toBeGreaterThanOrEqual(insight.recovered_carts);
    // The range just after, of the same length, has these carts as its previous period's.
    const after = { from: addDays(insight.range.to, 1), to: addDays(insight.range.to, daysFrom(insight.range.from, insight.range.to) + 1) };
    const next = await owner.ok(storeInsightEndpoints.get, { ...inBusiness(), query: after });
    expect(next.previous.range).toEqual({ from: insight.range.from, to: insight.range.to });
    expect(next.previous.abandoned_carts).toBe(insight.abandoned_carts);
  });

  it('mails an order placed and never paid, and its link puts the order’s items back in the cart', async () => {
    const email = newEmail();
    const shopper = new Shopper(t, shopHost);
    await shopper.add(beans, 1);
    const placed = await shopper.checkout({ email });
    expect(placed.statusCode).toBe(303);
    expect((await shopper.get('/cart')).body).not.toContain('House blend');
    t.clock.advance(DELAY_MS + 60_000);
    await sendMails();
    expect(await recoveryMails(email)).toHaveLength(1);
    const listed = (await list()).data.find((c) => c.email === email);
    expect(listed).toMatchObject({ items: [{ name: 'House blend', quantity: 1 }], value: { amount: 18_50 }, recovered: false });
    const opened = await shopper.get(linkIn((await recoveryMails(email))[0]!.text).pathname);
    expect(opened.statusCode).toBe(303);
    expect((await shopper.get('/cart')).body).toContain('House blend');
  });

  it('never mails a cart that became a paid order', async () => {
    const email = newEmail();
    const shopper = new Shopper(t, shopHost);
    await shopper.add(beans, 1);
    const placed = await shopper.checkout({ email });
    await pay(placed.headers.location as string);
    t.clock.advance(DELAY_MS + 60_000);
    await sendMails();
    expect(await recoveryMails(email)).toHaveLength(0);
    expect((await list()).data.find((c) => c.email === email)).toBeUndefined();
  });

  it('sends no recovery mail while the store settings turn them off', async () => {
    const settings = await owner.ok(storeSettingsEndpoints.get, inBusiness());
    expect(settings.recovery_mails).toBe(true);
    const off = await owner.ok(storeSettingsEndpoints.update, { ...inBusiness(), body: { ...settings, recovery_mails: false } });
    expect(off.recovery_mails).toBe(false);
    // Left out of a save: kept as it is.
    const { recovery_mails: _left, ...rest } = settings;
    expect((await owner.ok(storeSettingsEndpoints.update, { ...inBusiness(), body: rest })).recovery_mails).toBe(false);
    const email = newEmail();
    await leftAtCheckout(email);
    t.clock.advance(DELAY_MS + 60_000);
    await sendMails();
    expect(await recoveryMails(email)).toHaveLength(0);
    // Still listed: abandoned, not mailed.
    expect((await list()).data.find((c) => c.email === email)?.recovery_mail_sent_at).toBeNull();
    await owner.ok(storeSettingsEndpoints.update, { ...inBusiness(), body: { ...settings, recovery_mails: true } });
    await sendMails();
    expect(await recoveryMails(email)).toHaveLength(1);
  });

  it('keeps no email that is not one, and none on an empty cart', async () => {
    const shopper = new Shopper(t, shopHost);
    await shopper.add(beans, 1);
    expect((await shopper.checkout({ email: 'not-an-email', delivery: 'shipping', country: 'SG' })).statusCode).toBe(422);
    const empty = new Shopper(t, shopHost);
    expect((await empty.checkout({ email: 'empty@example.com' })).statusCode).toBe(303);
    t.clock.advance(DELAY_MS + 60_000);
    const emails = (await list({ limit: 100 })).data.map((c) => c.email);
    expect(emails).not.toContain('not-an-email');
    expect(emails).not.toContain('empty@example.com');
  });

  it('pages the list, latest activity first', async () => {
    const all = (await list({ limit: 100 })).data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((c) => c.last_activity_at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await list({ limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((c) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));
  });

  it('refuses a bad page size with a field error (422)', async () => {
    for (const limit of [0, 101]) {
      const res = await owner.call(storeAbandonedCartEndpoints.list, { ...inBusiness(), query: { limit } });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('limit');
    }
    const settings = await owner.ok(storeSettingsEndpoints.get, inBusiness());
    const bad = await owner.call(storeSettingsEndpoints.update, { ...inBusiness(), body: { ...settings, recovery_mails: 'yes' as unknown as boolean } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('recovery_mails');
  });
});
