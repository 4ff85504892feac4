import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type EndpointBody, type EndpointQuery } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { productEndpoints, productLogEndpoints, UpdateProductBodySchema } from '@merchant/catalogue';
import { and, eq } from 'drizzle-orm';
import { auditLogs, productVariants, products } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { contextWithout, createBusiness, createProduct, createSuperAdmin, unique, type FactoryBusiness } from './factories';

/** The catalogue's products: variants and options, SKU and barcode, validation, search and pages, archive, roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (productId: string, businessId = business.id) => ({ params: { business_id: businessId, product_id: productId } });
type CreateBody = EndpointBody<typeof productEndpoints.create>;
const createRaw = (body: unknown, agent = owner) => agent.post(endpointPath(productEndpoints.create, inBusiness()), body);
const issuesOf = (res: Awaited<ReturnType<Agent['post']>>) => res.json<{ issues: { path: string; message: string }[] }>().issues;

const SIZES: CreateBody = {
  name: 'House blend',
  options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
  variants: [
    { option_values: ['250 g'], price: 1800, compare_at_price: 2000, cost: 900 },
    { option_values: ['1 kg'], price: 6200 },
  ],
};

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('creating products', () => {
  it('creates a product without options as one variant priced in the business currency, with its audit entry and log', async () => {
    const sku = unique('ESP').toUpperCase();
    const made = await owner.ok(productEndpoints.create, {
      ...inBusiness(),
      body: { name: ' Espresso beans 1kg ', description: '', variants: [{ price: 4550, sku, barcode: '9555000000017' }] },
    });
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Espresso beans 1kg',
      description: null,
      status: 'active',
      channels: ['payments', 'pos', 'online_store'],
      category_id: null,
      track_stock: false,
      allow_backorder: false,
      options: [],
      images: [],
      variants: [
        {
          id: expect.any(String),
          option_values: [],
          price: { amount: 4550, currency: 'sgd' },
          compare_at_price: null,
          cost: null,
          sku,
          barcode: '9555000000017',
          weight_grams: null,
          stock: [],
        },
      ],
      price: { amount: 4550, currency: 'sgd' },
      add_on_group_ids: [],
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'product.created'), eq(auditLogs.objectId, made.id)));
    expect(entry).toMatchObject({ description: 'Added the product “Espresso beans 1kg” at SGD 45.50', actorUserId: business.people.owner.id });
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: made.id } });
    expect(log.data.map((e) => [e.kind, e.field, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['name', 'name', null, 'Espresso beans 1kg'],
        ['availability', 'status', null, 'active'],
        ['price', 'price', null, '4550'],
      ]),
    );
  });

  it('creates a product with options, one variant per combination, and answers it from the list as well', async () => {
    const made = await owner.ok(productEndpoints.create, { ...inBusiness(), body: { ...SIZES, track_stock: true, channels: ['pos'] } });
    expect(made).toMatchObject({
      options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
      track_stock: true,
      channels: ['pos'],
      price: { amount: 1800, currency: 'sgd' },
      variants: [
        { option_values: ['250 g'], price: { amount: 1800 }, compare_at_price: { amount: 2000 }, cost: { amount: 900 } },
        { option_values: ['1 kg'], price: { amount: 6200 }, compare_at_price: null },
      ],
    });
    expect(await owner.ok(productEndpoints.get, one(made.id))).toEqual(made);
  });

  it('refuses each invalid field with 422 and the issue on its path, saving nothing', async () => {
    const before = await t.database.db.select().from(products).where(eq(products.businessId, business.id));
    const cases: [unknown, string[]][] = [
      [{ name: '', variants: [{}] }, ['name', 'variants.0.price']],
      [{ name: 'No variant', variants: [] }, ['variants']],
      [{ name: 'Free', variants: [{ price: 0 }] }, ['variants.0.price']],
      [{ name: 'Cents', variants: [{ price: 12.5 }] }, ['variants.0.price']],
      [{ name: 'Was', variants: [{ price: 500, compare_at_price: 500 }] }, ['variants.0.compare_at_price']],
      [{ name: 'Two without options', variants: [{ price: 1 }, { price: 2 }] }, ['variants']],
      [
        {
          name: 'Four options',
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          variants: [{ option_values: ['x', 'x', 'x', 'x'], price: 1 }],
        },
        ['options', 'variants.0.option_values'],
      ],
      [{ ...SIZES, variants: [SIZES.variants[0], { ...SIZES.variants[0], price: 1900 }] }, ['variants.1.option_values']],
      [{ ...SIZES, variants: [{ option_values: ['500 g'], price: 1 }] }, ['variants.0.option_values.0']],
      [{ ...SIZES, variants: [{ option_values: [], price: 1 }] }, ['variants.0.option_values']],
      [{ name: 'Repeated', options: [{ name: 'Size', values: ['S', 's'] }], variants: [{ option_values: ['S'], price: 1 }] }, ['options.0.values.1']],
      [{ name: 'Spaced code', variants: [{ price: 1, sku: 'A B' }] }, ['variants.0.sku']],
      [{ ...SIZES, variants: SIZES.variants.map((v, i) => ({ ...v, sku: i === 0 ? 'same-sku' : 'SAME-SKU' })) }, ['variants.1.sku']],
      [{ name: 'Nowhere', channels: [], variants: [{ price: 1 }] }, ['channels']],
      [{ name: 'Elsewhere', channels: ['market'], variants: [{ price: 1 }] }, ['channels.0']],
      [{ name: 'Unknown category', category_id: '00000000-0000-4000-8000-000000000000', variants: [{ price: 1 }] }, ['category_id']],
    ];
    for (const [body, paths] of cases) {
      const res = await createRaw(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        issuesOf(res)
          .map((i) => i.path)
          .sort(),
        JSON.stringify(body),
      ).toEqual(paths.sort());
    }
    expect(issuesOf(await createRaw({ name: 'Was', variants: [{ price: 500, compare_at_price: 400 }] }))[0]!.message).toBe(
      'The compare-at price must be above the price',
    );
    expect(await t.database.db.select().from(products).where(eq(products.businessId, business.id))).toHaveLength(before.length);
  });

  it('keeps zero- and three-decimal currencies in their minor units', async () => {
    for (const [currency, amount, words] of [
      ['jpy', 1500, 'JPY 1,500'],
      ['kwd', 1234, 'KWD 1.234'],
    ] as const) {
      const other = await createBusiness(t, { currency });
      const made = await createProduct(other.people.owner.agent, other.id, { name: `In ${currency}`, price: amount });
      expect(made.price).toEqual({ amount, currency });
      const [entry] = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'product.created'), eq(auditLogs.objectId, made.id)));
      expect(entry!.description).toContain(words);
    }
  });
});

describe('SKU and barcode, unique per business', () => {
  it('refuses a SKU (whatever its case) or a barcode another product holds, naming it on the field', async () => {
    const sku = unique('MUG').toUpperCase();
    await createProduct(owner, business.id, { variants: [{ price: 1200, sku, barcode: '4006381333931' }] });
    const res = await createRaw({
      ...SIZES,
      name: 'Mugs',
      variants: [SIZES.variants[0], { ...SIZES.variants[1], sku: sku.toLowerCase(), barcode: '4006381333931' }],
    });
    expect(res.statusCode).toBe(422);
    expect(issuesOf(res)).toEqual([
      { path: 'variants.1.sku', message: `The SKU ${sku.toLowerCase()} is already used by another product` },
      { path: 'variants.1.barcode', message: 'The barcode 4006381333931 is already used by another product' },
    ]);
    // Another business may use the same codes.
    const other = await createBusiness(t);
    await createProduct(other.people.owner.agent, other.id, { variants: [{ price: 1200, sku, barcode: '4006381333931' }] });
  });

  it('gives one of two simultaneous creates with one SKU a 201 and the other the field error', async () => {
    const sku = unique('RACE');
    const body = (name: string) => ({ name, variants: [{ price: 100, sku }] });
    const answers = await Promise.all([createRaw(body('First')), createRaw(body('Second'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(issuesOf(refused)).toEqual([{ path: 'variants.0.sku', message: `The SKU ${sku} is already used by another product` }]);
    expect(await t.database.db.select().from(productVariants).where(eq(productVariants.sku, sku))).toHaveLength(1);
  });
});

describe('changing products', () => {
  it('replaces options and variants in one body, keeping the variants sent with their id, and logs each price change', async () => {
    const made = await owner.ok(productEndpoints.create, { ...inBusiness(), body: { ...SIZES, name: unique('Blend') } });
    const [small, large] = made.variants;
    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    const changed = await owner.ok(productEndpoints.update, {
      ...one(made.id),
      body: {
        name: 'Seasonal blend',
        options: [{ name: 'Size', values: ['250 g', '500 g'] }],
        variants: [
          { id: small!.id, option_values: ['250 g'], price: 1900, sku: 'SEAS-250' },
          { option_values: ['500 g'], price: 3400, sku: 'SEAS-500' },
        ],
      },
    });
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    expect(changed).toMatchObject({ name: 'Seasonal blend', updated_at: '2026-11-01T10:00:00.000Z', options: [{ values: ['250 g', '500 g'] }] });
    expect(changed.variants.map((v) => [v.option_values[0], v.price.amount, v.sku])).toEqual([
      ['250 g', 1900, 'SEAS-250'],
      ['500 g', 3400, 'SEAS-500'],
    ]);
    expect(changed.variants[0]!.id).toBe(small!.id);
    expect(changed.variants.map((v) => v.id)).not.toContain(large!.id);
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: made.id, from: '2026-11-01', to: '2026-11-01' } });
    const changes = log.data.filter((e) => e.created_at === '2026-11-01T10:00:00.000Z').map((e) => [e.field, e.variant_id, e.before, e.after]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['name', null, made.name, 'Seasonal blend'],
        ['price', small!.id, '1800', '1900'],
        ['compare_at_price', small!.id, '2000', null],
        ['cost', small!.id, '900', null],
        ['price', large!.id, '6200', null],
        ['price', changed.variants[1]!.id, null, '3400'],
      ]),
    );
    expect(log.data[0]!.actor).toEqual({ id: business.people.owner.id, name: business.people.owner.name });
  });

  it('changes nothing when one variant of the body is refused (all or nothing)', async () => {
    const taken = await createProduct(owner, business.id, { variants: [{ price: 100, sku: unique('TAKEN') }] });
    const made = await owner.ok(productEndpoints.create, { ...inBusiness(), body: { ...SIZES, name: unique('Whole') } });
    const res = await owner.call(productEndpoints.update, {
      ...one(made.id),
      body: {
        name: 'Renamed',
        options: SIZES.options,
        variants: [
          { id: made.variants[0]!.id, option_values: ['250 g'], price: 1 },
          { id: made.variants[1]!.id, option_values: ['1 kg'], price: 2, sku: taken.variants[0]!.sku },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(failure(res).issues).toEqual([{ path: 'variants.1.sku', message: expect.stringContaining('already used') }]);
    expect(await owner.ok(productEndpoints.get, one(made.id))).toEqual(made);
    const stranger = await owner.call(productEndpoints.update, {
      ...one(made.id),
      body: { options: [], variants: [{ id: taken.variants[0]!.id, price: 5 }] },
    });
    expect(failure(stranger).issues).toEqual([{ path: 'variants.0.id', message: 'This variant is not one of the product’s' }]);
    const halves = await owner.patch(endpointPath(productEndpoints.update, one(made.id)), { variants: [{ price: 5 }] });
    expect(issuesOf(halves).map((i) => i.path)).toEqual(['options']);
  });

  it('lets two variants swap their SKUs in one change', async () => {
    const [a, b] = [unique('SWAP-A'), unique('SWAP-B')];
    const made = await owner.ok(productEndpoints.create, {
      ...inBusiness(),
      body: { ...SIZES, name: unique('Swap'), variants: SIZES.variants.map((v, i) => ({ ...v, sku: i === 0 ? a : b })) },
    });
    const swapped = await owner.ok(productEndpoints.update, {
      ...one(made.id),
      body: {
        options: made.options,
        variants: made.variants.map((v, i) => ({ id: v.id, option_values: v.option_values, price: v.price.amount, sku: i === 0 ? b : a })),
      },
    });
    expect(swapped.variants.map((v) => v.sku)).toEqual([b, a]);
  });

  it('archives and brings back a product, never deleting it; each is logged as availability and audited once', async () => {
    const made = await createProduct(owner, business.id, { name: unique('Seasonal') });
    expect(await owner.ok(productEndpoints.archive, one(made.id))).toMatchObject({ status: 'archived' });
    expect(await owner.ok(productEndpoints.archive, one(made.id))).toMatchObject({ status: 'archived' });
    expect(await owner.ok(productEndpoints.unarchive, one(made.id))).toMatchObject({ status: 'active' });
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, made.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['product.archived', 'product.created', 'product.unarchived']);
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: made.id, kind: 'availability' } });
    expect(log.data.map((e) => [e.field, e.before, e.after])).toEqual([
      ['status', 'archived', 'active'],
      ['status', 'active', 'archived'],
      ['channels', null, 'payments, pos, online_store'],
      ['status', null, 'active'],
    ]);
    const labels = await owner.ok(auditLogEndpoints.actions, inBusiness());
    expect(labels.data).toEqual(expect.arrayContaining([{ action: 'product.archived', label: 'Product archived' }]));
    expect((await owner.delete(endpointPath(productEndpoints.get, one(made.id)))).statusCode).toBe(404);
  });

  it('reads an update body as a change of the fields sent only', () => {
    expect(UpdateProductBodySchema.parse({ name: 'Only the name' })).toEqual({ name: 'Only the name' });
  });
});

describe('the product list', () => {
  let listed: FactoryBusiness<'owner'>;
  let agent: Agent;
  type Query = EndpointQuery<typeof productEndpoints.list>;
  const list = (query: Query = {}) => agent.ok(productEndpoints.list, { ...inBusiness(listed.id), query });
  const names = async (query: Query = {}) => (await list(query)).data.map((p) => p.name);

  beforeAll(async () => {
    listed = await createBusiness(t);
    agent = listed.people.owner.agent;
    const rows: [string, Partial<CreateBody>][] = [
      ['Latte', { variants: [{ price: 500, sku: 'DRK-LAT', barcode: '200001' }], channels: ['pos'] }],
      ['Flat white', { variants: [{ price: 550, sku: 'DRK-FW', barcode: '200002' }], channels: ['pos', 'online_store'] }],
      ['Cold brew', { variants: [{ price: 600, sku: 'COLD-1', barcode: '300001' }] }],
      ['Cold brew 50%_off', { variants: [{ price: 300 }] }],
      ['Old mug', { variants: [{ price: 900, sku: 'MUG-OLD' }] }],
    ];
    for (const [i, [name, body]] of rows.entries()) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1 + i)));
      const p = await agent.ok(productEndpoints.create, { ...inBusiness(listed.id), body: { name, variants: [{ price: 1 }], ...body } });
      if (name === 'Old mug') await agent.ok(productEndpoints.archive, one(p.id, listed.id));
    }
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });

  it('shows active products newest first by default, archived or all on request, and refuses unknown filters', async () => {
    expect(await names()).toEqual(['Cold brew 50%_off', 'Cold brew', 'Flat white', 'Latte']);
    expect(await names({ status: 'archived' })).toEqual(['Old mug']);
    expect(await names({ status: 'all', sort: 'name' })).toEqual(['Cold brew', 'Cold brew 50%_off', 'Flat white', 'Latte', 'Old mug']);
    for (const query of ['status=deleted', 'channel=market', 'sort=price', 'category=drinks']) {
      const bad = answerOf(await agent.get(`${endpointPath(productEndpoints.list, inBusiness(listed.id))}?${query}`));
      expect(bad.status, query).toBe(422);
    }
  });

  it('searches part of the name, or the start of a SKU (any case) or barcode', async () => {
    expect(await names({ q: 'COLD' })).toEqual(['Cold brew 50%_off', 'Cold brew']);
    expect(await names({ q: '%_' })).toEqual(['Cold brew 50%_off']);
    expect(await names({ q: 'drk-' })).toEqual(['Flat white', 'Latte']);
    expect(await names({ q: 'DRK-L' })).toEqual(['Latte']);
    expect(await names({ q: '2000' })).toEqual(['Flat white', 'Latte']);
    expect(await names({ q: '300001' })).toEqual(['Cold brew']);
    expect(await names({ q: '00001' })).toEqual([]);
    expect(await names({ q: 'mug' })).toEqual([]);
    expect(await names({ q: 'mug', status: 'all' })).toEqual(['Old mug']);
  });

  it('filters by channel', async () => {
    expect(await names({ channel: 'online_store', sort: 'name' })).toEqual(['Cold brew', 'Cold brew 50%_off', 'Flat white']);
    expect(await names({ channel: 'payments' })).toEqual(['Cold brew 50%_off', 'Cold brew']);
  });

  it('pages with a cursor in either order; a cursor of the other order starts again', async () => {
    const first = await list({ status: 'all', limit: 3 });
    expect(first.data.map((p) => p.name)).toEqual(['Old mug', 'Cold brew 50%_off', 'Cold brew']);
    const second = await list({ status: 'all', limit: 3, cursor: first.next_cursor! });
    expect(second.data.map((p) => p.name)).toEqual(['Flat white', 'Latte']);
    expect(second.next_cursor).toBeNull();
    const byName = await list({ status: 'all', sort: 'name', limit: 2 });
    expect(byName.data.map((p) => p.name)).toEqual(['Cold brew', 'Cold brew 50%_off']);
    const next = await list({ status: 'all', sort: 'name', limit: 2, cursor: byName.next_cursor! });
    expect(next.data.map((p) => p.name)).toEqual(['Flat white', 'Latte']);
    expect((await list({ status: 'all', limit: 2, cursor: byName.next_cursor! })).data.map((p) => p.name)).toEqual(['Old mug', 'Cold brew 50%_off']);
  });
});

describe('tenancy and roles', () => {
  it("hides another business's products: 404 by id for every action", async () => {
    const other = await createBusiness(t);
    const theirs = await createProduct(other.people.owner.agent, other.id, { name: 'Partner product' });
    for (const res of [
      await owner.call(productEndpoints.get, one(theirs.id)),
      await owner.call(productEndpoints.update, { ...one(theirs.id), body: { name: 'Hijacked' } }),
      await owner.call(productEndpoints.archive, one(theirs.id)),
      await owner.call(productEndpoints.unarchive, one(theirs.id)),
      await owner.call(productEndpoints.setAddOnGroups, { ...one(theirs.id), body: { group_ids: [] } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    expect((await owner.ok(productEndpoints.list, { ...inBusiness(), query: { status: 'all', q: 'Partner' } })).data).toEqual([]);
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: theirs.id } });
    expect(log.data).toEqual([]);
  });

  it('lets cashiers see products but not change them; managers and admins change them, prices included', async () => {
    const cashier = business.people.cashier.agent;
    const made = await createProduct(owner, business.id);
    expect((await cashier.call(productEndpoints.list, inBusiness())).status).toBe(200);
    expect((await cashier.call(productEndpoints.get, one(made.id))).status).toBe(200);
    expect((await cashier.call(productLogEndpoints.list, inBusiness())).status).toBe(200);
    for (const res of [
      await cashier.call(productEndpoints.create, { ...inBusiness(), body: { name: 'By a cashier', variants: [{ price: 1 }] } }),
      await cashier.call(productEndpoints.update, { ...one(made.id), body: { name: 'Renamed by a cashier' } }),
      await cashier.call(productEndpoints.archive, one(made.id)),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    for (const role of ['admin', 'manager'] as const) {
      const agent = business.people[role].agent;
      const mine = await createProduct(agent, business.id, { price: 700 });
      const repriced = await agent.ok(productEndpoints.update, {
        ...one(mine.id),
        body: { options: [], variants: [{ id: mine.variants[0]!.id, price: 800 }] },
      });
      expect(repriced.price.amount).toBe(800);
    }
  });

  it('refuses a price change to someone who may edit products but not prices, and lets them edit the rest', async () => {
    const made = await createProduct(owner, business.id, { price: 1000 });
    const ctx = await contextWithout(t, business.id, business.people.manager.id, ['catalogue:pricing']);
    const { products: service } = t.services.catalogue;
    const renamed = await service.update(ctx, made.id, UpdateProductBodySchema.parse({ name: 'Renamed without prices' }));
    expect(renamed.name).toBe('Renamed without prices');
    const samePrice = UpdateProductBodySchema.parse({ options: [], variants: [{ id: made.variants[0]!.id, price: 1000, sku: unique('KEPT') }] });
    expect((await service.update(ctx, made.id, samePrice)).variants[0]!.price.amount).toBe(1000);
    for (const change of [
      { options: [], variants: [{ id: made.variants[0]!.id, price: 1100 }] },
      { options: [], variants: [{ id: made.variants[0]!.id, price: 1000, cost: 500 }] },
      { options: [], variants: [{ price: 1000 }] },
    ]) {
      await expect(service.update(ctx, made.id, UpdateProductBodySchema.parse(change))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(
      service.create(ctx, {
        name: 'Priced',
        description: null,
        channels: ['pos'],
        category_id: null,
        track_stock: false,
        allow_backorder: false,
        options: [],
        variants: [],
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await owner.ok(productEndpoints.get, one(made.id))).price.amount).toBe(1000);
  });

  it('lets a super admin read products but change none', async () => {
    const superAdmin = (await createSuperAdmin(t)).agent;
    const made = await createProduct(owner, business.id);
    expect((await superAdmin.call(productEndpoints.get, one(made.id))).status).toBe(200);
    expect((await superAdmin.call(productEndpoints.create, { ...inBusiness(), body: { name: 'By super admin', variants: [{ price: 1 }] } })).status).toBe(403);
    expect((await superAdmin.call(productEndpoints.update, { ...one(made.id), body: { name: 'Changed' } })).status).toBe(403);
    expect((await superAdmin.call(productEndpoints.archive, one(made.id))).status).toBe(403);
  });
});
