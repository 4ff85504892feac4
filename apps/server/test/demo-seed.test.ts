import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS, bankAccountEndpoints, connectionEndpoints, requestLogEndpoints } from '@merchant/payments';
import {
  categoryEndpoints,
  locationEndpoints,
  productEndpoints,
  shippingEndpoints,
  storeAbandonedCartEndpoints,
  storeOrderEndpoints,
  storePageEndpoints,
  storeThemeEndpoints,
} from '@merchant/catalogue';
import { businessEndpoints, onboardingEndpoints, verificationAdminEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData, type DemoSeed } from '../src/db/seed';
import { seedDemoStoreOrders } from '../src/db/seed-store';
import { createTestContext, signedIn, type TestContext } from './harness';

/** The demo data `npm start` writes into an empty database: its businesses and logins, as the e2e tests and the README rely on them. */
let t: TestContext;
let dataDir: string;
let demo: DemoSeed;

beforeAll(async () => {
  // The pending business's documents are stored under the data folder, as its owner's uploads are.
  dataDir = mkdtempSync(join(tmpdir(), 'md-demo-seed-'));
  t = await createTestContext({ dataDir });
  demo = await seedDemoData(t.database.db, t.clock, { config: t.config });
  // The store's week of orders comes with the demo history (as `npm start` seeds it by default).
  await seedDemoStoreOrders(t.database.db, demo.businessId, demo.ownerId, t.clock.now(), t.config);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ownedBy(email: string) {
  const agent = await signedIn(t.app, email, DEMO_PASSWORD);
  const me = await agent.ok(userEndpoints.me);
  return { agent, owned: me.businesses.owned };
}

describe('the demo seed', () => {
  it('makes the demo business in Singapore with its country’s time zone, onboarded, with its Stripe connection', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    expect(owned.map((b) => b.identifier)).toEqual(['demo-coffee']);
    const business = await agent.ok(businessEndpoints.get, { params: { business_id: owned[0]!.id } });
    expect(business).toMatchObject({
      name: 'Demo Coffee Roasters',
      country: 'sg',
      currency: 'sgd',
      time_zone: 'Asia/Singapore',
      onboarding_status: 'completed',
      stripe_enabled: true,
      active_providers: ['stripe'],
      features: { send_money: true },
    });
    expect(business.warnings.map((w) => w.title)).toEqual(['Demo data']);
  });

  it('connects the demo business to Xero in test mode with its accounts mapped, QuickBooks left to connect', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const params = { business_id: owned[0]!.id };
    const tools = await agent.ok(connectionEndpoints.list, { params });
    expect(tools.map((c) => [c.tool, c.status, c.mapped])).toEqual([
      ['xero', 'connected', true],
      ['quickbooks', 'not_connected', false],
    ]);
    const xero = await agent.ok(connectionEndpoints.get, { params: { ...params, tool: 'xero' } });
    expect(xero.mapping).toEqual({ sales_account: '200', fees_account: '405', refunds_account: '480', clearing_account: '615', bank_account: '090' });
  });

  it('gives the coffee roaster a catalogue: beans in sizes, drinks with a Milk add-on group, merchandise', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const params = { business_id: owned[0]!.id };
    const categories = await agent.ok(categoryEndpoints.list, { params });
    expect(categories.data.map((c) => [c.name, c.product_count])).toEqual([
      ['Coffee beans', 2],
      ['Drinks', 2],
      ['Merchandise', 1],
    ]);
    const products = await agent.ok(productEndpoints.list, { params, query: { sort: 'name' } });
    expect(products.data.map((p) => [p.name, p.variants.length, p.add_on_group_ids.length])).toEqual([
      ['Ethiopia Guji', 2, 0],
      ['Flat white', 1, 1],
      ['House blend', 2, 0],
      ['Latte', 1, 1],
      ['Tote bag', 1, 0],
    ]);
  });

  it('gives it two locations, the online store selling from the Roastery, and stock of its beans and tote bags at both', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const params = { business_id: owned[0]!.id };
    const locations = await agent.ok(locationEndpoints.list, { params, query: {} });
    expect(locations.data.map((l) => [l.name, l.time_zone, l.online_store_default])).toEqual([
      ['Roastery', 'Asia/Singapore', true],
      ['Tanjong Pagar kiosk', 'Asia/Singapore', false],
    ]);
    expect(locations.data[0]!.opening_hours.sunday).toBeNull();
    const products = await agent.ok(productEndpoints.list, { params, query: { sort: 'name' } });
    const stocked = products.data.filter((p) => p.track_stock);
    expect(stocked.map((p) => p.name)).toEqual(['Ethiopia Guji', 'House blend', 'Tote bag']);
    for (const p of stocked) for (const v of p.variants) expect(v.stock.map((s) => s.location_id).sort()).toEqual(locations.data.map((l) => l.id).sort());
    const low = await agent.ok(productEndpoints.list, { params, query: { stock: 'low' } });
    expect(low.data.map((p) => p.name)).toEqual(['Ethiopia Guji']);
  });

  it('gives the demo store a published live theme whose home page shows its sections, and a draft theme to try', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const params = { business_id: owned[0]!.id };
    const themes = (await agent.ok(storeThemeEndpoints.list, { params })).data;
    expect(themes.map((x) => [x.name, x.live, x.has_unpublished_changes])).toEqual([
      ['Demo Coffee', true, false],
      ['Bold', false, true],
    ]);
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: `demo-coffee.shop.${t.config.baseDomain}` } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Fresh beans, every week');
    expect(home.body).toContain('What our customers say');
    expect(home.body).toContain('House blend');
  });

  it('gives the demo store shipping zones, a pickup point, two pages, a week of paid orders in every fulfilment state and two abandoned carts', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const params = { business_id: owned[0]!.id };
    const zones = (await agent.ok(shippingEndpoints.listZones, { params, query: {} })).data;
    expect(zones.map((z) => [z.name, z.countries, z.rates.map((r) => [r.name, r.kind])]).sort()).toEqual([
      ['Malaysia', ['my'], [['Pos Laju', 'weight']]],
      [
        'Singapore',
        ['sg'],
        [
          ['Standard', 'flat'],
          ['Express', 'flat'],
        ],
      ],
    ]);
    expect(zones.find((z) => z.name === 'Singapore')!.rates[0]).toMatchObject({ free_over: 50_00 });
    const pickups = (await agent.ok(shippingEndpoints.listPickups, { params, query: {} })).data;
    expect(pickups.map((p) => [p.name, p.location.name, p.active])).toEqual([['Roastery counter', 'Roastery', true]]);
    const pages = (await agent.ok(storePageEndpoints.list, { params, query: {} })).data;
    expect(pages.map((p) => [p.title, p.published]).sort()).toEqual([
      ['About us', true],
      ['Shipping and returns', true],
    ]);
    const shop = await t.app.inject({ method: 'GET', url: '/pages/shipping-and-returns', headers: { host: `demo-coffee.shop.${t.config.baseDomain}` } });
    expect(shop.statusCode).toBe(200);

    const orders = (await agent.ok(storeOrderEndpoints.list, { params, query: { limit: 100 } })).data;
    expect(orders).toHaveLength(10);
    const week = t.clock.now().getTime() - 7 * 24 * 3_600_000;
    for (const o of orders) expect(new Date(o.created_at).getTime()).toBeGreaterThanOrEqual(week);
    expect(orders.every((o) => o.paid_at !== null)).toBe(true);
    const paid = orders.filter((o) => o.status === 'paid');
    for (const state of ['unfulfilled', 'packed', 'shipped', 'delivered', 'picked_up'] as const)
      expect(paid.filter((o) => o.fulfilment === state).length, state).toBeGreaterThanOrEqual(1);
    const shipped = paid.filter((o) => o.fulfilment === 'shipped');
    for (const o of shipped) expect(o.carrier && o.tracking_number).toBeTruthy();
    expect(orders.filter((o) => o.status === 'cancelled')).toHaveLength(1);
    const refunded = orders.filter((o) => o.status === 'paid' && o.refunded.amount > 0);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.refunded.amount).toBeLessThan(refunded[0]!.total.amount);
    expect(new Set(orders.map((o) => o.delivery_method))).toEqual(new Set(['pickup', 'shipping']));

    const carts = (await agent.ok(storeAbandonedCartEndpoints.list, { params, query: {} })).data;
    expect(carts.map((c) => [c.email, c.recovery_mail_sent_at !== null, c.recovered])).toEqual([
      ['meiling.goh@example.com', false, false],
      ['liam.oconnor@example.com', true, false],
    ]);
  });

  it('verifies the demo business as any business is: its questionnaire answered and submitted, then approved', async () => {
    // Issue 25: "Verified · 100% complete" stood above five sections that all said "Not answered yet".
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const onboarding = await agent.ok(onboardingEndpoints.get, { params: { business_id: owned[0]!.id } });
    expect(onboarding).toMatchObject({ status: 'completed', progress: 100, missing_steps: [] });
    expect(onboarding.answers.business).toMatchObject({ legal_name: 'Demo Coffee Roasters Pte. Ltd.' });
    expect(onboarding.answers.owner).toMatchObject({ full_name: 'Olivia Owner' });
    expect(onboarding.answers.address).toMatchObject({ city: 'Singapore', country: 'sg' });
    expect(onboarding.answers.sales).toMatchObject({ average_ticket: { amount: 1250, currency: 'sgd' } });
    expect(onboarding.documents.map((d) => d.kind).sort()).toEqual(['business_registration', 'owner_id']);
    expect(onboarding.submitted_at).not.toBeNull();
    expect(onboarding.last_decision).toMatchObject({ kind: 'approved', actor_name: 'Sam Super' });
  });

  it('gives every demo login its business and role', async () => {
    const cases = [
      [DEMO_USERS.partner, 'demo-partners', 'partner', 'completed'],
      [DEMO_USERS.new, 'new-bakery', 'merchant', 'questionnaire'],
      [DEMO_USERS.pending, 'pending-pottery', 'merchant', 'pending_verification'],
    ] as const;
    for (const [email, identifier, type, status] of cases) {
      const { owned } = await ownedBy(email);
      expect(owned).toEqual([expect.objectContaining({ identifier, type, onboarding_status: status, country: 'sg', currency: 'sgd' })]);
    }
    for (const email of [DEMO_USERS.admin, DEMO_USERS.manager, DEMO_USERS.cashier]) {
      const agent = await signedIn(t.app, email, DEMO_PASSWORD);
      const me = await agent.ok(userEndpoints.me);
      expect(me.businesses.member.map((b) => b.identifier)).toEqual(['demo-coffee']);
    }
    const admin = await signedIn(t.app, DEMO_USERS.super, DEMO_PASSWORD);
    expect((await admin.ok(userEndpoints.me)).is_super_admin).toBe(true);
  });

  it('gives the demo business its default bank account and the super admins a submitted questionnaire to review', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    const accounts = await agent.ok(bankAccountEndpoints.list, { params: { business_id: owned[0]!.id } });
    expect(accounts).toEqual([expect.objectContaining({ bank_name: 'DBS Bank', currency: 'sgd', is_default: true })]);
    const admin = await signedIn(t.app, DEMO_USERS.super, DEMO_PASSWORD);
    const queue = await admin.ok(verificationAdminEndpoints.queue);
    expect(queue.data.map((b) => b.identifier)).toEqual(['pending-pottery']);
    const review = await admin.ok(verificationAdminEndpoints.business, { params: { business_id: queue.data[0]!.business_id } });
    expect(review.onboarding.missing_steps).toEqual([]);
    expect(review.onboarding.documents.map((d) => d.kind).sort()).toEqual(['business_registration', 'owner_id']);
    expect(review.history.map((e) => e.kind)).toEqual(['submitted']);
  });

  it("answers the demo business's API key, which reads its payment requests on the API host", async () => {
    expect(demo.apiKey).toMatch(/^[0-9a-f]{64}$/);
    const answer = await t.app.inject({
      method: 'GET',
      url: PUBLIC_API_PATHS.paymentRequests,
      headers: { host: `api.${t.config.baseDomain}`, 'x-business-api-key': demo.apiKey },
    });
    expect(answer.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: PUBLIC_API_PATHS.paymentRequests,
      headers: { host: `api.${t.config.baseDomain}`, 'x-business-api-key': 'f'.repeat(64) },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('gives the demo key a few days of calls in the request log, the call just made on top', async () => {
    await t.services.requestLog.flush();
    const { agent } = await ownedBy(DEMO_USERS.owner);
    const log = await agent.ok(requestLogEndpoints.list, { params: { business_id: demo.businessId } });
    expect(log.data.length).toBeGreaterThanOrEqual(10);
    expect(new Set(log.data.map((e) => e.api_key.name))).toEqual(new Set(['Demo key']));
    expect(log.data.map((e) => e.status)).toEqual(expect.arrayContaining([200, 404, 422]));
    expect(log.data.some((e) => e.idempotency_key === 'order-1041' && e.status === 422 && e.error_message)).toBe(true);
  });
});
