import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MINUTES, categoryEndpoints, productEndpoints, storeAbandonedCartEndpoints, type Product } from '@merchant/catalogue';
import { products, productVariants } from '../src/db/schema';
import { LIST_PAGE_SIZE, SITEMAP_FILE_PRODUCTS } from '../src/modules/store/orders/storefront.service';
import { createTestContext, mailbox, type Agent, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, shopHostOf, Shopper, unique, type FactoryBusiness } from './factories';

// A store larger than a sitemap file (docs/online-store.md, "Storefront"): the home page reads its first products, the
// category pages, all products and the search are paged by keyset, the sitemap is an index of files listing every
// product, and a product page and the cart read only the products they show.
let t: TestContext;
let business: FactoryBusiness;
let owner: Agent;
let shopHost: string;
let categoryId: string;
let last: Product;
const FILLERS = SITEMAP_FILE_PRODUCTS;

/** The product links of a page, in order. */
const productLinks = (body: string) => [...body.matchAll(/<a href="\/products\/([0-9a-f-]{36})">([^<]*)<\/a>/g)].map((m) => m[2]);
const relLink = (body: string, rel: 'next' | 'prev') => new RegExp(`<a rel="${rel}" href="([^"]+)"`).exec(body)?.[1]?.replaceAll('&amp;', '&') ?? null;
const fillerName = (n: number) => `Aa filler ${String(n).padStart(5, '0')}`;
const fillerId = async (n: number) => {
  const [row] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.name, fillerName(n))));
  return row!.id;
};

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  await openStore(owner, business.id);
  shopHost = await shopHostOf(t, owner, business.id);
  categoryId = (await owner.ok(categoryEndpoints.create, { params: { business_id: business.id }, body: { name: 'Beans' } })).id;
  // As many products as a sitemap file holds, in one category, each sorting before the one made next by name and by
  // time, all made before the test's clock (one statement).
  await t.database.db.execute(sql`
    with src as (select gen_random_uuid() as id, g from generate_series(1, ${FILLERS}) as g),
    made as (
      insert into products (business_id, id, name, currency, category_id, created_at)
      select ${business.id}, id, 'Aa filler ' || lpad(g::text, 5, '0'), 'sgd', ${categoryId}::uuid, ${new Date(t.clock.now().getTime() - 86_400_000).toISOString()}::timestamptz + g * interval '1 second' from src
    )
    insert into product_variants (business_id, id, product_id, position, price)
    select ${business.id}, gen_random_uuid(), id, 0, 100 from src`);
  last = await createProduct(owner, business.id, { name: 'Zanzibar peaberry', price: 21_00, category_id: categoryId });
}, 120_000);

afterAll(() => t.close());

describe('a catalogue larger than a page', () => {
  it('reads only the first products on the home page, and links every product', async () => {
    const shopper = new Shopper(t, shopHost);
    const home = (await shopper.get('/')).body;
    expect(productLinks(home)).toEqual(Array.from({ length: 24 }, (_, i) => fillerName(i + 1)));
    expect(home).toContain('<a href="/products">See all products</a>');
    expect(home).toContain('<a href="/categories/');
    const all = await shopper.get('/products');
    expect(all.statusCode).toBe(200);
    expect(productLinks(all.body)).toHaveLength(LIST_PAGE_SIZE);
    expect(relLink(all.body, 'prev')).toBeNull();
    expect(relLink(all.body, 'next')).toMatch(/^\/products\?after=[0-9a-f-]{36}$/);
  });

  it('pages a category by keyset both ways, and reaches the product past the 2,000th and the last one', async () => {
    const shopper = new Shopper(t, shopHost);
    const path = `/categories/${categoryId}`;
    const first = await shopper.get(path);
    expect(first.statusCode).toBe(200);
    expect(productLinks(first.body)).toEqual(Array.from({ length: LIST_PAGE_SIZE }, (_, i) => fillerName(i + 1)));
    const second = await shopper.get(relLink(first.body, 'next')!);
    expect(productLinks(second.body)).toEqual(Array.from({ length: LIST_PAGE_SIZE }, (_, i) => fillerName(LIST_PAGE_SIZE + i + 1)));
    const third = await shopper.get(relLink(second.body, 'next')!);
    expect(productLinks(third.body)[0]).toBe(fillerName(2 * LIST_PAGE_SIZE + 1));
    // Back from the third page: the second again, and from it the first (no Previous there).
    const back = await shopper.get(relLink(third.body, 'prev')!);
    expect(productLinks(back.body)).toEqual(productLinks(second.body));
    const start = await shopper.get(relLink(back.body, 'prev')!);
    expect(productLinks(start.body)).toEqual(productLinks(first.body));
    expect(relLink(start.body, 'prev')).toBeNull();
    // A page deep in the list (past the 2,000th product by name), then the last page with the newest product.
    const deep = await shopper.get(`${path}?after=${await fillerId(2000)}`);
    expect(productLinks(deep.body)[0]).toBe(fillerName(2001));
    const end = await shopper.get(`${path}?after=${await fillerId(FILLERS - 5)}`);
    expect(productLinks(end.body)).toEqual([...[4, 3, 2, 1, 0].map((k) => fillerName(FILLERS - k)), 'Zanzibar peaberry']);
    expect(relLink(end.body, 'next')).toBeNull();
    expect(relLink(end.body, 'prev')).not.toBeNull();
    // Newest first: the product made last opens the list.
    const newest = await shopper.get(`${path}?sort=newest`);
    expect(productLinks(newest.body)[0]).toBe('Zanzibar peaberry');
    expect(newest.body).toMatch(/href="[^"]*sort=newest" aria-current="true">Sort by newest</);
    const newestNext = relLink(newest.body, 'next')!;
    expect(newestNext).toMatch(/sort=newest&after=/);
    const newestSecond = productLinks((await shopper.get(newestNext)).body);
    expect(newestSecond).toHaveLength(LIST_PAGE_SIZE);
    expect(newestSecond).not.toContain('Zanzibar peaberry');
    expect(new Set([...productLinks(newest.body), ...newestSecond]).size).toBe(2 * LIST_PAGE_SIZE);
  });

  it('finds a product past the lists by search, and pages a search of many', async () => {
    const shopper = new Shopper(t, shopHost);
    const found = (await shopper.get('/search?q=zanzibar')).body;
    expect(found).toContain('1 product found');
    expect(found).toContain(`/products/${last.id}`);
    const many = (await shopper.get('/search?q=filler')).body;
    expect(productLinks(many)).toHaveLength(LIST_PAGE_SIZE);
    const next = relLink(many, 'next')!;
    expect(next).toMatch(/^\/search\?q=filler&after=/);
    expect(productLinks((await shopper.get(next)).body)[0]).toBe(fillerName(LIST_PAGE_SIZE + 1));
    const deep = (await shopper.get(`/search?q=filler+0200&after=${await fillerId(2005)}`)).body;
    expect(productLinks(deep)).toEqual([6, 7, 8, 9].map((k) => fillerName(2000 + k)));
  });

  it('finds a rare word of one product’s description among them all, alone or beside a word of its name', async () => {
    const shopper = new Shopper(t, shopHost);
    await t.database.db.execute(
      sql`update products set description = 'Picked by the Quokkaville cooperative' where business_id = ${business.id} and name = ${fillerName(7777)}`,
    );
    const rare = (await shopper.get('/search?q=quokkaville')).body;
    expect(rare).toContain('1 product found');
    expect(productLinks(rare)).toEqual([fillerName(7777)]);
    expect(productLinks((await shopper.get('/search?q=FILLER+quokkaville')).body)).toEqual([fillerName(7777)]);
    expect((await shopper.get('/search?q=quokkaville+zanzibar')).body).toContain('0 products found');
  });

  it('lists every product in the sitemap, an index of files of at most 10,000', async () => {
    const shopper = new Shopper(t, shopHost);
    const index = await shopper.get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    const files = [...index.body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual(['/sitemap-pages.xml', '/sitemap-products-1.xml', '/sitemap-products-2.xml']);
    const pages = (await shopper.get('/sitemap-pages.xml')).body;
    expect(pages).toContain(`/categories/${categoryId}</loc>`);
    const listed = new Set<string>();
    for (const file of files.slice(1)) {
      const body = (await shopper.get(file)).body;
      for (const m of body.matchAll(/\/products\/([0-9a-f-]{36})<\/loc>/g)) listed.add(m[1]!);
    }
    expect(listed.size).toBe(FILLERS + 1);
    expect(listed.has(last.id)).toBe(true);
    expect(listed.size).toBe(FILLERS + 1);
    // Each file its own products by id (keyset from its first id): the first full, the second the rest, none twice.
    const idsOf = async (file: string) => [...(await shopper.get(file)).body.matchAll(/\/products\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
    const [one, two] = [await idsOf(files[1]!), await idsOf(files[2]!)];
    expect(one).toHaveLength(SITEMAP_FILE_PRODUCTS);
    expect(two).toHaveLength(1);
    expect(one.at(-1)! < two[0]!).toBe(true);
    expect([...one].sort()).toEqual(one);
    expect((await shopper.get(`/sitemap-products-3.xml`)).statusCode).toBe(404);
    expect((await shopper.get(`/sitemap-products-0.xml`)).statusCode).toBe(404);
    expect((await shopper.get(`/sitemap-products-x.xml`)).statusCode).toBe(404);
  });

  it('sends a list URL it does not write to the first page, never an error', async () => {
    const shopper = new Shopper(t, shopHost);
    const path = `/categories/${categoryId}`;
    for (const query of [
      'after=junk',
      "after=1'%20or%20'1'='1",
      'sort=price',
      'sort=name&sort=newest',
      'after=&before=',
      `before=${last.id}&after=${last.id}`,
    ]) {
      const res = await shopper.get(`${path}?${query}`);
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location, query).toBe(path);
    }
    // A cursor that names no product (a stale link) keeps its order.
    const stale = await shopper.get(`${path}?sort=newest&after=${crypto.randomUUID()}`);
    expect(stale.statusCode).toBe(303);
    expect(stale.headers.location).toBe(`${path}?sort=newest`);
    expect((await shopper.get(`/search?q=filler&before=nope`)).headers.location).toBe('/search?q=filler');
    expect((await shopper.get(`${path}?page=2`)).statusCode).toBe(200);
    expect((await shopper.get('/categories/not-a-category')).statusCode).toBe(404);
    expect((await shopper.get('/categories/x%0d%0aSet-Cookie:%20a=b?after=junk')).statusCode).toBe(404);
    expect((await shopper.get(`/categories/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('shows a product renamed in the dashboard on its category page once the change purged the products', async () => {
    const shopper = new Shopper(t, shopHost);
    const path = `/categories/${categoryId}?sort=newest`;
    expect(productLinks((await shopper.get(path)).body)[0]).toBe('Zanzibar peaberry');
    await owner.ok(productEndpoints.update, { params: { business_id: business.id, product_id: last.id }, body: { name: 'Zanzibar estate' } });
    expect(productLinks((await shopper.get(path)).body)[0]).toBe('Zanzibar estate');
  });

  it('shows, adds and checks out a product past the lists', async () => {
    const shopper = new Shopper(t, shopHost);
    const page = await shopper.get(`/products/${last.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SGD 21.00');
    expect((await shopper.add(last, 2)).statusCode).toBe(303);
    const cart = (await shopper.get('/cart')).body;
    expect(cart).toContain('SGD 42.00');
    const placed = await shopper.checkout({ email: 'zed@example.com' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(/\/p\/pay_[A-Za-z0-9]+$/);
  });

  it('names the products past the 2,000th in an abandoned cart, in the list and in its recovery mail', async () => {
    const shopper = new Shopper(t, shopHost);
    const [filler] = await t.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.businessId, business.id), eq(productVariants.productId, await fillerId(5000))));
    expect((await shopper.post('/cart/lines', { variant_id: filler!.id, quantity: '1' })).statusCode).toBe(303);
    expect((await shopper.add(last, 2)).statusCode).toBe(303);
    const email = 'abandoned.large@example.com';
    // Refused (no shipping zone covers it), the email kept on the cart.
    const refused = await shopper.checkout({ email, delivery: 'shipping', line1: '5 Orchard Rd', city: 'Singapore', postal_code: '238800', country: 'SG' });
    expect(refused.statusCode).toBe(422);
    t.clock.advance((ABANDONED_AFTER_MINUTES + 1) * 60_000);
    const { name } = await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: last.id } });
    const listed = await owner.ok(storeAbandonedCartEndpoints.list, { params: { business_id: business.id }, query: {} });
    const cart = listed.data.find((c) => c.email === email);
    expect(cart?.items).toEqual([
      { name: fillerName(5000), variant: null, quantity: 1 },
      { name, variant: null, quantity: 2 },
    ]);
    expect(cart?.value).toEqual({ amount: 100 + 2 * 21_00, currency: 'sgd' });
    await t.services.store.abandoned.sendRecoveryMails();
    const mail = (await mailbox(t.app)).find((m) => m.to === email);
    expect(mail?.text).toContain(`1 × ${fillerName(5000)}`);
    expect(mail?.text).toContain(`2 × ${name}`);
  });

  it('answers a product id or a variant id that is no id as not found, never as an error', async () => {
    const shopper = new Shopper(t, shopHost);
    expect((await shopper.get('/products/not-a-product')).statusCode).toBe(404);
    const added = await shopper.post('/cart/lines', { variant_id: "1' or '1'='1", quantity: '1' });
    expect(added.statusCode).toBe(422);
    expect(added.body).toContain('Choose one of the options.');
  });
});

describe('a search’s order', () => {
  it('lists the products whose name holds the words first, then those found by their description, paged both ways', async () => {
    const other = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const otherOwner = other.people.owner.agent;
    await openStore(otherOwner, other.id);
    // 20 named for the word, 10 described by it (made in turn, the described ones newer), 5 without it.
    await t.database.db.execute(sql`
      with src as (
        select gen_random_uuid() as id, g,
               case when g <= 20 then 'Wombat blend ' || lpad(g::text, 2, '0') when g <= 30 then 'Bb roast ' || lpad((g - 20)::text, 2, '0') else 'Cc mug ' || g end as name,
               case when g > 20 and g <= 30 then 'A wombat favourite' else 'Plain' end as description
        from generate_series(1, 35) as g),
      made as (
        insert into products (business_id, id, name, description, currency, created_at)
        select ${other.id}, id, name, description, 'sgd', ${new Date(t.clock.now().getTime() - 86_400_000).toISOString()}::timestamptz + g * interval '1 second' from src)
      insert into product_variants (business_id, id, product_id, position, price)
      select ${other.id}, gen_random_uuid(), id, 0, 100 from src`);
    const shopper = new Shopper(t, await shopHostOf(t, otherOwner, other.id));
    const named = Array.from({ length: 20 }, (_, i) => `Wombat blend ${String(i + 1).padStart(2, '0')}`);
    const described = Array.from({ length: 10 }, (_, i) => `Bb roast ${String(i + 1).padStart(2, '0')}`);
    const first = (await shopper.get('/search?q=wombat')).body;
    expect(productLinks(first)).toEqual([...named, ...described.slice(0, 4)]);
    expect(relLink(first, 'prev')).toBeNull();
    const second = (await shopper.get(relLink(first, 'next')!)).body;
    expect(productLinks(second)).toEqual(described.slice(4));
    expect(relLink(second, 'next')).toBeNull();
    expect(productLinks((await shopper.get(relLink(second, 'prev')!)).body)).toEqual(productLinks(first));
    // Newest first: still the name's matches first, each part newest first.
    const newest = (await shopper.get('/search?q=wombat&sort=newest')).body;
    expect(productLinks(newest)).toEqual([...[...named].reverse(), ...[...described].reverse().slice(0, 4)]);
    const newestNext = (await shopper.get(relLink(newest, 'next')!)).body;
    expect(productLinks(newestNext)).toEqual([...described].reverse().slice(4));
    // A page back from inside the second part reaches across into the first.
    const across = (await shopper.get(`/search?q=wombat&before=${/\/products\/([0-9a-f-]{36})">Bb roast 02</.exec(first)![1]}`)).body;
    expect(productLinks(across)).toEqual([...named, described[0]]);
    expect(relLink(across, 'prev')).toBeNull();
  });
});

describe('store settings changed in SQL', () => {
  it('reach the cached pages at once: the database announces the change', async () => {
    const other = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    await openStore(other.people.owner.agent, other.id);
    await createProduct(other.people.owner.agent, other.id, { name: 'Kopi' });
    const shopper = new Shopper(t, await shopHostOf(t, other.people.owner.agent, other.id));
    const name = unique('Corner shop');
    expect((await shopper.get('/')).body).toContain('Kopi');
    expect((await shopper.get('/')).body).not.toContain(name); // cached now
    await t.database.db.execute(sql`insert into store_settings (business_id, store_name) values (${other.id}, ${name})`);
    expect((await shopper.get('/')).body).toContain(name);
    await t.database.db.execute(sql`update store_settings set store_name = ${`${name} II`} where business_id = ${other.id}`);
    expect((await shopper.get('/')).body).toContain(`${name} II`);
    await t.database.db.execute(sql`update store_settings set is_open = false where business_id = ${other.id}`);
    expect((await shopper.get('/checkout')).statusCode).toBe(503);
  });
});
