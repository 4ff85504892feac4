import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import {
  categoryEndpoints,
  posOrderEndpoints,
  posReportEndpoints,
  surchargeEndpoints,
  taxEndpoints,
  type Location,
  type Order,
  type OrderReport,
  type OrderReportBreakdown,
} from '@merchant/catalogue';
import { ledgerEntries } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, openDrawer, sell, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';

/** The register's sales report (docs/pos.md, "Sales report"), on both databases. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let manager: Agent;
let cafe: Location;
let kiosk: Location;
let coffeeId: string;
const ZONE = 'Asia/Singapore';
const orders: Order[] = [];
let cashBefore = 0;
let cashierAnswer = 0;

const inBusiness = () => ({ params: { business_id: business.id } });
const report = (query: { from: string; to: string; location_id?: string; staff_id?: string }) => owner.ok(posReportEndpoints.get, { ...inBusiness(), query });
const breakdown = (r: OrderReport, group: string): OrderReportBreakdown => r.breakdowns.find((b) => b.group === group)!;
const row = (r: OrderReport, group: string, key: string | null) => breakdown(r, group).rows.find((x) => x.key === key);

/** The business's cash in drawers on the ledger. */
async function cashInDrawers(): Promise<number> {
  const rows = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.businessId} = ${business.id} and ${eq(ledgerEntries.account, 'cash_in_drawers')}`);
  return rows[0]!.sum;
}

beforeAll(async () => {
  t = await createTestContext();
  // The clock moves by less than the sessions' idle limit from here on.
  t.clock.set(new Date('2026-11-03T13:30:00Z'));
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: ZONE });
  owner = business.people.owner.agent;
  manager = business.people.manager.agent;
  // A cashier sees their own sales (the orders list), not the business's report: asked while their session is fresh.
  cashierAnswer = (await business.people.cashier.agent.call(posReportEndpoints.get, { ...inBusiness(), query: { from: '2026-11-03', to: '2026-11-04' } }))
    .status;
  cafe = await createLocation(owner, business.id, { name: 'Cafe' });
  kiosk = await createLocation(owner, business.id, { name: 'Kiosk' });
  const atCafe = { all_locations: false, location_ids: [cafe.id] };
  await owner.ok(taxEndpoints.create, { ...inBusiness(), body: { name: 'GST', rate: 900, ...atCafe } });
  await owner.ok(surchargeEndpoints.create, {
    ...inBusiness(),
    body: { name: 'Service', kind: 'service_charge', value: { type: 'percentage', rate: 1000 }, taxable: false, ...atCafe },
  });
  const drinks = await owner.ok(categoryEndpoints.create, { ...inBusiness(), body: { name: 'Drinks' } });
  const coffee = await createProduct(owner, business.id, { name: 'Coffee', price: 5_00, category_id: drinks.id });
  const cake = await createProduct(owner, business.id, { name: 'Cake', price: 4_00 });
  coffeeId = coffee.id;

  // 22:30 on 3 November in Singapore (14:30 UTC): the owner opens the cafe's drawer.
  t.clock.set(new Date('2026-11-03T14:30:00Z'));
  await openDrawer(owner, business.id, cafe.id, 100_00);
  await openDrawer(manager, business.id, kiosk.id, 50_00);
  cashBefore = await cashInDrawers();
  // 23:30 on 3 November: coffee twice and a cake, with the cafe's tax and service charge and a tip, in cash.
  t.clock.set(new Date('2026-11-03T15:30:00Z'));
  const lines = [
    { variant_id: coffee.variants[0]!.id, quantity: 2 },
    { variant_id: cake.variants[0]!.id, quantity: 1 },
  ];
  // 14.00, 9 % tax on it, the 10 % service charge (not taxed), then the tip.
  const subtotal = 14_00;
  const total = subtotal + Math.round(subtotal * 0.09) + Math.round(subtotal * 0.1) + 1_00;
  orders.push(await sell(owner, business.id, cafe.id, { lines, tip: 1_00, tenders: [{ kind: 'cash', amount: total }] }));

  // 00:30 on 4 November in Singapore, still 3 November in UTC: a quick sale at the kiosk, and a split one at the cafe.
  t.clock.set(new Date('2026-11-03T16:30:00Z'));
  orders.push(await sell(manager, business.id, kiosk.id, { quick_sale: { amount: 7_50, description: 'Flowers' }, tenders: [{ kind: 'cash', amount: 7_50 }] }));
  const card = await makePayment(t, business.id, { amount: 6_00 });
  orders.push(
    await sell(owner, business.id, cafe.id, {
      quick_sale: { amount: 10_00, description: 'Split' },
      tenders: [
        { kind: 'card', amount: 6_00, payment_id: card.id },
        { kind: 'cash', amount: 4_00 },
      ],
    }),
  );
  // 01:30 on 4 November: one coffee of the first order comes back.
  t.clock.set(new Date('2026-11-03T17:30:00Z'));
  const refunded = await owner.ok(posOrderEndpoints.refund, {
    params: { business_id: business.id, order_id: orders[0]!.id },
    body: { lines: [{ line_id: 'l1', quantity: 1 }], reason: 'Spilt' },
  });
  orders[0] = refunded;
});
afterAll(() => t.close());

describe('the register’s sales report', () => {
  it('sums the orders by the business’s days, with refunds on the day they were made', async () => {
    const [a, b, c] = orders as [Order, Order, Order];
    const r = await report({ from: '2026-11-03', to: '2026-11-04' });
    expect(r.currency).toBe('sgd');
    expect(r.by_day.map((d) => d.key)).toEqual(['2026-11-03', '2026-11-04']);
    const [nov3, nov4] = r.by_day;
    const refund = a.refunded.amount;
    expect(refund).toBeGreaterThan(0);
    expect(nov3).toMatchObject({
      orders: 1,
      gross: a.subtotal.amount,
      discounts: a.discount.amount,
      taxes: a.tax.amount,
      tips: 1_00,
      surcharges: a.total.amount - 1_00 - a.subtotal.amount + a.discount.amount - a.tax.amount,
      refunds: 0,
      total: a.total.amount,
    });
    expect(nov3!.surcharges).toBe(1_40);
    expect(nov4).toMatchObject({ orders: 2, gross: 17_50, refunds: refund, net: 17_50 - refund, total: 17_50 - refund });
    expect(r.totals).toMatchObject({
      orders: 3,
      refunds: refund,
      total: a.total.amount + b.total.amount + c.total.amount - refund,
      average: Math.round((a.total.amount + b.total.amount + c.total.amount) / 3),
    });
    // A report of 3 November alone holds only the first order (its UTC day also holds the other two).
    const third = await report({ from: '2026-11-03', to: '2026-11-03' });
    expect(third.totals).toMatchObject({ orders: 1, total: a.total.amount, refunds: 0 });
  });

  it('agrees with the order list and with the ledger', async () => {
    const r = await report({ from: '2026-11-03', to: '2026-11-04' });
    const list = await owner.ok(posOrderEndpoints.list, { ...inBusiness(), query: { from: '2026-11-03', to: '2026-11-04' } });
    expect(list.data).toHaveLength(r.totals.orders);
    const listed = list.data.reduce((sum, o) => sum + o.total.amount, 0);
    const listedRefunds = list.data.reduce((sum, o) => sum + o.refunded.amount, 0);
    expect(r.totals.total).toBe(listed - listedRefunds);
    expect(r.totals.refunds).toBe(listedRefunds);
    // The ledger: the cash the sales and the refund moved into the drawers, and the card payment.
    const cashMoved = (await cashInDrawers()) - cashBefore;
    const cash = breakdown(r, 'tender').rows.find((x) => x.key === 'cash')!;
    const card = breakdown(r, 'tender').rows.find((x) => x.key === 'card')!;
    expect(cash.total).toBe(cashMoved);
    expect(card).toMatchObject({ total: 6_00, orders: 1, refunds: 0 });
    expect(cash.total + card.total).toBe(r.totals.total);
  });

  it('breaks the orders down by hour, product, category, staff and location', async () => {
    const r = await report({ from: '2026-11-03', to: '2026-11-04' });
    expect(breakdown(r, 'hour').rows.map((x) => [x.key, x.label, x.orders])).toEqual([
      ['00', '00:00', 2],
      ['01', '01:00', 0],
      ['23', '23:00', 1],
    ]);
    const coffee = row(r, 'product', coffeeId)!;
    expect(coffee).toMatchObject({ label: 'Coffee', gross: 10_00, orders: 1 });
    expect(coffee.refunds).toBe(orders[0]!.refunds[0]!.lines[0]!.amount.amount);
    expect(row(r, 'product', null)).toMatchObject({ label: 'Quick sales', gross: 17_50, orders: 2 });
    expect(
      breakdown(r, 'category')
        .rows.map((x) => x.label)
        .sort(),
    ).toEqual(['Drinks', 'No category']);
    // Every line's figures add up to the orders' less their tips.
    const products = breakdown(r, 'product').rows;
    expect(products.reduce((s, x) => s + x.total, 0) + r.totals.tips).toBe(r.totals.total + (r.totals.refunds - products.reduce((s, x) => s + x.refunds, 0)));
    expect(breakdown(r, 'staff').rows.map((x) => [x.label, x.orders])).toEqual([
      [business.people.owner.name, 2],
      [business.people.manager.name, 1],
    ]);
    expect(breakdown(r, 'location').rows.map((x) => [x.label, x.orders])).toEqual([
      ['Cafe', 2],
      ['Kiosk', 1],
    ]);
  });

  it('filters by location and by staff', async () => {
    const atKiosk = await report({ from: '2026-11-03', to: '2026-11-04', location_id: kiosk.id });
    expect(atKiosk.totals).toMatchObject({ orders: 1, total: 7_50, refunds: 0 });
    const byManager = await report({ from: '2026-11-03', to: '2026-11-04', staff_id: business.people.manager.id });
    expect(byManager.totals).toMatchObject({ orders: 1, total: 7_50 });
    const byOwner = await report({ from: '2026-11-03', to: '2026-11-04', staff_id: business.people.owner.id });
    expect(byOwner.totals.orders).toBe(2);
    expect(byOwner.totals.refunds).toBe(orders[0]!.refunded.amount);
  });

  it('sends a breakdown as CSV in major units', async () => {
    const url = `${endpointPath(posReportEndpoints.export, inBusiness())}?from=2026-11-03&to=2026-11-04&group=location`;
    const res = await owner.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/-2026-11-03-to-2026-11-04-by-location\.csv"$/);
    const [head, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(head).toEqual([
      'Location',
      'Currency',
      'Gross sales',
      'Discounts',
      'Refunds',
      'Net sales',
      'Taxes',
      'Tips',
      'Surcharges',
      'Total collected',
      'Orders',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[10]])).toEqual([
      ['Cafe', 'SGD', '2'],
      ['Kiosk', 'SGD', '1'],
    ]);
    expect(rows[1]![9]).toBe('7.50');
  });

  it('is for those who manage the register, and refuses a range that does not hold', async () => {
    expect(cashierAnswer).toBe(403);
    const backwards = await owner.call(posReportEndpoints.get, { ...inBusiness(), query: { from: '2026-11-04', to: '2026-11-03' } });
    expect([backwards.status, failure(backwards).issues?.[0]?.path]).toEqual([422, 'querystring.to']);
    const bad = await owner.call(posReportEndpoints.get, { ...inBusiness(), query: { from: '2026-11-03', to: '2026-11-04', location_id: 'x' } });
    expect([bad.status, failure(bad).issues?.[0]?.path]).toEqual([422, 'querystring.location_id']);
  });
});
