import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rateLimits } from '@/db/schema';

/** Fixed-window counters (lib/rate-limit.ts), one row per key. */
export const rateLimitRepository = {
  /** Counts one hit in the key's window (a new window when the old one ended) and answers the hits in it. */
  async hit(db: Executor, key: string, now: Date, resetAt: Date): Promise<number> {
    const [row] = await db
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
  /**
   * `hit` for several different keys in one statement (each its own window, `excluded.reset_at` being the new
   * window's end); answers the hits per key.
   */
  async hitMany(db: Executor, hits: readonly { key: string; resetAt: Date }[], now: Date): Promise<Map<string, number>> {
    const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
    const rows = await db
      .insert(rateLimits)
      .values(hits.map(({ key, resetAt }) => ({ key, hits: 1, resetAt })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits });
    return new Map(rows.map((row) => [row.key, row.hits]));
  },
  async find(db: Executor, key: string) {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    return row ?? null;
  },
  async remove(db: Executor, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  },
};
