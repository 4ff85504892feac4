import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';

/**
 * What a platform's list of the payments it made reads of them (docs/developers.md, "Platform accounts"): each
 * payment's status and refunded amount, by the linked business and id its fee's row names; nothing else.
 */
export const platformPaymentsReadModel = {
  async states(
    db: Executor,
    of: readonly { businessId: string; paymentId: string }[],
  ): Promise<Map<string, { status: PaymentStatus; refundedAmount: number }>> {
    const byBusiness = new Map<string, string[]>();
    for (const { businessId, paymentId } of of) byBusiness.set(businessId, [...(byBusiness.get(businessId) ?? []), paymentId]);
    const states = new Map<string, { status: PaymentStatus; refundedAmount: number }>();
    for (const [businessId, ids] of byBusiness) {
      const rows = await db
        .select({ id: payments.id, status: payments.status, refundedAmount: payments.refundedAmount })
        .from(payments)
        .where(and(eq(payments.businessId, businessId), inArray(payments.id, ids)));
      for (const row of rows) states.set(row.id, { status: row.status, refundedAmount: row.refundedAmount });
    }
    return states;
  },
};
