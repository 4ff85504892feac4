import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type EndpointQuery } from '@merchant/core';
import { PRODUCT_LOG_EXPORT_MAX_ROWS, productEndpoints, productLogEndpoints, stockEndpoints } from '@merchant/catalogue';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, type FactoryBusiness } from './factories';
import { parseCsv } from '../src/lib/csv';

/** The product log: who changed a price, the availability or the name and when, by product, kind and the business's days. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner'>;
let latte: string;
let mug: string;

type Query = EndpointQuery<typeof productLogEndpoints.list>;
const list = (query: Query = {}) => owner.ok(productLogEndpoints.list, { params: { business_id: business.id }, query });
const rows = async (query: Query = {}) => (await list(query)).data.map((e) => `${e.product_name} ${e.field} ${e.before ?? '-'}>${e.after ?? '-'}`);

beforeAll(async () => {
  t = await createTestContext();
  // Singapore: its day starts at 16:00 UTC the day before. The clock moves less than a session's idle limit at a time.
  t.clock.set(new Date('2026-11-02T15:30:00Z')); // 2 Nov, 23:30 in Singapore
  business = await createBusiness(t, { timeZone: 'Asia/Singapore' });
  owner = business.people.owner.agent;
  latte = (await createProduct(owner, business.id, { name: 'Latte', price: 500, channels: ['pos'] })).id;
  t.clock.set(new Date('2026-11-02T16:30:00Z')); // 3 Nov, 00:30 in Singapore
  const made = await createProduct(owner, business.id, { name: 'Mug', price: 1200, channels: ['pos'] });
  mug = made.id;
  t.clock.set(new Date('2026-11-02T17:10:00Z'));
  await owner.ok(productEndpoints.update, {
    params: { business_id: business.id, product_id: mug },
    body: { name: 'Big mug', options: [], variants: [{ id: made.variants[0]!.id, price: 1500 }] },
  });
  await owner.ok(productEndpoints.archive, { params: { business_id: business.id, product_id: latte } });
});
afterAll(() => t.close());

describe('the product log', () => {
  it('lists every change newest first, with the product’s current name and who made it', async () => {
    expect(await rows()).toEqual([
      'Latte status active>archived',
      'Big mug price 1200>1500',
      'Big mug name Mug>Big mug',
      'Big mug price ->1200',
      'Big mug channels ->pos',
      'Big mug status ->active',
      'Big mug name ->Mug',
      'Latte price ->500',
      'Latte channels ->pos',
      'Latte status ->active',
      'Latte name ->Latte',
    ]);
    const [first] = (await list()).data;
    expect(first).toMatchObject({ kind: 'availability', currency: 'sgd', actor: { id: business.people.owner.id, name: business.people.owner.name } });
  });

  it('filters by product, kind and the business’s days', async () => {
    expect(await rows({ product_id: latte, kind: 'availability' })).toEqual(['Latte status active>archived', 'Latte channels ->pos', 'Latte status ->active']);
    expect(await rows({ kind: 'price' })).toEqual(['Big mug price 1200>1500', 'Big mug price ->1200', 'Latte price ->500']);
    expect(await rows({ kind: 'name', to: '2026-11-02' })).toEqual(['Latte name ->Latte']);
    expect(await rows({ kind: 'name', from: '2026-11-03', to: '2026-11-03' })).toEqual(['Big mug name Mug>Big mug', 'Big mug name ->Mug']);
    expect(await rows({ from: '2026-11-04' })).toEqual([]);
    const backwards = answerOf(
      await owner.get(`${endpointPath(productLogEndpoints.list, { params: { business_id: business.id } })}?from=2026-11-03&to=2026-11-02`),
    );
    expect(failure(backwards).issues?.map((i) => i.path)).toEqual(['querystring.to']);
    const unknown = answerOf(await owner.get(`${endpointPath(productLogEndpoints.list, { params: { business_id: business.id } })}?kind=colour`));
    expect(unknown.status).toBe(422);
  });

  it('pages with a cursor', async () => {
    const first = await list({ limit: 4 });
    const second = await list({ limit: 4, cursor: first.next_cursor! });
    const third = await list({ limit: 4, cursor: second.next_cursor! });
    expect([...first.data, ...second.data, ...third.data].map((e) => e.id)).toEqual((await list()).data.map((e) => e.id));
    expect(third.next_cursor).toBeNull();
  });

  it('exports the filtered log as CSV, money in major units', async () => {
    const url = endpointPath(productLogEndpoints.export, { params: { business_id: business.id }, query: { kind: 'price' } });
    const res = await owner.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="product-log-[a-z0-9-]+-2026-11-02\.csv"$/);
    expect(res.headers['x-export-row-limit']).toBe(String(PRODUCT_LOG_EXPORT_MAX_ROWS));
    expect(res.headers['x-export-truncated']).toBe('false');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Time (UTC)',
      'Product',
      'Product ID',
      'Variant',
      'Variant ID',
      'Location',
      'Kind',
      'Field',
      'Before',
      'After',
      'Currency',
      'Person',
    ]);
    expect(lines.map((r) => [r[1], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      ['Big mug', 'price', '12.00', '15.00', 'SGD', business.people.owner.name],
      ['Big mug', 'price', '', '12.00', 'SGD', business.people.owner.name],
      ['Latte', 'price', '', '5.00', 'SGD', business.people.owner.name],
    ]);
    expect(lines[0]![0]).toBe('2026-11-02T17:10:00.000Z');
    const names = parseCsv(
      (await owner.get(endpointPath(productLogEndpoints.export, { params: { business_id: business.id }, query: { product_id: latte } }))).body.slice(1),
    );
    expect(names.slice(1).map((r) => `${r[7]} ${r[8]}>${r[9]}`)).toEqual([
      'status active>archived',
      'price >5.00',
      'channels >pos',
      'status >active',
      'name >Latte',
    ]);
    const backwards = await owner.get(`${endpointPath(productLogEndpoints.export, { params: { business_id: business.id } })}?from=2026-11-03&to=2026-11-02`);
    expect(backwards.statusCode).toBe(422);
  });

  it('names the variant of a price change and the location of a stock change, in the list and the CSV', async () => {
    const roastery = await createLocation(owner, business.id, { name: 'Roastery' });
    const beans = await createProduct(owner, business.id, {
      name: 'House blend',
      track_stock: true,
      options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
      variants: [
        { option_values: ['250 g'], price: 1800 },
        { option_values: ['1 kg'], price: 6200 },
      ],
    });
    const [small, large] = beans.variants.map((v) => v.id) as [string, string];
    t.clock.advance(1000);
    await owner.ok(productEndpoints.update, {
      params: { business_id: business.id, product_id: beans.id },
      body: {
        options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
        variants: [
          { id: small, option_values: ['250 g'], price: 1800 },
          { id: large, option_values: ['1 kg'], price: 6500 },
        ],
      },
    });
    await owner.ok(stockEndpoints.adjust, {
      params: { business_id: business.id },
      body: { lines: [{ variant_id: small, location_id: roastery.id, reason: 'received', quantity: 12 }] },
    });
    const entries = (await list({ product_id: beans.id })).data;
    const change = entries.find((e) => e.field === 'price' && e.before === '6200');
    expect(change).toMatchObject({ variant_id: large, variant_name: '1 kg', location_id: null, location_name: null, after: '6500' });
    const received = entries.find((e) => e.kind === 'stock');
    expect(received).toMatchObject({ variant_id: small, variant_name: '250 g', location_id: roastery.id, location_name: 'Roastery', after: '12' });
    expect(entries.find((e) => e.field === 'name')).toMatchObject({ variant_id: null, variant_name: null });
    const csv = parseCsv(
      (await owner.get(endpointPath(productLogEndpoints.export, { params: { business_id: business.id }, query: { product_id: beans.id } }))).body.slice(1),
    );
    expect(
      csv
        .slice(1)
        .find((r) => r[7] === 'price' && r[8] === '62.00')
        ?.slice(3, 6),
    ).toEqual(['1 kg', large, '']);
    expect(
      csv
        .slice(1)
        .find((r) => r[6] === 'stock')
        ?.slice(3, 6),
    ).toEqual(['250 g', small, 'Roastery']);
  });
});
