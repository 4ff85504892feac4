import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PUBLIC_ORDERS_PATHS, stockEndpoints, type Location, type Order, type Product } from '@merchant/catalogue';
import { PUBLIC_READERS_PATHS, terminalEndpoints, type Reader } from '@merchant/pos';
import { auditLogs, ledgerEntries, posDraftOrders, posOrders, stockLevels, stockMovements } from '../src/db/schema';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, createProduct, openDrawer, pairReader, sell, type FactoryBusiness } from './factories';
import { expectSchema, hitpaySchema, inHitpayDocument, makeApiKey, publicCall } from './hitpay-document';

/**
 * HitPay's orders and card readers on the public API (docs/developers.md, "Public API: orders and card readers"):
 * the point of sale's orders in HitPay's shapes and Laravel pages, draft orders kept, read, listed, changed and
 * deleted (moving no stock, ledger or sale), the paired readers, and the cancel of a reader's waiting payment.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let readOnly: string;
let shop: Location;
let sale: Order;
let quick: Order;
let theirs: Order;
let reader: Reader;
let theirReader: Reader;

/**
 * HitPay's order schema is its example's: absent values typed `null` (a customer, a location, a closing time),
 * amounts `integer` (its example's are 0) and a `membership_id` field required of the order form (one merchant's
 * custom field). Read as it means: those types widened, that field not required (docs/developers.md).
 */
function asMeant(schema: unknown): object {
  if (Array.isArray(schema)) return schema.map(asMeant);
  if (!schema || typeof schema !== 'object') return schema as object;
  const s = schema as Record<string, unknown>;
  if (s.type === 'null') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) out[k] = k === 'type' && v === 'integer' ? 'number' : asMeant(v);
  if (s.properties && (s.properties as Record<string, unknown>).membership_id) delete out.required;
  return out;
}
const orderSchema = () => asMeant(hitpaySchema('get', PUBLIC_ORDERS_PATHS.order, 200)!);
const notFoundSchema = () => hitpaySchema('get', PUBLIC_ORDERS_PATHS.order, 404)!;
const one = (id: string) => PUBLIC_ORDERS_PATHS.order.replace(':order_id', id);
const missing = (id: string) => ({ message: `No query results for model [App\\Business\\Order] ${id}` });
/** The API's own document's schema of an answer (it must hold our real answers). */
async function ours(path: string, method: string, status = '200'): Promise<object> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: `api.${t.config.baseDomain}` } })).json() as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content: { 'application/json': { schema: object } } }> }>>;
  };
  return doc.paths[inHitpayDocument(path)]![method]!.responses[status]!.content['application/json'].schema;
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  other = await createBusiness(t);
  key = await makeApiKey(business);
  readOnly = await makeApiKey(business, 'read_only');
  const owner = business.people.owner.agent;
  shop = await createLocation(owner, business.id, { name: 'Front counter' });
  await openDrawer(owner, business.id, shop.id);
  const product = await createProduct(owner, business.id, { name: 'Flat white', price: 12_50 });
  const customer = await createCustomer(owner, business.id, { name: 'Ada Tan' });
  sale = await sell(owner, business.id, shop.id, {
    lines: [{ variant_id: product.variants[0]!.id, quantity: 2 }],
    customer_id: customer.id,
    note: 'Window seat',
    tenders: [{ kind: 'cash', amount: 25_00, tendered: 30_00 }],
  });
  t.clock.advance(60_000);
  quick = await sell(owner, business.id, shop.id);
  const theirOwner = other.people.owner.agent;
  const theirShop = await createLocation(theirOwner, other.id);
  await openDrawer(theirOwner, other.id, theirShop.id);
  theirs = await sell(theirOwner, other.id, theirShop.id);
  reader = await pairReader(owner, business.id, { locationId: shop.id, name: 'Counter reader' });
  theirReader = await pairReader(theirOwner, other.id);
}, 240_000);
afterAll(() => t.close());

describe('orders', () => {
  it("answers an order in HitPay's shape with its lines, customer and tenders", async () => {
    const res = await publicCall(t, one(sale.id), { key });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema(orderSchema(), body);
    expectSchema(await ours(PUBLIC_ORDERS_PATHS.order, 'get'), body);
    expect(Object.keys(body).sort()).toEqual(Object.keys((hitpaySchema('get', PUBLIC_ORDERS_PATHS.order, 200) as { properties: object }).properties).sort());
    expect(body).toMatchObject({
      id: sale.id,
      order_display_number: sale.number,
      business_id: business.id,
      channel: 'point_of_sale',
      status: 'completed',
      payment_status: 'paid',
      currency: 'sgd',
      remark: 'Window seat',
      customer_id: sale.customer!.id,
      customer: { id: sale.customer!.id, name: 'Ada Tan' },
      location: { id: shop.id, name: 'Front counter' },
      amount: 25,
      subtotal: 25,
      line_item_price: 25,
      line_items_total: 25,
      total_discount_amount: 0,
      charges: [{ method: 'cash', amount: 25, refunded_amount: 0, payment_id: null }],
      products: [{ name: sale.lines[0]!.name, quantity: 2, price: 12.5 }],
    });
    expect(body.line_items).toEqual([expect.objectContaining({ name: sale.lines[0]!.name, quantity: 2, price: 12.5, total: 25, tax_amount: 0 })]);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });

  it("answers another business's order, or no UUID, as HitPay's 404", async () => {
    for (const id of [theirs.id, 'not-an-id']) {
      const res = await publicCall(t, one(id), { key });
      expect(res.statusCode).toBe(404);
      expectSchema(notFoundSchema(), res.json());
      expect(res.json()).toEqual(missing(id));
    }
  });

  it('lists the orders newest first in Laravel pages, with filters', async () => {
    const res = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expectSchema(await ours(PUBLIC_ORDERS_PATHS.orders, 'get'), page);
    for (const order of page.data) expectSchema(orderSchema(), order);
    expect(page.data.map((o: { id: string }) => o.id)).toEqual([quick.id, sale.id]);
    expect(page.data[1]).toMatchObject({ amount: 25, products: [], charges: [] });
    expect(page.meta).toMatchObject({ current_page: 1, from: 1, to: 2, total: 2, last_page: 1, per_page: 25 });

    const second = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?perPage=1&page=2&with=products,charges`, { key })).json();
    expect(second.data.map((o: { id: string }) => o.id)).toEqual([sale.id]);
    expect(second.data[0].charges).toHaveLength(1);
    expect(second.meta).toMatchObject({ current_page: 2, from: 2, to: 2, total: 2, last_page: 2 });
    expect(second.links.prev).toMatch(/\/v1\/orders\?perPage=1&page=1$/);
    expect(second.links.next).toBeNull();

    const found = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?keywords=${sale.number}`, { key })).json();
    expect(found.data.map((o: { id: string }) => o.id)).toEqual([sale.id]);
    const drafts = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=draft`, { key })).json();
    expect([drafts.data, drafts.meta.total]).toEqual([[], 0]);
    const today = t.clock.now().toISOString().slice(0, 10);
    const completed = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=completed&dateFrom=${today}&dateTo=${today}`, { key })).json();
    expect(completed.meta.total).toBe(2);
    const future = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?dateFrom=2099-01-01`, { key })).json();
    expect(future.meta.total).toBe(0);
  });

  it('refuses invalid filters with 422 and field errors', async () => {
    const res = await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?perPage=500&statuses[]=paid`, { key });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { perPage: ['The per page may not be greater than 100.'], 'statuses[]': [expect.any(String)] },
    });
    const dates = await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?dateFrom=2026-02-01&dateTo=2026-01-01`, { key });
    expect([dates.statusCode, dates.json().errors]).toEqual([422, { dateTo: ['The date to must be a date after or equal to date from.'] }]);
  });

  it('refuses to change or delete a paid order (409), another business’s is 404, a read-only key 403', async () => {
    const patch = await publicCall(t, one(sale.id), { key, method: 'PATCH', json: { remark: 'Changed' } });
    expect([patch.statusCode, patch.json()]).toEqual([409, { message: expect.stringMatching(/^A paid order cannot be changed/) }]);
    const del = await publicCall(t, one(sale.id), { key, method: 'DELETE' });
    expect([del.statusCode, del.json()]).toEqual([409, { message: expect.stringMatching(/^A paid order cannot be deleted/) }]);
    // Still there, unchanged.
    expect((await publicCall(t, one(sale.id), { key })).json()).toMatchObject({ remark: 'Window seat', amount: 25 });

    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await publicCall(t, one(theirs.id), { key, method, ...(method === 'PATCH' ? { json: { remark: 'x' } } : {}) });
      expect([res.statusCode, res.json()]).toEqual([404, missing(theirs.id)]);
      expectSchema(hitpaySchema(method === 'PATCH' ? 'patch' : 'delete', PUBLIC_ORDERS_PATHS.order, 404)!, res.json());
      expect((await publicCall(t, one(sale.id), { key: readOnly, method, ...(method === 'PATCH' ? { json: {} } : {}) })).statusCode).toBe(403);
    }
    const invalid = await publicCall(t, one(sale.id), { key, method: 'PATCH', json: { discount_amount: -1, channel: 'fax' } });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['channel', 'discount_amount']);
  });
});

describe('draft orders', () => {
  let tracked: Product;
  let theirKey: string;
  const counts = async () => ({
    drafts: (await t.database.db.select().from(posDraftOrders).where(eq(posDraftOrders.businessId, business.id))).length,
    orders: (await t.database.db.select().from(posOrders).where(eq(posOrders.businessId, business.id))).length,
    ledger: (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.businessId, business.id))).length,
    movements: (await t.database.db.select().from(stockMovements).where(eq(stockMovements.businessId, business.id))).length,
    levels: JSON.stringify(
      (await t.database.db.select().from(stockLevels).where(eq(stockLevels.businessId, business.id))).map((l) => [l.variantId, l.locationId, l.onHand]),
    ),
  });
  beforeAll(async () => {
    tracked = await createProduct(business.people.owner.agent, business.id, { name: 'Croissant', price: 4_20, track_stock: true });
    await business.people.owner.agent.ok(stockEndpoints.adjust, {
      params: { business_id: business.id },
      body: { lines: [{ variant_id: tracked.variants[0]!.id, location_id: shop.id, reason: 'received', quantity: 10 }] },
    });
    theirKey = await makeApiKey(other);
  });

  it('keeps a draft priced from the catalogue (201, HitPay’s shape), replayed by its Idempotency-Key; no stock, ledger or sale moves', async () => {
    const before = await counts();
    const body = {
      currency: 'sgd',
      remark: 'Pick up at 5',
      location_id: shop.id,
      customer_pickup: true,
      discount_reason: 'Regular',
      discount_amount: 1.4,
      products: [{ product_id: tracked.id, quantity: 3 }],
    };
    const made = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: body, idempotencyKey: 'draft-1' });
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json();
    expectSchema(asMeant(hitpaySchema('post', PUBLIC_ORDERS_PATHS.orders, 201) ?? orderSchema()), draft);
    expectSchema(orderSchema(), draft);
    expectSchema(await ours(PUBLIC_ORDERS_PATHS.orders, 'post', '201'), draft);
    expect(draft).toMatchObject({
      status: 'draft',
      payment_status: null,
      closed_at: null,
      channel: 'point_of_sale',
      currency: 'sgd',
      remark: 'Pick up at 5',
      location: { id: shop.id, name: 'Front counter' },
      order_discount_name: 'Regular',
      subtotal: 12.6,
      total_discount_amount: 1.4,
      amount: 11.2,
      charges: [],
      products: [{ id: tracked.id, quantity: 3, price: 4.2 }],
      line_items: [{ product_id: tracked.id, variant_id: tracked.variants[0]!.id, name: 'Croissant', quantity: 3, price: 4.2, total: 12.6 }],
    });
    const replay = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: body, idempotencyKey: 'draft-1' });
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json()]).toEqual([201, 'true', draft]);
    const after = await counts();
    expect(after).toEqual({ ...before, drafts: before.drafts + 1 });
    expect(after.levels).toContain(`"${tracked.variants[0]!.id}","${shop.id}",10]`);

    // HitPay's own body (a form, an amount and no lines): one custom line of the amount.
    const byForm = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, {
      key,
      method: 'POST',
      form: { amount: '100', currency: 'sgd', remark: 'Order Remark HitPay', customer_pickup: 'false', channel: 'point_of_sale', version: '1.0' },
    });
    expect(byForm.statusCode, byForm.body).toBe(201);
    expect(byForm.json()).toMatchObject({
      status: 'draft',
      amount: 100,
      customer_pickup: false,
      line_items: [{ name: 'Custom amount', product_id: null, total: 100 }],
    });
    expect(byForm.json().order_display_number).toBe(draft.order_display_number + 1);
    // An empty draft (HitPay's example: no amount, no lines).
    const empty = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: {} });
    expect([empty.statusCode, empty.json().amount, empty.json().line_items]).toEqual([201, 0, []]);
    const end = await counts();
    expect(end).toEqual({ ...before, drafts: before.drafts + 3 });

    // Drafts made at once take one number each.
    const together = await Promise.all(
      Array.from({ length: 6 }, (_, i) => publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: { amount: i + 1 } })),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(together.map((r) => r.json().order_display_number)).size).toBe(6);
  });

  it('refuses bad drafts with field errors (422), a read-only key 403', async () => {
    const errorsOf = async (json: object) => {
      const res = await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json });
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().errors).sort();
    };
    expect(await errorsOf({ amount: 'lots', currency: 'dollars', location_id: 'x' })).toEqual(['amount', 'currency', 'location_id']);
    expect(await errorsOf({ currency: 'usd' })).toEqual(['currency']);
    expect(await errorsOf({ amount: 1.234 })).toEqual(['amount']);
    expect(await errorsOf({ products: [{ product_id: theirs.id }] })).toEqual(['products.0.product_id']);
    expect(await errorsOf({ products: [{ product_id: tracked.id, quantity: 0 }] })).toEqual(['products.0.quantity']);
    expect(await errorsOf({ products: [{ product_id: tracked.id }], amount: 5 })).toEqual(['amount']);
    expect(await errorsOf({ amount: 5, discount_amount: 6 })).toEqual(['discount_amount']);
    expect(await errorsOf({ channel: 'online_shop' })).toEqual(['channel']);
    expect(await errorsOf({ business_user_id: '34' })).toEqual(['business_user_id']);
    expect(await errorsOf({ business_user_id: other.people.owner.id })).toEqual(['business_user_id']);
    const theirShop = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}/${theirs.id}`, { key: theirKey })).json().location_id as string;
    expect(await errorsOf({ location_id: theirShop })).toEqual(['location_id']);
    expect((await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key: readOnly, method: 'POST', json: {} })).statusCode).toBe(403);
  });

  it('reads, lists (statuses[]=draft), changes and deletes a draft; another business’s key gets 404', async () => {
    const made = (await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key, method: 'POST', json: { amount: 20, remark: 'Table 4' } })).json();
    const read = await publicCall(t, one(made.id), { key });
    expect([read.statusCode, read.json()]).toEqual([200, made]);

    const drafts = await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=draft&perPage=2`, { key });
    expect(drafts.statusCode, drafts.body).toBe(200);
    expectSchema(await ours(PUBLIC_ORDERS_PATHS.orders, 'get'), drafts.json());
    expect(drafts.json().data[0]).toEqual(made);
    expect(drafts.json().data.every((o: { status: string }) => o.status === 'draft')).toBe(true);
    expect(drafts.json().meta.total).toBeGreaterThanOrEqual(4);
    expect(new URL(drafts.json().links.next).searchParams.get('statuses[]')).toBe('draft');
    // The register's list is the sales; drafts are listed on their own.
    const sales = (await publicCall(t, PUBLIC_ORDERS_PATHS.orders, { key })).json();
    expect(sales.data.map((o: { id: string }) => o.id)).not.toContain(made.id);
    const mixed = await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=draft&statuses[]=completed`, { key });
    expect([mixed.statusCode, Object.keys(mixed.json().errors)]).toEqual([422, ['statuses[]']]);
    // Another business's drafts are not in its list.
    const theirList = (await publicCall(t, `${PUBLIC_ORDERS_PATHS.orders}?statuses[]=draft`, { key: theirKey })).json();
    expect(theirList.data.map((o: { id: string }) => o.id)).not.toContain(made.id);

    // PATCH: the fields given change, the rest stay; an amount prices the line anew.
    const before = await counts();
    const patched = await publicCall(t, one(made.id), { key, method: 'PATCH', json: { discount_amount: 2, business_user_id: business.people.owner.id } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: made.id, status: 'draft', remark: 'Table 4', amount: 18, total_discount_amount: 2 });
    const repriced = (await publicCall(t, one(made.id), { key, method: 'PATCH', form: { amount: '30' } })).json();
    expect(repriced).toMatchObject({ remark: 'Table 4', subtotal: 30, amount: 28, line_items: [{ name: 'Custom amount', total: 30 }] });
    const tooMuch = await publicCall(t, one(made.id), { key, method: 'PATCH', json: { discount_amount: 31 } });
    expect([tooMuch.statusCode, Object.keys(tooMuch.json().errors)]).toEqual([422, ['discount_amount']]);
    expect((await publicCall(t, one(made.id), { key })).json()).toMatchObject({ amount: 28 });
    expect(await counts()).toEqual(before);

    // Another business's key, and a read-only key.
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await publicCall(t, one(made.id), { key: theirKey, method, ...(method === 'PATCH' ? { json: { remark: 'x' } } : {}) });
      expect([res.statusCode, res.json()]).toEqual([404, missing(made.id)]);
    }
    expect((await publicCall(t, one(made.id), { key: readOnly, method: 'DELETE' })).statusCode).toBe(403);

    const deleted = await publicCall(t, one(made.id), { key, method: 'DELETE' });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
    expect((await publicCall(t, one(made.id), { key })).json()).toEqual(missing(made.id));
    expect((await publicCall(t, one(made.id), { key, method: 'DELETE' })).statusCode).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, made.id)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'pos_draft_order.created',
      'pos_draft_order.deleted',
      'pos_draft_order.updated',
      'pos_draft_order.updated',
    ]);
  });
});

describe('card readers', () => {
  const collect = (amount: number, idempotencyKey: string) =>
    business.people.owner.agent.ok(
      terminalEndpoints.collectPayment,
      { params: { business_id: business.id, reader_id: reader.id }, body: { amount, card: { number: '4000000000003220', exp_month: 12, exp_year: 2030 } } },
      { idempotencyKey },
    );
  const recent = async () =>
    (await business.people.owner.agent.ok(terminalEndpoints.getReader, { params: { business_id: business.id, reader_id: reader.id } })).recent_payments;

  it("lists the business's paired readers in HitPay's schema", async () => {
    const res = await publicCall(t, PUBLIC_READERS_PATHS.readers, { key: readOnly });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expectSchema(hitpaySchema('get', PUBLIC_READERS_PATHS.readers, 200)!, page);
    expectSchema(await ours(PUBLIC_READERS_PATHS.readers, 'get'), page);
    expect(page.data).toEqual([
      expect.objectContaining({
        id: reader.id,
        name: 'Counter reader',
        device_type: reader.model,
        data: { id: reader.id, serial_number: reader.serial_number },
      }),
    ]);
    expect(page.meta).toMatchObject({ total: 1, per_page: 10, current_page: 1 });
    const bad = await publicCall(t, `${PUBLIC_READERS_PATHS.readers}?limit=0`, { key });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([422, ['limit']]);
  });

  it("cancels the payment a reader waits on (204, replayed by its key); another business's reader is HitPay's 400", async () => {
    const waiting = await collect(30_00, 'reader-pay-1');
    expect(waiting.status).toBe('requires_pin');
    const res = await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', json: { reader_id: reader.id }, idempotencyKey: 'cancel-1' });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect((await recent()).find((p) => p.charge_id === waiting.charge_id)).toMatchObject({ status: 'cancelled', failure: { code: 'authentication_failed' } });
    const replay = await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', json: { reader_id: reader.id }, idempotencyKey: 'cancel-1' });
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([204, 'true']);

    // Nothing waits now: the register's cancel refuses too.
    const idle = await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', form: { reader_id: reader.id } });
    expect([idle.statusCode, idle.json()]).toEqual([400, { message: 'This reader is not waiting on a payment: there is nothing to cancel.' }]);
    // A form body cancels as JSON does.
    const next = await collect(31_00, 'reader-pay-2');
    expect((await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', form: { reader_id: reader.id } })).statusCode).toBe(204);
    expect((await recent()).find((p) => p.charge_id === next.charge_id)?.status).toBe('cancelled');

    const theirsRes = await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', json: { reader_id: theirReader.id } });
    expect(theirsRes.statusCode).toBe(400);
    expectSchema(hitpaySchema('post', PUBLIC_READERS_PATHS.cancel, 400)!, theirsRes.json());
    expect(theirsRes.json().message).toMatch(/^This terminal is not connected to your business/);
    expect((await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key: readOnly, method: 'POST', json: { reader_id: reader.id } })).statusCode).toBe(403);
    const invalid = await publicCall(t, PUBLIC_READERS_PATHS.cancel, { key, method: 'POST', json: {} });
    expect([invalid.statusCode, invalid.json().errors]).toEqual([422, { reader_id: ['The reader id field is required.'] }]);
  });
});
