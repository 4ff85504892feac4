import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { invoices } from '@/db/schema';

/** Whether a customer has an invoice (a customer in use is not deleted: docs/developers.md). Published by the invoices module. */
export const customerInvoicesReadModel = {
  async any(db: Executor, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  },
};
