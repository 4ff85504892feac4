import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { endpointPath, priceOrder, startOfLocalDay } from '@merchant/core';
import {
  addOnGroupEndpoints,
  assembleOrder,
  cashierDiscounts,
  discountEndpoints,
  drawerEndpoints,
  posOrderEndpoints,
  posPinEndpoints,
  productEndpoints,
  stockEndpoints,
  surchargeEndpoints,
  taxEndpoints,
  type Location,
  type Product,
} from '@merchant/catalogue';
import { auditLogs, ledgerEntries } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, createProduct, openDrawer, saleBody, sell, setPosPin, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';

/** The register's drawers, sales, orders and refunds (docs/pos.md), on both databases. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let owner: Agent;
let manager: Agent;
let cashier: Agent;
let admin: Agent;
let shop: Location;
const ZONE = 'Asia/Singapore';

const inBusiness = () => ({ params: { business_id: business.id } });
const tracked = (price: number, stock: number) =>
  createProduct(owner, business.id, { price, track_stock: true }).then(async (p) => {
    if (stock > 0)
      await owner.ok(stockEndpoints.adjust, {
        ...inBusiness(),
        body: { lines: [{ variant_id: p.variants[0]!.id, location_id: shop.id, reason: 'received', quantity: stock }] },
      });
    return p;
  });
const onHand = async (product: Product) =>
  (await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: product.id } })).variants[0]!.stock.find(
    (s) => s.location_id === shop.id,
  )?.on_hand ?? 0;

/** The business's ledger: each account's sum. */
async function accounts(): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, sum: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, business.id))
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((r) => [r.account, r.sum]));
}
const postingsOf = async (kind: string) =>
  rowsOf<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where business_id = ${business.id} and kind = ${kind}`).then(
    (rows) => rows[0]!.n,
  );
/** The rows of a raw statement (both databases answer `{ rows }`). */
const rowsOf = async <Row>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await createTestContext();
  // 23:00 in Singapore on 3 November: the business day ends an hour later (the list's test crosses it).
  t.clock.set(new Date('2026-11-03T15:00:00Z'));
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], timeZone: ZONE });
  ({ owner, manager, cashier, admin } = {
    owner: business.people.owner.agent,
    manager: business.people.manager.agent,
    cashier: business.people.cashier.agent,
    admin: business.people.admin.agent,
  });
  shop = await createLocation(owner, business.id, { name: 'Front counter' });
});
afterAll(() => t.close());

describe('cash drawer sessions', () => {
  it('opens with a float, pays in and out, sells in cash and closes with the difference recorded', async () => {
    const before = await accounts();
    const drawer = await openDrawer(admin, business.id, shop.id, 150_00);
    expect(drawer).toMatchObject({
      status: 'open',
      opening_float: { amount: 150_00, currency: 'sgd' },
      expected_cash: { amount: 150_00 },
      location: { name: 'Front counter' },
    });
    // One open drawer per person.
    const again = await admin.call(drawerEndpoints.open, { ...inBusiness(), body: { location_id: shop.id, opening_float: 0 } });
    expect([again.status, failure(again).code]).toEqual([409, 'DRAWER_ALREADY_OPEN']);

    const params = { business_id: business.id, drawer_id: drawer.id };
    await admin.ok(drawerEndpoints.payIn, { params, body: { amount: 20_00, reason: 'Change from the bank' } });
    await admin.ok(drawerEndpoints.payOut, { params, body: { amount: 5_50, reason: 'Milk from the shop' } });
    const sale = await sell(admin, business.id, shop.id, {
      quick_sale: { amount: 12_30, description: 'Cake' },
      tenders: [{ kind: 'cash', amount: 12_30, tendered: 20_00 }],
    });
    expect(sale).toMatchObject({ total: { amount: 12_30 }, tendered: { amount: 20_00 }, change: { amount: 7_70 }, drawer_id: drawer.id, kind: 'quick_sale' });

    const open = await admin.ok(drawerEndpoints.current, inBusiness());
    expect(open.drawer!.expected_cash.amount).toBe(150_00 + 20_00 - 5_50 + 12_30);
    expect(open.drawer!.movements.map((m) => [m.kind, m.amount.amount])).toEqual([
      ['float', 150_00],
      ['pay_in', 20_00],
      ['pay_out', -5_50],
      ['sale', 12_30],
    ]);

    // A cashier sees only their own drawer.
    const peek = await cashier.call(drawerEndpoints.get, { params });
    expect([peek.status, failure(peek).code]).toEqual([404, 'DRAWER_NOT_FOUND']);
    expect((await cashier.ok(drawerEndpoints.list, { ...inBusiness(), query: {} })).data.map((d) => d.id)).not.toContain(drawer.id);
    expect((await manager.ok(drawerEndpoints.list, { ...inBusiness(), query: {} })).data.map((d) => d.id)).toContain(drawer.id);

    const closed = await admin.ok(drawerEndpoints.close, { params, body: { counted_cash: 176_00, note: 'Counted twice' } });
    expect(closed).toMatchObject({ status: 'closed', expected_cash: { amount: 176_80 }, counted_cash: { amount: 176_00 }, difference: { amount: -80 } });
    const late = await admin.call(drawerEndpoints.payIn, { params, body: { amount: 1_00, reason: 'Late' } });
    expect([late.status, failure(late).code]).toEqual([409, 'DRAWER_NOT_OPEN']);

    // The ledger: the drawer is empty again, the counted cash outside it, the shortfall recorded, the sale's cash from the customer.
    const after = await accounts();
    const change = (account: string) => (after[account] ?? 0) - (before[account] ?? 0);
    expect(change('cash_in_drawers')).toBe(0);
    expect(change('cash_outside_drawers')).toBe(-150_00 - 20_00 + 5_50 + 176_00);
    expect(change('cash_over_short')).toBe(80);
    expect(change('customer_funds')).toBe(-12_30);
    const audit = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, drawer.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['pos.drawer.closed', 'pos.drawer.opened', 'pos.drawer.pay_in', 'pos.drawer.pay_out']);
  });

  it('refuses a sale without an open drawer, and a location other than the drawer’s', async () => {
    const none = await owner.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(shop.id) });
    expect([none.status, failure(none).code]).toEqual([409, 'DRAWER_NOT_OPEN']);
    await openDrawer(owner, business.id, shop.id);
    const other = await createLocation(owner, business.id);
    const elsewhere = await owner.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(other.id) });
    expect(failure(elsewhere).issues).toEqual([expect.objectContaining({ path: 'location_id' })]);
  });
});

describe('sales', () => {
  beforeAll(async () => {
    await openDrawer(cashier, business.id, shop.id);
    await openDrawer(manager, business.id, shop.id);
  });

  it('prices lines with add-ons, line and order discounts and a tip on the server, and gives change', async () => {
    const latte = await createProduct(owner, business.id, { price: 5_00 });
    const group = await owner.ok(addOnGroupEndpoints.create, {
      ...inBusiness(),
      body: { name: 'Milk', max_choices: 1, choices: [{ name: 'Oat', price: 80 }] },
    });
    await owner.ok(productEndpoints.setAddOnGroups, { params: { business_id: business.id, product_id: latte.id }, body: { group_ids: [group.id] } });
    const cake = await createProduct(owner, business.id, { price: 4_00 });
    // Latte with oat 2 × 5.80 = 11.60, 10 % off = 10.44; cake 3 × 4.00 = 12.00, 0.50 off each = 10.50; 1.00 off the order; tip 2.00.
    const total = 10_44 + 10_50 - 1_00 + 2_00;
    const order = await sell(cashier, business.id, shop.id, {
      lines: [
        { variant_id: latte.variants[0]!.id, quantity: 2, add_on_ids: [group.choices[0]!.id], discount: { type: 'percentage', rate: 1000 } },
        { variant_id: cake.variants[0]!.id, quantity: 3, discount: { type: 'fixed', amount: 50 } },
      ],
      order_discount: { type: 'fixed', amount: 1_00 },
      tip: 2_00,
      tenders: [{ kind: 'cash', amount: total, tendered: 50_00 }],
    });
    expect(order).toMatchObject({
      kind: 'sale',
      status: 'completed',
      subtotal: { amount: 11_60 + 12_00 },
      discount: { amount: 1_16 + 1_50 + 1_00 },
      tax: { amount: 0 },
      tip: { amount: 2_00 },
      total: { amount: total },
      change: { amount: 50_00 - total },
    });
    expect(order.lines.map((l) => [l.id, l.name, l.quantity, l.gross.amount, l.add_ons.map((a) => a.name)])).toEqual([
      ['l1', latte.name, 2, 11_60, ['Oat']],
      ['l2', cake.name, 3, 12_00, []],
    ]);
    expect(order.lines.reduce((s, l) => s + l.total.amount, 0)).toBe(total - 2_00);
  });

  it('refuses tenders that do not add up to the total, cash handed over below its amount, and unknown products or add-ons', async () => {
    const short = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(shop.id, { tenders: [{ kind: 'cash', amount: 9_00 }] }) });
    expect([short.status, failure(short).issues?.[0]?.path]).toEqual([422, 'tenders']);
    const handed = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'cash', amount: 10_00, tendered: 5_00 }] }),
    });
    expect(failure(handed).issues?.[0]?.path).toBe('tenders.0.tendered');
    const product = await createProduct(owner, business.id, { price: 1_00 });
    const unknown = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, {
        lines: [
          { variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
          { variant_id: product.variants[0]!.id, quantity: 1, add_on_ids: ['00000000-0000-4000-8000-000000000001'] },
        ],
        tenders: [{ kind: 'cash', amount: 1_00 }],
      }),
    });
    expect(failure(unknown).issues?.map((i) => i.path)).toEqual(['lines.0.variant_id', 'lines.1.add_on_ids.0']);
  });

  it('splits a sale over cash and a card payment of the same amount, and attaches a card payment once', async () => {
    const card = await makePayment(t, business.id, { amount: 6_00 });
    const before = await accounts();
    const order = await sell(cashier, business.id, shop.id, {
      quick_sale: { amount: 10_00, description: 'Split' },
      tenders: [
        { kind: 'card', amount: 6_00, payment_id: card.id },
        { kind: 'cash', amount: 4_00 },
      ],
    });
    expect(order.order_tenders.map((x) => [x.kind, x.amount.amount, x.payment_id])).toEqual([
      ['card', 6_00, card.id],
      ['cash', 4_00, null],
    ]);
    expect(order.tenders.sort()).toEqual(['card', 'cash']);
    // Only the cash is posted by the sale: the card payment posted itself when it succeeded.
    const after = await accounts();
    expect((after.cash_in_drawers ?? 0) - (before.cash_in_drawers ?? 0)).toBe(4_00);

    const twice = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, {
        tenders: [
          { kind: 'card', amount: 6_00, payment_id: card.id },
          { kind: 'cash', amount: 4_00 },
        ],
      }),
    });
    expect(failure(twice).issues?.[0]?.path).toBe('tenders');
    const wrong = await makePayment(t, business.id, { amount: 7_00 });
    const mismatch = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'card', amount: 10_00, payment_id: wrong.id }] }),
    });
    expect(failure(mismatch).issues?.[0]?.path).toBe('tenders.0.amount');
    const failed = await makePayment(t, business.id, { amount: 10_00, outcome: 'failed' });
    const declined = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: saleBody(shop.id, { tenders: [{ kind: 'card', amount: 10_00, payment_id: failed.id }] }),
    });
    expect(failure(declined).issues?.[0]?.path).toBe('tenders.0.payment_id');
  });

  it('answers a replayed sale (same key) with the first one and posts and takes stock once; another body with the key is refused', async () => {
    const product = await tracked(3_00, 10);
    const body = saleBody(shop.id, { lines: [{ variant_id: product.variants[0]!.id, quantity: 2 }], tenders: [{ kind: 'cash', amount: 6_00 }] });
    const postings = await postingsOf('pos_sale');
    // Sent four times at once (a retry racing the first), then once more after.
    const [first, ...racing] = await Promise.all([1, 2, 3, 4].map(() => cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body })));
    for (const replay of racing) expect(replay).toEqual(first);
    expect(await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body })).toEqual(first);
    expect(await postingsOf('pos_sale')).toBe(postings + 1);
    expect(await onHand(product)).toBe(8);
    const reused = await cashier.call(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: { ...body, tip: 1_00, tenders: [{ kind: 'cash', amount: 7_00 }] },
    });
    expect([reused.status, failure(reused).code]).toEqual([422, 'POS_SALE_KEY_REUSED']);
  });

  it('never oversells: 30 concurrent sales of one unit from a stock of 5 make 5 orders', async () => {
    const product = await tracked(2_00, 5);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        cashier.call(posOrderEndpoints.createSale, {
          ...inBusiness(),
          body: saleBody(shop.id, { lines: [{ variant_id: product.variants[0]!.id, quantity: 1 }], tenders: [{ kind: 'cash', amount: 2_00 }] }),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => failure(r).code)).toEqual(Array(25).fill('STOCK_INSUFFICIENT'));
    expect(await onHand(product)).toBe(0);
  });

  it('numbers concurrent sales one after another: no number repeats or is skipped, though each sale takes its number last', async () => {
    // The highest number so far (numbers follow the commits, which need not follow the sales' start times).
    const before = Math.max(0, ...(await owner.ok(posOrderEndpoints.list, { ...inBusiness(), query: { limit: 100 } })).data.map((o) => o.number));
    const product = await tracked(1_00, 100);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        cashier.call(posOrderEndpoints.createSale, {
          ...inBusiness(),
          body: saleBody(shop.id, { lines: [{ variant_id: product.variants[0]!.id, quantity: 1 }], tenders: [{ kind: 'cash', amount: 1_00 }] }),
        }),
      ),
    );
    const numbers = results.map((r) => (r.ok ? r.body.number : failure(r).code)).sort((a, b) => Number(a) - Number(b));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    // Each answer is the order as it is read back.
    const first = results.find((r) => r.ok)!;
    if (first.ok) expect(await cashier.ok(posOrderEndpoints.get, { params: { business_id: business.id, order_id: first.body.id } })).toEqual(first.body);
  });

  it('asks for the fields the order form requires', async () => {
    await owner.ok(posOrderEndpoints.saveOrderForm, { ...inBusiness(), body: { customer: 'required', table_number: 'required', note: 'off' } });
    const refused = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(shop.id, { note: 'Ignored' }) });
    expect(failure(refused).issues?.map((i) => i.path)).toEqual(['customer_id', 'table_number']);
    const customer = await createCustomer(owner, business.id, { name: 'Tan Mei Ling' });
    const order = await sell(cashier, business.id, shop.id, { customer_id: customer.id, table_number: '12', note: 'Ignored' });
    expect(order).toMatchObject({ customer: { id: customer.id, name: 'Tan Mei Ling' }, table_number: '12', note: null });
    const forbidden = await cashier.call(posOrderEndpoints.saveOrderForm, { ...inBusiness(), body: { customer: 'off', table_number: 'off', note: 'off' } });
    expect(forbidden.status).toBe(403);
    expect(await cashier.ok(posOrderEndpoints.orderForm, inBusiness())).toEqual({ customer: 'required', table_number: 'required', note: 'off' });
    await owner.ok(posOrderEndpoints.saveOrderForm, { ...inBusiness(), body: { customer: 'optional', table_number: 'off', note: 'optional' } });
  });
});

describe('refunds', () => {
  it('refunds by line, restocking tracked stock and paying cash out of the drawer, then the rest of the order', async () => {
    const product = await tracked(5_00, 4);
    const other = await createProduct(owner, business.id, { price: 3_00 });
    const order = await sell(manager, business.id, shop.id, {
      lines: [
        { variant_id: product.variants[0]!.id, quantity: 3 },
        { variant_id: other.variants[0]!.id, quantity: 1 },
      ],
      order_discount: { type: 'fixed', amount: 1_00 },
      tip: 1_00,
      tenders: [{ kind: 'cash', amount: 15_00 + 3_00 - 1_00 + 1_00 }],
    });
    expect(await onHand(product)).toBe(1);
    const drawerBefore = (await manager.ok(drawerEndpoints.current, inBusiness())).drawer!.expected_cash.amount;
    const params = { business_id: business.id, order_id: order.id };
    const line = order.lines[0]!;
    const partial = await manager.ok(posOrderEndpoints.refund, { params, body: { lines: [{ line_id: 'l1', quantity: 2 }], reason: 'Broken' } });
    const share = Math.floor((line.total.amount * 2) / 3);
    expect(partial).toMatchObject({ status: 'partially_refunded', refunded: { amount: share } });
    expect(partial.lines[0]!.refunded_quantity).toBe(2);
    expect(await onHand(product)).toBe(3);
    expect((await manager.ok(drawerEndpoints.current, inBusiness())).drawer!.expected_cash.amount).toBe(drawerBefore - share);

    const tooMany = await manager.call(posOrderEndpoints.refund, { params, body: { lines: [{ line_id: 'l1', quantity: 2 }], reason: 'Again' } });
    expect(failure(tooMany).issues?.[0]?.path).toBe('lines.0.quantity');

    const rest = await manager.ok(posOrderEndpoints.refund, { params, body: { whole: true, reason: 'Changed their mind' } });
    expect(rest).toMatchObject({ status: 'refunded', refunded: { amount: order.total.amount } });
    expect(rest.refunds.map((r) => r.lines.map((l) => [l.line_id, l.quantity]))).toEqual([
      [['l1', 2]],
      [
        ['l1', 1],
        ['l2', 1],
      ],
    ]);
    expect(rest.refunds[1]!.tip.amount).toBe(1_00);
    expect(await onHand(product)).toBe(4);
    expect(rest.timeline.map((e) => e.kind)).toEqual(['sold', 'refunded', 'refunded']);
    const nothing = await manager.call(posOrderEndpoints.refund, { params, body: { whole: true, reason: 'Once more' } });
    expect(failure(nothing).issues?.[0]?.path).toBe('whole');
  });

  it('refuses a cashier’s refund without a manager’s PIN, takes it with one, and audits the override', async () => {
    const order = await sell(cashier, business.id, shop.id);
    const params = { business_id: business.id, order_id: order.id };
    const alone = await cashier.call(posOrderEndpoints.refund, { params, body: { whole: true, reason: 'Wrong order' } });
    expect([alone.status, failure(alone).code]).toEqual([403, 'POS_OVERRIDE_REQUIRED']);

    await setPosPin(manager, '4821');
    expect(await manager.ok(posPinEndpoints.status, {})).toEqual({ pin_set: true });
    expect((await cashier.ok(posOrderEndpoints.overrideManagers, inBusiness())).data).toEqual([
      { id: business.people.manager.id, name: business.people.manager.name },
    ]);
    const wrong = await cashier.call(posOrderEndpoints.refund, {
      params,
      body: { whole: true, reason: 'Wrong order', override: { manager_id: business.people.manager.id, pin: '1111' } },
    });
    expect([wrong.status, failure(wrong).code]).toEqual([422, 'POS_PIN_INVALID']);
    // A cashier's own PIN approves nothing.
    await setPosPin(cashier, '2222');
    const self = await cashier.call(posOrderEndpoints.refund, {
      params,
      body: { whole: true, reason: 'Wrong order', override: { manager_id: business.people.cashier.id, pin: '2222' } },
    });
    expect(failure(self).code).toBe('POS_PIN_INVALID');

    const approved = await cashier.ok(posOrderEndpoints.refund, {
      params,
      body: { whole: true, reason: 'Wrong order', override: { manager_id: business.people.manager.id, pin: '4821' } },
    });
    expect(approved.refunds[0]).toMatchObject({ staff: { id: business.people.cashier.id }, approved_by: { id: business.people.manager.id } });
    const audit = await t.database.db
      .select({ action: auditLogs.action, subject: auditLogs.subjectUserId })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, order.id)));
    expect(audit).toContainEqual({ action: 'pos.override.approved', subject: business.people.manager.id });
    expect(audit.map((a) => a.action)).toContain('pos.order.refunded');
    // A cashier cannot see, and so cannot refund, another person's order.
    const managers = await sell(manager, business.id, shop.id);
    const hidden = await cashier.call(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: managers.id },
      body: { whole: true, reason: 'x', override: { manager_id: business.people.manager.id, pin: '4821' } },
    });
    expect(failure(hidden).code).toBe('POS_ORDER_NOT_FOUND');
  });

  it('limits wrong PINs like passwords: after 10 wrong tries even the right one is refused', async () => {
    await setPosPin(admin, '908172');
    const order = await sell(cashier, business.id, shop.id);
    const params = { business_id: business.id, order_id: order.id };
    const attempt = (pin: string) =>
      cashier.call(posOrderEndpoints.refund, { params, body: { whole: true, reason: 'Test', override: { manager_id: business.people.admin.id, pin } } });
    for (let i = 0; i < 10; i++) expect(failure(await attempt('0000')).code).toBe('POS_PIN_INVALID');
    const locked = await attempt('908172');
    expect([locked.status, failure(locked).code]).toEqual([429, 'AUTH_ACCOUNT_LOCKED']);
    t.clock.advance(15 * 60_000 + 1);
    expect((await attempt('908172')).status).toBe(201);
  });

  it('keeps every ledger transaction balanced and the cash in drawers equal to the open drawers’ expected cash', async () => {
    const unbalanced = await rowsOf(
      sql`select transaction_id from ledger_entries where business_id = ${business.id} group by transaction_id, currency having sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const open = (await owner.ok(drawerEndpoints.list, { ...inBusiness(), query: { status: 'open', limit: 100 } })).data;
    expect((await accounts()).cash_in_drawers).toBe(open.reduce((s, d) => s + d.expected_cash.amount, 0));
  });
});

describe('the orders list', () => {
  it('filters by business day, staff, tender and status, searches by number and customer, pages and exports CSV', async () => {
    const customer = await createCustomer(owner, business.id, { name: 'Siti Rahman' });
    // 23:50 on 3 November in Singapore, then 00:10 on 4 November.
    t.clock.set(new Date(startOfLocalDay('2026-11-04', ZONE).getTime() - 10 * 60_000));
    const late = await sell(manager, business.id, shop.id, { customer_id: customer.id, quick_sale: { amount: 10_00, description: 'Late' } });
    t.clock.advance(20 * 60_000);
    const early = await sell(cashier, business.id, shop.id);
    const list = (query: Record<string, string | number>, agent = owner) => agent.ok(posOrderEndpoints.list, { ...inBusiness(), query });

    const third = (await list({ from: '2026-11-03', to: '2026-11-03', limit: 100 })).data.map((o) => o.id);
    expect(third[0]).toBe(late.id);
    expect(third).not.toContain(early.id);
    expect((await list({ from: '2026-11-04', to: '2026-11-04' })).data.map((o) => o.id)).toEqual([early.id]);
    expect((await list({ q: 'siti' })).data.map((o) => o.id)).toEqual([late.id]);
    // "#N" is the order number only, whatever the customers' names and emails hold; "N" is also a customer's text.
    expect((await list({ q: `#${early.number}` })).data.map((o) => o.id)).toEqual([early.id]);
    expect((await list({ staff_id: business.people.cashier.id, from: '2026-11-04' })).data.map((o) => o.id)).toEqual([early.id]);
    expect((await list({ staff_id: business.people.manager.id, from: '2026-11-04' })).data).toEqual([]);
    const cards = (await list({ tender: 'card', limit: 100 })).data;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((o) => o.tenders.includes('card'))).toBe(true);
    expect((await list({ status: 'refunded', limit: 100 })).data.every((o) => o.status === 'refunded')).toBe(true);
    // A cashier sees their own orders whatever the filter says.
    const own = (await list({ staff_id: business.people.manager.id, limit: 100 }, cashier)).data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => o.staff.id === business.people.cashier.id)).toBe(true);

    // Keyset pages: every order once, newest first.
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ limit: 4, ...(cursor ? { cursor } : {}) });
      all.push(...page.data.map((o) => o.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe((await list({ limit: 100 })).data.length);

    const res = await owner.get(endpointPath(posOrderEndpoints.export, { ...inBusiness(), query: { q: 'Siti' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-export-truncated']).toBe('false');
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual(['Number', 'Time (UTC)', 'Kind', 'Status', 'Location', 'Staff', 'Customer', 'Tenders', 'Total', 'Refunded', 'Currency']);
    expect(rows.map((r) => [r[0], r[2], r[5], r[6], r[7], r[8], r[10]])).toEqual([
      [String(late.number), 'quick_sale', business.people.manager.name, 'Siti Rahman', 'cash', '10.00', 'SGD'],
    ]);
    const day = parseCsv(
      (await owner.get(endpointPath(posOrderEndpoints.export, { ...inBusiness(), query: { from: '2026-11-04', to: '2026-11-04' } }))).body.slice(1),
    );
    expect(day.slice(1).map((r) => r[0])).toEqual([String(early.number)]);
    const backwards = await owner.get(`${endpointPath(posOrderEndpoints.export, inBusiness())}?from=2026-11-04&to=2026-11-03`);
    expect(backwards.statusCode).toBe(422);
    const numbered = await createCustomer(owner, business.id, { name: `Customer ${early.number}` });
    const hers = await sell(manager, business.id, shop.id, { customer_id: numbered.id, quick_sale: { amount: 10_00, description: 'Numbered' } });
    expect((await list({ q: `#${early.number}` })).data.map((o) => o.id)).toEqual([early.id]);
    expect((await list({ q: String(early.number), limit: 100 })).data.map((o) => o.id)).toEqual(expect.arrayContaining([early.id, hers.id]));
  });

  it('shows an order’s detail to its seller and managers only', async () => {
    const order = await sell(manager, business.id, shop.id);
    const params = { business_id: business.id, order_id: order.id };
    expect((await owner.ok(posOrderEndpoints.get, { params })).id).toBe(order.id);
    const hidden = await cashier.call(posOrderEndpoints.get, { params });
    expect([hidden.status, failure(hidden).code]).toEqual([404, 'POS_ORDER_NOT_FOUND']);
  });
});

describe('sales priced with the catalogue: taxes, surcharges and automatic discounts at the location', () => {
  let seller: FactoryBusiness<'owner'>;
  let agent: Agent;
  let cafe: Location;
  let other: Location;
  const ids: Record<string, string> = {};
  const params = () => ({ params: { business_id: seller.id } });

  beforeAll(async () => {
    seller = await createBusiness(t, { timeZone: ZONE, currency: 'SGD' });
    agent = seller.people.owner.agent;
    cafe = await createLocation(agent, seller.id, { name: 'Cafe' });
    other = await createLocation(agent, seller.id, { name: 'Kiosk' });
    const atCafe = { all_locations: false, location_ids: [cafe.id] };
    ids.gst = (await agent.ok(taxEndpoints.create, { ...params(), body: { name: 'GST', rate: 900, ...atCafe } })).id;
    ids.service = (
      await agent.ok(surchargeEndpoints.create, {
        ...params(),
        body: { name: 'Service', kind: 'service_charge', value: { type: 'percentage', rate: 1000 }, taxable: false, ...atCafe },
      })
    ).id;
    ids.card = (
      await agent.ok(surchargeEndpoints.create, {
        ...params(),
        body: { name: 'Card fee', kind: 'card_surcharge', value: { type: 'fixed', amount: 30 }, taxable: false, ...atCafe },
      })
    ).id;
    const coffee = await createProduct(agent, seller.id, { price: 5_00 });
    const cake = await createProduct(agent, seller.id, { price: 4_00 });
    Object.assign(ids, { coffee: coffee.id, coffeeVariant: coffee.variants[0]!.id, cake: cake.id, cakeVariant: cake.variants[0]!.id });
    ids.cakeOff = (
      await agent.ok(discountEndpoints.create, {
        ...params(),
        body: {
          name: 'Cake 10 % off',
          value: { type: 'percentage', rate: 1000 },
          applies_to: 'items',
          product_ids: [cake.id],
          automatic: true,
          channels: ['pos'],
          usage_limit: 100,
        },
      })
    ).id;
    await openDrawer(agent, seller.id, cafe.id);
  });

  // Two lines of coffee (the first 20 % off by the cashier) and a cake (10 % off by itself).
  const lines = () => [
    { variant_id: ids.coffeeVariant!, quantity: 2, discount: { type: 'percentage' as const, rate: 2000 } },
    { variant_id: ids.coffeeVariant!, quantity: 1 },
    { variant_id: ids.cakeVariant!, quantity: 1 },
  ];
  // l1 10.00 − 2.00 = 8.00, l2 5.00, l3 4.00 − 0.40 = 3.60: 16.60. Service 10 % = 1.66 (parts 0.80, 0.50, 0.36).
  // GST 9 % per line: 0.72, 0.45, 0.324 → 0.32 = 1.49. Total 16.60 + 1.66 + 1.49 = 19.75 (no card fee: paid in cash).
  const TOTAL = 19_75;

  it('prices the sale with the location’s tax, service charge and automatic discount; the tenders must match that total', async () => {
    const wrong = await agent.call(posOrderEndpoints.createSale, {
      ...params(),
      body: saleBody(cafe.id, { lines: lines(), tenders: [{ kind: 'cash', amount: 16_60 }] }),
    });
    expect([wrong.status, failure(wrong).issues?.[0]?.path, failure(wrong).message]).toEqual([422, 'tenders', expect.stringContaining('19.75')]);
    const order = await sell(agent, seller.id, cafe.id, { lines: lines(), tenders: [{ kind: 'cash', amount: TOTAL, tendered: 20_00 }] });
    expect(order).toMatchObject({
      subtotal: { amount: 10_00 + 5_00 + 4_00 },
      discount: { amount: 2_00 + 40 },
      tax: { amount: 72 + 45 + 32 },
      total: { amount: TOTAL },
      change: { amount: 25 },
    });
    // The line discount names only its line: the second coffee line is not discounted.
    expect(order.lines.map((l) => [l.id, l.discount.amount, l.tax.amount])).toEqual([
      ['l1', 2_00, 72],
      ['l2', 0, 45],
      ['l3', 40, 32],
    ]);
    // Each line carries its part of the service charge, so the lines add up to the total (what refunds give back).
    expect(order.lines.map((l) => l.total.amount)).toEqual([8_72 + 80, 5_45 + 50, 3_92 + 36]);
    expect(order.discounts.map((d) => [d.name, d.amount.amount])).toEqual([
      ['Cake 10 % off', 40],
      ['Line discount', 2_00],
    ]);
    const cakeOff = await agent.ok(discountEndpoints.get, { params: { business_id: seller.id, discount_id: ids.cakeOff! } });
    expect(cakeOff.times_used).toBe(1);
  });

  it('answers the register the same context, from which the same pure functions give the server’s total', async () => {
    const context = await agent.ok(posOrderEndpoints.pricing, { ...params(), query: { location_id: cafe.id } });
    expect(context.taxes.map((x) => [x.id, x.rate, x.applies_to])).toEqual([[ids.gst, 900, 'all_products']]);
    expect(context.surcharges.map((x) => x.id).sort()).toEqual([ids.card, ids.service].sort());
    expect(context.automatic_discounts.map((d) => [d.id, d.ends_at])).toEqual([[ids.cakeOff, null]]);
    const saleLines = lines().map((l, i) => ({
      id: `l${i + 1}`,
      productId: i < 2 ? ids.coffee! : ids.cake!,
      categoryId: null,
      unitPrice: i < 2 ? 5_00 : 4_00,
      quantity: l.quantity,
      addOns: [],
      taxIds: [],
      discount: l.discount ?? null,
    }));
    const priced = (kinds: ('service_charge' | 'card_surcharge')[]) =>
      priceOrder(assembleOrder(context, { currency: 'SGD', lines: saleLines, extraDiscounts: cashierDiscounts(saleLines, null), surchargeKinds: kinds }));
    expect(priced(['service_charge']).total).toBe(TOTAL);
    // Paid by card, the card fee is added too.
    expect(priced(['service_charge', 'card_surcharge']).total).toBe(TOTAL + 30);

    const elsewhere = await agent.ok(posOrderEndpoints.pricing, { ...params(), query: { location_id: other.id } });
    expect(elsewhere).toMatchObject({ taxes: [], surcharges: [], automatic_discounts: [{ id: ids.cakeOff }] });
    const unknown = await agent.call(posOrderEndpoints.pricing, { ...params(), query: { location_id: '00000000-0000-4000-8000-000000000000' } });
    expect([unknown.status, failure(unknown).code]).toEqual([404, 'LOCATION_NOT_FOUND']);
    // Someone of another business: the business is not theirs to see.
    const outsider = await cashier.call(posOrderEndpoints.pricing, { ...params(), query: { location_id: cafe.id } });
    expect(outsider.status).toBe(404);
  });

  it('keeps a quick sale free of taxes and surcharges', async () => {
    const order = await sell(agent, seller.id, cafe.id, { quick_sale: { amount: 10_00, description: 'Gift' }, tenders: [{ kind: 'cash', amount: 10_00 }] });
    expect(order).toMatchObject({ tax: { amount: 0 }, total: { amount: 10_00 } });
  });
});
