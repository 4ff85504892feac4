import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import {
  locationEndpoints,
  productEndpoints,
  productLogEndpoints,
  stockEndpoints,
  type AdjustStockBody,
  type Location,
  type Product,
} from '@merchant/catalogue';
import { eq } from 'drizzle-orm';
import { stockMovements } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, type FactoryBusiness } from './factories';

/** Stock per variant and location: adjustments all or nothing, never below zero, low-stock mail per crossing, concurrent sales. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let shop: Location;
let kiosk: Location;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const adjust = (body: AdjustStockBody, agent = owner) => agent.call(stockEndpoints.adjust, { ...inBusiness(), body });
const stockOf = async (product: Product) => (await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: product.id } })).variants;
const tracked = (body: Parameters<typeof createProduct>[2] = {}) => createProduct(owner, business.id, { track_stock: true, ...body });
/** A sale of `quantity` in its own transaction, as the register and the store will make one. */
const sell = (product: Product, location: Location, quantity: number, variant = 0) =>
  t.database.db.transaction((tx) =>
    t.services.catalogue.stock.decrement(tx, business.id, [{ variantId: product.variants[variant]!.id, locationId: location.id, quantity }], {
      actorUserId: null,
    }),
  );

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner.agent;
  shop = await createLocation(owner, business.id, { name: 'Roastery' });
  kiosk = await createLocation(owner, business.id, { name: 'Kiosk' });
});
afterAll(() => t.close());

describe('stock adjustments', () => {
  it('receives, writes off and recounts in one request, and the product answers its stock per variant and location', async () => {
    const product = await tracked({
      options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
      variants: [
        { option_values: ['250 g'], price: 1800 },
        { option_values: ['1 kg'], price: 6200 },
      ],
    });
    const [small, large] = product.variants.map((v) => v.id) as [string, string];
    const answer = await owner.ok(stockEndpoints.adjust, {
      ...inBusiness(),
      body: {
        lines: [
          { variant_id: small, location_id: shop.id, reason: 'received', quantity: 24, note: 'Delivery 118' },
          { variant_id: large, location_id: kiosk.id, reason: 'recount', quantity: 7 },
        ],
      },
    });
    expect(answer.levels).toEqual([
      { variant_id: small, location_id: shop.id, on_hand: 24, low_stock_threshold: null, low: false },
      { variant_id: large, location_id: kiosk.id, on_hand: 7, low_stock_threshold: null, low: false },
    ]);
    t.clock.advance(1000);
    await owner.ok(stockEndpoints.adjust, {
      ...inBusiness(),
      body: { lines: [{ variant_id: small, location_id: shop.id, reason: 'damaged', quantity: 3, note: 'Torn bags' }] },
    });
    const variants = await stockOf(product);
    expect(variants[0]!.stock).toEqual([{ variant_id: small, location_id: shop.id, on_hand: 21, low_stock_threshold: null, low: false }]);
    expect(variants[1]!.stock).toEqual([{ variant_id: large, location_id: kiosk.id, on_hand: 7, low_stock_threshold: null, low: false }]);

    const moves = await t.services.catalogue.stock.movements(business.id, { variantId: small, locationId: shop.id });
    expect(moves.map((m) => [m.reason, m.delta, m.onHandAfter, m.note, m.actorUserId])).toEqual([
      ['damaged', -3, 21, 'Torn bags', business.people.owner.id],
      ['received', 24, 24, 'Delivery 118', business.people.owner.id],
    ]);
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: product.id, kind: 'stock' } });
    expect(log.data.map((l) => [l.field, l.variant_id, l.location_id, l.before, l.after])).toEqual([
      ['damaged', small, shop.id, '24', '21'],
      ['recount', large, kiosk.id, '0', '7'],
      ['received', small, shop.id, '0', '24'],
    ]);
  });

  it('applies every line or none: one line below zero is a 422 naming its quantity, and nothing changes', async () => {
    const a = await tracked();
    const b = await tracked();
    await owner.ok(stockEndpoints.adjust, {
      ...inBusiness(),
      body: { lines: [{ variant_id: a.variants[0]!.id, location_id: shop.id, reason: 'received', quantity: 5 }] },
    });
    const res = await adjust({
      lines: [
        { variant_id: a.variants[0]!.id, location_id: shop.id, reason: 'received', quantity: 10 },
        { variant_id: b.variants[0]!.id, location_id: shop.id, reason: 'damaged', quantity: 1 },
      ],
    });
    expect(res.status).toBe(422);
    expect(failure(res)).toMatchObject({
      code: 'STOCK_INSUFFICIENT',
      issues: [{ path: 'lines.1.quantity', message: expect.stringContaining('cannot go below zero') }],
    });
    expect((await stockOf(a))[0]!.stock[0]!.on_hand).toBe(5);
    expect(await t.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, a.variants[0]!.id))).toHaveLength(1);
  });

  it('lets a product that allows backorders go below zero', async () => {
    const product = await tracked({ allow_backorder: true });
    const answer = await owner.ok(stockEndpoints.adjust, {
      ...inBusiness(),
      body: { lines: [{ variant_id: product.variants[0]!.id, location_id: shop.id, reason: 'damaged', quantity: 2 }] },
    });
    expect(answer.levels[0]!.on_hand).toBe(-2);
    expect((await sell(product, shop, 3))[0]!.on_hand).toBe(-5);
  });

  it('answers a field error per line: unknown or untracked variant, unknown or archived location, wrong quantities, repeated lines', async () => {
    const product = await tracked();
    const untracked = await createProduct(owner, business.id);
    const closed = await createLocation(owner, business.id);
    await owner.ok(locationEndpoints.archive, { params: { business_id: business.id, location_id: closed.id } });
    const other = await createBusiness(t);
    const foreign = await createLocation(other.people.owner.agent, other.id);
    const v = product.variants[0]!.id;
    const line = (fields: object) => ({ variant_id: v, location_id: shop.id, reason: 'received', quantity: 1, ...fields });
    const cases: [unknown, string[]][] = [
      [{ lines: [] }, ['lines']],
      [{ lines: [line({ quantity: 0 })] }, ['lines.0.quantity']],
      [{ lines: [line({ quantity: 1.5 })] }, ['lines.0.quantity']],
      [{ lines: [line({ reason: 'recount', quantity: -1 })] }, ['lines.0.quantity']],
      [{ lines: [line({ reason: 'sale' })] }, ['lines.0.reason']],
      [{ lines: [line({}), line({ quantity: 2 })] }, ['lines.1.variant_id']],
      [{ lines: [line({ variant_id: 'nope' })] }, ['lines.0.variant_id']],
      [{ lines: [line({}), line({ variant_id: untracked.variants[0]!.id })] }, ['lines.1.variant_id']],
      [{ lines: [line({ variant_id: foreign.id })] }, ['lines.0.variant_id']],
      [{ lines: [line({ location_id: closed.id })] }, ['lines.0.location_id']],
      [{ lines: [line({ location_id: foreign.id })] }, ['lines.0.location_id']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(stockEndpoints.adjust, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        (failure(res).issues ?? []).map((i) => i.path),
        JSON.stringify(body),
      ).toEqual(paths);
    }
    expect((await stockOf(product))[0]!.stock).toEqual([]);
  });

  it('lets cashiers see stock but not change it; managers adjust', async () => {
    const product = await tracked();
    const body = { lines: [{ variant_id: product.variants[0]!.id, location_id: shop.id, reason: 'received' as const, quantity: 4 }] };
    expect(failure(await adjust(body, business.people.cashier.agent))).toMatchObject({ code: 'FORBIDDEN' });
    const thresholds = { lines: [{ variant_id: product.variants[0]!.id, location_id: shop.id, low_stock_threshold: 1 }] };
    expect(failure(await business.people.cashier.agent.call(stockEndpoints.setThresholds, { ...inBusiness(), body: thresholds }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await business.people.manager.agent.ok(stockEndpoints.adjust, { ...inBusiness(), body })).levels[0]!.on_hand).toBe(4);
    const seen = await business.people.cashier.agent.ok(productEndpoints.get, { params: { business_id: business.id, product_id: product.id } });
    expect(seen.variants[0]!.stock[0]!.on_hand).toBe(4);
  });
});

describe('sales and low stock', () => {
  it('mails the owners once when a level crosses its threshold, again after it rose above, and the list filters low stock', async () => {
    const product = await tracked({ name: 'Ethiopia Guji' });
    const v = product.variants[0]!.id;
    await owner.ok(stockEndpoints.adjust, { ...inBusiness(), body: { lines: [{ variant_id: v, location_id: shop.id, reason: 'received', quantity: 10 }] } });
    const set = await owner.ok(stockEndpoints.setThresholds, {
      ...inBusiness(),
      body: { lines: [{ variant_id: v, location_id: shop.id, low_stock_threshold: 5 }] },
    });
    expect(set.levels[0]).toMatchObject({ on_hand: 10, low_stock_threshold: 5, low: false });
    const lowMails = async () => (await mailbox(t.app)).filter((m) => m.subject === 'Low stock: Ethiopia Guji at Roastery');

    await sell(product, shop, 4);
    expect(await lowMails()).toHaveLength(0);
    expect((await sell(product, shop, 1))[0]).toMatchObject({ on_hand: 5, low: true });
    const first = await lowMails();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ to: business.people.owner.email, text: expect.stringContaining('down to 5 at Roastery') });
    await sell(product, shop, 2);
    expect(await lowMails()).toHaveLength(1);

    const low = await owner.ok(productEndpoints.list, { ...inBusiness(), query: { stock: 'low', limit: 100 } });
    expect(low.data.map((p) => p.id)).toContain(product.id);
    expect(low.data.every((p) => p.variants.some((x) => x.stock.some((s) => s.low)))).toBe(true);

    await owner.ok(stockEndpoints.adjust, { ...inBusiness(), body: { lines: [{ variant_id: v, location_id: shop.id, reason: 'received', quantity: 10 }] } });
    expect((await owner.ok(productEndpoints.list, { ...inBusiness(), query: { stock: 'low', limit: 100 } })).data.map((p) => p.id)).not.toContain(product.id);
    await owner.ok(stockEndpoints.adjust, { ...inBusiness(), body: { lines: [{ variant_id: v, location_id: shop.id, reason: 'recount', quantity: 1 }] } });
    expect(await lowMails()).toHaveLength(2);
  });

  it('refuses a sale of more than is on hand with STOCK_INSUFFICIENT and keeps the level; untracked products change nothing', async () => {
    const product = await tracked();
    await owner.ok(stockEndpoints.adjust, {
      ...inBusiness(),
      body: { lines: [{ variant_id: product.variants[0]!.id, location_id: kiosk.id, reason: 'received', quantity: 2 }] },
    });
    await expect(sell(product, kiosk, 3)).rejects.toMatchObject({ code: 'STOCK_INSUFFICIENT', issues: [{ path: 'lines.0.quantity' }] });
    await expect(sell(product, shop, 1)).rejects.toMatchObject({ code: 'STOCK_INSUFFICIENT' });
    expect((await stockOf(product))[0]!.stock).toEqual([expect.objectContaining({ location_id: kiosk.id, on_hand: 2 })]);
    const untracked = await createProduct(owner, business.id);
    expect(await sell(untracked, shop, 100)).toEqual([]);
  });

  it('200 concurrent sales of one unit from a stock of 10 leave exactly 0, with 10 successes', async () => {
    const product = await tracked();
    const v = product.variants[0]!.id;
    await owner.ok(stockEndpoints.adjust, { ...inBusiness(), body: { lines: [{ variant_id: v, location_id: shop.id, reason: 'received', quantity: 10 }] } });
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => sell(product, shop, 1)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(new Set(lost.map((r) => (r.reason as { code?: string }).code))).toEqual(new Set(['STOCK_INSUFFICIENT']));
    expect((await stockOf(product))[0]!.stock[0]!.on_hand).toBe(0);
    const sales = (await t.services.catalogue.stock.movements(business.id, { variantId: v, locationId: shop.id })).filter((m) => m.reason === 'sale');
    expect(sales).toHaveLength(10);
    expect(sales.map((m) => m.onHandAfter).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
