import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { repeatingInvoices } from '@/db/schema';

/** Whether a customer has a repeating invoice (a customer in use is not deleted: docs/developers.md). Published by the repeating invoices module. */
export const customerRepeatingInvoicesReadModel = {
  async any(db: Executor, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: repeatingInvoices.id })
      .from(repeatingInvoices)
      .where(and(eq(repeatingInvoices.businessId, businessId), eq(repeatingInvoices.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  },
};
