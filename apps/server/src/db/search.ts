import { sql, type SQL } from 'drizzle-orm';
import { index, type PgTable } from 'drizzle-orm/pg-core';

/**
 * Word-prefix search (docs/payments.md, "Search"). `search_words(...)` (migration 0083) makes a row's words into
 * a tsvector: the texts lowercased and split at spaces and ASCII punctuation, each word as itself marked whole
 * (`word.`) and each of its prefixes of 2 to 24 characters. `search_query(q)` makes a search's words into a
 * tsquery the same way: every word but the last must be a whole word, the last may be any word's start. So
 * "customer12@exa" finds customer12@example.com and not customer123@example.com, and "inv-00" finds INV-0012345.
 * Payments and customers keep their words in a stored column `search` with a GIN index; the column is left out of
 * the ORM's schema (db/schema), so no read of a row carries it. The planner estimates each lexeme from the
 * column's statistics: a rare word reads its few rows from the index, a common one walks the list's order index,
 * tests each row's stored words and stops after a page.
 */
export const searchMatches = (table: PgTable, q: unknown): SQL => sql`${table}."search" @@ search_query(${q})`;

/**
 * The storage of every search index (GIN: the words here, the trigrams of products' names and codes and of payments'
 * references). A GIN index files new rows in a pending list that every search reads row by row until a vacuum or the
 * list's limit merges it into the index; at PostgreSQL's default limit (4 MB) a search by SKU took 30 to 60 ms with
 * the list full where it takes 2 ms without (docs/benchmarks.md, "The search indexes' pending lists"). 64 kB, the
 * least, keeps it to a few pages: a row written costs about 0.1 ms more, paid by the write that fills the list.
 */
export const SEARCH_INDEX_STORAGE = { gin_pending_list_limit: 64 } as const;

/** The GIN index on a table's `search` column, declared with the table (the column itself is the migration's). */
export const searchIndex = (name: string) =>
  index(name)
    .using('gin', sql`"search"`)
    .with(SEARCH_INDEX_STORAGE);

/** The separators of words, as search_words and search_query split at them: ASCII spaces and punctuation. */
const SEPARATORS = /[\t\n\v\f\r \x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+/;

/** Whether `q` has a word to search for (a search of only punctuation matches nothing by words). */
export const hasSearchWords = (q: string): boolean => q.split(SEPARATORS).some((w) => w !== '');
