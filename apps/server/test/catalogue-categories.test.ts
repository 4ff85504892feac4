import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { categoryEndpoints, productEndpoints } from '@merchant/catalogue';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, unique, type FactoryBusiness } from './factories';

/** Product categories: order, names, the "all products" assignment, deletion with or without products, roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (categoryId: string, businessId = business.id) => ({ params: { business_id: businessId, category_id: categoryId } });
const create = (name: string, agent = owner) => agent.ok(categoryEndpoints.create, { ...inBusiness(), body: { name } });
const names = async () => (await owner.ok(categoryEndpoints.list, inBusiness())).data.map((c) => c.name);

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('categories', () => {
  it('adds categories at the end of the list, renames them, and refuses a name another category has', async () => {
    const beans = await create('Beans');
    await create('Drinks');
    expect(beans).toMatchObject({ name: 'Beans', position: 0, product_count: 0 });
    expect(await names()).toEqual(['Beans', 'Drinks']);
    const taken = await owner.call(categoryEndpoints.create, { ...inBusiness(), body: { name: ' drinks ' } });
    expect(taken.status).toBe(422);
    expect(failure(taken).issues).toEqual([{ path: 'name', message: 'Another category has this name' }]);
    expect(await owner.ok(categoryEndpoints.update, { ...one(beans.id), body: { name: 'Coffee beans' } })).toMatchObject({ name: 'Coffee beans', position: 0 });
    const renamedOnto = await owner.call(categoryEndpoints.update, { ...one(beans.id), body: { name: 'DRINKS' } });
    expect(failure(renamedOnto).issues?.[0]?.path).toBe('name');
    const empty = answerOf(await owner.post(endpointPath(categoryEndpoints.create, inBusiness()), { name: '  ' }));
    expect(failure(empty).issues?.map((i) => i.path)).toEqual(['name']);
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, beans.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['category.created', 'category.updated']);
  });

  it('puts the categories in a new order, naming each of them once', async () => {
    const list = (await owner.ok(categoryEndpoints.list, inBusiness())).data;
    const merch = await create('Merchandise');
    const order = [merch.id, ...list.map((c) => c.id).reverse()];
    const answer = await owner.ok(categoryEndpoints.reorder, { ...inBusiness(), body: { category_ids: order } });
    expect(answer.data.map((c) => [c.name, c.position])).toEqual([
      ['Merchandise', 0],
      ['Drinks', 1],
      ['Coffee beans', 2],
    ]);
    for (const category_ids of [order.slice(1), [...order.slice(1), '00000000-0000-4000-8000-000000000000']]) {
      const res = await owner.call(categoryEndpoints.reorder, { ...inBusiness(), body: { category_ids } });
      expect(failure(res).issues?.map((i) => i.path)).toEqual(['category_ids']);
    }
    const repeated = answerOf(await owner.put(endpointPath(categoryEndpoints.reorder, inBusiness()), { category_ids: [merch.id, merch.id] }));
    expect(failure(repeated).issues?.map((i) => i.path)).toEqual(['category_ids']);
    expect(await names()).toEqual(['Merchandise', 'Drinks', 'Coffee beans']);
  });

  it('assigns many products at once, counts them, and lists a category’s products', async () => {
    const cups = await create(unique('Cups'));
    const products = await Promise.all([1, 2, 3].map((i) => createProduct(owner, business.id, { name: unique(`Cup ${i}`) })));
    const assigned = await owner.ok(categoryEndpoints.assign, { ...inBusiness(), body: { category_id: cups.id, product_ids: products.map((p) => p.id) } });
    expect(assigned).toEqual({ updated: 3 });
    expect(await owner.ok(categoryEndpoints.get, one(cups.id))).toMatchObject({ product_count: 3 });
    const listed = await owner.ok(productEndpoints.list, { ...inBusiness(), query: { category: cups.id } });
    expect(listed.data.map((p) => p.id).sort()).toEqual(products.map((p) => p.id).sort());
    await owner.ok(categoryEndpoints.assign, { ...inBusiness(), body: { category_id: null, product_ids: [products[0]!.id] } });
    const none = await owner.ok(productEndpoints.list, { ...inBusiness(), query: { category: 'none', q: 'Cup 1' } });
    expect(none.data.map((p) => p.id)).toEqual([products[0]!.id]);
    const other = await createBusiness(t);
    const theirs = await createProduct(other.people.owner.agent, other.id);
    const stranger = await owner.call(categoryEndpoints.assign, { ...inBusiness(), body: { category_id: cups.id, product_ids: [products[1]!.id, theirs.id] } });
    expect(failure(stranger).issues).toEqual([{ path: 'product_ids.1', message: 'Choose a product from the list' }]);
    const unknown = await owner.call(categoryEndpoints.assign, {
      ...inBusiness(),
      body: { category_id: '00000000-0000-4000-8000-000000000000', product_ids: [products[1]!.id] },
    });
    expect(failure(unknown).issues?.[0]?.path).toBe('category_id');
    // A product names its category when made or changed; an unknown one is a field error.
    const moved = await owner.ok(productEndpoints.update, {
      params: { business_id: business.id, product_id: products[0]!.id },
      body: { category_id: cups.id },
    });
    expect(moved.category_id).toBe(cups.id);
  });

  it('refuses to delete a category that holds products, unless they move to another category or to none', async () => {
    const from = await create(unique('From'));
    const to = await create(unique('To'));
    const [a, b] = await Promise.all([
      createProduct(owner, business.id, { category_id: from.id }),
      createProduct(owner, business.id, { category_id: from.id }),
    ]);
    const refused = await owner.call(categoryEndpoints.remove, one(from.id));
    expect(refused).toMatchObject({ status: 409, body: { code: 'CATEGORY_NOT_EMPTY' } });
    const self = await owner.call(categoryEndpoints.remove, { ...one(from.id), query: { move_to: from.id } });
    expect(failure(self).issues?.[0]?.path).toBe('move_to');
    expect(await owner.ok(categoryEndpoints.remove, { ...one(from.id), query: { move_to: to.id } })).toEqual({ removed: true, moved: 2 });
    for (const p of [a!, b!]) {
      expect((await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: p.id } })).category_id).toBe(to.id);
    }
    expect(await owner.ok(categoryEndpoints.remove, { ...one(to.id), query: { move_to: 'none' } })).toEqual({ removed: true, moved: 2 });
    expect((await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: a!.id } })).category_id).toBeNull();
    const empty = await create(unique('Empty'));
    expect(await owner.ok(categoryEndpoints.remove, one(empty.id))).toEqual({ removed: true, moved: 0 });
    expect((await owner.call(categoryEndpoints.get, one(empty.id))).status).toBe(404);
    // The others close the gap.
    const positions = (await owner.ok(categoryEndpoints.list, inBusiness())).data.map((c) => c.position);
    expect(positions).toEqual(positions.map((_, i) => i));
  });

  it('lets cashiers see categories but not change them, and hides other businesses’ categories', async () => {
    const cashier = business.people.cashier.agent;
    const category = await create(unique('Seen'));
    expect((await cashier.call(categoryEndpoints.list, inBusiness())).status).toBe(200);
    for (const res of [
      await cashier.call(categoryEndpoints.create, { ...inBusiness(), body: { name: 'By a cashier' } }),
      await cashier.call(categoryEndpoints.update, { ...one(category.id), body: { name: 'Renamed' } }),
      await cashier.call(categoryEndpoints.remove, one(category.id)),
      await cashier.call(categoryEndpoints.assign, { ...inBusiness(), body: { category_id: category.id, product_ids: [category.id] } }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await create(unique('By a manager'), business.people.manager.agent)).position).toBeGreaterThan(0);
    const other = await createBusiness(t);
    const stranger = other.people.owner.agent;
    for (const res of [
      await stranger.call(categoryEndpoints.get, one(category.id, other.id)),
      await stranger.call(categoryEndpoints.update, { ...one(category.id, other.id), body: { name: 'Hijacked' } }),
      await stranger.call(categoryEndpoints.remove, one(category.id, other.id)),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { code: 'CATEGORY_NOT_FOUND' } });
    }
    const theirs = await createProduct(stranger, other.id, { category_id: null });
    const refused = await stranger.call(productEndpoints.update, {
      params: { business_id: other.id, product_id: theirs.id },
      body: { category_id: category.id },
    });
    expect(failure(refused).issues?.[0]?.path).toBe('category_id');
  });
});
