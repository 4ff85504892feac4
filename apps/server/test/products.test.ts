import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type EndpointBody, type EndpointQuery } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { productEndpoints } from '@merchant/payments';
import { and, eq } from 'drizzle-orm';
import { auditLogs, products } from '../src/db/schema';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, type FactoryBusiness } from './factories';

/** The payments catalogue: create, edit, search, status filter, pages, archive and back, tenancy and roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (productId: string, businessId = business.id) => ({ params: { business_id: businessId, product_id: productId } });

const create = (agent: Agent, body: EndpointBody<typeof productEndpoints.create>, businessId = business.id) =>
  agent.ok(productEndpoints.create, { ...inBusiness(businessId), body });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('creating and editing products', () => {
  it('creates a product with its price in minor units and records who did it', async () => {
    const made = await create(owner, { name: ' Espresso beans 1kg ', description: '', price: { amount: 4550, currency: 'SGD' } });
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Espresso beans 1kg',
      description: null,
      price: { amount: 4550, currency: 'sgd' },
      status: 'active',
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'product.created'), eq(auditLogs.objectId, made.id)));
    expect(entry).toMatchObject({ description: 'Added the product “Espresso beans 1kg” at SGD 45.50' });
  });

  it('refuses invalid fields with 422 and an issue on each field', async () => {
    // An unknown currency and amounts that are not whole numbers: sent raw.
    const res = await owner.post(endpointPath(productEndpoints.create, inBusiness()), {
      name: '',
      description: 'd'.repeat(1001),
      price: { amount: 0, currency: 'xyz' },
    });
    expect(res.statusCode).toBe(422);
    const issues = res.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['description', 'name', 'price.amount', 'price.currency']);
    expect(issues.find((i) => i.path === 'price.amount')!.message).toBe('The amount must be more than zero');
    for (const amount of [null, 12.5, -1, 1e13]) {
      const bad = await owner.post(endpointPath(productEndpoints.create, inBusiness()), { name: 'Bad', price: { amount, currency: 'sgd' } });
      expect(bad.statusCode, String(amount)).toBe(422);
      expect(new Set(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path))).toEqual(new Set(['price.amount']));
    }
  });

  it('edits name, description and price (currency included)', async () => {
    const made = await create(owner, { name: 'Mug', price: { amount: 1200, currency: 'sgd' } });
    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    const res = await owner.ok(productEndpoints.update, {
      ...one(made.id),
      body: { name: 'Mug, large', description: 'Stoneware', price: { amount: 1500, currency: 'jpy' } },
    });
    expect(res).toMatchObject({
      name: 'Mug, large',
      description: 'Stoneware',
      price: { amount: 1500, currency: 'jpy' },
      updated_at: '2026-11-01T10:00:00.000Z',
    });
    expect(await owner.ok(productEndpoints.get, one(made.id))).toMatchObject({
      name: 'Mug, large',
    });
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const missing = await owner.call(productEndpoints.update, {
      ...one('00000000-0000-4000-8000-000000000000'),
      body: { name: 'X', price: { amount: 1, currency: 'sgd' } },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('archives and brings back a product, never deleting it; both are recorded once', async () => {
    const made = await create(owner, { name: 'Seasonal blend', price: { amount: 2000, currency: 'sgd' } });
    const archived = await owner.ok(productEndpoints.archive, one(made.id));
    expect(archived).toMatchObject({ status: 'archived' });
    // Archiving twice changes nothing and records nothing more.
    expect(await owner.ok(productEndpoints.archive, one(made.id))).toMatchObject({
      status: 'archived',
    });
    expect(await owner.ok(productEndpoints.get, one(made.id))).toMatchObject({
      status: 'archived',
    });
    const back = await owner.ok(productEndpoints.unarchive, one(made.id));
    expect(back).toMatchObject({ status: 'active' });
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, made.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['product.archived', 'product.created', 'product.unarchived']);
    // The audit log's action filter names them in words.
    const options = (await owner.get(endpointPath(auditLogEndpoints.actions, inBusiness()))).json().data as {
      action: string;
      label: string;
    }[];
    expect(options).toEqual(
      expect.arrayContaining([
        { action: 'product.archived', label: 'Product archived' },
        { action: 'product.created', label: 'Product added' },
        { action: 'product.unarchived', label: 'Product brought back' },
      ]),
    );
    // There is no way to delete a product.
    expect((await owner.delete(endpointPath(productEndpoints.get, one(made.id)))).statusCode).toBe(404);
    expect(await t.database.db.select().from(products).where(eq(products.id, made.id))).toHaveLength(1);
  });
});

describe('the product list', () => {
  let listedId: string;
  let agent: Agent;

  beforeAll(async () => {
    const listed = await createBusiness(t);
    agent = listed.people.owner.agent;
    listedId = listed.id;
    const names = ['Latte', 'Flat white', 'Cold brew', 'Cold brew 50%_off', 'Old mug'];
    for (const [i, name] of names.entries()) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1 + i)));
      const p = await create(agent, { name, price: { amount: 500 + i, currency: 'sgd' } }, listedId);
      if (name === 'Old mug') expect((await agent.call(productEndpoints.archive, one(p.id, listedId))).status).toBe(200);
    }
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });

  type Query = EndpointQuery<typeof productEndpoints.list>;
  const list = (query: Query = {}) => agent.ok(productEndpoints.list, { ...inBusiness(listedId), query });
  const names = async (query: Query = {}) => (await list(query)).data.map((p) => p.name);

  it('shows active products by default, newest first; archived or all on request', async () => {
    expect(await names()).toEqual(['Cold brew 50%_off', 'Cold brew', 'Flat white', 'Latte']);
    expect(await names({ status: 'archived' })).toEqual(['Old mug']);
    expect(await names({ status: 'all' })).toEqual(['Old mug', 'Cold brew 50%_off', 'Cold brew', 'Flat white', 'Latte']);
    // An unknown status: sent raw.
    const bad = await agent.get(`${endpointPath(productEndpoints.list, inBusiness(listedId))}?status=deleted`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['querystring.status']);
  });

  it('searches by name, case-insensitively, with % and _ taken literally', async () => {
    expect(await names({ q: 'COLD' })).toEqual(['Cold brew 50%_off', 'Cold brew']);
    expect(await names({ q: '%_' })).toEqual(['Cold brew 50%_off']);
    expect(await names({ q: 'mug', status: 'all' })).toEqual(['Old mug']);
    expect(await names({ q: 'mug' })).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const first = await list({ status: 'all', limit: 3 });
    expect(first.data.map((p) => p.name)).toEqual(['Old mug', 'Cold brew 50%_off', 'Cold brew']);
    const second = await list({ status: 'all', limit: 3, cursor: first.next_cursor! });
    expect(second.data.map((p) => p.name)).toEqual(['Flat white', 'Latte']);
    expect(second.next_cursor).toBeNull();
  });
});

describe('tenancy and roles', () => {
  it("hides another business's products: 404 by id for every action", async () => {
    const other = await createBusiness(t);
    const stranger = other.people.owner.agent;
    const theirs = await create(stranger, { name: 'Partner product', price: { amount: 100, currency: 'sgd' } }, other.id);
    for (const res of [
      await owner.call(productEndpoints.get, one(theirs.id)),
      await owner.call(productEndpoints.update, {
        ...one(theirs.id),
        body: {
          name: 'Hijacked',
          price: { amount: 1, currency: 'sgd' },
        },
      }),
      await owner.call(productEndpoints.archive, one(theirs.id)),
      await owner.call(productEndpoints.unarchive, one(theirs.id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    expect((await owner.ok(productEndpoints.list, { ...inBusiness(), query: { status: 'all', q: 'Partner' } })).data).toEqual([]);
    expect((await stranger.call(productEndpoints.list, inBusiness())).status).toBe(404);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, theirs.id));
    expect(row).toMatchObject({ name: 'Partner product', status: 'active' });
  });

  it('lets every role see and add products, and a super admin only read them', async () => {
    for (const role of ['admin', 'manager', 'cashier'] as const) {
      const { agent, email } = business.people[role];
      expect((await agent.call(productEndpoints.list, inBusiness())).status, email).toBe(200);
      const p = await create(agent, { name: `By ${email}`, price: { amount: 100, currency: 'sgd' } });
      expect((await agent.call(productEndpoints.archive, one(p.id))).status, email).toBe(200);
    }
    const superAdmin = (await createSuperAdmin(t)).agent;
    const first = (await superAdmin.ok(productEndpoints.list, { ...inBusiness(), query: { status: 'all' } })).data[0]!;
    expect(
      (await superAdmin.call(productEndpoints.create, { ...inBusiness(), body: { name: 'By super admin', price: { amount: 100, currency: 'sgd' } } })).status,
    ).toBe(403);
    expect(
      (
        await superAdmin.call(productEndpoints.update, {
          ...one(first.id),
          body: {
            name: 'Changed',
            price: { amount: 1, currency: 'sgd' },
          },
        })
      ).status,
    ).toBe(403);
    expect((await superAdmin.call(productEndpoints.archive, one(first.id))).status).toBe(403);
  });
});
