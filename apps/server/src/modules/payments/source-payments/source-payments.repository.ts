import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { CAPTURED_STATUSES, type PaymentSource } from '@merchant/payments';
import { countRows, sumMinor } from '@/db/columns';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type PaymentRow = typeof payments.$inferSelect;

/** Payments read by what asked for them (a link, a QR code): SQL only. */
export const sourcePaymentsRepository = {
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
