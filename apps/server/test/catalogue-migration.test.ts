import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@/db/client';

/**
 * The catalogue migration on a payments catalogue made before it: each product keeps its id, name and currency and
 * gets one variant whose price is its amount, so payment links and invoices that name it keep working.
 */
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const THIS = journal.entries.find((e) => e.tag.endsWith('_catalogue'))!;

let db: PGlite;

async function apply(tags: string[]) {
  for (const tag of tags) {
    for (const statement of readFileSync(join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

const BUSINESS = '00000000-0000-4000-8000-000000000001';
const MUG = '00000000-0000-4000-8000-000000000011';
const BEANS = '00000000-0000-4000-8000-000000000012';

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pg_trgm } });
  await apply(journal.entries.filter((e) => e.idx < THIS.idx).map((e) => e.tag));
  await db.query(`insert into businesses (id, identifier, name, country, currency) values ($1, 'before-catalogue', 'Before', 'SG', 'sgd')`, [BUSINESS]);
  await db.query(
    `insert into products (business_id, id, name, amount, currency, status, created_at, updated_at)
     values ($1, $2, 'Mug', 1200, 'sgd', 'active', '2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z'),
            ($1, $3, 'Beans', 4500, 'jpy', 'archived', '2026-10-03T00:00:00Z', '2026-10-03T00:00:00Z')`,
    [BUSINESS, MUG, BEANS],
  );
  await apply([THIS.tag]);
}, 120_000);
afterAll(() => db.close());

describe('the catalogue migration', () => {
  it('gives each product one variant at its amount, sold everywhere, without options', async () => {
    const { rows } = await db.query<{
      id: string;
      name: string;
      currency: string;
      status: string;
      channels: string[];
      options: unknown;
      price: number;
      position: number;
    }>(
      `select p.id, p.name, p.currency, p.status, p.channels, p.options, v.price::int as price, v.position
       from products p join product_variants v on v.business_id = p.business_id and v.product_id = p.id order by p.name`,
    );
    expect(rows).toEqual([
      { id: BEANS, name: 'Beans', currency: 'jpy', status: 'archived', channels: ['payments', 'pos', 'online_store'], options: [], price: 4500, position: 0 },
      { id: MUG, name: 'Mug', currency: 'sgd', status: 'active', channels: ['payments', 'pos', 'online_store'], options: [], price: 1200, position: 0 },
    ]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'products' and column_name = 'amount'`,
    );
    expect(columns.rows).toEqual([]);
  });
});
