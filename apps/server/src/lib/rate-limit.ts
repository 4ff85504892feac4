import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Clock } from './clock';

/** Fixed-window counters in the database, so every app process sees the same counts. */
export function createRateLimiter(deps: { db: Executor; clock: Clock }) {
  return {
    /** Counts one hit and answers the hits in the current window. */
    async hit(key: string, windowMs: number): Promise<number> {
      const now = deps.clock.now();
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await deps.db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits });
      return row?.hits ?? 1;
    },
    async count(key: string): Promise<number> {
      const [row] = await deps.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
      if (!row || row.resetAt <= deps.clock.now()) return 0;
      return row.hits;
    },
    async reset(key: string): Promise<void> {
      await deps.db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
