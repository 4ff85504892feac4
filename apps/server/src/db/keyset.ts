import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Rows past a keyset cursor: `(key, id) < (cursor key, cursor id)` for a newest-first list (`>` ascending),
 * written as one row-value comparison. PostgreSQL starts an index scan on `(…, key, id)` right at the cursor
 * for this form; the equivalent `key < k or (key = k and id < i)` makes it read the index from the top on
 * every page, so page n costs n pages (a CSV export of a million rows never ends).
 */
export function pastCursor(direction: 'asc' | 'desc', key: Column, id: Column, cursor: { key: unknown; id: unknown }): SQL {
  const operator = direction === 'desc' ? sql`<` : sql`>`;
  return sql`(${key}, ${id}) ${operator} (${sql.param(cursor.key, key)}, ${sql.param(cursor.id, id)})`;
}
