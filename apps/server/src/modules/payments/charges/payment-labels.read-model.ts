import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';

/** What names a payment to the business (its customer, its description, its method) and the public id it knows it by. */
export interface PaymentLabelFacts {
  id: string;
  publicId: string;
  customerName: string | null;
  description: string | null;
  method: (typeof payments.$inferSelect)['method'];
}

/**
 * The facts that label some of a business's payments (the balance statement's lines): one read of the payments by
 * id. Published by the charges module, which owns payments.
 */
export async function paymentLabelFacts(db: Executor, businessId: string, ids: readonly string[]): Promise<PaymentLabelFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: payments.id, publicId: payments.publicId, customerName: payments.customerName, description: payments.description, method: payments.method })
    .from(payments)
    .where(and(eq(payments.businessId, businessId), inArray(payments.id, [...ids])));
}
