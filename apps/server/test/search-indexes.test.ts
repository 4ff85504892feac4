import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './harness';

/**
 * Every GIN index a search reads keeps its pending list small (db/search.ts, SEARCH_INDEX_STORAGE): at the default
 * 4 MB a search reads up to 500 pages of rows not yet merged before its index's own pages.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

/** Not a search: the few countries of a store's shipping zones, read by the checkout's address. */
const NOT_SEARCHES = ['shipping_zones_countries_idx'];

describe('search indexes', () => {
  it('hold new rows in a pending list of at most 64 kB, on every GIN index a search reads', async () => {
    const result = (await database.db.execute(
      sql`select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options
          from pg_class c join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
          where a.amname = 'gin' and n.nspname = 'public' order by c.relname`,
    )) as unknown as { rows: { name: string; options: string }[] };
    const searches = result.rows.filter((r) => !NOT_SEARCHES.includes(r.name));
    expect(searches.map((r) => r.name)).toEqual([
      'customers_search_idx',
      'payments_reference_trgm_idx',
      'payments_search_idx',
      'products_codes_trgm_idx',
      'products_name_trgm_idx',
      'products_search_trgm_idx',
    ]);
    for (const r of searches) expect(r.options, r.name).toBe('gin_pending_list_limit=64');
  });
});
