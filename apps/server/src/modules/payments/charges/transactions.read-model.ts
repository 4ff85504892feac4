import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { startOfLocalDay } from '@merchant/core';
import { INCOMPLETE_STATUSES, PAYMENT_STATUSES, type PaymentStatus, type TransactionFilters, type TransactionSort } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { preparedPerShape } from '@/db/prepared';
import { payments } from '@/db/schema';
import { mayLag } from '@/db/replica';
import { hasSearchWords, searchMatches } from '@/db/search';

export type TransactionRow = typeof payments.$inferSelect;

/**
 * The list's filters and the public API's further ones (docs/developers.md, "Public API: charges, refunds, balances"):
 * any of several statuses, a customer, a source's id (a payment request's payments).
 */
export type TransactionRowFilters = TransactionFilters & { statuses?: readonly PaymentStatus[]; customer_id?: string; source_id?: string };

/** Where a page ended: the sort key (time or amount) and the id of its last row. */
export type TransactionCursor = { by: 'time'; at: Date; id: string } | { by: 'amount'; amount: number; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const byAmount = (sort: TransactionSort) => sort === 'amount_desc' || sort === 'amount_asc';
const descending = (sort: TransactionSort) => sort === 'newest' || sort === 'amount_desc';

export function cursorAfter(row: TransactionRow, sort: TransactionSort): TransactionCursor {
  return byAmount(sort) ? { by: 'amount', amount: row.amount, id: row.id } : { by: 'time', at: row.createdAt, id: row.id };
}

export function encodeTransactionCursor(c: TransactionCursor): string {
  const key = c.by === 'time' ? c.at.toISOString() : String(c.amount);
  return Buffer.from(`${c.by}|${key}|${c.id}`).toString('base64url');
}

/** The cursor a page of this sort handed out, or undefined (the first page) for anything else. */
export function decodeTransactionCursor(cursor: string | undefined, sort: TransactionSort): TransactionCursor | undefined {
  if (!cursor) return undefined;
  const [by, key, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !id || !UUID.test(id) || key === undefined) return undefined;
  if (by === 'amount' && byAmount(sort) && /^\d{1,15}$/.test(key)) return { by, amount: Number(key), id };
  if (by === 'time' && !byAmount(sort)) {
    const at = new Date(key);
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1900 || at.getUTCFullYear() > 2999) return undefined;
    return { by, at, id };
  }
  return undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Which conditions a page's filters and cursor add (each condition's values are the statement's placeholders):
 * a page's statement is built once per shape and sort (db/prepared.ts), its values bound per request. A search
 * matches words (`words`: word prefixes of the reference, name and email, db/search.ts); one of four digits also
 * a card's or a bank account's last 4 (`digits`); `middle` is a part from the middle of a reference, asked only
 * when no word matches (`page`).
 */
interface PageShape {
  sort: TransactionSort;
  status: boolean;
  /** Several statuses, written into the statement (sorted, joined): '' for none. */
  statuses: string;
  method: boolean;
  customer: boolean;
  sourceId: boolean;
  source: boolean;
  integration: boolean;
  from: boolean;
  to: boolean;
  min: boolean;
  max: boolean;
  search: 'none' | 'words' | 'digits' | 'middle';
  cursor: boolean;
}

const p = (name: string) => sql.placeholder(name);

/**
 * Without a status filter the list leaves out payments started and never paid (`INCOMPLETE_STATUSES`; docs/payments.md,
 * "transactions"). The statuses are written into the statement (one text per shape, as before). The walk in the
 * sort's index skips such rows as it reads them: they are a small share of a business's payments (starts are limited
 * per address and per link or QR code, docs/security.md), so a page still reads about `limit + 1` rows. Were they
 * ever dense, a partial index on (business, created_at, id) of the shown statuses would serve this walk.
 */
const shownByDefault = sql`${payments.status} not in (${sql.raw(INCOMPLETE_STATUSES.map((s) => `'${s}'`).join(', '))})`;

function conditionsOf(shape: PageShape): SQL[] {
  const words = searchMatches(payments, p('q'));
  const search = {
    none: undefined,
    words,
    digits: or(words, eq(payments.cardLast4, p('q')), eq(payments.bankLast4, p('q'))),
    middle: ilike(payments.reference, p('pattern')),
  }[shape.search];
  const [key, operator] = [byAmount(shape.sort) ? payments.amount : payments.createdAt, descending(shape.sort) ? sql`<` : sql`>`];
  return [
    eq(payments.businessId, p('businessId')),
    shape.status ? eq(payments.status, p('status')) : shape.statuses ? sql`${payments.status} in (${sql.raw(shape.statuses)})` : shownByDefault,
    shape.method ? eq(payments.method, p('method')) : undefined,
    shape.customer ? eq(payments.customerId, p('customer')) : undefined,
    shape.sourceId ? eq(payments.sourceId, p('sourceId')) : undefined,
    shape.source ? eq(payments.sourceType, p('source')) : undefined,
    shape.integration ? eq(payments.integrationId, p('integration')) : undefined,
    shape.from ? gte(payments.createdAt, p('from')) : undefined,
    shape.to ? lt(payments.createdAt, p('to')) : undefined,
    shape.min ? gte(payments.amount, p('min')) : undefined,
    shape.max ? lte(payments.amount, p('max')) : undefined,
    search,
    // Rows after the cursor in the sort's order: (key, id) compared as a pair, so equal keys never repeat or skip.
    shape.cursor ? sql`(${key}, ${payments.id}) ${operator} (${p('cursorKey')}, ${p('cursorId')})` : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

function orderOf(sort: TransactionSort) {
  const dir = descending(sort) ? desc : asc;
  return byAmount(sort) ? [dir(payments.amount), dir(payments.id)] : [dir(payments.createdAt), dir(payments.id)];
}

/** The statement of a shape: built the first time a request has that shape (a few dozen at most in use). */
const pageRead = preparedPerShape(
  'transactions_page',
  (shape: PageShape) =>
    [
      shape.sort,
      ...(['status', 'method', 'source', 'integration', 'from', 'to', 'min', 'max', 'cursor', 'customer', 'sourceId'] as const).map((k) =>
        shape[k] ? '1' : '0',
      ),
      shape.search,
      // The statuses as a bit mask: statement names stay short (Postgres keeps 63 characters of a name).
      shape.statuses ? PAYMENT_STATUSES.reduce((mask, s, i) => (shape.statuses.includes(`'${s}'`) ? mask | (1 << i) : mask), 0).toString(16) : 'x',
    ].join('_'),
  (shape, db, name) =>
    db
      .select()
      .from(payments)
      .where(and(...conditionsOf(shape)))
      .orderBy(...orderOf(shape.sort))
      .limit(p('limit'))
      .prepare(name),
  // A search's best plan depends on its words (db/prepared.ts).
  { planEachRun: (shape) => shape.search !== 'none' },
);

/**
 * Statuses as the statement's literal list: only known statuses, sorted, so a set of them is one shape; none at all
 * is `null` (`status in (null)` matches no row).
 */
const statusList = (statuses: readonly PaymentStatus[]) =>
  [...new Set(statuses)]
    .filter((s) => (PAYMENT_STATUSES as readonly string[]).includes(s))
    .sort()
    .map((s) => `'${s}'`)
    .join(', ') || 'null';

/** A page's shape but its search and cursor. */
type Filtered = Omit<PageShape, 'search' | 'cursor'>;

/**
 * A search that may be a part from the middle of a reference: 3 letters or digits in a row, which the trigram index
 * serves (without them, `ILIKE` would read every row of the business).
 */
const MIDDLE = /[\p{L}\p{N}]{3}/u;

export const transactionsReadModel = {
  /**
   * A page of the filtered list; `zone` is the time zone of the filter's days (the business's unless `f.tz`). Reads
   * `limit + 1` rows. A search matches words first; when no row under the filters matches a word and the search
   * holds 3 letters or digits in a row, it matches a part from the middle of a reference instead ("12345" finds
   * INV-0012345). Which of the two a search is, is decided from the filters alone, so every page of it is the same:
   * a page after a cursor that finds no word asks whether any row matches a word at all before it reads the middle.
   */
  async page(db: Executor, businessId: string, zone: string, f: TransactionRowFilters, limit: number, cursor?: TransactionCursor): Promise<TransactionRow[]> {
    const filtered: Filtered = {
      sort: f.sort,
      status: f.status !== undefined,
      statuses: f.statuses ? statusList(f.statuses) : '',
      method: f.method !== undefined,
      customer: f.customer_id !== undefined,
      sourceId: f.source_id !== undefined,
      source: f.source !== undefined,
      integration: f.integration_id !== undefined,
      from: f.from !== undefined,
      to: f.to !== undefined,
      min: f.min_amount !== undefined,
      max: f.max_amount !== undefined,
    };
    const values = {
      businessId,
      limit: limit + 1,
      status: f.status,
      method: f.method,
      customer: f.customer_id,
      sourceId: f.source_id,
      source: f.source,
      integration: f.integration_id,
      from: f.from ? startOfLocalDay(f.from, zone).toISOString() : undefined,
      to: f.to ? startOfLocalDay(f.to, zone, 1).toISOString() : undefined,
      min: f.min_amount,
      max: f.max_amount,
      pattern: f.q ? `%${escapeLike(f.q)}%` : undefined,
      q: f.q,
      cursorKey: cursor === undefined ? undefined : cursor.by === 'amount' ? cursor.amount : cursor.at.toISOString(),
      cursorId: cursor?.id,
    };
    // The list and its export may lag: the replica when there is one (db/replica.ts).
    const read = (search: PageShape['search'], after: boolean, rows = values.limit) =>
      pageRead({ ...filtered, search, cursor: after })(mayLag(db), { ...values, limit: rows });
    const q = f.q ?? '';
    if (!q) return read('none', cursor !== undefined);
    const words = /^\d{4}$/.test(q) ? 'digits' : 'words';
    const hasWords = hasSearchWords(q);
    const found = hasWords ? await read(words, cursor !== undefined) : [];
    if (found.length > 0 || !MIDDLE.test(q)) return found;
    // No word on this page: the middle of a reference, unless some row matches a word (then the words' pages ended).
    if (cursor !== undefined && hasWords && (await read(words, false, 1)).length > 0) return [];
    return read('middle', cursor !== undefined);
  },
};
