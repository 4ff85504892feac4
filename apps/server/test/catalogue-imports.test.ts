import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import {
  categoryEndpoints,
  productEndpoints,
  productImportEndpoints,
  productLogEndpoints,
  type Category,
  type Location,
  type Product,
  type ProductImport,
} from '@merchant/catalogue';
import { parseCsv } from '../src/lib/csv';
import { createBusiness, createLocation, createProduct, type FactoryBusiness } from './factories';
import { type Agent, type TestContext, createTestContext } from './harness';
import { multipart } from './upload-helpers';

/**
 * Products from a CSV upload (matched by SKU) and the product list as CSV: the preview of what each row does or why it
 * is refused, the confirm, the job applying each row in its own transaction, the report, and the business's bounds.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Agent;
let roastery: Location;
let beans: Category;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  roastery = await createLocation(owner, business.id, { name: 'Roastery' });
  beans = await owner.ok(categoryEndpoints.create, { params: { business_id: business.id }, body: { name: 'Beans' } });
});
afterAll(() => t.close());

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const at = (imported: { id: string }, businessId = business.id) => ({ params: { business_id: businessId, import_id: imported.id } });

/** Uploads a CSV as the agent, as the browser's form does. */
async function upload(agent: Agent, csv: string, businessId = business.id, name = 'products.csv') {
  if (agent.csrf === null) await agent.token();
  const { payload, contentType } = multipart({ name, type: 'text/csv', bytes: Buffer.from(csv, 'utf8') });
  const res = await t.app.inject({
    method: 'POST',
    url: endpointPath(productImportEndpoints.upload, inBusiness(businessId)),
    remoteAddress: agent.ip,
    headers: {
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': agent.csrf ?? '',
      'content-type': contentType,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json<ProductImport & { code: string; issues?: { path: string; message: string }[] }>() };
}

async function uploaded(csv: string, agent = owner, businessId = business.id): Promise<ProductImport> {
  const res = await upload(agent, csv, businessId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const rowsOf = async (imported: { id: string }, agent = owner, businessId = business.id) =>
  (await agent.ok(productImportEndpoints.rows, { ...at(imported, businessId), query: { limit: 200 } })).data;
const bySku = async (sku: string, agent = owner, businessId = business.id): Promise<Product[]> =>
  (await agent.ok(productEndpoints.list, { ...inBusiness(businessId), query: { q: sku, status: 'all', limit: 50 } })).data.filter((p) =>
    p.variants.some((v) => v.sku?.toLowerCase() === sku.toLowerCase()),
  );
const one = async (sku: string, agent = owner, businessId = business.id) => {
  const found = await bySku(sku, agent, businessId);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const csvOf = (header: string, ...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
const HEADER = 'sku,name,description,price,compare_at_price,cost,barcode,category,active,channels,track_stock,options,stock: Roastery';

async function confirmAndRun(imported: ProductImport, agent = owner, businessId = business.id): Promise<ProductImport> {
  await agent.ok(productImportEndpoints.confirm, at(imported, businessId));
  await t.app.jobs.runDue();
  return agent.ok(productImportEndpoints.get, at(imported, businessId));
}

describe('a file of new, changed and refused products', () => {
  it('previews each row, changes nothing before the confirm, then creates and updates by SKU and reports every row', async () => {
    const existing = await createProduct(owner, business.id, {
      name: 'Old blend',
      variants: [{ price: 1500, sku: 'BLEND-1', barcode: '111' }],
    });
    await createProduct(owner, business.id, { name: 'Mug', variants: [{ price: 900, sku: 'MUG-1', barcode: '222' }] });

    const imported = await uploaded(
      csvOf(
        HEADER,
        'NEW-1,Ethiopia 250 g,Floral,18.50,22.00,7.20,333,Beans,yes,pos online_store,yes,,12',
        'blend-1,House blend,,16.00,,,,,,,,,',
        'NEW-2,Dup barcode,,5.00,,,222,,,,,,',
        'NEW-3,Bad price,,5.005,,,,,,,,,',
        'NEW-4,Unknown category,,5.00,,,,Teas,,,,,',
        'NEW-1,Twice,,5.00,,,,,,,,,',
        'NEW-5,,,5.00,,,,,,,,,',
        'NEW-6,Untracked stock,,5.00,,,,,,,no,,3',
      ),
    );
    expect(imported.status).toBe('validated');
    expect(imported.counts).toMatchObject({ rows: 8, create: 1, update: 1, refused: 6, done: 0, pending: 2 });
    const rows = await rowsOf(imported);
    const problemOf = (row: number) => rows.find((r) => r.row === row)!.problems.map((p) => `${p.column}: ${p.message}`);
    expect(rows.map((r) => [r.row, r.state])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'refused'],
      [9, 'refused'],
    ]);
    expect(rows[1]!.product_id).toBe(existing.id);
    expect(problemOf(4)).toEqual(['barcode: The barcode 222 is already used by another product']);
    expect(problemOf(5)[0]).toMatch(/^price: Enter an amount such as 18\.50 \(2 decimals in SGD\)/);
    expect(problemOf(6)).toEqual(['category: No category is named “Teas”: add it first, or leave the cell blank']);
    expect(problemOf(7)).toEqual(['sku: Row 2 has the SKU NEW-1: each SKU once']);
    expect(problemOf(8)).toEqual(['name: Enter the name of the new product']);
    expect(problemOf(9)).toEqual(['track_stock: Stock is counted only for products that track it: write yes in track_stock']);
    // Nothing changed yet.
    expect(await bySku('NEW-1')).toEqual([]);
    expect((await one('BLEND-1')).name).toBe('Old blend');

    const done = await confirmAndRun(imported);
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ done: 2, failed: 0, pending: 0 });

    const created = await one('NEW-1');
    expect(created).toMatchObject({
      name: 'Ethiopia 250 g',
      description: 'Floral',
      category_id: beans.id,
      channels: ['pos', 'online_store'],
      track_stock: true,
      status: 'active',
    });
    expect(created.variants[0]).toMatchObject({
      price: { amount: 1850, currency: 'sgd' },
      compare_at_price: { amount: 2200, currency: 'sgd' },
      cost: { amount: 720, currency: 'sgd' },
      barcode: '333',
    });
    expect(created.variants[0]!.stock).toEqual([expect.objectContaining({ location_id: roastery.id, on_hand: 12 })]);

    const updated = await one('BLEND-1');
    expect(updated.id).toBe(existing.id);
    expect(updated.name).toBe('House blend');
    expect(updated.variants[0]).toMatchObject({ id: existing.variants[0]!.id, price: { amount: 1600 }, barcode: '111', sku: 'BLEND-1' });
    // The change went through the product service: its log has the price and the name.
    const log = await owner.ok(productLogEndpoints.list, { ...inBusiness(), query: { product_id: existing.id, limit: 50 } });
    expect(log.data.map((l) => [l.field, l.before, l.after])).toEqual(
      expect.arrayContaining([
        ['price', '1500', '1600'],
        ['name', 'Old blend', 'House blend'],
      ]),
    );

    const report = await owner.get(endpointPath(productImportEndpoints.report, at(imported)));
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('products-report.csv');
    const [head, ...lines] = parseCsv(report.body.replace(/^\uFEFF/, ''));
    expect(head).toEqual(['Row', 'SKU', 'Name', 'Outcome', 'Reasons']);
    expect(lines.map((l) => l.slice(0, 4))).toEqual([
      ['2', 'NEW-1', 'Ethiopia 250 g', 'Created'],
      ['3', 'blend-1', 'House blend', 'Updated'],
      ['4', 'NEW-2', 'Dup barcode', 'Refused'],
      ['5', 'NEW-3', 'Bad price', 'Refused'],
      ['6', 'NEW-4', 'Unknown category', 'Refused'],
      ['7', 'NEW-1', 'Twice', 'Refused'],
      ['8', 'NEW-5', '', 'Refused'],
      ['9', 'NEW-6', 'Untracked stock', 'Refused'],
    ]);
    expect(lines[2]![4]).toBe('barcode: The barcode 222 is already used by another product');

    // Confirming again and running the job again change nothing.
    await owner.ok(productImportEndpoints.confirm, at(imported));
    await t.app.jobs.runDue();
    expect(await bySku('NEW-1')).toHaveLength(1);
  });

  it('reads prices by the currency’s decimals: a JPY business takes yen, a KWD business fils', async () => {
    const yen = await createBusiness(t, { currency: 'jpy' });
    const yenOwner = yen.people.owner.agent;
    const imported = await uploaded(csvOf('sku,name,price', 'JP-1,Sencha,1500', 'JP-2,Matcha,15.50'), yenOwner, yen.id);
    const rows = await rowsOf(imported, yenOwner, yen.id);
    expect(rows.map((r) => r.state)).toEqual(['create', 'refused']);
    expect(rows[1]!.problems[0]!.message).toMatch(/^Enter an amount such as 1500 \(0 decimals in JPY\)/);
    await confirmAndRun(imported, yenOwner, yen.id);
    expect((await one('JP-1', yenOwner, yen.id)).variants[0]!.price).toEqual({ amount: 1500, currency: 'jpy' });

    const dinar = await createBusiness(t, { currency: 'kwd' });
    const dinarOwner = dinar.people.owner.agent;
    const kwd = await uploaded(csvOf('sku,name,price', 'KW-1,Qahwa,1.250'), dinarOwner, dinar.id);
    await confirmAndRun(kwd, dinarOwner, dinar.id);
    expect((await one('KW-1', dinarOwner, dinar.id)).variants[0]!.price).toEqual({ amount: 1250, currency: 'kwd' });
  });
});

describe('nothing half-saved', () => {
  it('a row a rule refuses when it is applied saves nothing of itself, and the rows around it are applied', async () => {
    const product = await createProduct(owner, business.id, {
      name: 'Decaf',
      track_stock: true,
      variants: [{ price: 1500, compare_at_price: 2000, sku: 'DECAF-1' }],
    });
    const imported = await uploaded(
      csvOf(
        HEADER,
        'HALF-1,Before,,4.00,,,,,,,,,',
        // Its price over the compare-at price it keeps: refused by the product's rules when applied, stock included.
        'DECAF-1,Decaf renamed,,25.00,,,,,,,,,40',
        'HALF-2,Race,,4.00,,,RACE-CODE,,,,,,',
        'HALF-3,After,,4.00,,,,,,,,,',
      ),
    );
    expect(imported.counts).toMatchObject({ create: 3, update: 1, refused: 0 });
    // Between the upload and the confirm another product takes a barcode the file gives.
    await createProduct(owner, business.id, { name: 'Racer', variants: [{ price: 100, barcode: 'RACE-CODE' }] });

    const done = await confirmAndRun(imported);
    expect(done.counts).toMatchObject({ done: 2, failed: 2, pending: 0 });
    const rows = await rowsOf(imported);
    expect(rows.map((r) => [r.sku, r.state])).toEqual([
      ['HALF-1', 'done'],
      ['DECAF-1', 'failed'],
      ['HALF-2', 'failed'],
      ['HALF-3', 'done'],
    ]);
    expect(rows[1]!.problems.at(-1)!.message).toBe('The compare-at price must be above the price');
    expect(rows[2]!.problems.at(-1)!.message).toBe('The barcode RACE-CODE is already used by another product');

    const after = await one('DECAF-1');
    expect(after.name).toBe('Decaf');
    expect(after.variants[0]).toMatchObject({ price: { amount: 1500 }, stock: [] });
    expect(after.updated_at).toBe(product.updated_at);
    expect(await bySku('HALF-2')).toEqual([]);
    expect(await bySku('HALF-1')).toHaveLength(1);
    expect(await bySku('HALF-3')).toHaveLength(1);
  });
});

describe('the business’s bounds', () => {
  it('updates only the uploading business’s products: the same SKU elsewhere is another business’s and stays as it is', async () => {
    const other = await createBusiness(t);
    const theirs = await createProduct(other.people.owner.agent, other.id, { name: 'Their tea', variants: [{ price: 700, sku: 'SHARED-1' }] });
    const imported = await uploaded(csvOf('sku,name,price', 'SHARED-1,Our tea,8.00'));
    expect((await rowsOf(imported))[0]!.state).toBe('create');
    await confirmAndRun(imported);
    expect((await one('SHARED-1')).name).toBe('Our tea');
    const still = await one('SHARED-1', other.people.owner.agent, other.id);
    expect(still).toMatchObject({ id: theirs.id, name: 'Their tea', updated_at: theirs.updated_at });
    expect(still.variants[0]!.price.amount).toBe(700);

    // Another business's import is not found here, nor ours there.
    expect((await other.people.owner.agent.call(productImportEndpoints.get, at(imported, other.id))).status).toBe(404);
    expect((await owner.call(productImportEndpoints.get, at(imported, other.id))).status).toBe(404);
  });

  it('needs catalogue:manage: a cashier can neither upload, confirm, export nor read the report', async () => {
    const cashier = business.people.cashier.agent;
    expect((await upload(cashier, csvOf('sku,name,price', 'CASH-1,Nope,1.00'))).status).toBe(403);
    const imported = await uploaded(csvOf('sku,name,price', 'CASH-2,Mine,1.00'));
    expect((await cashier.call(productImportEndpoints.confirm, at(imported))).status).toBe(403);
    expect((await cashier.call(productImportEndpoints.rows, { ...at(imported), query: {} })).status).toBe(403);
    expect((await cashier.get(endpointPath(productImportEndpoints.export, inBusiness()))).statusCode).toBe(403);
    expect((await cashier.get(endpointPath(productImportEndpoints.report, at(imported)))).statusCode).toBe(403);
  });
});

describe('files that cannot be read', () => {
  it('refuses a file without a sku column, a stock column of an unknown location, and an empty file, storing nothing', async () => {
    const noSku = await upload(owner, csvOf('name,price', 'Tea,1.00'));
    expect(noSku.status).toBe(422);
    expect(noSku.body.code).toBe('PRODUCT_IMPORT_COLUMNS_INVALID');
    expect(noSku.body.issues![0]!.message).toBe('The column sku is missing.');
    const unknown = await upload(owner, csvOf('sku,name,price,stock: Harbour', 'T-1,Tea,1.00,3'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.issues![0]!.message).toBe('No active location is named “Harbour” (the column “stock: Harbour”).');
    const empty = await upload(owner, 'sku,name,price\r\n');
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('PRODUCT_IMPORT_FILE_INVALID');
  });
});

describe('the export', () => {
  it('writes the filtered list in the import’s columns, and uploading it back changes nothing', async () => {
    await createProduct(owner, business.id, {
      name: 'Export bag',
      category_id: beans.id,
      variants: [{ price: 1234, cost: 500, sku: 'EXP-1', barcode: 'E-1' }],
    });
    await createProduct(owner, business.id, {
      name: 'Export sizes',
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        { option_values: ['S'], price: 100, sku: 'EXP-2S' },
        { option_values: ['L'], price: 200, sku: 'EXP-2L' },
      ],
    });
    const res = await owner.get(`${endpointPath(productImportEndpoints.export, inBusiness())}?q=EXP-&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, ...lines] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(head).toEqual(HEADER.split(','));
    expect(lines).toEqual([
      ['EXP-1', 'Export bag', '', '12.34', '', '5.00', 'E-1', 'Beans', 'yes', 'payments pos online_store', 'no', '', ''],
      ['EXP-2S', 'Export sizes', '', '1.00', '', '', '', '', 'yes', 'payments pos online_store', 'no', 'Size: S', ''],
      ['EXP-2L', 'Export sizes', '', '2.00', '', '', '', '', 'yes', 'payments pos online_store', 'no', 'Size: L', ''],
    ]);

    const again = await uploaded(res.body);
    expect(again.counts).toMatchObject({ rows: 3, update: 3, refused: 0 });
    const before = await bySku('EXP-2S');
    await confirmAndRun(again);
    const after = await bySku('EXP-2S');
    expect(after[0]!.updated_at).toBe(before[0]!.updated_at);
    expect(after[0]!.variants.map((v) => v.price.amount)).toEqual([100, 200]);
  });
});
