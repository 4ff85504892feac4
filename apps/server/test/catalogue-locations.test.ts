import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { locationEndpoints } from '@merchant/catalogue';
import { eq } from 'drizzle-orm';
import { locations } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, createSuperAdmin, unique, type FactoryBusiness } from './factories';

/** Locations: fields and their errors, unique names, pages, archive, the online store's location, roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (locationId: string, businessId = business.id) => ({ params: { business_id: businessId, location_id: locationId } });
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const NINE_TO_SIX = { opens: '09:00', closes: '18:00' };

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore' });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('locations', () => {
  it('creates a location in the business’s time zone, closed every day unless hours are given, with its audit entry', async () => {
    const name = unique('Roastery');
    const made = await owner.ok(locationEndpoints.create, {
      ...inBusiness(),
      body: {
        name: ` ${name} `,
        phone: '+65 6123 4567',
        address: { line1: '1 Keong Saik Rd', line2: '', city: 'Singapore', state: null, postal_code: '089109' },
      },
    });
    expect(made).toEqual({
      id: expect.any(String),
      name,
      status: 'active',
      address: { line1: '1 Keong Saik Rd', line2: null, city: 'Singapore', state: null, postal_code: '089109' },
      phone: '+65 6123 4567',
      opening_hours: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
      time_zone: 'Asia/Singapore',
      receipt_header: null,
      receipt_footer: null,
      online_store_default: false,
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    });
    expect(await owner.ok(locationEndpoints.get, one(made.id))).toEqual(made);
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'location.created' } });
    expect(audit.data[0]).toMatchObject({ action: 'location.created', description: `Added the location “${name}”` });
  });

  it('changes only the fields sent: the hours of one day, a closed day, the receipt texts', async () => {
    const made = await createLocation(owner, business.id, { opening_hours: { ...closedWeek(), monday: NINE_TO_SIX, tuesday: NINE_TO_SIX } });
    t.clock.advance(60_000);
    const changed = await owner.ok(locationEndpoints.update, {
      ...one(made.id),
      body: {
        opening_hours: { ...closedWeek(), monday: { opens: '07:30', closes: '24:00' }, saturday: NINE_TO_SIX },
        receipt_header: 'Thank you!',
        time_zone: 'Asia/Tokyo',
      },
    });
    expect(changed).toMatchObject({
      name: made.name,
      phone: null,
      time_zone: 'Asia/Tokyo',
      receipt_header: 'Thank you!',
      receipt_footer: null,
      opening_hours: { monday: { opens: '07:30', closes: '24:00' }, tuesday: null, saturday: NINE_TO_SIX },
    });
    expect(changed.updated_at).not.toBe(made.updated_at);
  });

  it('refuses each invalid field with 422 on its path and saves nothing', async () => {
    const before = await t.database.db.select().from(locations).where(eq(locations.businessId, business.id));
    const cases: [unknown, string[]][] = [
      [{ name: '' }, ['name']],
      [{ name: 'x'.repeat(81) }, ['name']],
      [{ name: 'Bad phone', phone: 'call me' }, ['phone']],
      [{ name: 'Bad zone', time_zone: 'Mars/Olympus' }, ['time_zone']],
      [{ name: 'Backwards', opening_hours: { ...closedWeek(), friday: { opens: '18:00', closes: '09:00' } } }, ['opening_hours.friday.closes']],
      [
        { name: 'Bad time', opening_hours: { ...closedWeek(), monday: { opens: '9am', closes: '25:00' } } },
        ['opening_hours.monday.closes', 'opening_hours.monday.opens'],
      ],
      [
        { name: 'Missing day', opening_hours: { monday: NINE_TO_SIX } },
        [
          'opening_hours.friday',
          'opening_hours.saturday',
          'opening_hours.sunday',
          'opening_hours.thursday',
          'opening_hours.tuesday',
          'opening_hours.wednesday',
        ],
      ],
      [{ name: 'Long footer', receipt_footer: 'x'.repeat(501) }, ['receipt_footer']],
      [{ name: 'Bad postcode', address: { line1: null, line2: null, city: null, state: null, postal_code: '<>' } }, ['address.postal_code']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(locationEndpoints.create, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
    expect(await t.database.db.select().from(locations).where(eq(locations.businessId, business.id))).toHaveLength(before.length);
  });

  it('keeps names unique per business whatever their case, on create and on rename', async () => {
    const first = await createLocation(owner, business.id);
    const second = await createLocation(owner, business.id);
    const twin = await owner.call(locationEndpoints.create, { ...inBusiness(), body: { name: first.name.toUpperCase() } });
    expect(failure(twin)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Another location has this name' }] });
    const renamed = await owner.call(locationEndpoints.update, { ...one(second.id), body: { name: first.name } });
    expect(failure(renamed)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name' }] });
    const other = await createBusiness(t);
    expect((await createLocation(other.people.owner.agent, other.id, { name: first.name })).name).toBe(first.name);
  });

  it('lists by name, searched by name, in cursor pages, active unless asked otherwise', async () => {
    const { id, people } = await createBusiness(t);
    const agent = people.owner.agent;
    for (const name of ['Kiosk C', 'Kiosk A', 'Warehouse', 'Kiosk B']) await createLocation(agent, id, { name });
    const archived = await createLocation(agent, id, { name: 'Kiosk Z' });
    await agent.ok(locationEndpoints.archive, one(archived.id, id));
    const first = await agent.ok(locationEndpoints.list, { ...inBusiness(id), query: { q: 'kiosk', limit: 2 } });
    expect(first.data.map((l) => l.name)).toEqual(['Kiosk A', 'Kiosk B']);
    const second = await agent.ok(locationEndpoints.list, { ...inBusiness(id), query: { q: 'kiosk', limit: 2, cursor: first.next_cursor! } });
    expect(second.data.map((l) => l.name)).toEqual(['Kiosk C']);
    expect(second.next_cursor).toBeNull();
    const all = await agent.ok(locationEndpoints.list, { ...inBusiness(id), query: { status: 'all' } });
    expect(all.data.map((l) => l.name)).toEqual(['Kiosk A', 'Kiosk B', 'Kiosk C', 'Kiosk Z', 'Warehouse']);
    const gone = await agent.ok(locationEndpoints.list, { ...inBusiness(id), query: { status: 'archived' } });
    expect(gone.data.map((l) => [l.name, l.status])).toEqual([['Kiosk Z', 'archived']]);
  });

  it('names the online store’s location in the settings, which must be active and cannot be archived while chosen', async () => {
    const { id, people } = await createBusiness(t);
    const agent = people.owner.agent;
    const store = await createLocation(agent, id);
    const old = await createLocation(agent, id);
    expect(await agent.ok(locationEndpoints.settings, inBusiness(id))).toEqual({ online_store_location_id: null });
    await agent.ok(locationEndpoints.archive, one(old.id, id));
    const refused = await agent.call(locationEndpoints.saveSettings, { ...inBusiness(id), body: { online_store_location_id: old.id } });
    expect(failure(refused)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'online_store_location_id' }] });
    const unknown = await agent.call(locationEndpoints.saveSettings, { ...inBusiness(id), body: { online_store_location_id: business.id } });
    expect(failure(unknown)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'online_store_location_id' }] });
    expect(await agent.ok(locationEndpoints.saveSettings, { ...inBusiness(id), body: { online_store_location_id: store.id } })).toEqual({
      online_store_location_id: store.id,
    });
    expect((await agent.ok(locationEndpoints.get, one(store.id, id))).online_store_default).toBe(true);
    const inUse = await agent.call(locationEndpoints.archive, one(store.id, id));
    expect(failure(inUse)).toMatchObject({ code: 'LOCATION_IN_USE' });
    expect(inUse.status).toBe(409);
    await agent.ok(locationEndpoints.saveSettings, { ...inBusiness(id), body: { online_store_location_id: null } });
    expect((await agent.ok(locationEndpoints.archive, one(store.id, id))).status).toBe('archived');
    expect((await agent.ok(locationEndpoints.unarchive, one(store.id, id))).status).toBe('active');
  });

  it('lets every role read locations, only managers and above change them, and no other business reach them', async () => {
    const made = await createLocation(owner, business.id);
    const cashier = business.people.cashier.agent;
    expect((await cashier.ok(locationEndpoints.get, one(made.id))).id).toBe(made.id);
    expect((await cashier.ok(locationEndpoints.list, inBusiness())).data.length).toBeGreaterThan(0);
    expect(failure(await cashier.call(locationEndpoints.create, { ...inBusiness(), body: { name: unique('Till') } }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await cashier.call(locationEndpoints.update, { ...one(made.id), body: { phone: '123' } }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await cashier.call(locationEndpoints.archive, one(made.id)))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await cashier.call(locationEndpoints.saveSettings, { ...inBusiness(), body: { online_store_location_id: null } }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await business.people.manager.agent.ok(locationEndpoints.update, { ...one(made.id), body: { phone: '123' } })).phone).toBe('123');
    const other = await createBusiness(t);
    const stranger = await other.people.owner.agent.call(locationEndpoints.get, one(made.id, other.id));
    expect(failure(stranger)).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    expect(failure(await other.people.owner.agent.call(locationEndpoints.update, { ...one(made.id, other.id), body: { phone: '1' } }))).toMatchObject({
      code: 'LOCATION_NOT_FOUND',
    });
    const superAdmin = (await createSuperAdmin(t)).agent;
    expect((await superAdmin.ok(locationEndpoints.get, one(made.id))).id).toBe(made.id);
    expect((await superAdmin.call(locationEndpoints.update, { ...one(made.id), body: { phone: '1' } })).status).toBe(403);
  });
});

function closedWeek() {
  return { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null };
}
