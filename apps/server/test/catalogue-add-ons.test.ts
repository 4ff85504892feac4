import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { AddOnGroupBodySchema, addOnGroupEndpoints, productEndpoints, type AddOnGroupBody } from '@merchant/catalogue';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { contextWithout, createBusiness, createProduct, unique, type FactoryBusiness } from './factories';

/** Add-on groups (product customisation): choices with prices, min and max choices, attached to products. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (groupId: string, businessId = business.id) => ({ params: { business_id: businessId, group_id: groupId } });
const MILK: AddOnGroupBody = {
  name: 'Milk',
  min_choices: 0,
  max_choices: 1,
  choices: [
    { name: 'Oat', price: 80 },
    { name: 'Soy', price: 50 },
    { name: 'Whole', price: 0 },
  ],
};

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('add-on groups', () => {
  it('creates a group with its choices priced in the business currency', async () => {
    const milk = await owner.ok(addOnGroupEndpoints.create, { ...inBusiness(), body: MILK });
    expect(milk).toMatchObject({
      name: 'Milk',
      min_choices: 0,
      max_choices: 1,
      required: false,
      product_count: 0,
      choices: [
        { id: expect.any(String), name: 'Oat', price: { amount: 80, currency: 'sgd' } },
        { id: expect.any(String), name: 'Soy', price: { amount: 50, currency: 'sgd' } },
        { id: expect.any(String), name: 'Whole', price: { amount: 0, currency: 'sgd' } },
      ],
    });
    expect((await owner.ok(addOnGroupEndpoints.list, inBusiness())).data.map((g) => g.id)).toContain(milk.id);
  });

  it('refuses counts that cannot be met, repeated names and prices that are not minor units', async () => {
    const cases: [unknown, string[]][] = [
      [{ ...MILK, min_choices: 2, max_choices: 1 }, ['min_choices']],
      [{ ...MILK, max_choices: 4 }, ['max_choices']],
      [{ ...MILK, required: true, min_choices: 0 }, ['min_choices']],
      [{ ...MILK, max_choices: 0 }, ['max_choices']],
      [{ ...MILK, choices: [] }, ['choices', 'max_choices']],
      [{ ...MILK, choices: [MILK.choices[0], { name: 'oat', price: 10 }] }, ['choices.1.name']],
      [{ ...MILK, choices: [{ name: 'Half', price: 0.5 }] }, ['choices.0.price']],
      [{ ...MILK, choices: [{ name: 'Minus', price: -1 }] }, ['choices.0.price']],
      [{ ...MILK, name: '' }, ['name']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(addOnGroupEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        failure(res)
          .issues?.map((i) => i.path)
          .sort(),
        JSON.stringify(body),
      ).toEqual(paths.sort());
    }
    expect(failure(answerOf(await owner.post(endpointPath(addOnGroupEndpoints.create, inBusiness()), { ...MILK, min_choices: 2 }))).issues?.[0]?.message).toBe(
      'The minimum must not be above the maximum',
    );
  });

  it('changes a group and its choices in one go, keeping the choices sent with their id', async () => {
    const group = await owner.ok(addOnGroupEndpoints.create, { ...inBusiness(), body: { ...MILK, name: unique('Syrup') } });
    const [oat] = group.choices;
    const changed = await owner.ok(addOnGroupEndpoints.update, {
      ...one(group.id),
      body: {
        name: 'Syrups',
        min_choices: 1,
        max_choices: 2,
        required: true,
        choices: [
          { id: oat!.id, name: 'Vanilla', price: 60 },
          { name: 'Caramel', price: 60 },
        ],
      },
    });
    expect(changed).toMatchObject({ name: 'Syrups', min_choices: 1, max_choices: 2, required: true });
    expect(changed.choices.map((c) => [c.name, c.price.amount])).toEqual([
      ['Vanilla', 60],
      ['Caramel', 60],
    ]);
    expect(changed.choices[0]!.id).toBe(oat!.id);
    const stranger = await owner.call(addOnGroupEndpoints.update, {
      ...one(group.id),
      body: { ...MILK, choices: [{ id: '00000000-0000-4000-8000-000000000000', name: 'Ghost', price: 1 }] },
    });
    expect(failure(stranger).issues?.[0]?.path).toBe('choices.0.id');
    expect(await owner.ok(addOnGroupEndpoints.get, one(group.id))).toEqual(changed);
  });

  it('attaches groups to a product in order, and a deleted group leaves the products that offered it', async () => {
    const milk = await owner.ok(addOnGroupEndpoints.create, { ...inBusiness(), body: { ...MILK, name: unique('Milk') } });
    const shots = await owner.ok(addOnGroupEndpoints.create, {
      ...inBusiness(),
      body: { name: unique('Shots'), max_choices: 1, choices: [{ name: 'Extra shot', price: 100 }] },
    });
    const latte = await createProduct(owner, business.id, { name: unique('Latte') });
    const params = { params: { business_id: business.id, product_id: latte.id } };
    const attached = await owner.ok(productEndpoints.setAddOnGroups, { ...params, body: { group_ids: [shots.id, milk.id] } });
    expect(attached.add_on_group_ids).toEqual([shots.id, milk.id]);
    expect((await owner.ok(addOnGroupEndpoints.get, one(milk.id))).product_count).toBe(1);
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(addOnGroupEndpoints.create, { ...inBusiness(other.id), body: MILK });
    const refused = await owner.call(productEndpoints.setAddOnGroups, { ...params, body: { group_ids: [milk.id, theirs.id] } });
    expect(failure(refused).issues).toEqual([{ path: 'group_ids.1', message: 'Choose an add-on group from the list' }]);
    const repeated = answerOf(await owner.put(endpointPath(productEndpoints.setAddOnGroups, params), { group_ids: [milk.id, milk.id] }));
    expect(failure(repeated).issues?.map((i) => i.path)).toEqual(['group_ids']);
    expect(await owner.ok(addOnGroupEndpoints.remove, one(shots.id))).toEqual({ removed: true });
    expect((await owner.ok(productEndpoints.get, params)).add_on_group_ids).toEqual([milk.id]);
    expect((await owner.call(addOnGroupEndpoints.get, one(shots.id))).status).toBe(404);
  });

  it('lets cashiers see groups but not change them; prices need the pricing permission', async () => {
    const cashier = business.people.cashier.agent;
    const group = await owner.ok(addOnGroupEndpoints.create, { ...inBusiness(), body: { ...MILK, name: unique('Seen') } });
    expect((await cashier.call(addOnGroupEndpoints.list, inBusiness())).status).toBe(200);
    for (const res of [
      await cashier.call(addOnGroupEndpoints.create, { ...inBusiness(), body: MILK }),
      await cashier.call(addOnGroupEndpoints.update, { ...one(group.id), body: MILK }),
      await cashier.call(addOnGroupEndpoints.remove, one(group.id)),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    const other = await createBusiness(t);
    expect(await other.people.owner.agent.call(addOnGroupEndpoints.get, one(group.id, other.id))).toMatchObject({
      status: 404,
      body: { code: 'ADD_ON_GROUP_NOT_FOUND' },
    });
    const ctx = await contextWithout(t, business.id, business.people.manager.id, ['catalogue:pricing']);
    const { addOns } = t.services.catalogue;
    const renamed = AddOnGroupBodySchema.parse({
      ...MILK,
      name: 'Renamed',
      choices: group.choices.map((c) => ({ id: c.id, name: c.name, price: c.price.amount })),
    });
    expect((await addOns.update(ctx, group.id, renamed)).name).toBe('Renamed');
    const repriced = AddOnGroupBodySchema.parse({ ...MILK, choices: group.choices.map((c) => ({ id: c.id, name: c.name, price: c.price.amount + 10 })) });
    await expect(addOns.update(ctx, group.id, repriced)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(addOns.create(ctx, AddOnGroupBodySchema.parse(MILK))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const free = await addOns.create(ctx, AddOnGroupBodySchema.parse({ name: 'Free', max_choices: 1, choices: [{ name: 'Ice', price: 0 }] }));
    expect(free.choices[0]!.price.amount).toBe(0);
  });
});
