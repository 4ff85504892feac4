import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Location } from '@merchant/catalogue';
import { REGISTER_APP_VERSION, registerEndpoints } from '@merchant/pos';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, type FactoryBusiness } from './factories';

/**
 * The register devices screen's API (docs/pos.md, "Register devices"): where and on which version each device was last
 * seen, renaming and forgetting a device (audited, `pos:manage`), on both databases.
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
