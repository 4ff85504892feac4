import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { jsonRowsWrite } from '@/db/json-rows';
import { preparedPerShape, preparedStatement } from '@/db/prepared';
import type { Write } from '@/db/write-together';
import type { Cursor } from '@/lib/cursor';
import { customers, locations, posOrderCounters, posOrderFormSettings, posOrderLines, posOrderTenders, posOrders, posRefunds, users } from '@/db/schema';

export type OrderRow = typeof posOrders.$inferSelect;

/**
 * A committed order's number. A sale's transaction inserts its order without one and numbers it last (`takeNumber`;
 * docs/pos.md, "Numbers"), so only that transaction's own reads can meet an order without a number, and it knows it.
 */
export function committedNumber(order: { id: string; number: number | null }): number {
  if (order.number === null) throw new Error(`The register order ${order.id} has no number yet`);
  return order.number;
}
export type OrderInsert = typeof posOrders.$inferInsert;
export type LineRow = typeof posOrderLines.$inferSelect;
export type LineInsert = typeof posOrderLines.$inferInsert;
export type TenderRow = typeof posOrderTenders.$inferSelect;
export type TenderInsert = typeof posOrderTenders.$inferInsert;
export type RefundRow = typeof posRefunds.$inferSelect;
export type RefundInsert = typeof posRefunds.$inferInsert;

export interface OrderListFilter {
  q?: string | undefined;
  number?: number | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  locationId?: string | undefined;
  staffId?: string | undefined;
  tender?: 'cash' | 'card' | 'paynow' | undefined;
  status?: OrderRow['status'] | undefined;
  offline?: 'taken' | 'flagged' | undefined;
  /** Null: every location. */
  locationIds?: readonly string[] | null | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const summary = {
  order: posOrders,
  locationName: locations.name,
  staffName: users.name,
  customerName: sql<string | null>`coalesce(${customers.name}, ${customers.email})`,
};
export type OrderSummaryRow = { order: OrderRow; locationName: string; staffName: string; customerName: string | null };

/** The columns of an order a list shows (`presentSummary`): half the row, so a page reads and parses half as much. */
const listedColumns = {
  id: posOrders.id,
  number: posOrders.number,
  kind: posOrders.kind,
  status: posOrders.status,
  locationId: posOrders.locationId,
  staffId: posOrders.staffId,
  customerId: posOrders.customerId,
  currency: posOrders.currency,
  total: posOrders.total,
  refundedAmount: posOrders.refundedAmount,
  tenderKinds: posOrders.tenderKinds,
  offlineTakenAt: posOrders.offlineTakenAt,
  offlineAllowed: posOrders.offlineAllowed,
  createdAt: posOrders.createdAt,
};
export type ListedOrder = Pick<OrderRow, keyof typeof listedColumns>;
/** An order as a list shows it, with the names it shows. */
export type OrderListRow = { order: ListedOrder; locationName: string; staffName: string; customerName: string | null };

const atLocation = and(eq(locations.businessId, posOrders.businessId), eq(locations.id, posOrders.locationId));
const ofCustomer = and(eq(customers.businessId, posOrders.businessId), eq(customers.id, posOrders.customerId));

/** A read of orders (`$dynamic`) joined to their location's, staff member's and customer's names. */
function withNames<Q extends PgSelect>(q: Q) {
  return q.innerJoin(locations, atLocation).innerJoin(users, eq(users.id, posOrders.staffId)).leftJoin(customers, ofCustomer);
}

/** Orders with their location's, staff member's and customer's names. */
const summaries = (db: Executor) => withNames(db.select(summary).from(posOrders).$dynamic());

/** As `summaries`, with the listed columns only. */
const listed = (db: Executor) =>
  withNames(
    db
      .select({ ...summary, order: listedColumns })
      .from(posOrders)
      .$dynamic(),
  );

/** Which filters a page has: one built statement per shape (db/prepared.ts). */
interface PageShape {
  start: boolean;
  end: boolean;
  location: boolean;
  locations: boolean;
  staff: boolean;
  tender: boolean;
  status: boolean;
  offline: 'any' | 'taken' | 'flagged';
  /** A search: the customer's name or email, and an order number when the words are one. */
  search: 'none' | 'name' | 'number' | 'number-only';
  cursor: boolean;
}

function shapeOf(filter: OrderListFilter, cursor: boolean): PageShape {
  return {
    start: Boolean(filter.start),
    end: Boolean(filter.end),
    location: Boolean(filter.locationId),
    locations: Boolean(filter.locationIds),
    staff: Boolean(filter.staffId),
    tender: Boolean(filter.tender),
    status: Boolean(filter.status),
    offline: filter.offline ?? 'any',
    search: filter.number !== undefined ? (filter.q ? 'number' : 'number-only') : filter.q ? 'name' : 'none',
    cursor,
  };
}

/** The values of a filtered list's conditions, by the names `conditionsOf` gives them. */
function valuesOf(businessId: string, filter: OrderListFilter, cursor?: Cursor) {
  return {
    businessId,
    start: filter.start?.toISOString(),
    end: filter.end?.toISOString(),
    locationId: filter.locationId,
    locationIds: filter.locationIds ? `{${filter.locationIds.join(',')}}` : undefined,
    staffId: filter.staffId,
    tender: filter.tender,
    status: filter.status,
    number: filter.number,
    pattern: filter.q ? `%${escapeLike(filter.q)}%` : undefined,
    cursorKey: cursor?.createdAt.toISOString(),
    cursorId: cursor?.id,
  };
}
type FilterValues = ReturnType<typeof valuesOf>;
type ValueOf = <K extends keyof FilterValues>(name: K) => NonNullable<FilterValues[K]> | Placeholder<K>;

/**
 * The one statement of the list's filters: the conditions of a shape, each value `v(name)`, a placeholder in the
 * page's built statement or the value itself in the count and the numbered page.
 */
function conditionsOf(s: PageShape, v: ValueOf): SQL | undefined {
  const byCustomer = or(ilike(customers.name, v('pattern')), ilike(customers.email, v('pattern')));
  return and(
    eq(posOrders.businessId, v('businessId')),
    s.start ? sql`${posOrders.createdAt} >= ${v('start')}` : undefined,
    s.end ? sql`${posOrders.createdAt} < ${v('end')}` : undefined,
    s.location ? eq(posOrders.locationId, v('locationId')) : undefined,
    s.locations ? sql`${posOrders.locationId} = any(${v('locationIds')}::uuid[])` : undefined,
    s.staff ? eq(posOrders.staffId, v('staffId')) : undefined,
    s.tender ? sql`${posOrders.tenderKinds} @> array[${v('tender')}::text]` : undefined,
    s.status ? eq(posOrders.status, v('status')) : undefined,
    s.offline !== 'any' ? isNotNull(posOrders.offlineTakenAt) : undefined,
    s.offline === 'flagged' ? eq(posOrders.offlineAllowed, false) : undefined,
    s.search === 'none'
      ? undefined
      : s.search === 'number-only'
        ? eq(posOrders.number, v('number'))
        : s.search === 'number'
          ? or(eq(posOrders.number, v('number')), byCustomer)
          : byCustomer,
    s.cursor ? sql`(${posOrders.createdAt}, ${posOrders.id}) < (${v('cursorKey')}, ${v('cursorId')})` : undefined,
  );
}

/** The conditions of a filter with its values in them (the count and the numbered page: not built once). */
function filtered(businessId: string, filter: OrderListFilter): SQL | undefined {
  const values = valuesOf(businessId, filter);
  return conditionsOf(shapeOf(filter, false), (name) => values[name]!);
}

const pageRead = preparedPerShape(
  'pos_orders_page',
  (s: PageShape) =>
    [s.start, s.end, s.location, s.locations, s.staff, s.tender, s.status, s.offline, s.search, s.cursor]
      .map((v) => (v === true ? '1' : v === false ? '0' : v))
      .join('_'),
  (s, db, name) =>
    listed(db)
      .where(conditionsOf(s, (n) => sql.placeholder(n)))
      .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  // A search's best plan depends on its words (db/prepared.ts).
  { planEachRun: (s) => s.search !== 'none' },
);

const byPlaceholders = { businessId: sql.placeholder('businessId'), id: sql.placeholder('id') };

/** An order's reads (its detail, a receipt, each sale's answer and its replay), each built once (db/prepared.ts). */
const orderById = preparedStatement('pos_order_summary', (db, name) =>
  summaries(db)
    .where(and(eq(posOrders.businessId, byPlaceholders.businessId), eq(posOrders.id, byPlaceholders.id)))
    .prepare(name),
);
const orderByKey = preparedStatement('pos_order_by_key', (db, name) =>
  db
    .select()
    .from(posOrders)
    .where(and(eq(posOrders.businessId, byPlaceholders.businessId), eq(posOrders.idempotencyKey, sql.placeholder('key'))))
    .prepare(name),
);
const linesOf = preparedStatement('pos_order_lines', (db, name) =>
  db
    .select()
    .from(posOrderLines)
    .where(and(eq(posOrderLines.businessId, byPlaceholders.businessId), eq(posOrderLines.orderId, byPlaceholders.id)))
    .orderBy(asc(posOrderLines.position))
    .prepare(name),
);
const tendersOf = preparedStatement('pos_order_tenders', (db, name) =>
  db
    .select()
    .from(posOrderTenders)
    .where(and(eq(posOrderTenders.businessId, byPlaceholders.businessId), eq(posOrderTenders.orderId, byPlaceholders.id)))
    .orderBy(asc(posOrderTenders.id))
    .prepare(name),
);
const refundsOf = preparedStatement('pos_order_refunds', (db, name) =>
  db
    .select({
      refund: posRefunds,
      staffName: users.name,
      approverName: sql<string | null>`(select name from ${users} a where a.id = ${posRefunds.approvedBy})`,
    })
    .from(posRefunds)
    .innerJoin(users, eq(users.id, posRefunds.staffId))
    .where(and(eq(posRefunds.businessId, byPlaceholders.businessId), eq(posRefunds.orderId, byPlaceholders.id)))
    .orderBy(asc(posRefunds.createdAt), asc(posRefunds.id))
    .prepare(name),
);
const orderFormOf = preparedStatement('pos_order_form', (db, name) =>
  db
    .select({ fields: posOrderFormSettings.fields })
    .from(posOrderFormSettings)
    .where(eq(posOrderFormSettings.businessId, byPlaceholders.businessId))
    .prepare(name),
);

export const ordersRepository = {
  /**
   * Gives the order, inserted without a number in this transaction, the business's next number, in one statement. The
   * counter's row stays locked until the sale commits (numbers never repeat or skip), so a sale takes it last.
   */
  async takeNumber(db: Executor, businessId: string, orderId: string): Promise<number> {
    const next = db
      .insert(posOrderCounters)
      .values({ businessId, lastNumber: 1 })
      .onConflictDoUpdate({ target: posOrderCounters.businessId, set: { lastNumber: sql`${posOrderCounters.lastNumber} + 1` } })
      .returning({ lastNumber: posOrderCounters.lastNumber });
    const { rows } = (await db.execute(
      sql`with next as (${next.getSQL()}) update ${posOrders} set number = (select last_number from next) where ${posOrders.businessId} = ${businessId} and ${posOrders.id} = ${orderId} returning ${posOrders.number} as n`,
    )) as unknown as { rows: { n: number }[] };
    if (rows.length !== 1) throw new Error(`The register order ${orderId} to number is not in this transaction`);
    return Number(rows[0]!.n);
  },

  async byKey(db: Executor, businessId: string, key: string): Promise<OrderRow | null> {
    const [row] = await orderByKey(db, { businessId, key });
    return row ?? null;
  },

  /** Inserts the order unless its key is taken (then answers false: a concurrent sale with the key committed first). */
  async claim(db: Executor, row: OrderInsert): Promise<boolean> {
    const inserted = await db
      .insert(posOrders)
      .values(row)
      .onConflictDoNothing({ target: [posOrders.businessId, posOrders.idempotencyKey] })
      .returning({ id: posOrders.id });
    return inserted.length > 0;
  },

  lineWrites: (db: Executor, rows: LineInsert[]): Write[] => (rows.length > 0 ? [jsonRowsWrite(db, posOrderLines, rows)] : []),
  tenderWrites: (db: Executor, rows: TenderInsert[]): Write[] => (rows.length > 0 ? [jsonRowsWrite(db, posOrderTenders, rows)] : []),

  /** Card payments already attached to an order, of these ids. */
  async attachedPayments(db: Executor, businessId: string, paymentIds: string[]): Promise<string[]> {
    if (paymentIds.length === 0) return [];
    const rows = await db
      .select({ id: posOrderTenders.paymentId })
      .from(posOrderTenders)
      .where(and(eq(posOrderTenders.businessId, businessId), inArray(posOrderTenders.paymentId, paymentIds)));
    return rows.map((r) => r.id!);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<OrderRow | null> {
    const q = db
      .select()
      .from(posOrders)
      .where(and(eq(posOrders.businessId, businessId), eq(posOrders.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  },

  async summary(db: Executor, businessId: string, id: string): Promise<OrderSummaryRow | null> {
    const [row] = await orderById(db, { businessId, id });
    return row ?? null;
  },

  lines: (db: Executor, businessId: string, orderId: string): Promise<LineRow[]> => linesOf(db, { businessId, id: orderId }),

  tenders: (db: Executor, businessId: string, orderId: string): Promise<TenderRow[]> => tendersOf(db, { businessId, id: orderId }),

  async refunds(db: Executor, businessId: string, orderId: string): Promise<(RefundRow & { staffName: string; approverName: string | null })[]> {
    const rows = await refundsOf(db, { businessId, id: orderId });
    return rows.map((r) => ({ ...r.refund, staffName: r.staffName, approverName: r.approverName }));
  },

  /** A page of orders newest first after the cursor, `limit + 1` rows (a statement built once per filter shape). */
  async page(db: Executor, businessId: string, filter: OrderListFilter, limit: number, cursor?: Cursor): Promise<OrderListRow[]> {
    return pageRead(shapeOf(filter, cursor !== undefined))(db, { ...valuesOf(businessId, filter, cursor), limit: limit + 1 });
  },

  /** A numbered page of orders newest first (the public API's Laravel pages): `limit` rows after `offset`. */
  async numberedPage(db: Executor, businessId: string, filter: OrderListFilter, limit: number, offset: number): Promise<OrderSummaryRow[]> {
    return summaries(db).where(filtered(businessId, filter)).orderBy(desc(posOrders.createdAt), desc(posOrders.id)).limit(limit).offset(offset);
  },

  /** How many orders the filter takes in. */
  async count(db: Executor, businessId: string, filter: OrderListFilter): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(posOrders)
      .leftJoin(customers, ofCustomer)
      .where(filtered(businessId, filter));
    return row?.n ?? 0;
  },

  async setLineRefunds(db: Executor, businessId: string, orderId: string, lineId: string, refundedQuantity: number, refundedAmount: number): Promise<void> {
    await db
      .update(posOrderLines)
      .set({ refundedQuantity, refundedAmount })
      .where(and(eq(posOrderLines.businessId, businessId), eq(posOrderLines.orderId, orderId), eq(posOrderLines.lineId, lineId)));
  },

  /** Records what the refund gave back; the refund is no longer under way. */
  async setOrderRefunds(db: Executor, businessId: string, orderId: string, values: Pick<OrderRow, 'refundedAmount' | 'tipRefunded' | 'status'>): Promise<void> {
    await db
      .update(posOrders)
      .set({ ...values, refundStartedAt: null })
      .where(and(eq(posOrders.businessId, businessId), eq(posOrders.id, orderId)));
  },

  /** Marks a refund of the order under way (`at`), or (null) ends the one marked at `started` if it is still marked. */
  async markRefund(db: Executor, businessId: string, orderId: string, at: Date | null, started?: Date): Promise<void> {
    await db
      .update(posOrders)
      .set({ refundStartedAt: at })
      .where(and(eq(posOrders.businessId, businessId), eq(posOrders.id, orderId), ...(started ? [eq(posOrders.refundStartedAt, started)] : [])));
  },

  refundWrite: (db: Executor, row: RefundInsert): Write => db.insert(posRefunds).values(row).getSQL(),

  /** Adds a refund's part to what its tender gave back. */
  async addTenderRefund(db: Executor, businessId: string, tenderId: string, amount: number): Promise<void> {
    await db
      .update(posOrderTenders)
      .set({ refunded: sql`${posOrderTenders.refunded} + ${amount}` })
      .where(and(eq(posOrderTenders.businessId, businessId), eq(posOrderTenders.id, tenderId)));
  },

  async orderForm(db: Executor, businessId: string) {
    const [row] = await orderFormOf(db, { businessId });
    return row?.fields ?? null;
  },

  async saveOrderForm(db: Executor, businessId: string, fields: typeof posOrderFormSettings.$inferInsert.fields, now: Date): Promise<void> {
    await db
      .insert(posOrderFormSettings)
      .values({ businessId, fields, updatedAt: now })
      .onConflictDoUpdate({ target: posOrderFormSettings.businessId, set: { fields, updatedAt: now } });
  },
};
