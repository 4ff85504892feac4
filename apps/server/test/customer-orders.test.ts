import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { customerEndpoints, type Customer } from '@merchant/payments';
import type { Location } from '@merchant/catalogue';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createCustomer, createLocation, openDrawer, paidStoreOrder, sell, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';

/** What a customer bought in each channel (docs/catalogue.md, "Customers"): payments, register orders, store orders. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let manager: Agent;
let cashier: Agent;
let shop: Location;
let ann: Customer;

const customerParams = (customer: Customer) => ({ params: { business_id: business.id, customer_id: customer.id } });
const ordersOf = (agent: Agent, customer: Customer, channel: 'pos' | 'online_store', query: { cursor?: string; limit?: number } = {}) =>
  agent.ok(customerEndpoints.orders, { ...customerParams(customer), query: { channel, ...query } });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'SGD' });
  ({ owner, manager, cashier } = { owner: business.people.owner.agent, manager: business.people.manager.agent, cashier: business.people.cashier.agent });
  shop = await createLocation(owner, business.id, { name: 'High street' });
  ann = await createCustomer(owner, business.id, { name: 'Ann Tan', email: 'Ann.Tan@example.com' });
  await openDrawer(owner, business.id, shop.id);
  await openDrawer(cashier, business.id, shop.id);
});
afterAll(() => t.close());

describe("a customer's orders in each channel", () => {
  it('lists register and store orders with totals per channel, payments apart from the store’s', async () => {
    const first = await sell(owner, business.id, shop.id, {
      customer_id: ann.id,
      quick_sale: { amount: 12_00, description: 'Beans' },
      tenders: [{ kind: 'cash', amount: 12_00 }],
    });
    const second = await sell(cashier, business.id, shop.id, {
      customer_id: ann.id,
      quick_sale: { amount: 8_00, description: 'Cup' },
      tenders: [{ kind: 'cash', amount: 8_00 }],
    });
    // Another customer's sale is not Ann's.
    await sell(owner, business.id, shop.id, { quick_sale: { amount: 5_00, description: 'Walk-in' }, tenders: [{ kind: 'cash', amount: 5_00 }] });
    // The store knows Ann by her email, in any case.
    const web = await paidStoreOrder(t, owner, business.id, { price: 30_00, form: { email: 'ann.tan@EXAMPLE.com', delivery: 'pickup' } });
    await makePayment(t, business.id, { amount: 40_00, source: 'payment_link', customer: { id: ann.id } });

    const pos = await ordersOf(owner, ann, 'pos');
    expect(pos.data.map((o) => [o.id, o.reference, o.channel, o.total.amount, o.location?.name])).toEqual([
      [second.id, `#${second.number}`, 'pos', 8_00, 'High street'],
      [first.id, `#${first.number}`, 'pos', 12_00, 'High street'],
    ]);
    const store = await ordersOf(owner, ann, 'online_store');
    expect(store.data.map((o) => [o.id, o.reference, o.status, o.total.amount])).toEqual([[web.id, web.reference, 'paid', web.total.amount]]);

    const channels = await owner.ok(customerEndpoints.channels, customerParams(ann));
    expect(channels).toEqual({
      payments: { count: 1, total: { amount: 40_00, currency: 'sgd' } },
      pos: { count: 2, total: { amount: 20_00, currency: 'sgd' } },
      online_store: { count: 1, total: { amount: web.total.amount, currency: 'sgd' } },
    });
  });

  it('pages newest first with a cursor', async () => {
    const one = await ordersOf(owner, ann, 'pos', { limit: 1 });
    expect(one.data).toHaveLength(1);
    const next = await ordersOf(owner, ann, 'pos', { limit: 1, cursor: one.next_cursor! });
    expect(next.data).toHaveLength(1);
    expect(next.data[0]!.id).not.toBe(one.data[0]!.id);
    expect(next.next_cursor).toBeNull();
  });

  it('shows a cashier their own register orders only, a manager every one', async () => {
    const mine = await ordersOf(cashier, ann, 'pos');
    expect(mine.data.map((o) => o.total.amount)).toEqual([8_00]);
    expect((await cashier.ok(customerEndpoints.channels, customerParams(ann))).pos).toEqual({ count: 1, total: { amount: 8_00, currency: 'sgd' } });
    expect((await ordersOf(manager, ann, 'pos')).data).toHaveLength(2);
  });

  it('shows a member limited to other locations none of the customer’s orders there', async () => {
    const elsewhere = await createLocation(owner, business.id, { name: 'Airport' });
    const members = (await owner.ok(businessEndpoints.users, { params: { business_id: business.id } })).data;
    const id = members.find((m) => m.user_id === business.people.manager.id)!.id;
    await owner.ok(staffEndpoints.setMemberLocations, { params: { business_id: business.id, id }, body: { location_ids: [elsewhere.id] } });
    expect((await ordersOf(manager, ann, 'pos')).data).toEqual([]);
    expect((await ordersOf(manager, ann, 'online_store')).data).toEqual([]);
    expect((await manager.ok(customerEndpoints.channels, customerParams(ann))).pos.count).toBe(0);
    await owner.ok(staffEndpoints.setMemberLocations, { params: { business_id: business.id, id }, body: { location_ids: [] } });
    expect((await ordersOf(manager, ann, 'pos')).data).toHaveLength(2);
  });

  it('answers no store orders for a customer without an email, and refunds lower the totals', async () => {
    const nobody = await createCustomer(owner, business.id, { name: 'No email', email: null });
    expect((await ordersOf(owner, nobody, 'online_store')).data).toEqual([]);
    expect((await owner.ok(customerEndpoints.channels, customerParams(nobody))).online_store.count).toBe(0);
  });

  it('refuses another business’s customer, a wrong channel and a stranger', async () => {
    const other = await createBusiness(t, {});
    const theirs = await createCustomer(other.people.owner.agent, other.id, {});
    const missing = await owner.call(customerEndpoints.orders, { params: { business_id: business.id, customer_id: theirs.id }, query: { channel: 'pos' } });
    expect([missing.status, failure(missing).code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
    const wrong = await owner.get(`${endpointPath(customerEndpoints.orders, { params: { business_id: business.id, customer_id: ann.id } })}?channel=mail`);
    expect(wrong.statusCode).toBe(422);
    const stranger = await other.people.owner.agent.call(customerEndpoints.channels, customerParams(ann));
    expect(stranger.status).toBe(404);
  });
});
