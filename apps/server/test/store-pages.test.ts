import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEndpoints } from '@merchant/business';
import { storeInsightEndpoints, storePageEndpoints, type StorePageBody } from '@merchant/catalogue';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, paidStoreOrder, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/**
 * The online store's content pages and its overview (docs/online-store.md, "Pages" and "Shop insight"): pages'
 * fields, unique slugs, escaping of hostile bodies on the storefront, drafts not served, other businesses' pages,
 * permissions; the overview's figures against orders placed here, and page views counted once per page served.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let shopHost: string;
const inBusiness = () => ({ params: { business_id: business.id } });
const pageParams = (id: string) => ({ params: { business_id: business.id, page_id: id } });
let n = 0;
const createPage = (over: Partial<StorePageBody> = {}) =>
  owner.ok(storePageEndpoints.create, { ...inBusiness(), body: { title: `Page ${++n}`, slug: `page-${n}-${Date.now()}`, body: 'Hello.', ...over } });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'sg', name: 'Kopi Corner' });
  owner = business.people.owner.agent;
  shopHost = await shopHostOf(t, owner, business.id);
  await openStore(owner, business.id);
});
afterAll(() => t.close());

describe('store pages', () => {
  it('creates, lists by title with search, edits, publishes and deletes a page, each audited', async () => {
    const created = await owner.call(storePageEndpoints.create, {
      ...inBusiness(),
      body: { title: '  About us ', slug: ' About-Us ', body: 'We roast coffee.' },
    });
    expect(created.status).toBe(201);
    const page = created.ok ? created.body : null;
    expect(page).toMatchObject({ title: 'About us', slug: 'about-us', body: 'We roast coffee.', published: false });
    expect(page?.url).toMatch(new RegExp(`^https?://${shopHost.split(':')[0]!.replace(/\./g, '\\.')}(:\\d+)?/pages/about-us$`));
    const faq = await createPage({ title: 'FAQ', slug: 'faq' });
    expect((await owner.ok(storePageEndpoints.list, { ...inBusiness(), query: { q: 'abou' } })).data.map((p) => p.id)).toEqual([page!.id]);
    expect((await owner.ok(storePageEndpoints.list, { ...inBusiness(), query: { q: 'faq' } })).data.map((p) => p.id)).toEqual([faq.id]);

    const edited = await owner.ok(storePageEndpoints.update, {
      ...pageParams(page!.id),
      body: { title: 'About Kopi', slug: 'about-us', body: 'We roast.', published: true },
    });
    expect(edited).toMatchObject({ title: 'About Kopi', published: true });
    expect(await owner.ok(storePageEndpoints.get, pageParams(page!.id))).toEqual(edited);

    expect(await owner.ok(storePageEndpoints.remove, pageParams(faq.id))).toEqual({ removed: true });
    expect(failure(await owner.call(storePageEndpoints.get, pageParams(faq.id)))).toMatchObject({ code: 'STORE_PAGE_NOT_FOUND' });
    expect(failure(await owner.call(storePageEndpoints.remove, pageParams(faq.id)))).toMatchObject({ code: 'STORE_PAGE_NOT_FOUND' });

    const audited = async (action: string) => (await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action } })).data.map((a) => a.description);
    expect(await audited('store_page.created')).toEqual(expect.arrayContaining(['Added the page About us (draft)']));
    expect(await audited('store_page.updated')).toEqual(['Edited the page About Kopi and published it']);
    expect(await audited('store_page.removed')).toEqual(['Deleted the page FAQ']);
  });

  it('keeps slugs unique in the store and well formed; another business may use the slug', async () => {
    const first = await createPage({ slug: 'shipping-info' });
    const twin = await owner.call(storePageEndpoints.create, { ...inBusiness(), body: { title: 'Twin', slug: 'Shipping-Info' } });
    expect(failure(twin)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'slug', message: 'Another page has this address' }] });
    const second = await createPage();
    const renamed = await owner.call(storePageEndpoints.update, { ...pageParams(second.id), body: { title: 'Renamed', slug: first.slug } });
    expect(failure(renamed)).toMatchObject({ issues: [{ path: 'slug' }] });

    for (const slug of ['', 'has space', 'trailing-', '-leading', 'double--dash', 'émoji', 'a/b', 'x'.repeat(81)]) {
      const bad = await owner.call(storePageEndpoints.create, { ...inBusiness(), body: { title: 'Bad', slug } });
      expect([...new Set(failure(bad).issues?.map((i) => i.path))]).toEqual(['slug']);
    }
    const noTitle = await owner.call(storePageEndpoints.create, { ...inBusiness(), body: { title: '  ', slug: 'no-title', body: 'x'.repeat(50_001) } });
    expect(
      failure(noTitle)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['body', 'title']);

    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.call(storePageEndpoints.create, {
      params: { business_id: other.id },
      body: { title: 'Theirs', slug: 'shipping-info', published: true },
    });
    expect(theirs.status).toBe(201);
    // Their page is not ours: neither through the API nor on our storefront.
    const theirId = theirs.ok ? theirs.body.id : '';
    expect(failure(await owner.call(storePageEndpoints.get, pageParams(theirId)))).toMatchObject({ code: 'STORE_PAGE_NOT_FOUND' });
    expect(failure(await owner.call(storePageEndpoints.update, { ...pageParams(theirId), body: { title: 'Mine', slug: 'mine' } }))).toMatchObject({
      code: 'STORE_PAGE_NOT_FOUND',
    });
    expect(failure(await owner.call(storePageEndpoints.remove, pageParams(theirId)))).toMatchObject({ code: 'STORE_PAGE_NOT_FOUND' });
    // Ours (a draft) is not served; theirs is not served on our host.
    expect((await new Shopper(t, shopHost).get('/pages/shipping-info')).statusCode).toBe(404);
    const theirShop = new Shopper(t, await shopHostOf(t, other.people.owner.agent, other.id));
    expect((await theirShop.get('/pages/shipping-info')).statusCode).toBe(200);
  });

  it('lets managers edit pages; a cashier may not read or change them (403)', async () => {
    const cashier = business.people.cashier.agent;
    const manager = business.people.manager.agent;
    const page = await createPage();
    expect((await manager.call(storePageEndpoints.update, { ...pageParams(page.id), body: { title: 'By manager', slug: page.slug } })).status).toBe(200);
    expect((await cashier.call(storePageEndpoints.list, inBusiness())).status).toBe(403);
    expect((await cashier.call(storePageEndpoints.get, pageParams(page.id))).status).toBe(403);
    expect((await cashier.call(storePageEndpoints.create, { ...inBusiness(), body: { title: 'Cashier', slug: 'cashier' } })).status).toBe(403);
    expect((await cashier.call(storePageEndpoints.remove, pageParams(page.id))).status).toBe(403);
    const stranger = await createBusiness(t);
    // Not a member: the business is not found for them.
    expect((await stranger.people.owner.agent.call(storePageEndpoints.list, inBusiness())).status).toBe(404);
  });

  it('serves a published page on the storefront with its markdown, escapes a hostile body, links it in the footer; a draft is 404', async () => {
    const shopper = new Shopper(t, shopHost);
    const hostile = [
      '## Our <b>story</b>',
      '',
      'We <script>alert(1)</script> roast **daily** and *slowly*.',
      'Second line "quoted" & \'single\'.',
      '',
      '- [Our menu](/search?q=kopi)',
      '- [Evil](javascript:alert(1))',
      '- [Site](https://example.com/a?b=1&c=2)',
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    const page = await createPage({ title: 'Story <i>of</i> us', slug: 'story', body: hostile, published: true });
    const res = await shopper.get('/pages/story');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1>Story &lt;i&gt;of&lt;/i&gt; us</h1>');
    expect(body).toContain('<h2>Our &lt;b&gt;story&lt;/b&gt;</h2>');
    expect(body).toContain('We &lt;script&gt;alert(1)&lt;/script&gt; roast <strong>daily</strong> and <em>slowly</em>.<br />');
    expect(body).toContain('Second line &quot;quoted&quot; &amp; &#39;single&#39;.');
    expect(body).toContain('<a href="/search?q=kopi">Our menu</a>');
    expect(body).toContain('[Evil](javascript:alert(1))');
    expect(body).not.toContain('href="javascript:');
    expect(body).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener nofollow">Site</a>');
    expect(body).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(body).not.toMatch(/<script>alert|<img src=x|<b>story/);
    expect(body).toContain(`<link rel="canonical" href="`);
    // Linked in every page's footer and listed in the sitemap.
    expect((await shopper.get('/')).body).toContain('<a href="/pages/story">Story &lt;i&gt;of&lt;/i&gt; us</a>');
    expect((await shopper.get('/sitemap-pages.xml')).body).toContain('/pages/story</loc>');

    // Back to a draft: gone from the storefront and its footer (the purge before the answer).
    await owner.ok(storePageEndpoints.update, { ...pageParams(page.id), body: { title: page.title, slug: 'story', body: hostile, published: false } });
    expect((await shopper.get('/pages/story')).statusCode).toBe(404);
    expect((await shopper.get('/')).body).not.toContain('/pages/story');
    // Published under a new slug: the old address is 404, the new one served.
    await owner.ok(storePageEndpoints.update, { ...pageParams(page.id), body: { title: 'Story', slug: 'our-story', body: 'Plain.', published: true } });
    expect((await shopper.get('/pages/story')).statusCode).toBe(404);
    expect((await shopper.get('/pages/our-story')).body).toContain('<p>Plain.</p>');
    await owner.ok(storePageEndpoints.remove, pageParams(page.id));
    expect((await shopper.get('/pages/our-story')).statusCode).toBe(404);
    expect((await shopper.get('/pages/Not_A_Slug')).statusCode).toBe(404);
  });
});

describe('shop insight', () => {
  const range = { from: '2026-10-26', to: '2026-11-01' };

  it('shows a new store as empty, then counts orders, sales, top products, statuses, visits and conversion', async () => {
    const shop = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg' });
    const boss = shop.people.owner.agent;
    const params = { params: { business_id: shop.id } };
    const empty = await boss.ok(storeInsightEndpoints.get, { ...params, query: range });
    expect(empty).toMatchObject({
      orders: 0,
      gross_sales: 0,
      total_sales: 0,
      average_order: null,
      visits: 0,
      conversion_bp: null,
      top_products: [],
      by_status: [],
      has_activity: false,
    });

    await openStore(boss, shop.id);
    const latte = await createProduct(boss, shop.id, { name: 'Latte', price: 5_00 });
    const mocha = await createProduct(boss, shop.id, { name: 'Mocha', price: 7_00 });
    const shopper = new Shopper(t, await shopHostOf(t, boss, shop.id));
    // Page views: each HTML page served counts once; a HEAD, a missing page, a post, the sitemap and robots.txt do not.
    expect((await shopper.get('/')).statusCode).toBe(200);
    expect((await shopper.get(`/products/${latte.id}`)).statusCode).toBe(200);
    expect((await shopper.get('/')).statusCode).toBe(200);
    expect((await shopper.get('/no-such-page')).statusCode).toBe(404);
    expect((await shopper.get('/sitemap.xml')).statusCode).toBe(200);
    expect((await shopper.get('/robots.txt')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/', headers: { host: shopper.host } })).statusCode).toBe(200);
    const viewed = await boss.ok(storeInsightEndpoints.get, { ...params, query: range });
    expect(viewed).toMatchObject({ visits: 3, orders: 0, conversion_bp: 0, has_activity: true });

    const a = await paidStoreOrder(t, boss, shop.id, { product: latte, quantity: 3 });
    const b = await paidStoreOrder(t, boss, shop.id, { product: mocha, quantity: 1 });
    // An order left unpaid counts by status, not as a sale.
    expect((await shopper.add(mocha, 2)).statusCode).toBe(303);
    expect((await shopper.checkout({ email: 'unpaid@example.com' })).statusCode).toBe(303);

    const insight = await boss.ok(storeInsightEndpoints.get, { ...params, query: range });
    expect(insight.orders).toBe(2);
    expect(insight.gross_sales).toBe(a.subtotal.amount + b.subtotal.amount);
    expect(insight.gross_sales).toBe(3 * 5_00 + 7_00);
    expect(insight.total_sales).toBe(a.total.amount + b.total.amount);
    expect(insight.average_order).toBe(Math.round((a.total.amount + b.total.amount) / 2));
    expect(insight.top_products).toEqual([
      { product_id: latte.id, name: 'Latte', units: 3, total: expect.any(Number) },
      { product_id: mocha.id, name: 'Mocha', units: 1, total: expect.any(Number) },
    ]);
    expect(insight.by_status).toEqual([
      { status: 'paid', orders: 2 },
      { status: 'pending_payment', orders: 1 },
    ]);
    // The checkouts posted their forms (no page views): conversion is paid orders per view, 2 of 3.
    expect(insight.visits).toBe(3);
    expect(insight.conversion_bp).toBe(6667);

    // Another range has none of it; a cashier may read the overview (store:view).
    const before = await shop.people.cashier.agent.ok(storeInsightEndpoints.get, { ...params, query: { from: '2026-09-01', to: '2026-09-30' } });
    expect(before).toMatchObject({ orders: 0, visits: 0, by_status: [], has_activity: true });
    // A range that ends before it starts is a 422 on the query's `to`; another business's member does not find it.
    const bad = await boss.call(storeInsightEndpoints.get, { ...params, query: { from: '2026-11-01', to: '2026-10-01' } });
    expect(failure(bad).issues?.map((i) => i.path)).toEqual(['querystring.to']);
    expect((await owner.call(storeInsightEndpoints.get, { ...params, query: range })).status).toBe(404);
  });

  it("compares the range with the previous one of equal length and gives it day by day, on the business's days", async () => {
    const shop = await createBusiness(t, { currency: 'sgd', country: 'sg', timeZone: 'Asia/Singapore' });
    const boss = shop.people.owner.agent;
    const params = { params: { business_id: shop.id } };
    await openStore(boss, shop.id);
    const latte = await createProduct(boss, shop.id, { name: 'Latte', price: 5_00 });
    const shopper = new Shopper(t, await shopHostOf(t, boss, shop.id));
    const at = async (iso: string, views: number, quantity: number) => {
      t.clock.set(new Date(iso));
      for (let i = 0; i < views; i++) expect((await shopper.get('/')).statusCode).toBe(200);
      return paidStoreOrder(t, boss, shop.id, { product: latte, quantity });
    };
    try {
      // The previous period is 19 to 25 October (Singapore): one visit and an order on the 20th, an order at 23:30 on the 25th.
      const early = await at('2026-10-20T02:00:00Z', 1, 1);
      const lateEve = await at('2026-10-25T15:30:00Z', 0, 2);
      // 01:30 on the 26th in Singapore (still the 25th in UTC) is in the range, as are the 1st's visit and order.
      const first = await at('2026-10-25T17:30:00Z', 2, 3);
      const last = await at('2026-11-01T09:00:00Z', 1, 4);

      const insight = await boss.ok(storeInsightEndpoints.get, { ...params, query: range });
      expect(insight).toMatchObject({ orders: 2, total_sales: first.total.amount + last.total.amount, visits: 3, conversion_bp: 6667 });
      expect(insight.previous).toEqual({
        range: { from: '2026-10-19', to: '2026-10-25' },
        orders: 2,
        gross_sales: 3 * 5_00,
        total_sales: early.total.amount + lateEve.total.amount,
        average_order: Math.round((early.total.amount + lateEve.total.amount) / 2),
        visits: 1,
        conversion_bp: 20_000,
        abandoned_carts: 0,
      });
      const zero = { orders: 0, total_sales: 0, visits: 0 };
      expect(insight.daily).toEqual([
        { date: '2026-10-26', orders: 1, total_sales: first.total.amount, visits: 2 },
        ...['2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'].map((date) => ({ date, ...zero })),
        { date: '2026-11-01', orders: 1, total_sales: last.total.amount, visits: 1 },
      ]);
      expect(insight.daily.reduce((sum, d) => sum + d.total_sales, 0)).toBe(insight.total_sales);

      // A one-day range is compared with the day before; the previous period of an empty range still counts.
      const day = await boss.ok(storeInsightEndpoints.get, { ...params, query: { from: '2026-10-26', to: '2026-10-26' } });
      expect(day.previous).toMatchObject({ range: { from: '2026-10-25', to: '2026-10-25' }, orders: 1, total_sales: lateEve.total.amount, visits: 0 });
      expect(day.daily).toEqual([{ date: '2026-10-26', orders: 1, total_sales: first.total.amount, visits: 2 }]);
    } finally {
      t.clock.set(new Date('2026-11-01T09:00:00Z'));
    }
  });
});
