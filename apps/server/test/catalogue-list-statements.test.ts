import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEndpoints, stockEndpoints } from '@merchant/catalogue';
import { createBusiness, createLocation, createProduct } from './factories';
import { Agent, createTestContext, type TestContext } from './harness';

/**
 * What the product list's page costs the database (docs/benchmarks.md, "The catalogue at scale"; bench/products.mjs
 * loads it at 50 connections): the page's own statement and one more for what it shows of each product (variants,
 * add-on groups, stock levels, images). Pinned, so that a change that adds a round trip per page shows here. Both
 * databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
const queries: string[] = [];

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  owner = business.people.owner.agent;
  const shop = await createLocation(owner, businessId, { name: 'Counter' });
  for (let i = 0; i < 3; i++) {
    const product = await createProduct(owner, businessId, { price: 1_00 + i, track_stock: true });
    await owner.ok(stockEndpoints.adjust, {
      params: { business_id: businessId },
      body: { lines: [{ variant_id: product.variants[0]!.id, location_id: shop.id, reason: 'received', quantity: 4 + i }] },
    });
  }
});
afterAll(() => t.close());

describe('statements per product list page', () => {
  it("the first page: two statements, the page and its products' variants, add-on groups, stock and images together", async () => {
    const list = () => owner.ok(productEndpoints.list, { params: { business_id: businessId }, query: {} });
    await list(); // the owner's standing is kept by now
    const from = queries.length;
    const page = await list();
    expect(page.data.map((p) => [p.price.amount, p.variants[0]!.stock.map((s) => s.on_hand)])).toEqual([
      [1_02, [6]],
      [1_01, [5]],
      [1_00, [4]],
    ]);
    const statements = queries.slice(from).map((q) => q.replace(/\s+/g, ' ').slice(0, 240));
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(statements[0]).toMatch(/from "products"/);
  });
});
