import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import {
  categoryEndpoints,
  couponEndpoints,
  shippingEndpoints,
  storeOrderEndpoints,
  storeReportEndpoints,
  type OrderReport,
  type Product,
  type StoreOrder,
} from '@merchant/catalogue';
import { parseCsv } from '../src/lib/csv';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, paidStoreOrder, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/** The online store's sales report (docs/online-store.md, "Sales report"), on both databases. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let beans: Product;
let mug: Product;
let standardRate = '';
const ZONE = 'Asia/Singapore';
const orders: StoreOrder[] = [];
let cashierAnswer = 0;

const inBusiness = () => ({ params: { business_id: business.id } });
const report = (from: string, to: string) => owner.ok(storeReportEndpoints.get, { ...inBusiness(), query: { from, to } });
const rowsOf = (r: OrderReport, group: string) => r.breakdowns.find((b) => b.group === group)!.rows;

beforeAll(async () => {
  t = await createTestContext();
  // The clock moves by less than the sessions' idle limit from here on.
  t.clock.set(new Date('2026-11-03T14:00:00Z'));
  business = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg', timeZone: ZONE });
  owner = business.people.owner.agent;
  cashierAnswer = (await business.people.cashier.agent.call(storeReportEndpoints.get, { ...inBusiness(), query: { from: '2026-11-03', to: '2026-11-04' } }))
    .status;
  await openStore(owner, business.id);
  const zone = await owner.ok(shippingEndpoints.createZone, {
    ...inBusiness(),
    body: { name: 'Singapore', countries: ['sg'], rates: [{ kind: 'flat', name: 'Standard', amount: 5_00 }] },
  });
  standardRate = zone.rates[0]!.id;
  await owner.ok(couponEndpoints.create, {
    ...inBusiness(),
    body: { code: 'Save10', value: { type: 'percentage', rate: 1000 }, applies_to: { type: 'order' } },
  });
  const coffee = await owner.ok(categoryEndpoints.create, { ...inBusiness(), body: { name: 'Coffee' } });
  beans = await createProduct(owner, business.id, { name: 'Beans', price: 20_00, category_id: coffee.id });
  mug = await createProduct(owner, business.id, { name: 'Mug', price: 30_00 });

  // 23:30 on 3 November in Singapore: two bags of beans, picked up.
  t.clock.set(new Date('2026-11-03T15:30:00Z'));
  orders.push(await paidStoreOrder(t, owner, business.id, { product: beans, quantity: 2 }));
  // 00:30 on 4 November (still 3 November in UTC): a mug, shipped, with the coupon.
  t.clock.set(new Date('2026-11-03T16:30:00Z'));
  const shipping = { delivery: 'shipping', line1: '5 Orchard Rd', city: 'Singapore', postal_code: '238800', country: 'SG', rate: standardRate };
  orders.push(await paidStoreOrder(t, owner, business.id, { product: mug, form: { ...shipping, coupon: 'SAVE10' } }));
  // An order left unpaid is no sale.
  const shopper = new Shopper(t, await shopHostOf(t, owner, business.id));
  await shopper.add(beans, 1);
  expect((await shopper.checkout({ email: 'unpaid@example.com' })).statusCode).toBe(303);
  // 01:30 on 4 November: 5.00 of the beans is refunded.
  t.clock.set(new Date('2026-11-03T17:30:00Z'));
  const refunded = await owner.ok(
    storeOrderEndpoints.refund,
    { params: { business_id: business.id, order_id: orders[0]!.id }, body: { amount: 5_00 } },
    { idempotencyKey: randomUUID() },
  );
  orders[0] = refunded;
});
afterAll(() => t.close());

describe('the online store’s sales report', () => {
  it('sums the paid orders by the business’s days, with refunds on the day they were made, and agrees with the order list', async () => {
    const [beansOrder, mugOrder] = orders as [StoreOrder, StoreOrder];
    expect(mugOrder).toMatchObject({ delivery_method: 'shipping', coupon_code: 'SAVE10', discount: { amount: 3_00 }, shipping: { amount: 5_00 } });
    const r = await report('2026-11-03', '2026-11-04');
    const [nov3, nov4] = r.by_day;
    expect(nov3).toMatchObject({ key: '2026-11-03', orders: 1, gross: 40_00, refunds: 0, total: beansOrder.total.amount });
    expect(nov4).toMatchObject({
      key: '2026-11-04',
      orders: 1,
      gross: 30_00,
      discounts: 3_00,
      shipping: 5_00,
      taxes: mugOrder.tax.amount,
      refunds: 5_00,
      net: 30_00 - 3_00 - 5_00,
      total: mugOrder.total.amount - 5_00,
    });
    const list = await owner.ok(storeOrderEndpoints.list, { ...inBusiness(), query: { status: 'paid' } });
    expect(list.data).toHaveLength(2);
    expect(r.totals).toMatchObject({
      orders: list.data.length,
      refunds: list.data.reduce((s, o) => s + o.refunded.amount, 0),
      total: list.data.reduce((s, o) => s + o.total.amount - o.refunded.amount, 0),
      average: Math.round((beansOrder.total.amount + mugOrder.total.amount) / 2),
    });
    expect((await report('2026-11-03', '2026-11-03')).totals).toMatchObject({ orders: 1, total: beansOrder.total.amount });
  });

  it('breaks the orders down by product, category, delivery and coupon', async () => {
    const r = await report('2026-11-03', '2026-11-04');
    expect(rowsOf(r, 'product').map((x) => [x.label, x.gross, x.total, x.orders])).toEqual([
      ['Beans', 40_00, orders[0]!.lines[0]!.total.amount, 1],
      ['Mug', 30_00, orders[1]!.lines[0]!.total.amount, 1],
    ]);
    // The coupon's share is off the mug's line.
    expect(orders[1]!.lines[0]!.total.amount).toBeLessThan(30_00 + orders[1]!.tax.amount);
    expect(rowsOf(r, 'category').map((x) => [x.label, x.gross])).toEqual([
      ['Coffee', 40_00],
      ['No category', 30_00],
    ]);
    expect(rowsOf(r, 'delivery').map((x) => [x.key, x.label, x.orders, x.shipping])).toEqual([
      ['pickup', 'Pickup', 1, 0],
      ['shipping', 'Shipping', 1, 5_00],
    ]);
    expect(rowsOf(r, 'coupon').map((x) => [x.label, x.discounts])).toEqual([
      ['No coupon', 0],
      ['SAVE10', 3_00],
    ]);
  });

  it('sends a breakdown as CSV, is for everyone who sees the store, and refuses a range that does not hold', async () => {
    const res = await owner.get(`${endpointPath(storeReportEndpoints.export, inBusiness())}?from=2026-11-03&to=2026-11-04&group=coupon`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/-2026-11-03-to-2026-11-04-by-coupon\.csv"$/);
    const [head, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(head).toEqual(['Coupon', 'Currency', 'Gross sales', 'Discounts', 'Refunds', 'Net sales', 'Shipping', 'Taxes', 'Total collected', 'Orders']);
    expect(rows.map((r) => [r[0], r[3]])).toEqual([
      ['No coupon', '0.00'],
      ['SAVE10', '3.00'],
    ]);
    expect(cashierAnswer).toBe(200);
    const backwards = await owner.call(storeReportEndpoints.get, { ...inBusiness(), query: { from: '2026-11-04', to: '2026-11-03' } });
    expect([backwards.status, failure(backwards).issues?.[0]?.path]).toEqual([422, 'querystring.to']);
  });
});
