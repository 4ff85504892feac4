import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentLinks } from '@/db/schema';

/** Whether a customer has a payment link made for them (a customer in use is not deleted: docs/developers.md). Published by the payment links module. */
export const customerPaymentLinksReadModel = {
  async any(db: Executor, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  },
};
