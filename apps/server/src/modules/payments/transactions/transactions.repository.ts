import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { TRANSACTION_SORTS, type TransactionFilters, type TransactionSort } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { preparedStatement } from '@/db/prepared';
import { payments } from '@/db/schema';

export type TransactionRow = typeof payments.$inferSelect;

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

/** How far (ms) a time zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in a time zone; `plusDays` moves to a later day. */
export function startOfDay(date: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + plusDays);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(businessId: string, f: TransactionFilters): SQL[] {
  const pattern = f.q ? `%${escapeLike(f.q)}%` : undefined;
  const search = f.q
    ? or(
        ilike(payments.reference, pattern!),
        ilike(payments.customerName, pattern!),
        ilike(payments.customerEmail, pattern!),
        /^\d{4}$/.test(f.q) ? eq(payments.cardLast4, f.q) : undefined,
        /^\d{4}$/.test(f.q) ? eq(payments.bankLast4, f.q) : undefined,
      )
    : undefined;
  return [
    eq(payments.businessId, businessId),
    f.status ? eq(payments.status, f.status) : undefined,
    f.method ? eq(payments.method, f.method) : undefined,
    f.source ? eq(payments.sourceType, f.source) : undefined,
    f.from ? gte(payments.createdAt, startOfDay(f.from, f.tz)) : undefined,
    f.to ? lt(payments.createdAt, startOfDay(f.to, f.tz, 1)) : undefined,
    f.min_amount !== undefined ? gte(payments.amount, f.min_amount) : undefined,
    f.max_amount !== undefined ? lte(payments.amount, f.max_amount) : undefined,
    search,
  ].filter((c): c is SQL => c !== undefined);
}

/** Rows after the cursor in the sort's order: (key, id) compared as a pair, so equal keys never repeat or skip. */
function afterCursor(cursor: TransactionCursor | undefined, sort: TransactionSort): SQL | undefined {
  if (!cursor) return undefined;
  const direction = descending(sort) ? 'desc' : 'asc';
  if (cursor.by === 'amount') return pastCursor(direction, payments.amount, payments.id, { key: cursor.amount, id: cursor.id });
  return pastCursor(direction, payments.createdAt, payments.id, { key: cursor.at, id: cursor.id });
}

function orderOf(sort: TransactionSort) {
  const dir = descending(sort) ? desc : asc;
  return byAmount(sort) ? [dir(payments.amount), dir(payments.id)] : [dir(payments.createdAt), dir(payments.id)];
}

/**
 * The first page of each sort without a filter, what the screen opens with: built once (db/prepared.ts). Any
 * filter or cursor adds a condition, and the page is then built for its request.
 */
const firstPages = new Map(
  TRANSACTION_SORTS.map((sort) => [
    sort,
    preparedStatement(`transactions_first_page_${sort}`, (db, name) =>
      db
        .select()
        .from(payments)
        .where(eq(payments.businessId, sql.placeholder('businessId')))
        .orderBy(...orderOf(sort))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    ),
  ]),
);

export const transactionsRepository = {
  /** One page of the filtered payments in the sort's order, after the cursor. Reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filters: TransactionFilters, limit: number, cursor?: TransactionCursor): Promise<TransactionRow[]> {
    const conditions = [...filterConditions(businessId, filters), afterCursor(cursor, filters.sort)].filter((c): c is SQL => c !== undefined);
    // Only the business's own condition: the unfiltered first page.
    const firstPage = conditions.length === 1 ? firstPages.get(filters.sort) : undefined;
    if (firstPage) return firstPage(db, { businessId, limit: limit + 1 });
    return db
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(...orderOf(filters.sort))
      .limit(limit + 1);
  },
};
