import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { transfers } from '@/db/schema';

/**
 * How many transfers wait for a second person other than `userId`, who requested none of them (the sidebar's dot
 * and the Overview's "needs attention"): one count on a partial index.
 */
export async function transfersAwaitingReview(db: Executor, businessId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(transfers)
    .where(and(eq(transfers.businessId, businessId), eq(transfers.status, 'awaiting_review'), sql`${transfers.requestedBy} is distinct from ${userId}::uuid`));
  return row?.n ?? 0;
}

/** The same count as a scalar other modules' statements embed (the Overview's one read of what needs attention). */
export const transfersAwaitingReviewCount = (businessId: Placeholder, userId: Placeholder): SQL<string | number> =>
  sql`(select count(*) from ${transfers} where ${transfers.businessId} = ${businessId} and ${transfers.status} = 'awaiting_review' and ${transfers.requestedBy} is distinct from ${userId}::uuid)`;

/** The beneficiary each of some transfers went to (the balance statement's labels); one read by id. */
export async function transferLabelFacts(db: Executor, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: transfers.id, beneficiaryName: transfers.beneficiaryName })
    .from(transfers)
    .where(and(eq(transfers.businessId, businessId), inArray(transfers.id, [...ids])));
}

/** What each of some transfers sent and the fee it cost (a payout's lines split a transfer's movement with them); one read by id. */
export async function transferAmounts(db: Executor, businessId: string, ids: readonly string[]): Promise<{ id: string; sendAmount: number; fee: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: transfers.id, sendAmount: transfers.sendAmount, fee: transfers.fee })
    .from(transfers)
    .where(and(eq(transfers.businessId, businessId), inArray(transfers.id, [...ids])));
}
