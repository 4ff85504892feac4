import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEndpoints } from '@merchant/catalogue';
import { eq } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '@/db/client';
import { products } from '../src/db/schema';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';

/**
 * A product's search codes (`products.codes`: its variants' SKUs in lower case and barcodes), which the list's search
 * for the start of a code reads: written with every change of the variants, and filled for the products made before
 * the column by its migration.
 */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness;

const inBusiness = () => ({ params: { business_id: business.id } });
const found = async (q: string) => (await owner.ok(productEndpoints.list, { ...inBusiness(), query: { q } })).data.map((p) => p.name);
const codesOf = async (id: string) => (await t.database.db.select({ codes: products.codes }).from(products).where(eq(products.id, id)))[0]!.codes;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe("a product's search codes", () => {
  it('follow its variants: a changed SKU is found by its new start and no longer by the old one', async () => {
    const made = await owner.ok(productEndpoints.create, {
      ...inBusiness(),
      body: {
        name: 'Probe tee',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { option_values: ['S'], price: 2000, sku: 'PRB-TEE-S', barcode: '4006381333931' },
          { option_values: ['M'], price: 2000, sku: 'PRB-TEE-M' },
        ],
      },
    });
    expect(await codesOf(made.id)).toBe(' prb-tee-s 4006381333931 prb-tee-m');
    expect(await found('prb-tee')).toEqual(['Probe tee']);
    expect(await found('PRB-TEE-M')).toEqual(['Probe tee']);
    expect(await found('400638')).toEqual(['Probe tee']);
    // The start of a code only, never its middle; a query with a space is a name.
    expect(await found('tee-s')).toEqual([]);
    expect(await found('333931')).toEqual([]);
    expect(await found('prb-tee-s 4006')).toEqual([]);

    const [small, medium] = made.variants;
    await owner.ok(productEndpoints.update, {
      params: { business_id: business.id, product_id: made.id },
      body: {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { id: small!.id, option_values: ['S'], price: 2000, sku: 'QZT-S', barcode: null },
          { id: medium!.id, option_values: ['M'], price: 2000, sku: 'PRB-TEE-M' },
        ],
      },
    });
    expect(await codesOf(made.id)).toBe(' qzt-s prb-tee-m');
    expect(await found('qzt')).toEqual(['Probe tee']);
    expect(await found('prb-tee-s')).toEqual([]);
    expect(await found('400638')).toEqual([]);

    // A change that leaves the variants alone keeps the codes.
    await owner.ok(productEndpoints.update, { params: { business_id: business.id, product_id: made.id }, body: { name: 'Probe shirt' } });
    expect(await found('qzt-s')).toEqual(['Probe shirt']);
  });
});

describe('the migration that adds the codes', () => {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const THIS = journal.entries.find((e) => e.tag.endsWith('_product_codes'))!;
  let db: PGlite;
  const apply = async (tags: string[]) => {
    for (const tag of tags) {
      for (const statement of readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    }
  };
  const BUSINESS = '00000000-0000-4000-8000-000000000001';
  const TEE = '00000000-0000-4000-8000-000000000011';
  const GIFT = '00000000-0000-4000-8000-000000000012';

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await apply(journal.entries.filter((e) => e.idx < THIS.idx).map((e) => e.tag));
    await db.query(`insert into businesses (id, identifier, name, country, currency) values ($1, 'before-codes', 'Before', 'SG', 'sgd')`, [BUSINESS]);
    await db.query(`insert into products (business_id, id, name, currency) values ($1, $2, 'Tee', 'sgd'), ($1, $3, 'Gift card', 'sgd')`, [BUSINESS, TEE, GIFT]);
    await db.query(
      `insert into product_variants (business_id, id, product_id, position, price, sku, barcode)
       values ($1, gen_random_uuid(), $2, 1, 2000, 'TEE-M', null), ($1, gen_random_uuid(), $2, 0, 2000, 'TEE-S', '4006381333931'),
              ($1, gen_random_uuid(), $3, 0, 5000, null, null)`,
      [BUSINESS, TEE, GIFT],
    );
    await apply([THIS.tag]);
  }, 120_000);
  afterAll(() => db.close());

  it("fills each product's codes from its variants in their order, and leaves a product without codes empty", async () => {
    const { rows } = await db.query<{ name: string; codes: string }>('select name, codes from products order by name');
    expect(rows).toEqual([
      { name: 'Gift card', codes: '' },
      { name: 'Tee', codes: ' tee-s 4006381333931 tee-m' },
    ]);
  });
});
