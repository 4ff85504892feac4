import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { posOrderEndpoints, type Location } from '@merchant/catalogue';
import { REGISTER_APP_VERSION, registerEndpoints } from '@merchant/pos';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, openDrawer, saleBody, type FactoryBusiness } from './factories';

/**
 * The register devices screen's API (docs/pos.md, "Register devices"): where and on which version each device was last
 * seen, renaming and forgetting a device (audited, `pos:manage`), and the offline allowance held on the server when a
 * sale taken offline is sent (recorded, flagged when the device was not allowed), on both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let manager: Agent;
let cashier: Agent;
let shop: Location;

const inBusiness = () => ({ params: { business_id: business.id } });
const deviceParams = (deviceId: string) => ({ params: { business_id: business.id, device_id: deviceId } });
const auditOf = (objectId: string) =>
  t.database.db
    .select({ action: auditLogs.action, actor: auditLogs.actorUserId, description: auditLogs.description })
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, objectId)));

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2026-11-03T03:00:00Z'));
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore' });
  ({ manager, cashier } = { manager: business.people.manager.agent, cashier: business.people.cashier.agent });
  shop = await createLocation(business.people.owner.agent, business.id, { name: 'Front counter' });
});
afterAll(() => t.close());

describe('register devices', () => {
  it('records where and on which version a device was last seen; a manager renames it, the register keeps that name', async () => {
    const deviceId = '0193a1f2-7c1e-7000-8000-00000000e001';
    const first = await cashier.ok(registerEndpoints.registerDevice, {
      ...inBusiness(),
      body: { device_id: deviceId, location_id: shop.id, app_version: REGISTER_APP_VERSION },
    });
    expect(first).toMatchObject({ name: 'Register', location: { id: shop.id, name: 'Front counter' }, app_version: REGISTER_APP_VERSION });
    expect(first.created_at).toBe('2026-11-03T03:00:00.000Z');

    // Seen again later without a location (a register before its first drawer): the last location stays.
    t.clock.set(new Date('2026-11-03T05:00:00Z'));
    const again = await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId } });
    expect(again).toMatchObject({ location: { id: shop.id }, app_version: REGISTER_APP_VERSION, last_seen_at: '2026-11-03T05:00:00.000Z' });

    // Another business's location is a field error.
    const other = await createBusiness(t);
    const elsewhere = await createLocation(other.people.owner.agent, other.id, { name: 'Elsewhere' });
    const foreign = await cashier.call(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, location_id: elsewhere.id } });
    expect([foreign.status, failure(foreign).issues?.[0]?.path]).toEqual([422, 'location_id']);

    const renamed = await manager.ok(registerEndpoints.renameDevice, { ...deviceParams(deviceId), body: { name: '  Till by the door ' } });
    expect(renamed.name).toBe('Till by the door');
    // The register reports itself as "Register": the manager's name stays.
    expect((await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId } })).name).toBe('Till by the door');
    // The same name again records nothing.
    await manager.ok(registerEndpoints.renameDevice, { ...deviceParams(deviceId), body: { name: 'Till by the door' } });
    expect((await auditOf(deviceId)).map((a) => [a.action, a.actor, a.description])).toEqual([
      ['pos.device.renamed', business.people.manager.id, 'Renamed the register device “Register” to “Till by the door”'],
    ]);

    const blank = await manager.call(registerEndpoints.renameDevice, { ...deviceParams(deviceId), body: { name: '  ' } });
    expect([blank.status, failure(blank).issues?.[0]?.path]).toEqual([422, 'name']);
    const byCashier = await cashier.call(registerEndpoints.renameDevice, { ...deviceParams(deviceId), body: { name: 'Mine' } });
    expect(byCashier.status).toBe(403);
    const unknown = await manager.call(registerEndpoints.renameDevice, {
      ...deviceParams('0193a1f2-7c1e-7000-8000-00000000efff'),
      body: { name: 'Ghost' },
    });
    expect([unknown.status, failure(unknown).code]).toEqual([404, 'POS_DEVICE_NOT_FOUND']);
  });

  it('forgets a device (audited): it leaves the list with its allowance, and registers again as a new device with offline selling off', async () => {
    const deviceId = '0193a1f2-7c1e-7000-8000-00000000e002';
    await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, name: 'Kiosk' } });
    await manager.ok(registerEndpoints.setOfflineAllowance, { ...deviceParams(deviceId), body: { allowed: true } });

    const byCashier = await cashier.call(registerEndpoints.forgetDevice, deviceParams(deviceId));
    expect(byCashier.status).toBe(403);
    expect(await manager.ok(registerEndpoints.forgetDevice, deviceParams(deviceId))).toEqual({ removed: true });
    expect((await manager.ok(registerEndpoints.listDevices, inBusiness())).data.map((d) => d.id)).not.toContain(deviceId);
    const twice = await manager.call(registerEndpoints.forgetDevice, deviceParams(deviceId));
    expect([twice.status, failure(twice).code]).toEqual([404, 'POS_DEVICE_NOT_FOUND']);
    expect((await auditOf(deviceId)).map((a) => a.action)).toEqual(['pos.device.offline_allowed', 'pos.device.forgotten']);

    const back = await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, name: 'Kiosk' } });
    expect(back).toMatchObject({ offline_allowed: false, offline_changed_by: null });
  });
});

describe('sales taken offline, sent later', () => {
  const offlineBody = (deviceId: string, takenAt: string) => saleBody(shop.id, { offline: { device_id: deviceId, taken_at: takenAt } });
  const offlineSale = (deviceId: string, takenAt: string) =>
    cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body: offlineBody(deviceId, takenAt) });

  it('records a sale from an allowed device as such, and flags one from a device not allowed or unknown (recorded: the cash was taken)', async () => {
    t.clock.set(new Date('2026-11-03T07:00:00Z'));
    await openDrawer(cashier, business.id, shop.id);
    const allowedId = '0193a1f2-7c1e-7000-8000-00000000e101';
    const offId = '0193a1f2-7c1e-7000-8000-00000000e102';
    await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: allowedId, name: 'Allowed till' } });
    await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: offId, name: 'Back till' } });
    await manager.ok(registerEndpoints.setOfflineAllowance, { ...deviceParams(allowedId), body: { allowed: true } });

    const fineOrder = await offlineSale(allowedId, '2026-11-03T06:30:00Z');
    expect(fineOrder.offline).toEqual({ device_id: allowedId, taken_at: '2026-11-03T06:30:00.000Z', allowed: true });
    expect(fineOrder).not.toHaveProperty('offline_sale');
    expect(fineOrder.timeline[0]!.text).toContain('taken offline and sent later');
    expect((await auditOf(fineOrder.id)).map((a) => a.action)).toEqual(['pos.order.created']);

    // Recorded (201), flagged.
    const flaggedOrder = await offlineSale(offId, '2026-11-03T06:40:00Z');
    expect(flaggedOrder.offline).toMatchObject({ device_id: offId, allowed: false });
    expect(flaggedOrder.timeline[0]!.text).toContain('not allowed to sell offline');
    const entries = await auditOf(flaggedOrder.id);
    expect(entries.map((a) => a.action).sort()).toEqual(['pos.order.created', 'pos.order.offline_unallowed']);
    expect(entries.find((a) => a.action === 'pos.order.offline_unallowed')!.description).toContain('“Back till”');

    const ghostOrder = await offlineSale('0193a1f2-7c1e-7000-8000-00000000e1ff', '2026-11-03T06:45:00Z');
    expect(ghostOrder.offline?.allowed).toBe(false);
    expect((await auditOf(ghostOrder.id)).find((a) => a.action === 'pos.order.offline_unallowed')!.description).toContain('does not know');
  });

  it('lists the sales taken offline, and apart the flagged ones, each marked in the orders list', async () => {
    const online = await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body: saleBody(shop.id) });
    const numbersOf = async (offline?: 'taken' | 'flagged') =>
      (await manager.ok(posOrderEndpoints.list, { ...inBusiness(), query: offline ? { offline } : {} })).data.map((o) => [o.number, o.offline_sale]);
    const every = await numbersOf();
    const taken = await numbersOf('taken');
    const flagged = await numbersOf('flagged');
    expect(every).toContainEqual([online.number, null]);
    expect(taken.length).toBeGreaterThanOrEqual(3);
    expect(taken.every(([, mark]) => mark === 'allowed' || mark === 'flagged')).toBe(true);
    expect(taken.filter(([, mark]) => mark === 'allowed').length).toBeGreaterThanOrEqual(1);
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    expect(flagged.every(([, mark]) => mark === 'flagged')).toBe(true);
    // Every flagged sale is one taken offline; the online sale is in neither list.
    expect(flagged.every(([n]) => taken.some(([m]) => m === n))).toBe(true);
    expect([...taken, ...flagged].some(([n]) => n === online.number)).toBe(false);
    const wrong = await manager.call(posOrderEndpoints.list, { ...inBusiness(), query: { offline: 'sometimes' } as never });
    expect([wrong.status, failure(wrong).issues?.[0]?.path]).toEqual([422, 'querystring.offline']);
  });

  it('counts a sale taken before the allowance was switched off as allowed; a time to come is a field error', async () => {
    const deviceId = '0193a1f2-7c1e-7000-8000-00000000e103';
    t.clock.set(new Date('2026-11-03T08:00:00Z'));
    await cashier.ok(registerEndpoints.registerDevice, { ...inBusiness(), body: { device_id: deviceId, name: 'Pop-up till' } });
    await manager.ok(registerEndpoints.setOfflineAllowance, { ...deviceParams(deviceId), body: { allowed: true } });
    t.clock.set(new Date('2026-11-03T09:00:00Z'));
    await manager.ok(registerEndpoints.setOfflineAllowance, { ...deviceParams(deviceId), body: { allowed: false } });
    t.clock.set(new Date('2026-11-03T10:00:00Z'));
    // Taken at 08:30, while it was on: allowed. Taken at 09:30, after it was switched off: flagged.
    expect((await offlineSale(deviceId, '2026-11-03T08:30:00Z')).offline?.allowed).toBe(true);
    expect((await offlineSale(deviceId, '2026-11-03T09:30:00Z')).offline?.allowed).toBe(false);

    const ahead = await cashier.call(posOrderEndpoints.createSale, { ...inBusiness(), body: offlineBody(deviceId, '2026-11-03T11:00:00Z') });
    expect([ahead.status, failure(ahead).issues?.[0]?.path]).toEqual([422, 'offline.taken_at']);
  });

  it('answers the first sale when a sale sent online (its answer lost) comes again from the offline queue', async () => {
    t.clock.set(new Date('2026-11-03T11:00:00Z'));
    const body = saleBody(shop.id);
    const online = await cashier.ok(posOrderEndpoints.createSale, { ...inBusiness(), body });
    const queued = await cashier.ok(posOrderEndpoints.createSale, {
      ...inBusiness(),
      body: { ...body, offline: { device_id: '0193a1f2-7c1e-7000-8000-00000000e104', taken_at: '2026-11-03T10:59:00Z' } },
    });
    expect(queued.id).toBe(online.id);
    expect(queued.offline).toBeNull();
  });
});
