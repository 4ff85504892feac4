import { and, arrayContains, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedPerShape } from '@/db/prepared';
import type { Write } from '@/db/write-together';
import type { Cursor } from '@/lib/cursor';
import { customers, locations, posOrderCounters, posOrderFormSettings, posOrderLines, posOrderTenders, posOrders, posRefunds, users } from '@/db/schema';

export type OrderRow = typeof posOrders.$inferSelect;
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
  locationIds?: string[] | null | undefined;
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

/** Orders with their location's, staff member's and customer's names. */
function summaries(db: Executor) {
  return db.select(summary).from(posOrders).innerJoin(locations, atLocation).innerJoin(users, eq(users.id, posOrders.staffId)).leftJoin(customers, ofCustomer);
}

/** As `summaries`, with the listed columns only. */
function listed(db: Executor) {
  return db
    .select({ ...summary, order: listedColumns })
    .from(posOrders)
    .innerJoin(locations, atLocation)
    .innerJoin(users, eq(users.id, posOrders.staffId))
    .leftJoin(customers, ofCustomer);
}

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

const p = (name: string) => sql.placeholder(name);

const pageRead = preparedPerShape(
  'pos_orders_page',
  (s: PageShape) =>
    [s.start, s.end, s.location, s.locations, s.staff, s.tender, s.status, s.offline, s.search, s.cursor]
      .map((v) => (v === true ? '1' : v === false ? '0' : v))
      .join('_'),
  (s, db, name) => {
    const byCustomer = or(ilike(customers.name, p('pattern')), ilike(customers.email, p('pattern')));
    const conditions = [
      eq(posOrders.businessId, p('businessId')),
      s.start ? sql`${posOrders.createdAt} >= ${p('start')}` : undefined,
      s.end ? sql`${posOrders.createdAt} < ${p('end')}` : undefined,
      s.location ? eq(posOrders.locationId, p('locationId')) : undefined,
      s.locations ? sql`${posOrders.locationId} = any(${p('locationIds')}::uuid[])` : undefined,
      s.staff ? eq(posOrders.staffId, p('staffId')) : undefined,
      s.tender ? sql`${posOrders.tenderKinds} @> array[${p('tender')}::text]` : undefined,
      s.status ? eq(posOrders.status, p('status')) : undefined,
      s.offline !== 'any' ? isNotNull(posOrders.offlineTakenAt) : undefined,
      s.offline === 'flagged' ? eq(posOrders.offlineAllowed, false) : undefined,
      s.search === 'none'
        ? undefined
        : s.search === 'number-only'
          ? eq(posOrders.number, p('number'))
          : s.search === 'number'
            ? or(eq(posOrders.number, p('number')), byCustomer)
            : byCustomer,
      s.cursor ? sql`(${posOrders.createdAt}, ${posOrders.id}) < (${p('cursorKey')}, ${p('cursorId')})` : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return listed(db)
      .where(and(...conditions))
      .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
      .limit(p('limit'))
      .prepare(name);
  },
  // A search's best plan depends on its words (db/prepared.ts).
  { planEachRun: (s) => s.search !== 'none' },
);

function conditionsOf(businessId: string, f: OrderListFilter): SQL[] {
  const search = f.q ? `%${escapeLike(f.q)}%` : undefined;
  return [
    eq(posOrders.businessId, businessId),
    f.start ? gte(posOrders.createdAt, f.start) : undefined,
    f.end ? lt(posOrders.createdAt, f.end) : undefined,
    f.locationId ? eq(posOrders.locationId, f.locationId) : undefined,
    f.locationIds ? inArray(posOrders.locationId, f.locationIds) : undefined,
    f.staffId ? eq(posOrders.staffId, f.staffId) : undefined,
    f.tender ? arrayContains(posOrders.tenderKinds, [f.tender]) : undefined,
    f.status ? eq(posOrders.status, f.status) : undefined,
    f.offline ? isNotNull(posOrders.offlineTakenAt) : undefined,
    f.offline === 'flagged' ? eq(posOrders.offlineAllowed, false) : undefined,
    search
      ? or(f.number !== undefined ? eq(posOrders.number, f.number) : undefined, ilike(customers.name, search), ilike(customers.email, search))
      : f.number !== undefined
        ? eq(posOrders.number, f.number)
        : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

export const ordersRepository = {
  /** The business's next order number; the counter's row stays locked until the sale commits (numbers never repeat or skip). */
  async nextNumber(db: Executor, businessId: string): Promise<number> {
    const [row] = await db
      .insert(posOrderCounters)
      .values({ businessId, lastNumber: 1 })
      .onConflictDoUpdate({ target: posOrderCounters.businessId, set: { lastNumber: sql`${posOrderCounters.lastNumber} + 1` } })
      .returning({ n: posOrderCounters.lastNumber });
    return row!.n;
  },

  async byKey(db: Executor, businessId: string, key: string): Promise<OrderRow | null> {
    const [row] = await db
      .select()
      .from(posOrders)
      .where(and(eq(posOrders.businessId, businessId), eq(posOrders.idempotencyKey, key)));
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

  lineWrites: (db: Executor, rows: LineInsert[]): Write[] => (rows.length > 0 ? [db.insert(posOrderLines).values(rows).getSQL()] : []),
  tenderWrites: (db: Executor, rows: TenderInsert[]): Write[] => (rows.length > 0 ? [db.insert(posOrderTenders).values(rows).getSQL()] : []),

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
    const [row] = await summaries(db).where(and(eq(posOrders.businessId, businessId), eq(posOrders.id, id)));
    return row ?? null;
  },

  async lines(db: Executor, businessId: string, orderId: string): Promise<LineRow[]> {
    return db
      .select()
      .from(posOrderLines)
      .where(and(eq(posOrderLines.businessId, businessId), eq(posOrderLines.orderId, orderId)))
      .orderBy(asc(posOrderLines.position));
  },

  async tenders(db: Executor, businessId: string, orderId: string): Promise<TenderRow[]> {
    return db
      .select()
      .from(posOrderTenders)
      .where(and(eq(posOrderTenders.businessId, businessId), eq(posOrderTenders.orderId, orderId)))
      .orderBy(asc(posOrderTenders.id));
  },

  async refunds(db: Executor, businessId: string, orderId: string): Promise<(RefundRow & { staffName: string; approverName: string | null })[]> {
    const approver = sql<string | null>`(select name from ${users} a where a.id = ${posRefunds.approvedBy})`;
    return db
      .select({ refund: posRefunds, staffName: users.name, approverName: approver })
      .from(posRefunds)
      .innerJoin(users, eq(users.id, posRefunds.staffId))
      .where(and(eq(posRefunds.businessId, businessId), eq(posRefunds.orderId, orderId)))
      .orderBy(asc(posRefunds.createdAt), asc(posRefunds.id))
      .then((rows) => rows.map((r) => ({ ...r.refund, staffName: r.staffName, approverName: r.approverName })));
  },

  /** A page of orders newest first after the cursor, `limit + 1` rows (a statement built once per filter shape). */
  async page(db: Executor, businessId: string, filter: OrderListFilter, limit: number, cursor?: Cursor): Promise<OrderListRow[]> {
    const shape: PageShape = {
      start: Boolean(filter.start),
      end: Boolean(filter.end),
      location: Boolean(filter.locationId),
      locations: Boolean(filter.locationIds),
      staff: Boolean(filter.staffId),
      tender: Boolean(filter.tender),
      status: Boolean(filter.status),
      offline: filter.offline ?? 'any',
      search: filter.number !== undefined ? (filter.q ? 'number' : 'number-only') : filter.q ? 'name' : 'none',
      cursor: cursor !== undefined,
    };
    return pageRead(shape)(db, {
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
      limit: limit + 1,
    });
  },

  /** A numbered page of orders newest first (the public API's Laravel pages): `limit` rows after `offset`. */
  async numberedPage(db: Executor, businessId: string, filter: OrderListFilter, limit: number, offset: number): Promise<OrderSummaryRow[]> {
    return summaries(db)
      .where(and(...conditionsOf(businessId, filter)))
      .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
      .limit(limit)
      .offset(offset);
  },

  /** How many orders the filter takes in. */
  async count(db: Executor, businessId: string, filter: OrderListFilter): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(posOrders)
      .leftJoin(customers, and(eq(customers.businessId, posOrders.businessId), eq(customers.id, posOrders.customerId)))
      .where(and(...conditionsOf(businessId, filter)));
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
    const [row] = await db.select({ fields: posOrderFormSettings.fields }).from(posOrderFormSettings).where(eq(posOrderFormSettings.businessId, businessId));
    return row?.fields ?? null;
  },

  async saveOrderForm(db: Executor, businessId: string, fields: typeof posOrderFormSettings.$inferInsert.fields, now: Date): Promise<void> {
    await db
      .insert(posOrderFormSettings)
      .values({ businessId, fields, updatedAt: now })
      .onConflictDoUpdate({ target: posOrderFormSettings.businessId, set: { fields, updatedAt: now } });
  },
};
