import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, hostOfKind, originOfKind } from '@merchant/core';
import { shopCacheEndpoints } from '@merchant/business';
import {
  addOnGroupEndpoints,
  couponEndpoints,
  locationEndpoints,
  shippingEndpoints,
  taxEndpoints,
  productEndpoints,
  stockEndpoints,
  storeOrderEndpoints,
  type Location,
  type Product,
  type StoreOrder,
} from '@merchant/catalogue';
import { checkoutEndpoints } from '@merchant/payments';
import { parseCsv } from '../src/lib/csv';
import { UNPAID_ORDER_HOLD_MS } from '../src/modules/store/orders/store-orders.service';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, openStore, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/**
 * The online store (docs/online-store.md): the storefront's pages on the shop host (escaped, with structured data),
 * the cart across visits, the checkout that places an order and hands the payer to the hosted checkout, the payment
 * that marks it paid once, stock never oversold, fulfilment, refunds, cancel with restock, export and the purges.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let identifier: string;
let shopHost: string;
let store: Location;
/** The Singapore zone's rates: Standard (5.00, free from 100.00) and Express (12.00). */
let standardRate: string;
let expressRate: string;

const HOSTILE = `Beans <script>alert("x")</script> & "quotes" 'single'`;

const visitor = () => new Shopper(t, shopHost);
const inBusiness = { params: { business_id: '' } };
const orderParams = (order: { id: string }) => ({ params: { business_id: business.id, order_id: order.id } });
const tracked = (body: Parameters<typeof createProduct>[2] = {}) => createProduct(owner, business.id, { track_stock: true, ...body });
const receive = (product: Product, quantity: number, variant = 0) =>
  owner.ok(stockEndpoints.adjust, {
    params: { business_id: business.id },
    body: { lines: [{ variant_id: product.variants[variant]!.id, location_id: store.id, reason: 'received', quantity }] },
  });
const onHand = async (product: Product, variant = 0) => {
  const p = await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: product.id } });
  return p.variants[variant]!.stock.find((s) => s.location_id === store.id)?.on_hand ?? 0;
};
const shopOrigin = () => {
  const url = new URL(t.config.publicUrl);
  url.hostname = shopHost.split(':')[0]!;
  return url.origin;
};
const checkoutHost = () => hostOfKind('checkout', t.config.baseDomain);
const paymentIdOf = (location: string) => /\/p\/(pay_[A-Za-z0-9]+)$/.exec(location)?.[1] ?? '';
const confirmCard = (paymentId: string, number = '4242424242424242') =>
  new Agent(t.app).call(
    checkoutEndpoints.confirm,
    { params: { public_id: paymentId }, body: { method: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: checkoutHost(), idempotencyKey: randomUUID() },
  );
/** The order of a customer's email (each test's customer has one of their own). */
const orderOf = async (email: string) => {
  const found = await owner.ok(storeOrderEndpoints.list, { params: { business_id: business.id }, query: { q: email } });
  expect(found.data).toHaveLength(1);
  return found.data[0]!;
};
let customers = 0;
const newEmail = () => `customer${++customers}@example.com`;

/** A shopper who buys `quantity` of a product and pays: answers the paid order. */
async function boughtAndPaid(product: Product, quantity = 1, over: Record<string, string> = {}): Promise<StoreOrder> {
  const shopper = visitor();
  const email = over['email'] ?? newEmail();
  expect((await shopper.add(product, quantity)).statusCode).toBe(303);
  const placed = await shopper.checkout({ ...over, email });
  expect(placed.statusCode, placed.body).toBe(303);
  const confirmed = await confirmCard(paymentIdOf(placed.headers.location as string));
  expect(confirmed.ok, JSON.stringify(confirmed.body)).toBe(true);
  return orderOf(email);
}

const queries: string[] = [];
/** The SQL statements sent while `fn` runs (the page views' timed upsert left out). */
async function queriesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const from = queries.length;
  await fn();
  return queries.slice(from).filter((q) => !q.includes('store_visits'));
}

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  business = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  inBusiness.params.business_id = business.id;
  identifier = (await owner.ok((await import('@merchant/business')).businessEndpoints.get, inBusiness)).identifier;
  shopHost = `${identifier}.shop.${t.config.baseDomain}`;
  store = await createLocation(owner, business.id, {
    name: 'Roastery',
    address: { line1: '1 Coffee Lane', line2: null, city: 'Singapore', state: null, postal_code: '018989' },
  });
  await owner.ok(locationEndpoints.saveSettings, { ...inBusiness, body: { online_store_location_id: store.id } });
  const zone = await owner.ok(shippingEndpoints.createZone, {
    ...inBusiness,
    body: {
      name: 'Singapore',
      countries: ['sg'],
      rates: [
        { kind: 'flat', name: 'Standard', amount: 5_00, estimate: '2 to 4 working days', free_over: 100_00 },
        { kind: 'flat', name: 'Express', amount: 12_00 },
      ],
    },
  });
  standardRate = zone.rates.find((r) => r.name === 'Standard')!.id;
  expressRate = zone.rates.find((r) => r.name === 'Express')!.id;
});

/** A shipping address in Singapore with its Standard rate chosen. */
const shipTo = (line1 = '5 Orchard Rd', postal_code = '238800') => ({
  delivery: 'shipping',
  line1,
  city: 'Singapore',
  postal_code,
  country: 'SG',
  rate: standardRate,
});
afterAll(() => t.close());

describe('the storefront pages', () => {
  it('renders the home and product pages with every merchant string escaped, meta tags and Product JSON-LD', async () => {
    const product = await createProduct(owner, business.id, { name: HOSTILE, description: `Dark roast </script><img src=x onerror=alert(1)>`, price: 18_50 });
    const shopper = visitor();
    const home = await shopper.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).not.toContain('<script>alert');
    expect(home.body).toContain('Beans &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;');
    expect(home.body).toContain(`<link rel="canonical" href="${shopOrigin()}/"`);

    const page = await shopper.get(`/products/${product.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toMatch(/<title>Beans &lt;script&gt;.*<\/title>/);
    expect(page.body).toMatch(/<meta property="og:type" content="product"\s*\/?>/);
    expect(page.body).toContain(`<link rel="canonical" href="${shopOrigin()}/products/${product.id}"`);
    expect(page.body).toContain('<meta name="description" content="Dark roast &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(page.body).toContain('SGD 18.50');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Product',
      name: HOSTILE,
      offers: [{ '@type': 'Offer', price: '18.50', priceCurrency: 'SGD', availability: 'https://schema.org/InStock' }],
    });
    // No script runs on the storefront, and its forms may post on to the hosted checkout.
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}`);
  });

  it('shows only active products on the online store channel, sold out and low stock, and answers 404s', async () => {
    const offline = await createProduct(owner, business.id, { name: 'Counter only', channels: ['pos'] });
    const archived = await createProduct(owner, business.id, { name: 'Old blend' });
    await owner.ok(productEndpoints.archive, { params: { business_id: business.id, product_id: archived.id } });
    const sold = await tracked({ name: 'Rare lot' });
    const low = await tracked({ name: 'Last bags' });
    await receive(low, 3);
    const shopper = visitor();
    const home = (await shopper.get('/')).body;
    expect(home).not.toContain('Counter only');
    expect(home).not.toContain('Old blend');
    expect(home).toMatch(/Rare lot<\/a>\s*<p>SGD 4.50 · <span class="soldout">Sold out<\/span>/);
    expect((await shopper.get(`/products/${offline.id}`)).statusCode).toBe(404);
    expect((await shopper.get(`/products/${archived.id}`)).statusCode).toBe(404);
    const soldPage = (await shopper.get(`/products/${sold.id}`)).body;
    expect(soldPage).toContain('Sold out');
    expect(soldPage).not.toContain('Add to cart');
    expect(soldPage).toContain('https://schema.org/OutOfStock');
    expect((await shopper.get(`/products/${low.id}`)).body).toContain('Only 3 left');
    expect((await shopper.get('/no-such-page')).statusCode).toBe(404);
    // A host of no business, and the dashboard's host, are no storefront.
    expect((await new Shopper(t, `nobody-${Date.now()}.shop.${t.config.baseDomain}`).get('/')).statusCode).toBe(404);
    expect((await new Shopper(t, t.config.baseDomain).get(`/products/${low.id}`)).body).not.toContain('Last bags');
  });

  it('lists categories, searches, and answers the sitemap and robots.txt', async () => {
    const product = await createProduct(owner, business.id, { name: 'Kenya AA filter' });
    const shopper = visitor();
    const found = (await shopper.get('/search?q=kenya')).body;
    expect(found).toContain('1 product found');
    expect(found).toContain(`/products/${product.id}`);
    expect((await shopper.get('/search?q=%3Cscript%3E')).body).toContain('found for “&lt;script&gt;”');
    const index = await shopper.get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain(`<sitemap><loc>${shopOrigin()}/sitemap-products-1.xml</loc></sitemap>`);
    const map = await shopper.get('/sitemap-products-1.xml');
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain(`<loc>${shopOrigin()}/products/${product.id}</loc>`);
    const robots = await shopper.get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${shopOrigin()}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /cart');
  });
});

describe('the cart', () => {
  it('is kept across visits by its signed cookie, and a forged cookie starts an empty cart', async () => {
    const product = await createProduct(owner, business.id, { name: 'Drip bags', price: 12_00 });
    const first = visitor();
    expect((await first.add(product, 2)).headers.location).toBe('/cart');
    const cookie = first.cookies.get('store_cart')!;
    const later = visitor();
    later.cookies.set('store_cart', cookie);
    const cart = (await later.get('/cart')).body;
    expect(cart).toContain('Drip bags');
    expect(cart).toContain('SGD 24.00');
    const forged = visitor();
    forged.cookies.set('store_cart', `${randomUUID()}.${cookie.split('.')[1]}`);
    expect((await forged.get('/cart')).body).toContain('Your cart is empty');
    // Add-ons must be the product's; a cross-site post is refused.
    expect((await first.add(product, 1, 0, { add_on: randomUUID() })).statusCode).toBe(422);
    expect((await first.post('/cart/lines', { variant_id: product.variants[0]!.id }, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('prices add-ons, and a quantity of 0 removes the line', async () => {
    const group = await owner.ok(addOnGroupEndpoints.create, {
      ...inBusiness,
      body: { name: 'Grind', min_choices: 0, max_choices: 1, required: false, choices: [{ name: 'Espresso grind', price: 50 }] },
    });
    const product = await createProduct(owner, business.id, { name: 'House blend', price: 15_00 });
    await owner.ok(productEndpoints.setAddOnGroups, { params: { business_id: business.id, product_id: product.id }, body: { group_ids: [group.id] } });
    const shopper = visitor();
    await shopper.post('/', {});
    expect((await shopper.add(product, 2, 0, { add_on: group.choices[0]!.id })).statusCode).toBe(303);
    const cart = (await shopper.get('/cart')).body;
    expect(cart).toContain('With Espresso grind');
    expect(cart).toContain('SGD 31.00');
    await shopper.post('/cart/lines/0', { quantity: '0' });
    expect((await shopper.get('/cart')).body).toContain('Your cart is empty');
  });
});

describe('the checkout', () => {
  it('refuses a form with errors beside its fields, and places a pickup order that the hosted checkout pays', async () => {
    const product = await tracked({ name: 'Ethiopia Guji', price: 21_00 });
    await receive(product, 10);
    const shopper = visitor();
    await shopper.add(product, 2);
    const refused = await shopper.checkout({ email: 'not-an-email', name: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Enter a valid email address');
    expect(refused.body).toContain('Enter your name');
    const shipping = await shopper.checkout({ delivery: 'shipping' });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.body).toContain('Enter the postal code');

    const placed = await shopper.checkout({ email: 'ann@example.com' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(new RegExp(`^${originOfKind(t.config.publicUrl, 'checkout', t.config.baseDomain)}/p/pay_`));
    const pending = await orderOf('ann@example.com');
    expect(pending).toMatchObject({
      status: 'pending_payment',
      total: { amount: 42_00, currency: 'sgd' },
      delivery_method: 'pickup',
      customer: { email: 'ann@example.com' },
    });
    // The order holds its units; the cart is empty.
    expect(await onHand(product)).toBe(8);
    expect((await shopper.get('/cart')).body).toContain('Your cart is empty');

    const confirmed = await confirmCard(paymentIdOf(placed.headers.location as string));
    expect(confirmed.ok && confirmed.body.status).toBe('succeeded');
    const paid = await owner.ok(storeOrderEndpoints.get, orderParams(pending));
    expect(paid).toMatchObject({ status: 'paid', fulfilment: 'unfulfilled', next_fulfilment: ['packed', 'picked_up'] });
    expect(paid.payment_id).toMatch(/^pay_/);
    expect(await onHand(product)).toBe(8);
    const mails = (await mailbox(t.app)).filter((m) => m.to === 'ann@example.com' && m.subject.includes(paid.reference));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining(`order ${paid.reference} confirmed`)]);
    const status = await shopper.get(new URL(paid.status_url).pathname);
    expect(status.body).toContain('Status: <strong>Unfulfilled</strong>');
    expect(status.body).toContain('Roastery, 1 Coffee Lane');
  });

  it('ships by the zone rate the shopper chooses, free over its threshold, and says when no rate covers the address', async () => {
    const product = await createProduct(owner, business.id, { name: 'Cold brew kit', price: 30_00 });
    const shopper = visitor();
    await shopper.add(product, 1);
    const { rate: _rate, ...address } = shipTo();
    const unchosen = await shopper.checkout(address);
    expect(unchosen.statusCode).toBe(422);
    expect(unchosen.body).toContain('Choose how your order is shipped');
    expect(unchosen.body).toContain(`value="${standardRate}"`);
    expect(unchosen.body).toContain(`value="${expressRate}"`);
    expect(unchosen.body).toContain('Standard (2 to 4 working days)');
    const abroad = await shopper.checkout({ ...address, country: 'JP', rate: standardRate });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.body).toContain('We do not ship to this address. Check the country and postal code, or pick up your order.');
    const unknown = await shopper.checkout({ ...address, rate: randomUUID() });
    expect(unknown.statusCode).toBe(422);

    expect((await shopper.checkout({ ...address, rate: expressRate, email: 'express@example.com' })).statusCode).toBe(303);
    expect(await orderOf('express@example.com')).toMatchObject({
      delivery_method: 'shipping',
      delivery_choice: { kind: 'rate', id: expressRate, name: 'Express' },
      shipping: { amount: 12_00 },
      total: { amount: 42_00 },
      shipping_address: { line1: '5 Orchard Rd', country: 'SG' },
    });

    const big = visitor();
    await big.add(product, 4);
    expect((await big.checkout({ ...shipTo(), email: 'free@example.com' })).statusCode).toBe(303);
    expect(await orderOf('free@example.com')).toMatchObject({
      delivery_choice: { kind: 'rate', name: 'Standard', estimate: '2 to 4 working days' },
      shipping: { amount: 0 },
      total: { amount: 120_00 },
    });
  });

  it('takes a coupon in the order’s transaction, holds its limit, shows why one is refused, and gives the use back on cancel', async () => {
    const product = await createProduct(owner, business.id, { name: 'Grinder', price: 50_00 });
    await owner.ok(couponEndpoints.create, {
      ...inBusiness,
      body: { code: 'Save10', value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' }, usage_limit: 1 },
    });
    const unknown = visitor();
    await unknown.add(product, 1);
    const refused = await unknown.checkout({ coupon: 'NOPE10' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('<p class="error" id="coupon-error">There is no coupon with this code</p>');

    const first = await boughtAndPaid(product, 1, { ...shipTo(), coupon: 'save10' });
    expect(first).toMatchObject({
      coupon_code: 'SAVE10',
      subtotal: { amount: 50_00 },
      discount: { amount: 5_00 },
      shipping: { amount: 5_00 },
      total: { amount: 50_00 },
    });

    // Its one use is taken: the next customer is told so, and nothing of that checkout is kept.
    const second = visitor();
    await second.add(product, 1);
    const usedUp = await second.checkout({ email: 'second-coupon@example.com', coupon: 'SAVE10' });
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.body).toContain('This coupon has been used as many times as it may be');
    const coupon = (await owner.ok(couponEndpoints.list, { ...inBusiness, query: { q: 'save10' } })).data[0]!;
    expect(coupon).toMatchObject({ used: 1 });

    // Cancelling the first order gives its use back.
    await owner.ok(
      storeOrderEndpoints.cancel,
      { ...orderParams(first), body: { reason: 'Changed mind', restock: true, refund: true } },
      { idempotencyKey: randomUUID() },
    );
    expect((await owner.ok(couponEndpoints.get, { params: { business_id: business.id, coupon_id: coupon.id } })).used).toBe(0);
    expect((await second.checkout({ email: 'second-coupon@example.com', coupon: 'SAVE10' })).statusCode).toBe(303);
    expect(await orderOf('second-coupon@example.com')).toMatchObject({ coupon_code: 'SAVE10', discount: { amount: 5_00 }, total: { amount: 45_00 } });
  });

  it('charges the catalogue’s taxes on the products they name', async () => {
    const product = await createProduct(owner, business.id, { name: 'Taxed beans', price: 10_00 });
    await owner.ok(taxEndpoints.create, {
      ...inBusiness,
      body: { name: 'GST', rate: 900, all_locations: true, applies_to: 'selected', product_ids: [product.id] },
    });
    const shopper = visitor();
    await shopper.add(product, 2);
    expect((await shopper.checkout({ email: 'taxed@example.com' })).statusCode).toBe(303);
    expect(await orderOf('taxed@example.com')).toMatchObject({ subtotal: { amount: 20_00 }, tax: { amount: 1_80 }, total: { amount: 21_80 } });
  });

  it('offers the business’s pickup points, and the order keeps the one chosen', async () => {
    const other = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const otherOwner = other.people.owner.agent;
    await openStore(otherOwner, other.id);
    const params = { params: { business_id: other.id } };
    const { online_store_location_id } = await otherOwner.ok(locationEndpoints.settings, params);
    const closed = { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null };
    const counter = await otherOwner.ok(shippingEndpoints.createPickup, {
      ...params,
      body: {
        location_id: online_store_location_id!,
        name: 'Back counter',
        hours: { ...closed, saturday: { opens: '10:00', closes: '14:00' } },
        instructions: 'Ring the bell',
      },
    });
    const product = await createProduct(otherOwner, other.id, { name: 'Mug', price: 12_00 });
    const shopper = new Shopper(t, await shopHostOf(t, otherOwner, other.id));
    await shopper.add(product, 1);
    const page = (await shopper.get('/checkout')).body;
    expect(page).toContain(`value="${counter.id}"`);
    expect(page).toContain('Ring the bell');
    const unchosen = await shopper.checkout({ email: 'pick@example.com' });
    expect(unchosen.statusCode).toBe(422);
    expect(unchosen.body).toContain('Choose where you pick up your order');
    expect((await shopper.checkout({ email: 'pick@example.com', pickup: counter.id })).statusCode).toBe(303);
    const found = await otherOwner.ok(storeOrderEndpoints.list, { ...params, query: { q: 'pick@example.com' } });
    expect(found.data[0]).toMatchObject({
      delivery_method: 'pickup',
      shipping: { amount: 0 },
      delivery_choice: { kind: 'pickup', id: counter.id, name: 'Back counter' },
    });
    expect((await shopper.get(new URL(found.data[0]!.status_url).pathname)).body).toContain('Back counter');
  });

  it('marks an order paid once, even when the success is told again', async () => {
    const product = await createProduct(owner, business.id, { name: 'Mug', price: 9_00 });
    const order = await boughtAndPaid(product);
    const { paymentSource } = t.services.store.orders;
    const payment = { id: randomUUID(), publicId: 'pay_repeat' } as Parameters<NonNullable<typeof paymentSource.paymentSucceeded>>[3];
    await t.database.db.transaction((tx) => paymentSource.paymentSucceeded!(tx, business.id, order.id, payment));
    const again = await owner.ok(storeOrderEndpoints.get, orderParams(order));
    expect(again.payment_id).toBe(order.payment_id);
    expect(again.paid_at).toBe(order.paid_at);
    expect((await mailbox(t.app)).filter((m) => m.subject.includes(`order ${order.reference} confirmed`))).toHaveLength(1);
    // A second payment of a paid order is refused before any charge.
    const refused = await visitor().post(`/orders/${new URL(order.status_url).pathname.split('/')[2]}/pay`);
    expect(refused.statusCode).toBe(303);
  });

  it('never oversells tracked stock to concurrent checkouts', async () => {
    const product = await tracked({ name: 'Geisha microlot', price: 60_00 });
    await receive(product, 3);
    const shoppers = Array.from({ length: 6 }, () => visitor());
    for (const s of shoppers) expect((await s.add(product, 1)).statusCode).toBe(303);
    const answers = await Promise.all(shoppers.map((s) => s.checkout({ email: newEmail() })));
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 303);
    expect(refused).toHaveLength(3);
    // Refused before any payment: the units left when the cart was read, or when its order took them.
    for (const a of refused) {
      expect(a.statusCode).toBe(422);
      expect(a.body).toMatch(/fewer are left than your cart holds|can no longer be bought/);
    }
    expect(await onHand(product)).toBe(0);
  });
});

describe('store orders in the dashboard', () => {
  it('moves a shipping order through packed, shipped with tracking and delivered, and refuses other steps', async () => {
    const product = await createProduct(owner, business.id, { name: 'Pour-over set', price: 40_00 });
    const order = await boughtAndPaid(product, 1, shipTo('9 Bras Basah', '189559'));
    const fulfil = (body: object, agent = owner) => agent.call(storeOrderEndpoints.fulfil, { ...orderParams(order), body: body as never });
    expect(failure(await fulfil({ step: 'delivered' }))).toMatchObject({
      code: 'STORE_ORDER_STATE',
      message: 'This order can be marked packed or shipped now.',
    });
    expect(failure(await fulfil({ step: 'picked_up' })).code).toBe('STORE_ORDER_STATE');
    expect((await fulfil({ step: 'packed' }, business.people.cashier.agent)).status).toBe(403);
    expect((await fulfil({ step: 'packed' })).ok).toBe(true);
    const missing = await fulfil({ step: 'shipped' });
    expect(missing.status).toBe(422);
    expect(
      failure(missing)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['carrier', 'tracking_number']);
    const shipped = await fulfil({ step: 'shipped', carrier: 'SingPost', tracking_number: 'RR123<b>456SG' });
    expect(shipped.ok && shipped.body).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'SingPost',
      tracking_number: 'RR123<b>456SG',
      next_fulfilment: ['delivered'],
    });
    const page = (await visitor().get(new URL(order.status_url).pathname)).body;
    expect(page).toContain('tracking number <strong>RR123&lt;b&gt;456SG</strong>');
    expect((await fulfil({ step: 'delivered' })).ok).toBe(true);
    expect(failure(await fulfil({ step: 'delivered' })).message).toBe('This order is fulfilled already.');
    const subjects = (await mailbox(t.app)).filter((m) => m.subject.includes(order.reference)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringContaining('is packed'), expect.stringContaining('has shipped'), expect.stringContaining('was delivered')]),
    );
    // The cashier sees orders (store:view).
    expect((await business.people.cashier.agent.call(storeOrderEndpoints.get, orderParams(order))).ok).toBe(true);
  });

  it('refunds part of an order through its payment, and never more than is left', async () => {
    const product = await createProduct(owner, business.id, { name: 'Filter papers', price: 10_00 });
    const order = await boughtAndPaid(product, 2);
    const refund = (amount: number) => owner.call(storeOrderEndpoints.refund, { ...orderParams(order), body: { amount } }, { idempotencyKey: randomUUID() });
    const part = await refund(5_00);
    expect(part.ok && part.body.refunded).toEqual({ amount: 5_00, currency: 'sgd' });
    const tooMuch = await refund(20_00);
    expect([tooMuch.status, failure(tooMuch).code]).toEqual([422, 'REFUND_EXCEEDS_REMAINING']);
    expect((await mailbox(t.app)).some((m) => m.subject.includes(`refund for order ${order.reference}`))).toBe(true);
  });

  it('cancels with restock and a refund of what is left, and refuses to cancel an order that left the store', async () => {
    const product = await tracked({ name: 'Sample box', price: 25_00 });
    await receive(product, 5);
    const order = await boughtAndPaid(product, 2);
    expect(await onHand(product)).toBe(3);
    const cancel = (o: StoreOrder) =>
      owner.call(
        storeOrderEndpoints.cancel,
        { ...orderParams(o), body: { reason: 'Customer asked', restock: true, refund: true } },
        { idempotencyKey: randomUUID() },
      );
    const cancelled = await cancel(order);
    expect(cancelled.ok && cancelled.body).toMatchObject({ status: 'cancelled', refunded: { amount: 50_00 }, cancel_reason: 'Customer asked' });
    expect(await onHand(product)).toBe(5);
    expect(failure(await cancel(order)).message).toBe('This order is cancelled already.');

    const shipped = await boughtAndPaid(product, 1, shipTo('1 Road', '111111'));
    await owner.ok(storeOrderEndpoints.fulfil, { ...orderParams(shipped), body: { step: 'shipped', carrier: 'DHL', tracking_number: 'JD0001' } });
    expect(failure(await cancel(shipped))).toMatchObject({ code: 'STORE_ORDER_STATE', message: 'This order has left the store: refund it instead.' });
    expect(await onHand(product)).toBe(4);
  });

  it('lists with filters and search, and exports the filtered view as CSV', async () => {
    const product = await createProduct(owner, business.id, { name: 'Tote bag', price: 8_00 });
    const order = await boughtAndPaid(product, 1, { email: 'zoe@example.com', name: 'Zoe Lim' });
    const list = await owner.ok(storeOrderEndpoints.list, { ...inBusiness, query: { q: 'zoe@example' } });
    expect(list.data.map((o) => o.id)).toEqual([order.id]);
    expect((await owner.ok(storeOrderEndpoints.list, { ...inBusiness, query: { q: order.reference } })).data.map((o) => o.id)).toEqual([order.id]);
    const cancelled = await owner.ok(storeOrderEndpoints.list, { ...inBusiness, query: { status: 'cancelled', limit: 100 } });
    expect(cancelled.data.every((o) => o.status === 'cancelled')).toBe(true);
    const res = await owner.get(`${endpointPath(storeOrderEndpoints.export, inBusiness)}?q=zoe`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]![0]).toBe('Reference');
    expect(rows[1]).toEqual(expect.arrayContaining([order.reference, 'paid', 'Zoe Lim', 'zoe@example.com', '8.00', 'SGD']));
    expect(rows.filter((r) => r.length > 1)).toHaveLength(2);
  });
});

describe('the storefront cache', () => {
  it("shows a price changed in the dashboard once the change purged the products, and revalidates by the page's ETag", async () => {
    const product = await createProduct(owner, business.id, { name: 'Seasonal espresso', price: 19_00 });
    const shopper = visitor();
    const first = await shopper.get(`/products/${product.id}`);
    expect(first.body).toContain('SGD 19.00');
    const cachedBefore = t.services.store.storefront.pages.size;
    expect((await shopper.get(`/products/${product.id}`)).body).toContain('SGD 19.00');
    expect(t.services.store.storefront.pages.size).toBe(cachedBefore);
    // The kept page's tag: the same on every answer, and a browser holding it gets 304 without the page.
    const etag = String(first.headers.etag);
    expect([etag, first.headers['cache-control']]).toEqual([expect.stringMatching(/^"[\w-]{27}"$/), 'no-cache']);
    const revalidated = await t.app.inject({ method: 'GET', url: `/products/${product.id}`, headers: { host: shopHost, 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
    await owner.ok(productEndpoints.update, {
      params: { business_id: business.id, product_id: product.id },
      body: { options: [], variants: [{ id: product.variants[0]!.id, price: 21_50 }] },
    });
    const changed = await shopper.get(`/products/${product.id}`);
    expect(changed.body).toContain('SGD 21.50');
    expect(changed.body).not.toContain('SGD 19.00');
    expect(changed.headers.etag).not.toBe(etag);
    const stale = await t.app.inject({ method: 'GET', url: `/products/${product.id}`, headers: { host: shopHost, 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers a kept page exactly as it answered when it rendered it: the same bytes and headers, HEAD without the body', async () => {
    const product = await createProduct(owner, business.id, { name: 'Café crème €', price: 6_40 });
    const path = `/products/${product.id}`;
    const get = () => t.app.inject({ method: 'GET', url: path, headers: { host: shopHost } });
    const headersOf = (res: Awaited<ReturnType<typeof get>>) => {
      const { date: _date, 'x-request-id': requestId, ...rest } = res.headers;
      expect(requestId).toEqual(expect.any(String));
      return rest;
    };
    const rendered = await get();
    const kept = await get();
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toContain('Café crème €');
    expect(kept.rawPayload.equals(rendered.rawPayload)).toBe(true);
    expect(headersOf(kept)).toEqual(headersOf(rendered));
    expect(kept.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(rendered.body)),
      'cache-control': 'no-cache',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    });
    expect(String(kept.headers['content-security-policy'])).toContain("default-src 'none'");
    const head = await t.app.inject({ method: 'HEAD', url: path, headers: { host: shopHost } });
    expect([head.statusCode, head.body, head.headers['content-length'], head.headers.etag]).toEqual([
      200,
      '',
      kept.headers['content-length'],
      kept.headers.etag,
    ]);
    // Another page type kept alike (robots.txt, plain text).
    const robots = [await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: shopHost } })];
    robots.push(await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: shopHost } }));
    expect(robots.map((r) => [r.statusCode, r.headers['content-type'], r.body])).toEqual([
      [200, 'text/plain; charset=utf-8', robots[0]!.body],
      [200, 'text/plain; charset=utf-8', robots[0]!.body],
    ]);
  });

  it('answers a cached page without a query, and a purge or a rename from anywhere shows at the next request', async () => {
    const product = await createProduct(owner, business.id, { name: 'Query-free filter', price: 12_00 });
    const shopper = visitor();
    const path = `/products/${product.id}`;
    expect((await shopper.get(path)).body).toContain('SGD 12.00');
    // The creation's purge committed before its answer: from the first page on, the host's business, the page and its
    // footer's links are all kept in the process.
    for (let i = 0; i < 3; i++) expect(await queriesDuring(() => shopper.get(path))).toEqual([]);
    // A change written behind the app's back shows once any process purges (another process's purge only bumps the
    // business row's versions, as this call does): the database announces it and the kept business is dropped.
    await t.database.exec(`UPDATE product_variants SET price = 1300 WHERE id = '${product.variants[0]!.id}'`);
    expect((await shopper.get(path)).body).toContain('SGD 12.00');
    await t.services.business.purgeStorefront(business.id, 'products');
    expect((await shopper.get(path)).body).toContain('SGD 13.00');
    await t.database.exec(`UPDATE businesses SET name = 'Renamed Roasters' WHERE id = '${business.id}'`);
    await t.services.business.purgeStorefront(business.id, 'identity');
    expect((await shopper.get(path)).body).toContain('Renamed Roasters');
    await t.database.exec(`UPDATE businesses SET name = '${business.name.replace(/'/g, "''")}' WHERE id = '${business.id}'`);
    await t.services.business.purgeStorefront(business.id, 'identity');
    expect((await shopper.get(path)).body).not.toContain('Renamed Roasters');
  });

  it('purges through the shop host’s cache call, and a failed purge is only logged', async () => {
    const answer = await owner.call(
      shopCacheEndpoints.identity,
      {},
      { host: shopHost, headers: { 'x-business-id': business.id, 'x-business-identifier': identifier, 'x-business-domain': shopHost } },
    );
    expect(answer.ok).toBe(true);
    const product = await createProduct(owner, business.id, { name: 'Purge-proof', price: 7_00 });
    const { business: businessService } = t.services;
    const purge = businessService.purgeStorefront;
    businessService.purgeStorefront = () => Promise.reject(new Error('cache down'));
    try {
      const changed = await owner.call(productEndpoints.update, {
        params: { business_id: business.id, product_id: product.id },
        body: { name: 'Purge-proof too' },
      });
      expect(changed.ok).toBe(true);
    } finally {
      businessService.purgeStorefront = purge;
    }
  });
});

// Last: it moves the clock past the owner's session.
describe('unpaid orders', () => {
  it('gives an unpaid order’s stock back once its hold runs out', async () => {
    const product = await tracked({ name: 'Abandoned beans' });
    await receive(product, 2);
    const shopper = visitor();
    await shopper.add(product, 2);
    expect((await shopper.checkout({ email: 'late@example.com' })).statusCode).toBe(303);
    expect(await onHand(product)).toBe(0);
    const order = await orderOf('late@example.com');
    t.clock.advance(UNPAID_ORDER_HOLD_MS + 60_000);
    await t.services.store.orders.releaseExpired();
    // Read as the shopper does (the owner's session ran out with the clock).
    expect((await shopper.get(`/products/${product.id}`)).body).toContain('Only 2 left');
    expect((await shopper.get(new URL(order.status_url).pathname)).body).toContain('This order was cancelled: Not paid in time.');
    const pay = await shopper.post(`${new URL(order.status_url).pathname}/pay`);
    expect(pay.headers.location).toBe(new URL(order.status_url).pathname);
  });
});
