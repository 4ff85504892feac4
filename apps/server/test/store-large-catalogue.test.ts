import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@merchant/catalogue';
import { STOREFRONT_MAX_PRODUCTS } from '../src/modules/catalogue/products/storefront.read-model';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, shopHostOf, Shopper, type FactoryBusiness } from './factories';

// A store larger than its lists (docs/online-store.md, "Storefront"): the home and category pages list the first
// products by name, but a product page and the cart read only the products they show, so every product on sale can
// be seen and bought.
let t: TestContext;
let business: FactoryBusiness;
let owner: Agent;
let shopHost: string;
let last: Product;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  await openStore(owner, business.id);
  shopHost = await shopHostOf(t, owner, business.id);
  // As many products as the lists hold, each sorting before the one made next (written in one statement).
  await t.database.db.execute(sql`
    with src as (select gen_random_uuid() as id, g from generate_series(1, ${STOREFRONT_MAX_PRODUCTS}) as g),
    made as (
      insert into products (business_id, id, name, currency)
      select ${business.id}, id, 'Aa filler ' || lpad(g::text, 5, '0'), 'sgd' from src
    )
    insert into product_variants (business_id, id, product_id, position, price)
    select ${business.id}, gen_random_uuid(), id, 0, 100 from src`);
  last = await createProduct(owner, business.id, { name: 'Zanzibar peaberry', price: 21_00 });
});

afterAll(() => t.close());

describe('a catalogue larger than the storefront lists', () => {
  it('lists the first products by name, yet shows, adds and checks out a product past them', async () => {
    const shopper = new Shopper(t, shopHost);
    const home = (await shopper.get('/')).body;
    expect(home).toContain('Aa filler 00001');
    expect(home).not.toContain('Zanzibar peaberry');
    const page = await shopper.get(`/products/${last.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zanzibar peaberry');
    expect(page.body).toContain('SGD 21.00');
    expect((await shopper.add(last, 2)).statusCode).toBe(303);
    const cart = (await shopper.get('/cart')).body;
    expect(cart).toContain('Zanzibar peaberry');
    expect(cart).toContain('SGD 42.00');
    const placed = await shopper.checkout({ email: 'zed@example.com' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(/\/p\/pay_[A-Za-z0-9]+$/);
  });

  it('answers a product id or a variant id that is no id as not found, never as an error', async () => {
    const shopper = new Shopper(t, shopHost);
    expect((await shopper.get('/products/not-a-product')).statusCode).toBe(404);
    const added = await shopper.post('/cart/lines', { variant_id: "1' or '1'='1", quantity: '1' });
    expect(added.statusCode).toBe(422);
    expect(added.body).toContain('Choose one of the options.');
  });
});
