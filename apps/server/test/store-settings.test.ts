import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { auditLogEndpoints, businessEndpoints } from '@merchant/business';
import {
  DEFAULT_STORE_SETTINGS,
  storeOrderEndpoints,
  storeSettingsEndpoints,
  type Product,
  type StoreSettingsInput,
  type UpdateStoreSettingsBody,
} from '@merchant/catalogue';
import { parseCsv } from '../src/lib/csv';
import type { DomainResolver } from '../src/modules/store/settings/domain-resolver';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, paidStoreOrder, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/**
 * The online store's settings, custom domain and opening steps (docs/online-store.md, "Store settings, domain and
 * onboarding"): the settings' validation and permissions, what the storefront shows of them (name, logo, policies,
 * currency display, closed notice, checkout fields), the order mails they choose, the domain's verification through a
 * resolver the test controls, its uniqueness, the storefront answering on it once verified only, and the export's
 * columns and period.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let shopHost: string;
const params = { params: { business_id: '' } };

/** The DNS as the test says it is: names to CNAME targets and TXT records. */
const dns = { cname: new Map<string, string[]>(), txt: new Map<string, string[][]>(), fail: false };
const resolver: DomainResolver = {
  resolveCname: async (name) => {
    if (dns.fail) throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
    return dns.cname.get(name) ?? [];
  },
  resolveTxt: async (name) => {
    if (dns.fail) throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
    return dns.txt.get(name) ?? [];
  },
};

const settingsBody = (over: Partial<StoreSettingsInput> = {}): UpdateStoreSettingsBody => ({
  ...DEFAULT_STORE_SETTINGS,
  policies: { ...DEFAULT_STORE_SETTINGS.policies },
  ...over,
});
/** The address of a host as the app writes it (the public URL's scheme and port). */
const originOn = (hostname: string) => {
  const url = new URL(t.config.publicUrl);
  url.hostname = hostname;
  return url.origin;
};
const save = (over: Partial<StoreSettingsInput> = {}) => owner.ok(storeSettingsEndpoints.update, { ...params, body: settingsBody(over) });

beforeAll(async () => {
  t = await createTestContext();
  t.services.storeSettings.useResolver(resolver);
  business = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg', name: 'Kopi Corner' });
  owner = business.people.owner.agent;
  params.params.business_id = business.id;
  shopHost = await shopHostOf(t, owner, business.id);
  await openStore(owner, business.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  dns.cname.clear();
  dns.txt.clear();
  dns.fail = false;
  await save();
});

describe('store settings', () => {
  it('answers the defaults, saves a change, audits it, and refuses a cashier', async () => {
    const read = await business.people.cashier.agent.ok(storeSettingsEndpoints.get, params);
    expect(read).toMatchObject({ ...DEFAULT_STORE_SETTINGS, business_name: 'Kopi Corner', storefront_url: originOn(shopHost) });
    const saved = await save({ store_name: '  Kopi Online ', phone_field: 'optional', merchant_mails: ['refunded', 'order_placed'] });
    expect(saved.store_name).toBe('Kopi Online');
    expect(saved.merchant_mails).toEqual(['order_placed', 'refunded']);
    expect(await owner.ok(storeSettingsEndpoints.get, params)).toEqual(saved);
    const refused = await business.people.cashier.agent.call(storeSettingsEndpoints.update, { ...params, body: settingsBody() });
    expect(failure(refused).code).toBe('FORBIDDEN');
    const log = await owner.ok(auditLogEndpoints.list, { ...params, query: { action: 'store_settings.updated' } });
    expect(log.data[0]?.description).toContain('store name');
  });

  it('refuses invalid settings with an issue on each field (never a 500)', async () => {
    const res = await owner.call(storeSettingsEndpoints.update, {
      ...params,
      body: {
        ...settingsBody(),
        logo_url: 'http://insecure.example.com/logo.png',
        phone_field: 'sometimes' as never,
        policies: { refund: 'x'.repeat(20_001), privacy: '', terms: '' },
        customer_mails: ['order_placed', 'birthday' as never],
        store_name: 'n'.repeat(81),
      },
    });
    expect(res.status).toBe(422);
    const paths = failure(res).issues!.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['logo_url', 'phone_field', 'policies.refund', 'customer_mails.1', 'store_name']));
  });

  it('shows the store name, logo, policies and currency symbol on the storefront once saved (the purge)', async () => {
    const product = await createProduct(owner, business.id, { name: 'Flat white', price: 5_50 });
    const shopper = new Shopper(t, shopHost);
    expect((await shopper.get('/')).body).toContain('SGD 5.50');
    await save({
      store_name: 'Kopi Online',
      logo_url: 'https://cdn.example.com/kopi.png',
      currency_display: 'symbol',
      policies: { refund: 'Refunds within <b>14 days</b>.\nKeep the receipt.', privacy: '', terms: 'Be nice.' },
    });
    const home = (await shopper.get('/')).body;
    expect(home).toContain('$5.50');
    expect(home).not.toContain('SGD 5.50');
    expect(home).toContain('<title>Kopi Online</title>');
    expect(home).toContain('content="https://cdn.example.com/kopi.png"');
    expect(home).toContain('href="/policies/refund"');
    expect(home).toContain('href="/policies/terms"');
    expect(home).not.toContain('href="/policies/privacy"');
    const refund = await shopper.get('/policies/refund');
    expect(refund.statusCode).toBe(200);
    expect(refund.body).toContain('Refunds within &lt;b&gt;14 days&lt;/b&gt;.');
    expect((await shopper.get('/policies/privacy')).statusCode).toBe(404);
    // The product page's structured data keeps a plain number whatever the display.
    expect((await shopper.get(`/products/${product.id}`)).body).toContain('"price":"5.50"');
    // The checkout links the policies.
    expect((await shopper.add(product)).statusCode).toBe(303);
    const checkout = (await shopper.get('/checkout')).body;
    expect(checkout).toContain('href="/policies/terms"');
  });

  it('a closed store shows its notice and takes no order; open again, it does', async () => {
    const product = await createProduct(owner, business.id, { name: 'Cold brew', price: 6_00 });
    const shopper = new Shopper(t, shopHost);
    expect((await shopper.add(product)).statusCode).toBe(303);
    await save({ is_open: false, closed_message: 'Back on Monday.' });
    expect((await shopper.get('/')).body).toContain('Back on Monday.');
    expect((await shopper.get('/checkout')).statusCode).toBe(503);
    const placed = await shopper.checkout({ email: 'closed@example.com' });
    expect(placed.statusCode).toBe(503);
    expect(placed.body).toContain('Back on Monday.');
    expect((await owner.ok(storeOrderEndpoints.list, { ...params, query: { q: 'closed@example.com' } })).data).toHaveLength(0);
    await save({ is_open: true });
    expect((await shopper.checkout({ email: 'closed@example.com' })).statusCode).toBe(303);
    expect((await owner.ok(storeOrderEndpoints.list, { ...params, query: { q: 'closed@example.com' } })).data).toHaveLength(1);
  });

  it('asks the phone and a note when the settings say so, and keeps them on the order', async () => {
    const product = await createProduct(owner, business.id, { name: 'Kaya toast', price: 3_00 });
    await save({ phone_field: 'required', note_field: true });
    const shopper = new Shopper(t, shopHost);
    expect((await shopper.add(product)).statusCode).toBe(303);
    const page = (await shopper.get('/checkout')).body;
    expect(page).toContain('<label for="phone">Phone</label>');
    expect(page).toContain('<label for="note">Note for the store (optional)</label>');
    const missing = await shopper.checkout({ email: 'phone@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('Enter your phone number');
    const wrong = await shopper.checkout({ email: 'phone@example.com', phone: 'call me' });
    expect(wrong.body).toContain('Enter a phone number');
    const placed = await shopper.checkout({ email: 'phone@example.com', phone: '+65 9123 4567', note: 'Less sugar please' });
    expect(placed.statusCode).toBe(303);
    const [order] = (await owner.ok(storeOrderEndpoints.list, { ...params, query: { q: 'phone@example.com' } })).data;
    expect(order?.customer.phone).toBe('+65 9123 4567');
    expect(order?.note).toBe('Less sugar please');
  });

  it('mails the customer and the staff as the notifications say', async () => {
    await save({ customer_mails: ['shipped'], merchant_mails: ['order_placed'] });
    const order = await paidStoreOrder(t, owner, business.id, { form: { email: 'quiet@example.com' } });
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === 'quiet@example.com' && m.subject.includes(`order ${order.reference} confirmed`))).toBe(false);
    const staff = mails.filter((m) => m.subject.includes(`New order ${order.reference}`));
    expect(staff.map((m) => m.to)).toEqual([business.people.owner.email]);
    expect(staff[0]!.text).toContain(`/online-store/orders/${order.id}`);
    await save();
    const loud = await paidStoreOrder(t, owner, business.id, { form: { email: 'loud@example.com' } });
    expect((await mailbox(t.app)).some((m) => m.to === 'loud@example.com' && m.subject.includes(`order ${loud.reference} confirmed`))).toBe(true);
  });
});

describe('the custom domain', () => {
  const domain = 'shop.kopi-corner.test';

  it('connects a domain with its records, verifies it through the DNS, and the storefront answers on it only once verified', async () => {
    const connected = await owner.ok(storeSettingsEndpoints.connectDomain, { ...params, body: { domain: ' HTTPS://Shop.Kopi-Corner.test/ ' } });
    expect(connected).toMatchObject({ business_shop_domain: domain, status: 'pending', is_domain_verified: false, checked_at: null });
    const [cname, txt] = connected.records;
    expect(cname).toEqual({ type: 'CNAME', name: domain, value: `shop.${t.config.baseDomain}`, found: false });
    expect(txt).toMatchObject({ type: 'TXT', name: `_merchant-verification.${domain}`, found: false });
    expect(txt!.value).toMatch(/^merchant-verification=[A-Za-z0-9_-]{24}$/);

    const onDomain = new Shopper(t, domain);
    expect((await onDomain.get('/')).statusCode).toBe(404);

    // Only the CNAME so far: still pending, and the problem says what is missing.
    dns.cname.set(domain, [`SHOP.${t.config.baseDomain}.`]);
    const half = await owner.ok(storeSettingsEndpoints.verifyDomain, params);
    expect(half.status).toBe('pending');
    expect(half.problem).toContain('No TXT record');
    expect(half.records.map((r) => r.found)).toEqual([true, false]);
    expect((await onDomain.get('/')).statusCode).toBe(404);

    dns.txt.set(`_merchant-verification.${domain}`, [['merchant-verification=', txt!.value.slice('merchant-verification='.length)]]);
    const verified = await owner.ok(storeSettingsEndpoints.verifyDomain, params);
    expect(verified).toMatchObject({ status: 'verified', is_domain_verified: true, problem: null });
    expect(await owner.ok(businessEndpoints.domainInfo, params)).toEqual({
      business_shop_domain: domain,
      app_shop_domain: shopHost,
      app_api_shop_domain: `shop.${t.config.baseDomain}`,
      is_domain_verified: true,
    });
    const home = await onDomain.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${originOn(domain)}/"`);
    expect((await new Shopper(t, 'SHOP.KOPI-CORNER.TEST').get('/')).statusCode).toBe(200);
    // The shop host still answers; the storefront's address is the domain now.
    expect((await new Shopper(t, shopHost).get('/')).statusCode).toBe(200);
    expect((await owner.ok(storeSettingsEndpoints.get, params)).storefront_url).toBe(originOn(domain));

    // A later failed check takes the domain off the storefront until it passes again.
    dns.cname.clear();
    const lost = await owner.ok(storeSettingsEndpoints.verifyDomain, params);
    expect(lost).toMatchObject({ status: 'pending', is_domain_verified: false });
    expect(lost.problem).toContain('No CNAME record');
    expect((await onDomain.get('/')).statusCode).toBe(404);

    const removed = await owner.ok(storeSettingsEndpoints.removeDomain, params);
    expect(removed).toMatchObject({ status: 'none', business_shop_domain: null, records: [] });
  });

  it('says so when the DNS lookup fails, and keeps the domain unverified', async () => {
    await owner.ok(storeSettingsEndpoints.connectDomain, { ...params, body: { domain } });
    dns.fail = true;
    const checked = await owner.ok(storeSettingsEndpoints.verifyDomain, params);
    expect(checked).toMatchObject({ status: 'pending', problem: 'The DNS lookup failed. Try again in a few minutes.' });
    expect(checked.checked_at).not.toBeNull();
    await owner.ok(storeSettingsEndpoints.removeDomain, params);
    expect(failure(await owner.call(storeSettingsEndpoints.verifyDomain, params)).code).toBe('STORE_DOMAIN_NOT_CONNECTED');
  });

  it('lets one business hold a domain, whatever its case', async () => {
    await owner.ok(storeSettingsEndpoints.connectDomain, { ...params, body: { domain } });
    const other = await createBusiness(t, { name: 'Other Kopi' });
    const taken = await other.people.owner.agent.call(storeSettingsEndpoints.connectDomain, {
      params: { business_id: other.id },
      body: { domain: 'Shop.KOPI-corner.test' },
    });
    expect(taken.status).toBe(409);
    expect(failure(taken).code).toBe('STORE_DOMAIN_TAKEN');
    // Connecting the same domain again keeps its token.
    const before = await owner.ok(storeSettingsEndpoints.getDomain, params);
    const again = await owner.ok(storeSettingsEndpoints.connectDomain, { ...params, body: { domain: domain.toUpperCase() } });
    expect(again.records).toEqual(before.records);
    await owner.ok(storeSettingsEndpoints.removeDomain, params);
    const now = await other.people.owner.agent.ok(storeSettingsEndpoints.connectDomain, { params: { business_id: other.id }, body: { domain } });
    expect(now.status).toBe('pending');
  });

  it('refuses what is no domain of the merchant’s own, and a cashier', async () => {
    for (const bad of ['localhost', 'kopi', 'shop.kopi .test', 'kopi.test/path', `kopi.shop.${t.config.baseDomain}`, '10.0.0.1']) {
      const res = await owner.call(storeSettingsEndpoints.connectDomain, { ...params, body: { domain: bad } });
      expect(res.status, bad).toBe(422);
      expect(failure(res).issues![0]!.path).toBe('domain');
    }
    const cashier = await business.people.cashier.agent.call(storeSettingsEndpoints.connectDomain, { ...params, body: { domain } });
    expect(failure(cashier).code).toBe('FORBIDDEN');
  });

  it('answers a plain 404 page on an unknown host that is not ours', async () => {
    const res = await new Shopper(t, 'nobody-connected-this.example').get('/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This store does not exist');
  });
});

describe('the opening steps', () => {
  it('checks each step from the business’s data', async () => {
    const fresh = await createBusiness(t, { name: 'Fresh Shop' });
    const agent = fresh.people.owner.agent;
    const at = { params: { business_id: fresh.id } };
    const before = await agent.ok(storeSettingsEndpoints.onboarding, at);
    expect(before.steps.map((s) => s.key)).toEqual(['products', 'design', 'shipping', 'payment_methods', 'domain']);
    const done = (o: typeof before) => Object.fromEntries(o.steps.map((s) => [s.key, s.done]));
    expect(done(before)).toMatchObject({ products: false, design: false, shipping: false, domain: false });
    await openStore(agent, fresh.id);
    await createProduct(agent, fresh.id, { name: 'First product', price: 1_00 });
    await agent.ok(storeSettingsEndpoints.update, { ...at, body: settingsBody({ logo_url: 'https://cdn.example.com/fresh.png' }) });
    const after = await agent.ok(storeSettingsEndpoints.onboarding, at);
    expect(done(after)).toMatchObject({ products: true, design: true, shipping: false });
    expect(after.steps.find((s) => s.key === 'products')!.detail).toBe('1 product on sale online.');
    expect(after.done).toBe(after.steps.filter((s) => s.done).length);
  });
});

describe('the orders export', () => {
  let product: Product;
  beforeAll(async () => {
    product = await createProduct(owner, business.id, { name: 'Export mug', price: 12_00 });
  });

  it('writes the chosen columns of the chosen period', async () => {
    const order = await paidStoreOrder(t, owner, business.id, { product, form: { email: 'export@example.com' } });
    const url = (query: string) => `${endpointPath(storeOrderEndpoints.export, params)}?${query}`;
    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await owner.get(url(`q=export%40example.com&columns=total,reference,email&from=${today}&to=${today}`));
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(rows).toEqual([
      ['Reference', 'Email', 'Total'],
      [order.reference, 'export@example.com', '12.00'],
    ]);
    const earlier = await owner.get(url('q=export%40example.com&from=2020-01-01&to=2020-01-31'));
    expect(parseCsv(earlier.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1)).toHaveLength(1);
    const all = parseCsv((await owner.get(url('q=export%40example.com'))).body.replace(/^\uFEFF/, ''));
    expect(all[0]).toContain('Phone');
    expect(all[0]).toHaveLength(19);
  });

  it('refuses unknown columns and a period that ends before it starts', async () => {
    const base = endpointPath(storeOrderEndpoints.export, params);
    const unknown = await owner.get(`${base}?columns=reference,password`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ issues: { path: string; message: string }[] }>().issues[0]).toMatchObject({
      path: 'querystring.columns',
      message: 'Unknown columns: password',
    });
    const backwards = await owner.get(`${base}?from=2026-02-01&to=2026-01-01`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('querystring.to');
  });
});
