import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { transfers } from '@/db/schema';

/** How many transfers wait for a second person (the sidebar's dot on the business): one count on a partial index. */
export async function transfersAwaitingReview(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(transfers)
    .where(and(eq(transfers.businessId, businessId), eq(transfers.status, 'awaiting_review')));
  return row?.n ?? 0;
}
