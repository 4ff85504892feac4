import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { authEndpoints } from '@merchant/identity';
import { drawerEndpoints, posOrderEndpoints, stockEndpoints, type Location, type Order } from '@merchant/catalogue';
import { terminalEndpoints } from '@merchant/pos';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import {
  FACTORY_PASSWORD,
  createBusiness,
  createLocation,
  createProduct,
  lastMailTo,
  openDrawer,
  saleBody,
  sell,
  uniqueEmail,
  type FactoryBusiness,
} from './factories';

/** Staff limited to locations (docs/roles.md, "Locations"): set by staff managers, enforced on the server, audited. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let owner: Agent;
let manager: Agent;
let cashier: Agent;
let north: Location;
let south: Location;
let southOrder: Order;
let southDrawerId: string;

const inBusiness = () => ({ params: { business_id: business.id } });
const memberId = async (userId: string) => (await owner.ok(businessEndpoints.users, inBusiness())).data.find((m) => m.user_id === userId)!.id;
const setLocations = async (by: Agent, userId: string, location_ids: string[]) =>
  by.call(staffEndpoints.setMemberLocations, { params: { business_id: business.id, id: await memberId(userId) }, body: { location_ids } });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], currency: 'SGD' });
  ({ owner, manager, cashier } = { owner: business.people.owner.agent, manager: business.people.manager.agent, cashier: business.people.cashier.agent });
  north = await createLocation(owner, business.id, { name: 'North' });
  south = await createLocation(owner, business.id, { name: 'South' });
  // Before any limit: the owner sells at South, the cashier opens a drawer at South.
  southDrawerId = (await openDrawer(owner, business.id, south.id)).id;
  southOrder = await sell(owner, business.id, south.id);
  // The manager's drawer at South, opened before they are limited to North.
  await openDrawer(manager, business.id, south.id);
});
afterAll(() => t.close());

describe('setting a member’s locations', () => {
  it('limits a member, answers their locations, audits the change and lets them see their own', async () => {
    const set = await setLocations(owner, business.people.manager.id, [north.id]);
    expect(set.ok && set.body).toEqual({ location_ids: [north.id] });
    const read = await owner.ok(staffEndpoints.memberLocations, { params: { business_id: business.id, id: await memberId(business.people.manager.id) } });
    expect(read).toEqual({ location_ids: [north.id] });
    expect(await manager.ok(staffEndpoints.myLocations, inBusiness())).toEqual({ location_ids: [north.id] });
    expect(await owner.ok(staffEndpoints.myLocations, inBusiness())).toEqual({ location_ids: null });

    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.action, 'staff.locations_changed')));
    expect(entries.map((e) => e.description)).toContainEqual(expect.stringContaining('to North'));
  });

  it('refuses another business’s location, the member’s own change, and anyone without staff:manage', async () => {
    const other = await createBusiness(t, {});
    const theirs = await createLocation(other.people.owner.agent, other.id, { name: 'Elsewhere' });
    const foreign = await setLocations(owner, business.people.cashier.id, [north.id, theirs.id]);
    expect([foreign.status, failure(foreign).issues?.[0]?.path]).toEqual([422, 'location_ids.1']);
    const twice = await setLocations(owner, business.people.cashier.id, [north.id, north.id]);
    expect(twice.status).toBe(422);
    const self = await setLocations(owner, business.people.owner.id, [north.id]);
    expect(failure(self).code).toBe('STAFF_SELF_CHANGE');
    expect((await setLocations(manager, business.people.cashier.id, [north.id])).status).toBe(403);
    expect((await setLocations(cashier, business.people.cashier.id, [north.id])).status).toBe(403);
  });

  it('carries the invitation’s locations to the person who accepts it', async () => {
    const email = uniqueEmail('scoped');
    await owner.ok(staffEndpoints.invite, { ...inBusiness(), body: { email, role: 'cashier', location_ids: [south.id] } });
    const link = /\/register-complete\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(t, email)).text)![1]!;
    const agent = new Agent(t.app);
    const { user } = await agent.ok(authEndpoints.registerComplete, { params: { hash: link }, body: { name: 'Scoped cashier', password: FACTORY_PASSWORD } });
    expect(await agent.ok(staffEndpoints.myLocations, inBusiness())).toEqual({ location_ids: [south.id] });
    expect((await owner.ok(staffEndpoints.memberLocations, { params: { business_id: business.id, id: await memberId(user.id) } })).location_ids).toEqual([
      south.id,
    ]);
    // An unknown location is refused on the invitation too.
    const bad = await owner.call(staffEndpoints.invite, {
      ...inBusiness(),
      body: { email: uniqueEmail('bad'), role: 'cashier', location_ids: [crypto.randomUUID()] },
    });
    expect([bad.status, failure(bad).issues?.[0]?.path]).toEqual([422, 'location_ids.0']);
  });
});

describe('what a member limited to locations may do', () => {
  it('opens a drawer and sells only at their locations', async () => {
    // The cashier opened no drawer yet; limited to North.
    await setLocations(owner, business.people.cashier.id, [north.id]);
    const atSouth = await cashier.call(drawerEndpoints.open, { ...inBusiness(), body: { location_id: south.id, opening_float: 0 } });
    expect([atSouth.status, failure(atSouth).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
    await openDrawer(cashier, business.id, north.id);
    expect((await sell(cashier, business.id, north.id)).location.id).toBe(north.id);
  });

  it('refuses a sale through a drawer opened before the limit, at a location no longer theirs', async () => {
    // The manager is limited to North (above): their drawer at South, opened before, sells nothing more.
    const sale = await manager.call(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(south.id) });
    expect([sale.status, failure(sale).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
  });

  it('lists the orders and drawers of their locations only; another location’s order or drawer is 404', async () => {
    await sell(cashier, business.id, north.id);
    const list = await manager.ok(posOrderEndpoints.list, { ...inBusiness(), query: {} });
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((o) => o.location.id === north.id)).toBe(true);
    const theirs = await manager.call(posOrderEndpoints.get, { params: { business_id: business.id, order_id: southOrder.id } });
    expect([theirs.status, failure(theirs).code]).toEqual([404, 'POS_ORDER_NOT_FOUND']);
    const refund = await manager.call(posOrderEndpoints.refund, {
      params: { business_id: business.id, order_id: southOrder.id },
      body: { whole: true, reason: 'x' },
    });
    expect(refund.status).toBe(404);
    const drawer = await manager.call(drawerEndpoints.get, { params: { business_id: business.id, drawer_id: southDrawerId } });
    expect([drawer.status, failure(drawer).code]).toEqual([404, 'DRAWER_NOT_FOUND']);
    const drawers = await manager.ok(drawerEndpoints.list, { ...inBusiness(), query: {} });
    expect(drawers.data.map((d) => d.id)).not.toContain(southDrawerId);
    // The owner (every location) sees both.
    expect((await owner.ok(posOrderEndpoints.get, { params: { business_id: business.id, order_id: southOrder.id } })).id).toBe(southOrder.id);
  });

  it('adjusts stock and places readers only at their locations', async () => {
    const product = await createProduct(owner, business.id, { price: 5_00, track_stock: true });
    const adjust = (location: Location) =>
      manager.call(stockEndpoints.adjust, {
        ...inBusiness(),
        body: { lines: [{ variant_id: product.variants[0]!.id, location_id: location.id, reason: 'received', quantity: 3 }] },
      });
    expect((await adjust(north)).status).toBe(200);
    const refused = await adjust(south);
    expect([refused.status, failure(refused).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);

    const code = await owner.ok(terminalEndpoints.simulatePairingCode, { ...inBusiness(), body: {} });
    const pair = await manager.call(terminalEndpoints.pairReader, { ...inBusiness(), body: { code: code.code, name: 'Till 2', location_id: south.id } });
    expect([pair.status, failure(pair).code]).toEqual([403, 'LOCATION_NOT_ALLOWED']);
  });

  it('works everywhere again once the limit is removed', async () => {
    await setLocations(owner, business.people.manager.id, []);
    expect(await manager.ok(staffEndpoints.myLocations, inBusiness())).toEqual({ location_ids: null });
    expect((await manager.ok(posOrderEndpoints.get, { params: { business_id: business.id, order_id: southOrder.id } })).id).toBe(southOrder.id);
  });
});
