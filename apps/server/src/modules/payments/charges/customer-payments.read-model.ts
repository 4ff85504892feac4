import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { CAPTURED_STATUSES } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { payments } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type CustomerPaymentRow = typeof payments.$inferSelect;

const paymentAfter = (cursor: Cursor | undefined): SQL | undefined =>
  cursor ? pastCursor('desc', payments.createdAt, payments.id, { key: cursor.createdAt, id: cursor.id }) : undefined;

/**
 * A customer's payments, for the customer's page and the customer portal: always within one business and one
 * customer. Published by the charges module, which owns payments.
 */
export const customerPaymentsReadModel = {
  /** The customer's captured payments in the business (refunded ones too: their receipts say so), newest first. */
  async receipts(db: Executor, businessId: string, customerId: string, limit: number): Promise<CustomerPaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.customerId, customerId), inArray(payments.status, [...CAPTURED_STATUSES])))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  },
  /** One page of a customer's payments, newest first. Reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, customerId: string, limit: number, cursor?: Cursor): Promise<CustomerPaymentRow[]> {
    const conditions = [eq(payments.businessId, businessId), eq(payments.customerId, customerId), paymentAfter(cursor)].filter(
      (c): c is SQL => c !== undefined,
    );
    return db
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit + 1);
  },
  /**
   * The customer's captured payments of the Payments section (a store order's and a register card tender's payment
   * count under their own channel): how many and their total less refunds.
   */
  async totals(db: Executor, businessId: string, customerId: string): Promise<{ count: number; total: number }> {
    const [row] = await db
      .select({ count: count(), total: sql<string | number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.businessId, businessId),
          eq(payments.customerId, customerId),
          inArray(payments.status, [...CAPTURED_STATUSES]),
          notInArray(payments.sourceType, ['store_order', 'pos']),
        ),
      );
    return { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
  },
};
