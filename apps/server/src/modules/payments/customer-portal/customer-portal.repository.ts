import { and, desc, eq, inArray } from 'drizzle-orm';
import { CAPTURED_STATUSES } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';

export type PortalPaymentRow = typeof payments.$inferSelect;

/** What the customer portal reads of payments: SQL only, always within one business and one customer. */
export const customerPortalRepository = {
  /** The customer's captured payments in the business (refunded ones too: their receipts say so), newest first. */
  async receipts(db: Executor, businessId: string, customerId: string, limit: number): Promise<PortalPaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.customerId, customerId), inArray(payments.status, [...CAPTURED_STATUSES])))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  },
};
