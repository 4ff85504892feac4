import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posOrderEndpoints, stockEndpoints, type Location } from '@merchant/catalogue';
import { createBusiness, createLocation, createProduct, openDrawer, saleBody } from './factories';
import { Agent, createTestContext, type TestContext } from './harness';
import { writesOf } from './statement-writes';

/**
 * What a register's cash sale of five lines costs the database (docs/benchmarks.md, "The point of sale at scale";
 * bench/pos.mjs sells such sales at 10 registers): the statements the app sends for one sale and the transactions
 * they are in. Pinned, so that a change that adds a round trip to the sale shows here. Transaction control (begin,
 * commit) is left out of the statements and counted as transactions instead. Both databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
let shop: Location;
const variants: string[] = [];
const queries: string[] = [];
const transactions: { from: number; to: number }[] = [];
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const statement = (q: string) => q.replace(/\s+/g, ' ').slice(0, 60);

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) => {
    const entry = { from: queries.length, to: -1 };
    transactions.push(entry);
    try {
      return await transaction(fn, config);
    } finally {
      entry.to = queries.length;
    }
  }) as typeof db.transaction;
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  owner = business.people.owner.agent;
  shop = await createLocation(owner, businessId, { name: 'Counter' });
  await openDrawer(owner, businessId, shop.id);
  // Stock-tracked, as the benchmark's products are: the five levels are taken off in one statement.
  for (let i = 0; i < 5; i++) {
    const variant = (await createProduct(owner, businessId, { price: 3_00 + i * 1_00, track_stock: true })).variants[0]!.id;
    await owner.ok(stockEndpoints.adjust, {
      params: { business_id: businessId },
      body: { lines: [{ variant_id: variant, location_id: shop.id, reason: 'received', quantity: 10 }] },
    });
    variants.push(variant);
  }
});
afterAll(() => t.close());

describe('statements per register sale', () => {
  it("a cash sale of five stock-tracked lines: 16 statements, 13 of them in its transaction, the pricing context read in one, the order form read once, the cashier's role and locations, the business and the variants not read again, the stock taken in one statement, and one statement between taking the number and the commit", async () => {
    const body = saleBody(shop.id, {
      lines: variants.map((variant_id) => ({ variant_id, quantity: 1, add_on_ids: [] })),
      tenders: [{ kind: 'cash', amount: 25_00, tendered: 30_00 }],
    });
    const from = queries.length;
    const firstTransaction = transactions.length;
    const order = await owner.ok(posOrderEndpoints.createSale, { params: { business_id: businessId }, body });
    const sent = (a: number, b: number) =>
      queries
        .slice(a, b)
        .filter((q) => !TRANSACTION_CONTROL.test(q))
        .map(statement);
    const statements = sent(from, queries.length);
    const perTransaction = transactions.slice(firstTransaction).map(({ from: a, to: b }) => sent(a, b));
    expect([order.lines.length, order.total.amount, order.change.amount]).toEqual([5, 25_00, 5_00]);
    // On failure, the message lists the statements, so what was added shows.
    expect({ statements: statements.length, transactions: perTransaction.map((s) => s.length) }, statements.join('\n')).toEqual({
      statements: 16,
      transactions: [13],
    });
    // The number last (docs/pos.md, "Numbers"): the business's counter row, locked until the commit, is held over one
    // more statement (the ledger's posting and the audit entry, which name the number), not over the sale's reads.
    const sale = perTransaction[0]!;
    const counter = sale.findIndex((q) => q.includes('"pos_order_counters"'));
    expect([counter, sale.length - counter - 1], sale.join('\n')).toEqual([sale.length - 2, 1]);
    expect(statements.filter((q) => q.includes('"pos_order_form_settings"'))).toHaveLength(1);
    // The tax settings, taxes, discounts in force and surcharges: one statement, where they were four.
    expect(queries.slice(from).filter((q) => /from "(tax_settings|taxes|discounts|surcharges)"/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => q.includes('"staff_locations"'))).toEqual([]);
    expect(queries.slice(from).filter((q) => /update "stock_levels"/.test(q))).toHaveLength(1);
    // The lines, the tender and the drawer's movement go in one statement; the ledger's posting and the audit entry in another.
    const writes = queries
      .slice(from)
      .filter((q) => !TRANSACTION_CONTROL.test(q))
      .flatMap(writesOf);
    const count = (table: string) => writes.filter((w) => w.startsWith(`insert into "${table}"`)).length;
    expect({
      orders: count('pos_orders'),
      lines: count('pos_order_lines'),
      tenders: count('pos_order_tenders'),
      movements: count('pos_drawer_movements'),
      ledger: count('ledger_entries'),
      audit: count('audit_logs'),
    }).toEqual({ orders: 1, lines: 1, tenders: 1, movements: 1, ledger: 1, audit: 1 });
  });

  it("the order list's first page: one statement (the caller's locations came with the access check's standing)", async () => {
    const list = () => owner.ok(posOrderEndpoints.list, { params: { business_id: businessId }, query: { limit: 25 } });
    await list(); // the owner's standing is kept by now
    const from = queries.length;
    const page = await list();
    expect(page.data.length).toBeGreaterThan(0);
    const statements = queries.slice(from).map(statement);
    expect(statements, statements.join('\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/"pos_orders"/);
  });
});
