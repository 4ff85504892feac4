import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { CAPTURED_STATUSES, INCOMPLETE_STATUSES, type PaymentSource } from '@merchant/payments';
import { asNumber, countRows, sumMinor } from '@/db/columns';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { mayLag } from '@/db/replica';
import { payments } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type PaymentRow = typeof payments.$inferSelect;

const p = (name: string) => sql.placeholder(name);
const ofSource = () => and(eq(payments.businessId, p('businessId')), eq(payments.sourceType, p('sourceType')), eq(payments.sourceId, p('sourceId')));

/**
 * Every checkout start reads this (docs/security.md, "Card testing at the checkout"). The status is written in the
 * statement, not bound, so the planner may use the partial index `payments_incomplete_idx`, which holds only the
 * payments still waiting for their confirm: the read never touches a source's paid payments.
 */
const incompleteRead = preparedStatement('source_payments_incomplete', (db, name) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(and(ofSource(), sql`${payments.status} = 'requires_payment_method'`, gt(payments.createdAt, p('since'))))
    .limit(p('cap'))
    .prepare(name),
);

/** The card payments of a source started after a time that ended (failed, or the money captured): read after a declined card only. */
const cardOutcomesRead = preparedStatement('source_payments_card_outcomes', (db, name) =>
  db
    .select({
      failed: asNumber(sql`count(*) filter (where ${payments.status} = 'failed')`),
      captured: asNumber(sql`count(*) filter (where ${inArray(payments.status, [...CAPTURED_STATUSES])})`),
    })
    .from(payments)
    .where(and(ofSource(), eq(payments.method, 'card'), gt(payments.createdAt, p('since'))))
    .prepare(name),
);

const listed = (statuses: readonly string[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '));
const captured = sql`${payments.status} in (${listed(CAPTURED_STATUSES)})`;

/**
 * The public API's status check of a payment request (docs/developers.md, "The read path's cost"), in one statement
 * built once: the source's latest payments as Transactions lists them (newest first, without the ones started and
 * never paid), only the columns the answer shows, and beside each row the count and gross of all the source's captured
 * payments (window aggregates, computed before the limit).
 */
const statusCheckRead = preparedStatement('source_payments_status_check', (db, name) =>
  db
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      fee: payments.fee,
      refundedAmount: payments.refundedAmount,
      method: payments.method,
      customerName: payments.customerName,
      customerEmail: payments.customerEmail,
      customerPhone: payments.customerPhone,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
      paidCount: asNumber(sql`count(*) filter (where ${captured}) over ()`),
      paidTotal: asNumber(sql`sum(${payments.amount}) filter (where ${captured}) over ()`),
    })
    .from(payments)
    .where(and(ofSource(), sql`${payments.status} not in (${listed(INCOMPLETE_STATUSES)})`))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(p('limit'))
    .prepare(name),
);

/** A payment as the public API's status check shows it. */
export type StatusCheckPayment = Pick<
  PaymentRow,
  'id' | 'status' | 'amount' | 'currency' | 'fee' | 'refundedAmount' | 'method' | 'customerName' | 'customerEmail' | 'customerPhone' | 'createdAt' | 'updatedAt'
>;

/** Payments read by what asked for them (a link, a QR code), published by charges, which owns payments. */
export const sourcePaymentsReadModel = {
  /** One source's payments, newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string, limit: number, cursor?: Cursor) {
    const after: SQL | undefined = cursor ? pastCursor('desc', payments.createdAt, payments.id, { key: cursor.createdAt, id: cursor.id }) : undefined;
    return db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.sourceType, sourceType), eq(payments.sourceId, sourceId), after))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit + 1);
  },

  /**
   * A source's latest `limit` payments (newest first, as Transactions lists them) and the count and gross of its
   * captured payments, in one statement; it may lag (the replica when there is one), as the Transactions list does,
   * unless `primary` (a read to be kept by the status-check cache).
   */
  async statusCheck(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string, limit: number, options?: { primary?: boolean }) {
    const rows = await statusCheckRead(options?.primary ? db : mayLag(db), { businessId, sourceType, sourceId, limit });
    const first = rows[0];
    const paid = first && first.paidCount > 0 ? { count: first.paidCount, total: first.paidTotal } : undefined;
    return { payments: rows.map(({ paidCount: _count, paidTotal: _total, ...row }): StatusCheckPayment => row), paid };
  },

  /** Count and gross sum of the captured payments of each of the given sources. */
  async paidBySource(db: Executor, businessId: string, sourceType: PaymentSource, sourceIds: string[]) {
    if (sourceIds.length === 0) return new Map<string, { count: number; total: number }>();
    const rows = await db
      .select({ sourceId: payments.sourceId, count: countRows(), total: sumMinor(payments.amount) })
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.sourceType, sourceType),
          inArray(payments.sourceId, sourceIds),
          inArray(payments.status, [...CAPTURED_STATUSES]),
        ),
      )
      .groupBy(payments.sourceId);
    return new Map(rows.map((r) => [r.sourceId!, { count: r.count, total: r.total }]));
  },

  /** One source's captured payments, oldest first (an invoice's page lists them with their receipts). */
  async captured(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string, limit: number): Promise<PaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.sourceType, sourceType),
          eq(payments.sourceId, sourceId),
          inArray(payments.status, [...CAPTURED_STATUSES]),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(limit);
  },

  /** How many payments of a source started after a time are still waiting for their confirm, counted up to `cap`. */
  async incompleteSince(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string, since: Date, cap: number): Promise<number> {
    const rows = await incompleteRead(db, { businessId, sourceType, sourceId, since: since.toISOString(), cap });
    return rows.length;
  },

  /** The card payments of a source started after a time that failed, and those whose money was captured. */
  async cardOutcomesSince(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string, since: Date) {
    const [row] = await cardOutcomesRead(db, { businessId, sourceType, sourceId, since: since.toISOString() });
    return { failed: row?.failed ?? 0, captured: row?.captured ?? 0 };
  },

  /** Whether a source has any payment at all (attempts included). */
  async hasAny(db: Executor, businessId: string, sourceType: PaymentSource, sourceId: string): Promise<boolean> {
    const rows = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.sourceType, sourceType), eq(payments.sourceId, sourceId)))
      .limit(1);
    return rows.length > 0;
  },
};
