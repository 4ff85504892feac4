import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentLinks } from '@/db/schema';

/**
 * What the platform accounts read of a payment link (docs/developers.md, "Platform accounts"): the platform link a
 * request was made through, so that a platform's status check answers only for its own requests; nothing else.
 */
export const platformRequestsReadModel = {
  async platformLinkOf(db: Executor, businessId: string, paymentLinkId: string): Promise<string | null> {
    const [row] = await db
      .select({ platformLinkId: paymentLinks.platformLinkId })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, paymentLinkId)));
    return row?.platformLinkId ?? null;
  },
};
