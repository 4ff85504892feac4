import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { productImportEndpoints, type ProductImport } from '@merchant/catalogue';
import { createBusiness, createLocation } from './factories';
import { type Agent, type TestContext, createTestContext } from './harness';
import { multipart } from './upload-helpers';

/**
 * What a product import's row costs the database (docs/benchmarks.md, "Catalogue": bench/products.mjs imports 10,000
 * rows): the statements the job sends per new product with a stock count, savepoints included (each is a round trip
 * too; on the embedded database every statement is CPU of the app's own process). Pinned, so that a change that adds
 * a round trip to every row shows here. Both databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
const queries: string[] = [];
const ROWS = 10;
/** Savepoint and release included. */
const PER_ROW = 15;

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  const business = await createBusiness(t);
  businessId = business.id;
  owner = business.people.owner.agent;
  await createLocation(owner, businessId, { name: 'Roastery' });
});
afterAll(() => t.close());

async function upload(csv: string): Promise<ProductImport> {
  if (owner.csrf === null) await owner.token();
  const { payload, contentType } = multipart({ name: 'products.csv', type: 'text/csv', bytes: Buffer.from(csv, 'utf8') });
  const res = await t.app.inject({
    method: 'POST',
    url: endpointPath(productImportEndpoints.upload, { params: { business_id: businessId } }),
    remoteAddress: owner.ip,
    headers: {
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': owner.csrf ?? '',
      'content-type': contentType,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductImport>();
}

describe('statements per imported row', () => {
  it('a new product with a stock count: 15 statements a row, its savepoint included (21 when the product and the stock each opened a savepoint of their own and each audit entry read the role)', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `SKU-${i},Product ${i},,${i + 1}.50,,,,,yes,,yes,,${i + 3}`);
    const imported = await upload(
      ['sku,name,description,price,compare_at_price,cost,barcode,category,active,channels,track_stock,options,stock: Roastery', ...rows].join('\r\n') + '\r\n',
    );
    const at = { params: { business_id: businessId, import_id: imported.id } };
    await owner.ok(productImportEndpoints.confirm, at);
    const from = queries.length;
    await t.app.jobs.runDue();
    const sent = queries.slice(from).map((q) => q.replace(/\s+/g, ' ').slice(0, 70));
    const done = await owner.ok(productImportEndpoints.get, at);
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ create: ROWS, failed: 0 });
    // Each row is its own savepoint: the statements from one row's `savepoint` to the next's are that row's.
    const starts = sent.flatMap((q, i) => (/^savepoint /i.test(q) ? [i] : []));
    expect(starts).toHaveLength(ROWS);
    const perRow = starts.slice(1).map((start, i) => start - starts[i]!);
    const firstRow = sent.slice(starts[0], starts[1]);
    expect({ perRow: [...new Set(perRow)] }, firstRow.join('\n')).toEqual({ perRow: [PER_ROW] });
    // No row reads its actor's role for its audit entries: the job read it once.
    expect(firstRow.filter((q) => q.includes('"business_users"."role"'))).toEqual([]);
  });
});
