import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { subscriptions } from '@/db/schema';

/** Whether a customer has a subscription (a customer in use is not deleted: docs/developers.md). Published by the subscriptions module. */
export const customerSubscriptionsReadModel = {
  async any(db: Executor, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  },
};
