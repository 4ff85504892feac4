import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BUSINESS_PATHS, notificationSettingsEndpoints } from '@merchant/business';
import { PUBLIC_PRODUCTS_PATHS, categoryEndpoints } from '@merchant/catalogue';
import { PUBLIC_CUSTOMERS_PATHS } from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';
import { expectSchema, hitpaySchema, makeApiKey, publicCall, type PublicCall } from './hitpay-document';

/**
 * The public API's customers, products and categories, staff, account status and notification settings
 * (docs/developers.md, "Public API: customers, products, staff, account status, notifications"): HitPay's paths and
 * shapes (validated against HitPay's published schemas), scoped to the key's business, refused to a read-only key.
 */
let t: TestContext;

let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let readOnly: string;
let otherKey: string;

const call = (path: string, options: PublicCall = {}) => publicCall(t, path, { key, ...options });
const customerPath = (id: string) => PUBLIC_CUSTOMERS_PATHS.customer.replace(':customer_id', id);
const productPath = (id: string) => PUBLIC_PRODUCTS_PATHS.product.replace(':product_id', id);
const staffPath = (id: string) => PUBLIC_BUSINESS_PATHS.staff.replace(':staff_id', id);
const CUSTOMER_KEYS = [
  'id',
  'name',
  'birth_date',
  'gender',
  'email',
  'phone_number',
  'address',
  'remark',
  'phone_number_country_code',
  'created_at',
  'updated_at',
].sort();

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  other = await createBusiness(t);
  key = await makeApiKey(business);
  readOnly = await makeApiKey(business, 'read_only');
  otherKey = await makeApiKey(other);
  await createLocation(business.people.owner.agent, business.id);
}, 240_000);
afterAll(() => t.close());

describe('customers', () => {
  let customerId: string;

  it("creates a customer from JSON and from a form alike, in HitPay's schema, and replays an Idempotency-Key", async () => {
    const body = { name: 'Ann Lee', email: 'ann@example.com', phone_number: '91234567', phone_number_country_code: '65', remark: 'VIP' };
    const res = await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', json: body, idempotencyKey: 'cust-1' });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expectSchema(hitpaySchema('post', PUBLIC_CUSTOMERS_PATHS.customers, 201)!, made);
    expect(Object.keys(made).sort()).toEqual(CUSTOMER_KEYS);
    expect(made).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', phone_number: '91234567', phone_number_country_code: '65', remark: 'VIP' });
    expect(made.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    customerId = made.id;

    const replay = await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', json: body, idempotencyKey: 'cust-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(made);

    t.clock.advance(1000);
    const form = await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', form: { ...body, email: 'ann.form@example.com' } });
    expect(form.statusCode).toBe(201);
    const { id: _a, created_at: _b, updated_at: _c, ...fromForm } = form.json();
    const { id: _d, created_at: _e, updated_at: _f, ...fromJson } = made;
    expect(fromForm).toEqual({ ...fromJson, email: 'ann.form@example.com' });
  });

  it('lists them newest first in cursor pages and reads, updates and refuses as HitPay does', async () => {
    const first = await call(`${PUBLIC_CUSTOMERS_PATHS.customers}?per_page=1`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expectSchema(hitpaySchema('get', PUBLIC_CUSTOMERS_PATHS.customers, 200)!, page);
    expect(page.data.map((c: { email: string }) => c.email)).toEqual(['ann.form@example.com']);
    const next = await call(`${PUBLIC_CUSTOMERS_PATHS.customers}?per_page=1&cursor=${encodeURIComponent(page.meta.next_cursor)}`);
    expect(next.json().data[0].id).toBe(customerId);
    expect((await publicCall(t, PUBLIC_CUSTOMERS_PATHS.customers, { key: otherKey })).json().data).toEqual([]);

    const got = await call(customerPath(customerId));
    expect(got.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_CUSTOMERS_PATHS.customer, 201)!, got.json());

    const patched = await call(customerPath(customerId), { method: 'PATCH', json: { remark: 'Wholesale', phone_number: '81112222' } });
    expect(patched.statusCode).toBe(200);
    expectSchema(hitpaySchema('patch', PUBLIC_CUSTOMERS_PATHS.customer, 200)!, patched.json());
    expect(patched.json()).toMatchObject({ name: 'Ann Lee', remark: 'Wholesale', phone_number: '81112222', phone_number_country_code: '65' });

    const theirs = await publicCall(t, customerPath(customerId), { key: otherKey });
    expect(theirs.statusCode).toBe(404);
    expectSchema(hitpaySchema('get', PUBLIC_CUSTOMERS_PATHS.customer, 404)!, theirs.json());
    expect(theirs.json()).toEqual({ message: `No query results for model [App\\Business\\Customer] ${customerId}` });
    expect((await publicCall(t, customerPath(customerId), { key: otherKey, method: 'PATCH', json: { remark: 'x' } })).statusCode).toBe(404);
    expect((await call(customerPath('nope'))).statusCode).toBe(404);
  });

  it('refuses invalid input with field errors, and a read-only key', async () => {
    const missing = await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', json: { name: 'No email' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ email: ['The email field is required.'], phone_number: ['The phone number field is required.'] });
    const taken = await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', json: { email: 'ANN@example.com', phone_number: '90000000' } });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['email']);
    const unkept = await call(PUBLIC_CUSTOMERS_PATHS.customers, {
      method: 'POST',
      json: { email: 'b@example.com', phone_number: '9', birth_date: '1990-01-01' },
    });
    expect(Object.keys(unkept.json().errors)).toEqual(['birth_date']);
    const denied = await publicCall(t, PUBLIC_CUSTOMERS_PATHS.customers, {
      key: readOnly,
      method: 'POST',
      json: { email: 'c@example.com', phone_number: '9' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await publicCall(t, customerPath(customerId), { key: readOnly, method: 'DELETE' })).statusCode).toBe(403);
  });

  it('deletes a customer nothing points at, and keeps one with a payment (409)', async () => {
    const paid = await makePayment(t, business.id, { amount: 1500, customer: { id: customerId } });
    expect(paid.customerId).toBe(customerId);
    const kept = await call(customerPath(customerId), { method: 'DELETE' });
    expect(kept.statusCode).toBe(409);
    expect(Object.keys(kept.json())).toEqual(['message']);

    const spare = (await call(PUBLIC_CUSTOMERS_PATHS.customers, { method: 'POST', json: { email: 'spare@example.com', phone_number: '93334444' } })).json();
    expect((await publicCall(t, customerPath(spare.id), { key: otherKey, method: 'DELETE' })).statusCode).toBe(404);
    const gone = await call(customerPath(spare.id), { method: 'DELETE' });
    expect(gone.statusCode).toBe(204);
    expect((await call(customerPath(spare.id))).statusCode).toBe(404);
  });
});

describe('products and categories', () => {
  let productId: string;
  let categoryId: string;

  it("creates a product with variations, stock and a category, in HitPay's schema", async () => {
    const category = await business.people.owner.agent.ok(categoryEndpoints.create, { params: { business_id: business.id }, body: { name: 'Hats' } });
    categoryId = category.id;
    const res = await call(PUBLIC_PRODUCTS_PATHS.products, {
      method: 'POST',
      idempotencyKey: 'prod-1',
      json: {
        name: 'Beanie',
        description: 'Stylish hat',
        price: 15,
        currency: 'sgd',
        category_ids: [categoryId],
        variation_key_1: 'Size',
        variations: [
          { price: 18, quantity: 150, quantity_alert_level: 10, variation_value_1: 'Medium' },
          { price: '20.50', quantity: 148, variation_value_1: 'Large', product_variation_weight: 255 },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expectSchema(hitpaySchema('post', PUBLIC_PRODUCTS_PATHS.products, 201)!, made);
    expect(made).toMatchObject({
      name: 'Beanie',
      business_id: business.id,
      category_id: [categoryId],
      currency: 'SGD',
      price: 18,
      price_display: 'SGD 18.00',
      price_stored: 1800,
      status: 'published',
      has_variations: true,
      variations_count: 2,
      variation_key_1: 'Size',
      is_manageable: 1,
    });
    expect(made.variations).toMatchObject([
      { description: 'Medium', price: 18, price_stored: 1800, quantity: 150, quantity_alert_level: 10, variation_value_1: 'Medium' },
      { description: 'Large', price: 20.5, price_display: 'SGD 20.50', quantity: 148, product_variation_weight: 255, variation_value_1: 'Large' },
    ]);
    productId = made.id;
    const replay = await call(PUBLIC_PRODUCTS_PATHS.products, { method: 'POST', idempotencyKey: 'prod-1', json: { name: 'Beanie', price: 1 } });
    expect(replay.statusCode).toBe(422);
  });

  it('creates a simple product from a form', async () => {
    const res = await call(PUBLIC_PRODUCTS_PATHS.products, { method: 'POST', form: { name: 'Scarf', price: '12.50', quantity: '7', publish: '0' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Scarf', price: 12.5, price_stored: 1250, has_variations: false, status: 'draft', is_published: false });
    expect(res.json().variations[0]).toMatchObject({ quantity: 7, variation_value_1: '' });
    // A form's lists of objects, as Laravel reads them: `variations[0][price]`.
    const sized = await call(PUBLIC_PRODUCTS_PATHS.products, {
      method: 'POST',
      form: {
        name: 'Gloves',
        price: '9',
        'variations[0][price]': '9',
        'variations[0][variation_value_1]': 'S',
        'variations[1][price]': '10.00',
        'variations[1][variation_value_1]': 'L',
        category_ids: [categoryId],
      },
    });
    expect(sized.statusCode).toBe(201);
    expect(sized.json()).toMatchObject({ variation_key_1: 'Option 1', category_id: [categoryId], price: 9 });
    expect(sized.json().variations.map((v: { variation_value_1: string; price: number }) => [v.variation_value_1, v.price])).toEqual([
      ['S', 9],
      ['L', 10],
    ]);
  });

  it('reads, lists with filters, updates by POST and archives on delete', async () => {
    const got = await call(productPath(productId));
    expect(got.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_PRODUCTS_PATHS.product, 200)!, got.json());

    const list = await call(`${PUBLIC_PRODUCTS_PATHS.products}?statuses[]=published&per_page=5`);
    expect(list.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_PRODUCTS_PATHS.products, 200)!, list.json());
    expect(
      list
        .json()
        .data.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Beanie', 'Gloves']);
    expect((await call(`${PUBLIC_PRODUCTS_PATHS.products}?statuses[]=draft`)).json().data.map((p: { name: string }) => p.name)).toEqual(['Scarf']);
    expect((await call(`${PUBLIC_PRODUCTS_PATHS.products}?inventory[]=in_stock`)).statusCode).toBe(422);

    const variation = got.json().variations[1].id as string;
    const updated = await call(productPath(productId), {
      method: 'POST',
      json: { name: 'Winter beanie', price: 18, existing_variation: [{ id: variation, price: 22, quantity: 100, quantity_alert_level: 5 }] },
    });
    expect(updated.statusCode).toBe(200);
    expectSchema(hitpaySchema('post', PUBLIC_PRODUCTS_PATHS.product, 200)!, updated.json());
    expect(updated.json()).toMatchObject({ name: 'Winter beanie', price: 18 });
    expect(updated.json().variations[1]).toMatchObject({ id: variation, price: 22, quantity: 100, quantity_alert_level: 5 });

    const theirs = await publicCall(t, productPath(productId), { key: otherKey });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: `No query results for model [App\\Business\\Product] ${productId}` });
    expect((await publicCall(t, productPath(productId), { key: otherKey, method: 'DELETE' })).statusCode).toBe(404);

    expect((await call(productPath(productId), { method: 'DELETE' })).statusCode).toBe(204);
    expect((await call(productPath(productId))).json()).toMatchObject({ status: 'draft', is_published: false });
  });

  it('refuses invalid input with field errors, and a read-only key', async () => {
    const invalid = await call(PUBLIC_PRODUCTS_PATHS.products, { method: 'POST', json: { price: 5 } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } });
    const currency = await call(PUBLIC_PRODUCTS_PATHS.products, { method: 'POST', json: { name: 'X', price: 5, currency: 'usd' } });
    expect(Object.keys(currency.json().errors)).toEqual(['currency']);
    expect((await publicCall(t, PUBLIC_PRODUCTS_PATHS.products, { key: readOnly, method: 'POST', json: { name: 'X', price: 5 } })).statusCode).toBe(403);
  });

  it("lists the categories as HitPay's page", async () => {
    await createProduct(business.people.owner.agent, business.id, { category_id: categoryId });
    const res = await call(`${PUBLIC_PRODUCTS_PATHS.categories}?perPage=10`);
    expect(res.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_PRODUCTS_PATHS.categories, 200)!, res.json());
    expect(res.json().data).toMatchObject([{ id: categoryId, name: 'Hats', is_active: true, children: [] }]);
    expect(res.json().meta).toMatchObject({ current_page: 1, total: 1, per_page: 10 });
    expect((await call(`${PUBLIC_PRODUCTS_PATHS.categories}?keywords=boots`)).json().data).toEqual([]);
    expect((await publicCall(t, PUBLIC_PRODUCTS_PATHS.categories, { key: otherKey })).json().data).toEqual([]);
  });

  it('pages the categories with the shared Laravel page: numbered links that keep the filters, next left out on the last page', async () => {
    for (const name of ['Scarf hooks', 'Scarf rings', 'Socks']) {
      await business.people.owner.agent.ok(categoryEndpoints.create, { params: { business_id: business.id }, body: { name } });
    }
    const first = await call(`${PUBLIC_PRODUCTS_PATHS.categories}?perPage=1&keywords=scarf`);
    expect(first.statusCode, first.body).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_PRODUCTS_PATHS.categories, 200)!, first.json());
    const page = first.json();
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['Scarf hooks']);
    expect(page.meta).toMatchObject({ current_page: 1, from: 1, to: 1, last_page: 2, total: 2, per_page: 1 });
    expect(page.links.prev).toBeNull();
    expect(new URL(page.links.next).search).toBe('?perPage=1&keywords=scarf&page=2');
    expect(page.meta.links.map((l: { label: string }) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);

    const last = (await call(`${PUBLIC_PRODUCTS_PATHS.categories}?perPage=1&keywords=scarf&page=2`)).json();
    expect(last.data.map((c: { name: string }) => c.name)).toEqual(['Scarf rings']);
    expect(last.links).not.toHaveProperty('next');
    expect(new URL(last.links.prev).search).toBe('?perPage=1&keywords=scarf&page=1');

    // Past the last page, and the subcategories of a parent (none here): empty, as HitPay's schema types it.
    for (const query of ['perPage=1&keywords=scarf&page=5', `parent_id=${categoryId}`, 'active=false']) {
      const empty = await call(`${PUBLIC_PRODUCTS_PATHS.categories}?${query}`);
      expectSchema(hitpaySchema('get', PUBLIC_PRODUCTS_PATHS.categories, 200)!, empty.json());
      expect(empty.json()).toMatchObject({ data: [], meta: { from: 0, to: 0 } });
    }
    expect((await call(`${PUBLIC_PRODUCTS_PATHS.categories}?perPage=500`)).statusCode).toBe(422);
  });
});

describe('staff, account status and notifications', () => {
  it("lists the business's staff and reads one; another business's member is HitPay's 404", async () => {
    const res = await call(PUBLIC_BUSINESS_PATHS.staffs);
    expect(res.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_BUSINESS_PATHS.staffs, 200)!, res.json());
    const titles = (res.json() as { role: { title: string } }[]).map((s) => s.role.title).sort();
    expect(titles).toEqual(['Admin', 'Cashier', 'Owner']);
    const owner = (res.json() as { id: string; role: { id: string } }[]).find((s) => s.role.id === 'owner')!;
    const one = await call(staffPath(owner.id));
    expect(one.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_BUSINESS_PATHS.staff, 200)!, one.json());
    expect(one.json()).toMatchObject({ email: business.people.owner.email, locations: [] });
    const theirs = await publicCall(t, staffPath(owner.id), { key: otherKey });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'The staff cannot be found.' });
  });

  it('answers the account status', async () => {
    const res = await call(PUBLIC_BUSINESS_PATHS.accountStatus);
    expect(res.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_BUSINESS_PATHS.accountStatus, 200)!, res.json());
    expect(res.json()).toEqual({
      bank_account_status: 'not_started',
      verification: { overall_status: 'completed', owner_verification: 'not_required', business_verification: 'completed' },
      payment_providers: {},
    });
  });

  it("reads and changes the key's maker's email notifications", async () => {
    const res = await call(PUBLIC_BUSINESS_PATHS.notifications);
    expect(res.statusCode).toBe(200);
    expectSchema(hitpaySchema('get', PUBLIC_BUSINESS_PATHS.notifications, 200)!, res.json());
    expect(res.json()).toEqual([
      { event: 'incoming_payment', channel: 'email' },
      { event: 'daily_payout', channel: 'email' },
      { event: 'new_order', channel: 'email' },
    ]);
    const put = await call(PUBLIC_BUSINESS_PATHS.notifications, { method: 'PUT', json: { 'daily_payout@email': false, 'mall_gto_sync@email': false } });
    expect(put.statusCode).toBe(200);
    expectSchema(hitpaySchema('put', PUBLIC_BUSINESS_PATHS.notifications, 200)!, put.json());
    expect(put.json()).toEqual([
      { event: 'incoming_payment', channel: 'email' },
      { event: 'new_order', channel: 'email' },
    ]);
    const settings = await business.people.owner.agent.ok(notificationSettingsEndpoints.list, { params: { business_id: business.id } });
    expect(settings.data.find((s) => s.event === 'payout_sent')?.roles).toEqual(['admin']);

    const lacking = await call(PUBLIC_BUSINESS_PATHS.notifications, { method: 'PUT', json: { 'customer_receipt@email': true } });
    expect(lacking.statusCode).toBe(422);
    expect(Object.keys(lacking.json().errors)).toEqual(['customer_receipt@email']);
    expect((await call(PUBLIC_BUSINESS_PATHS.notifications, { method: 'PUT', json: { 'new_order@email': 'maybe' } })).statusCode).toBe(422);
    expect((await publicCall(t, PUBLIC_BUSINESS_PATHS.notifications, { key: readOnly, method: 'PUT', json: {} })).statusCode).toBe(403);
  });

  it("describes every operation with HitPay's operation id", async () => {
    const document = (await publicCall(t, '/openapi.json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    for (const id of ['get-all-customers', 'delete-customer', 'update-product', 'get-all-product-category', 'get-staff-detail', 'get-account-status']) {
      expect(ids).toContain(id);
    }
  });
});
