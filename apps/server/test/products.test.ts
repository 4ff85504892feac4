import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
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

type ProductAnswer = { id: string; name: string; description: string | null; price: { amount: number; currency: string }; status: string };
type Page<T> = { data: T[]; next_cursor: string | null };

const base = (businessId = business.id) => endpointPath(productEndpoints.list, { params: { business_id: businessId } });

async function create(agent: Agent, body: Record<string, unknown>, path = base()): Promise<ProductAnswer> {
  const res = await agent.post(path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductAnswer>();
}

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
    const res = await owner.post(base(), { name: '', description: 'd'.repeat(1001), price: { amount: 0, currency: 'xyz' } });
    expect(res.statusCode).toBe(422);
    const issues = res.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['description', 'name', 'price.amount', 'price.currency']);
    expect(issues.find((i) => i.path === 'price.amount')!.message).toBe('The amount must be more than zero');
    for (const amount of [null, 12.5, -1, 1e13]) {
      const bad = await owner.post(base(), { name: 'Bad', price: { amount, currency: 'sgd' } });
      expect(bad.statusCode, String(amount)).toBe(422);
      expect(new Set(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path))).toEqual(new Set(['price.amount']));
    }
  });

  it('edits name, description and price (currency included)', async () => {
    const made = await create(owner, { name: 'Mug', price: { amount: 1200, currency: 'sgd' } });
    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    const res = await owner.put(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: made.id } }), {
      name: 'Mug, large',
      description: 'Stoneware',
      price: { amount: 1500, currency: 'jpy' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Mug, large',
      description: 'Stoneware',
      price: { amount: 1500, currency: 'jpy' },
      updated_at: '2026-11-01T10:00:00.000Z',
    });
    expect((await owner.get(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: made.id } }))).json()).toMatchObject({
      name: 'Mug, large',
    });
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const missing = await owner.put(
      endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: '00000000-0000-4000-8000-000000000000' } }),
      { name: 'X', price: { amount: 1, currency: 'sgd' } },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('archives and brings back a product, never deleting it; both are recorded once', async () => {
    const made = await create(owner, { name: 'Seasonal blend', price: { amount: 2000, currency: 'sgd' } });
    const archived = await owner.post(endpointPath(productEndpoints.archive, { params: { business_id: business.id, product_id: made.id } }));
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'archived' });
    // Archiving twice changes nothing and records nothing more.
    expect((await owner.post(endpointPath(productEndpoints.archive, { params: { business_id: business.id, product_id: made.id } }))).json()).toMatchObject({
      status: 'archived',
    });
    expect((await owner.get(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: made.id } }))).json()).toMatchObject({
      status: 'archived',
    });
    const back = await owner.post(endpointPath(productEndpoints.unarchive, { params: { business_id: business.id, product_id: made.id } }));
    expect(back.json()).toMatchObject({ status: 'active' });
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, made.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['product.archived', 'product.created', 'product.unarchived']);
    // The audit log's action filter names them in words.
    const options = (await owner.get(endpointPath(auditLogEndpoints.actions, { params: { business_id: business.id } }))).json().data as {
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
    expect((await owner.delete(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: made.id } }))).statusCode).toBe(404);
    expect(await t.database.db.select().from(products).where(eq(products.id, made.id))).toHaveLength(1);
  });
});

describe('the product list', () => {
  let path: string;
  let listedId: string;
  let agent: Agent;

  beforeAll(async () => {
    const listed = await createBusiness(t);
    agent = listed.people.owner.agent;
    listedId = listed.id;
    path = base(listedId);
    const names = ['Latte', 'Flat white', 'Cold brew', 'Cold brew 50%_off', 'Old mug'];
    for (const [i, name] of names.entries()) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1 + i)));
      const p = await create(agent, { name, price: { amount: 500 + i, currency: 'sgd' } }, path);
      if (name === 'Old mug')
        expect((await agent.post(endpointPath(productEndpoints.archive, { params: { business_id: listedId, product_id: p.id } }))).statusCode).toBe(200);
    }
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });

  const names = async (query = '') => {
    const res = await agent.get(`${endpointPath(productEndpoints.list, { params: { business_id: listedId } })}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<ProductAnswer>>().data.map((p) => p.name);
  };

  it('shows active products by default, newest first; archived or all on request', async () => {
    expect(await names()).toEqual(['Cold brew 50%_off', 'Cold brew', 'Flat white', 'Latte']);
    expect(await names('?status=archived')).toEqual(['Old mug']);
    expect(await names('?status=all')).toEqual(['Old mug', 'Cold brew 50%_off', 'Cold brew', 'Flat white', 'Latte']);
    const bad = await agent.get(`${endpointPath(productEndpoints.list, { params: { business_id: listedId } })}?status=deleted`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['querystring.status']);
  });

  it('searches by name, case-insensitively, with % and _ taken literally', async () => {
    expect(await names('?q=COLD')).toEqual(['Cold brew 50%_off', 'Cold brew']);
    expect(await names('?q=%25_')).toEqual(['Cold brew 50%_off']);
    expect(await names('?q=mug&status=all')).toEqual(['Old mug']);
    expect(await names('?q=mug')).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const first = (await agent.get(`${endpointPath(productEndpoints.list, { params: { business_id: listedId } })}?status=all&limit=3`)).json<
      Page<ProductAnswer>
    >();
    expect(first.data.map((p) => p.name)).toEqual(['Old mug', 'Cold brew 50%_off', 'Cold brew']);
    const second = (
      await agent.get(`${endpointPath(productEndpoints.list, { params: { business_id: listedId } })}?status=all&limit=3&cursor=${first.next_cursor}`)
    ).json<Page<ProductAnswer>>();
    expect(second.data.map((p) => p.name)).toEqual(['Flat white', 'Latte']);
    expect(second.next_cursor).toBeNull();
  });
});

describe('tenancy and roles', () => {
  it("hides another business's products: 404 by id for every action", async () => {
    const other = await createBusiness(t);
    const stranger = other.people.owner.agent;
    const theirs = await create(stranger, { name: 'Partner product', price: { amount: 100, currency: 'sgd' } }, base(other.id));
    for (const res of [
      await owner.get(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: theirs.id } })),
      await owner.put(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: theirs.id } }), {
        name: 'Hijacked',
        price: { amount: 1, currency: 'sgd' },
      }),
      await owner.post(endpointPath(productEndpoints.archive, { params: { business_id: business.id, product_id: theirs.id } })),
      await owner.post(endpointPath(productEndpoints.unarchive, { params: { business_id: business.id, product_id: theirs.id } })),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    expect(
      (await owner.get(`${endpointPath(productEndpoints.list, { params: { business_id: business.id } })}?status=all&q=Partner`)).json<Page<unknown>>().data,
    ).toEqual([]);
    expect((await stranger.get(base())).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, theirs.id));
    expect(row).toMatchObject({ name: 'Partner product', status: 'active' });
  });

  it('lets every role see and add products, and a super admin only read them', async () => {
    for (const role of ['admin', 'manager', 'cashier'] as const) {
      const { agent, email } = business.people[role];
      expect((await agent.get(base())).statusCode, email).toBe(200);
      const p = await create(agent, { name: `By ${email}`, price: { amount: 100, currency: 'sgd' } });
      expect((await agent.post(endpointPath(productEndpoints.archive, { params: { business_id: business.id, product_id: p.id } }))).statusCode, email).toBe(
        200,
      );
    }
    const superAdmin = (await createSuperAdmin(t)).agent;
    const listed = await superAdmin.get(`${endpointPath(productEndpoints.list, { params: { business_id: business.id } })}?status=all`);
    expect(listed.statusCode).toBe(200);
    const one = listed.json<Page<ProductAnswer>>().data[0]!;
    expect((await superAdmin.post(base(), { name: 'By super admin', price: { amount: 100, currency: 'sgd' } })).statusCode).toBe(403);
    expect(
      (
        await superAdmin.put(endpointPath(productEndpoints.get, { params: { business_id: business.id, product_id: one.id } }), {
          name: 'Changed',
          price: { amount: 1, currency: 'sgd' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await superAdmin.post(endpointPath(productEndpoints.archive, { params: { business_id: business.id, product_id: one.id } }))).statusCode).toBe(403);
  });
});
