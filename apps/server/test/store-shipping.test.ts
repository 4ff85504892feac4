import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { locationEndpoints, productEndpoints, shippingEndpoints, type ShippingZoneBody } from '@merchant/catalogue';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, unique, type FactoryBusiness } from './factories';

/** Shipping zones, rates and pickups: fields, postcode matching, the winning zone, bands, free over, pickups, roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const oneZone = (zoneId: string) => ({ params: { business_id: business.id, zone_id: zoneId } });
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();
const CLOSED = { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null };
const FLAT = (amount: number, name = 'Standard') => ({ kind: 'flat' as const, name, amount });

const createZone = (body: Partial<ShippingZoneBody> & { countries: string[] }, businessId = business.id) =>
  owner.ok(shippingEndpoints.createZone, { ...inBusiness(businessId), body: { name: unique('Zone'), rates: [FLAT(500)], ...body } });
/** The checkout's question, in its own transaction. */
const quote = (country: string, postcode: string | null, weightGrams = 0, subtotal = 1000, businessId = business.id) =>
  t.database.db.transaction((tx) => t.services.shipping.quoteDelivery(tx, businessId, { country, postcode, weightGrams, subtotal }));

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'SG' });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('shipping zones', () => {
  it('creates a zone with its rates in order, normalises countries and postcodes, audits it and lists it', async () => {
    const name = unique('Singapore');
    const zone = await owner.ok(shippingEndpoints.createZone, {
      ...inBusiness(),
      body: {
        name: ` ${name} `,
        countries: ['sg', 'SG'],
        postcodes: [' 01 8956 ', '12*', '10000 - 19999'],
        rates: [
          { kind: 'flat', name: 'Standard', amount: 500, estimate: '2 to 4 working days' },
          {
            kind: 'weight',
            name: 'By weight',
            bands: [
              { up_to: 500, amount: 300 },
              { up_to: null, amount: 900 },
            ],
            free_over: 10000,
          },
        ],
      },
    });
    expect(zone).toMatchObject({
      name,
      countries: ['sg'],
      postcodes: ['018956', '12*', '10000-19999'],
      currency: 'sgd',
      rates: [
        { name: 'Standard', kind: 'flat', amount: 500, bands: [], free_over: null, estimate: '2 to 4 working days' },
        {
          name: 'By weight',
          kind: 'weight',
          amount: null,
          bands: [
            { up_to: 500, amount: 300 },
            { up_to: null, amount: 900 },
          ],
          free_over: 10000,
          estimate: null,
        },
      ],
    });
    expect(await owner.ok(shippingEndpoints.getZone, oneZone(zone.id))).toEqual(zone);
    const list = await owner.ok(shippingEndpoints.listZones, { ...inBusiness(), query: { q: name.slice(0, 12) } });
    expect(list.data.map((z) => z.id)).toContain(zone.id);
    expect((await owner.ok(shippingEndpoints.listZones, { ...inBusiness(), query: { q: 'no such zone' } })).data).toEqual([]);
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'shipping_zone.created' } });
    expect(audit.data[0]).toMatchObject({ description: `Added the shipping zone “${name}” with 2 rate(s)` });
  });

  it('refuses each invalid field with 422 on its path', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: '', countries: ['sg'], rates: [FLAT(1)] }, ['name']],
      [{ name: 'x', countries: [], rates: [FLAT(1)] }, ['countries']],
      [{ name: 'x', countries: ['zz'], rates: [FLAT(1)] }, ['countries.0']],
      [{ name: 'x', countries: ['sg'], postcodes: ['12/3', '3000-1000', 'a b*c'], rates: [FLAT(1)] }, ['postcodes.0', 'postcodes.1', 'postcodes.2']],
      [{ name: 'x', countries: ['sg'], rates: [] }, ['rates']],
      [{ name: 'x', countries: ['sg'], rates: [{ kind: 'flat', name: 'A', amount: -1 }] }, ['rates.0.amount']],
      [
        {
          name: 'x',
          countries: ['sg'],
          rates: [
            {
              kind: 'weight',
              name: 'A',
              bands: [
                { up_to: 500, amount: 1 },
                { up_to: 400, amount: 2 },
              ],
            },
          ],
        },
        ['rates.0.bands.1.up_to'],
      ],
      [
        {
          name: 'x',
          countries: ['sg'],
          rates: [
            {
              kind: 'value',
              name: 'A',
              bands: [
                { up_to: null, amount: 1 },
                { up_to: 400, amount: 2 },
              ],
            },
          ],
        },
        ['rates.0.bands.0.up_to'],
      ],
      [{ name: 'x', countries: ['sg'], rates: [{ kind: 'flat', name: 'A', amount: 1, free_over: 0 }] }, ['rates.0.free_over']],
      [{ name: 'x', countries: ['sg'], rates: [{ kind: 'air', name: 'A' }] }, ['rates.0.kind']],
    ];
    for (const [body, paths] of cases) {
      const res = answerOf(await owner.post(endpointPath(shippingEndpoints.createZone, inBusiness()), body));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(issuePaths(failure(res)), JSON.stringify(body)).toEqual(paths);
    }
  });

  it('keeps zone names unique whatever their case; replacing the rates keeps the ids sent; deletes a zone', async () => {
    const zone = await createZone({ countries: ['my'], rates: [FLAT(100, 'A'), FLAT(200, 'B')] });
    const twin = await owner.call(shippingEndpoints.createZone, {
      ...inBusiness(),
      body: { name: zone.name.toUpperCase(), countries: ['my'], rates: [FLAT(1)] },
    });
    expect(failure(twin)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Another shipping zone has this name' }] });
    const [a, b] = zone.rates;
    const changed = await owner.ok(shippingEndpoints.updateZone, {
      ...oneZone(zone.id),
      body: { name: zone.name, countries: ['my', 'bn'], rates: [{ ...FLAT(250, 'B2'), id: b!.id }, FLAT(50, 'C')] },
    });
    expect(changed.countries).toEqual(['my', 'bn']);
    expect(changed.rates.map((r) => [r.name, r.amount])).toEqual([
      ['B2', 250],
      ['C', 50],
    ]);
    expect(changed.rates[0]!.id).toBe(b!.id);
    expect(changed.rates.map((r) => r.id)).not.toContain(a!.id);
    expect(await owner.ok(shippingEndpoints.removeZone, oneZone(zone.id))).toEqual({ removed: true });
    expect(failure(await owner.call(shippingEndpoints.getZone, oneZone(zone.id)))).toMatchObject({ code: 'SHIPPING_ZONE_NOT_FOUND' });
    expect(failure(await owner.call(shippingEndpoints.removeZone, oneZone(zone.id)))).toMatchObject({ code: 'SHIPPING_ZONE_NOT_FOUND' });
  });

  it('lets every role read zones and only managers and up change them; another business sees none of them', async () => {
    const zone = await createZone({ countries: ['th'] });
    const cashier = business.people.cashier.agent;
    expect((await cashier.ok(shippingEndpoints.getZone, oneZone(zone.id))).id).toBe(zone.id);
    expect((await cashier.call(shippingEndpoints.createZone, { ...inBusiness(), body: { name: 'x', countries: ['th'], rates: [FLAT(1)] } })).status).toBe(403);
    expect((await business.people.manager.agent.call(shippingEndpoints.removeZone, oneZone(zone.id))).status).toBe(200);
    const other = await createBusiness(t);
    const stranger = await other.people.owner.agent.call(shippingEndpoints.getZone, { params: { business_id: other.id, zone_id: zone.id } });
    expect(failure(stranger)).toMatchObject({ code: 'SHIPPING_ZONE_NOT_FOUND' });
  });
});

describe('quoteDelivery', () => {
  let quoteBusiness: FactoryBusiness;
  beforeAll(async () => {
    quoteBusiness = await createBusiness(t, { currency: 'aud', country: 'AU' });
  });
  const zoneIn = (body: Partial<ShippingZoneBody> & { countries: string[] }) =>
    quoteBusiness.people.owner.agent.ok(shippingEndpoints.createZone, {
      params: { business_id: quoteBusiness.id },
      body: { name: unique('Zone'), rates: [FLAT(500)], ...body },
    });
  const ask = (country: string, postcode: string | null, weightGrams = 0, subtotal = 1000) => quote(country, postcode, weightGrams, subtotal, quoteBusiness.id);

  it('gives the most specific zone: an exact postcode over a range or prefix, a narrower range over a wider one, postcodes over the whole country', async () => {
    await zoneIn({ name: 'Australia', countries: ['au'], rates: [FLAT(1500, 'Country')] });
    await zoneIn({ name: 'NSW', countries: ['au'], postcodes: ['2000-2999'], rates: [FLAT(900, 'State')] });
    await zoneIn({ name: 'Sydney', countries: ['au'], postcodes: ['20*'], rates: [FLAT(700, 'City')] });
    await zoneIn({ name: 'CBD', countries: ['au'], postcodes: ['2000'], rates: [FLAT(500, 'Exact')] });
    await zoneIn({ name: 'Nowhere', countries: ['nz'], postcodes: ['9999'], rates: [FLAT(100, 'NZ')] });

    expect((await ask('AU', '2000')).rates.map((r) => r.name)).toEqual(['Exact']);
    expect((await ask('au', '2010')).rates.map((r) => r.name)).toEqual(['City']);
    expect((await ask('au', '2500')).rates.map((r) => r.name)).toEqual(['State']);
    expect((await ask('au', '3000')).rates.map((r) => r.name)).toEqual(['Country']);
    expect((await ask('au', null)).rates.map((r) => r.name)).toEqual(['Country']);
    // A zone whose patterns do not match does not apply, and no zone of the whole country: nothing.
    expect((await ask('nz', '1010')).rates).toEqual([]);
    expect((await ask('nz', '9999')).rates).toEqual([{ id: expect.any(String), name: 'NZ', amount: 100, estimate: null }]);
    expect((await ask('fr', '75001')).rates).toEqual([]);
  });

  it('prices by weight and order value bands, leaves out a rate beyond its last band, makes a rate free over its threshold, cheapest first', async () => {
    await zoneIn({
      countries: ['jp'],
      rates: [
        {
          kind: 'weight',
          name: 'Post',
          bands: [
            { up_to: 500, amount: 300 },
            { up_to: 2000, amount: 800 },
          ],
          estimate: '3 days',
        },
        {
          kind: 'value',
          name: 'Courier',
          bands: [
            { up_to: 4999, amount: 1200 },
            { up_to: null, amount: 600 },
          ],
          free_over: 10000,
        },
        { kind: 'flat', name: 'Express', amount: 2500 },
      ],
    });
    const priced = async (weight: number, subtotal: number) => (await ask('jp', null, weight, subtotal)).rates.map((r) => [r.name, r.amount]);
    expect(await priced(500, 1000)).toEqual([
      ['Post', 300],
      ['Courier', 1200],
      ['Express', 2500],
    ]);
    expect(await priced(501, 5000)).toEqual([
      ['Courier', 600],
      ['Post', 800],
      ['Express', 2500],
    ]);
    expect(await priced(2001, 10000)).toEqual([
      ['Courier', 0],
      ['Express', 2500],
    ]);
    expect((await ask('jp', null, 10, 10)).rates[0]).toEqual({ id: expect.any(String), name: 'Post', amount: 300, estimate: '3 days' });
  });
});

describe('pickups', () => {
  it('adds a pickup at an active location, edits it, turns it off; the checkout lists only active ones at active locations', async () => {
    const shop = await createLocation(owner, business.id, {
      name: unique('Shop'),
      address: { line1: '1 Main St', line2: null, city: 'Singapore', state: null, postal_code: '018956' },
    });
    const hours = { ...CLOSED, saturday: { opens: '10:00', closes: '14:00' } };
    const pickup = await owner.ok(shippingEndpoints.createPickup, {
      ...inBusiness(),
      body: { location_id: shop.id, name: 'Counter', hours, instructions: 'Ring the bell' },
    });
    expect(pickup).toMatchObject({
      name: 'Counter',
      active: true,
      instructions: 'Ring the bell',
      hours,
      location: { id: shop.id, name: shop.name, address: { city: 'Singapore' } },
    });
    const listed = () => t.database.db.transaction((tx) => t.services.shipping.listPickups(tx, business.id));
    expect((await listed()).map((p) => p.id)).toContain(pickup.id);

    const off = await owner.ok(shippingEndpoints.updatePickup, {
      params: { business_id: business.id, pickup_id: pickup.id },
      body: { location_id: shop.id, name: 'Counter 2', hours: CLOSED, instructions: null, active: false },
    });
    expect(off).toMatchObject({ name: 'Counter 2', active: false, instructions: null });
    expect((await listed()).map((p) => p.id)).not.toContain(pickup.id);
    expect((await owner.ok(shippingEndpoints.listPickups, { ...inBusiness(), query: { status: 'inactive' } })).data.map((p) => p.id)).toContain(pickup.id);
    expect((await owner.ok(shippingEndpoints.listPickups, { ...inBusiness(), query: { status: 'active' } })).data.map((p) => p.id)).not.toContain(pickup.id);
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'pickup.updated' } });
    expect(audit.data[0]).toMatchObject({ description: 'Edited the pickup point “Counter 2” and turned it off' });

    // An active pickup at a location archived since is not offered.
    const kiosk = await createLocation(owner, business.id);
    const there = await owner.ok(shippingEndpoints.createPickup, { ...inBusiness(), body: { location_id: kiosk.id, name: 'Kiosk', hours: CLOSED } });
    expect((await listed()).map((p) => p.id)).toContain(there.id);
    await owner.ok(locationEndpoints.archive, { params: { business_id: business.id, location_id: kiosk.id } });
    expect((await listed()).map((p) => p.id)).not.toContain(there.id);
    // ...and no new pickup goes there.
    const refused = await owner.call(shippingEndpoints.createPickup, { ...inBusiness(), body: { location_id: kiosk.id, name: 'Again', hours: CLOSED } });
    expect(failure(refused)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'location_id' }] });
  });

  it('refuses a location of another business, unknown pickups and bad hours', async () => {
    const other = await createBusiness(t);
    const theirs = await createLocation(other.people.owner.agent, other.id);
    const res = await owner.call(shippingEndpoints.createPickup, { ...inBusiness(), body: { location_id: theirs.id, name: 'x', hours: CLOSED } });
    expect(failure(res)).toMatchObject({ issues: [{ path: 'location_id' }] });
    const bad = answerOf(
      await owner.post(endpointPath(shippingEndpoints.createPickup, inBusiness()), {
        location_id: theirs.id,
        name: '',
        hours: { ...CLOSED, monday: { opens: '18:00', closes: '09:00' } },
      }),
    );
    expect(issuePaths(failure(bad))).toEqual(['hours.monday.closes', 'name']);
    const missing = await owner.call(shippingEndpoints.getPickup, { params: { business_id: business.id, pickup_id: theirs.id } });
    expect(failure(missing)).toMatchObject({ code: 'PICKUP_NOT_FOUND' });
  });
});

describe('variant weights', () => {
  it('keeps a weight per variant for rates by weight: set, kept by a change that leaves it out, cleared with null, refused when not whole grams', async () => {
    const product = await createProduct(owner, business.id, { variants: [{ price: 900, weight_grams: 250 }] });
    expect(product.variants[0]!.weight_grams).toBe(250);
    const one = { params: { business_id: business.id, product_id: product.id } };
    const variant = product.variants[0]!;
    const kept = await owner.ok(productEndpoints.update, { ...one, body: { options: [], variants: [{ id: variant.id, price: 950 }] } });
    expect(kept.variants[0]).toMatchObject({ id: variant.id, weight_grams: 250, price: { amount: 950 } });
    const cleared = await owner.ok(productEndpoints.update, { ...one, body: { options: [], variants: [{ id: variant.id, price: 950, weight_grams: null }] } });
    expect(cleared.variants[0]!.weight_grams).toBeNull();
    for (const weight of [0, 2.5, -1]) {
      const res = answerOf(
        await owner.post(endpointPath(productEndpoints.create, inBusiness()), { name: 'Heavy', variants: [{ price: 100, weight_grams: weight }] }),
      );
      expect(issuePaths(failure(res)), String(weight)).toEqual(['variants.0.weight_grams']);
    }
  });
});
