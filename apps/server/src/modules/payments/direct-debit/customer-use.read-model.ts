import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { directDebitMandates } from '@/db/schema';

/** Whether a customer has a direct debit mandate (a customer in use is not deleted: docs/developers.md). Published by the direct debit module. */
export const customerMandatesReadModel = {
  async any(db: Executor, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: directDebitMandates.id })
      .from(directDebitMandates)
      .where(and(eq(directDebitMandates.businessId, businessId), eq(directDebitMandates.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  },
};
