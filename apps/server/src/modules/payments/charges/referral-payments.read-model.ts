import { and, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';
import { captured } from './sales-figures.read-model';

/**
 * When each of some businesses took its first captured payment: what Refer and Earn reads of a referred business
 * (docs/decisions.md, "Refer and Earn and the referral contest"), and nothing else of its payments.
 */
export const referralPaymentsReadModel = {
  async firstCaptured(db: Executor, businessIds: readonly string[]): Promise<Map<string, Date>> {
    if (businessIds.length === 0) return new Map();
    const rows = await db
      .select({ businessId: payments.businessId, first: sql<Date>`min(${payments.createdAt})`.mapWith(payments.createdAt) })
      .from(payments)
      .where(and(inArray(payments.businessId, [...businessIds]), captured))
      .groupBy(payments.businessId);
    return new Map(rows.map((r) => [r.businessId, r.first]));
  },
};
