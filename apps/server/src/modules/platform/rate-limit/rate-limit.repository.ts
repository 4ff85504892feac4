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
    const windows = await rateLimitRepository.hitWindows(db, hits, now);
    return new Map([...windows].map(([key, window]) => [key, window.hits]));
  },
  /** `hitMany`, answering each key's hits and its window's end. */
  async hitWindows(db: Executor, hits: readonly { key: string; resetAt: Date }[], now: Date): Promise<Map<string, { hits: number; resetAt: Date }>> {
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
      .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return new Map(rows.map((row) => [row.key, { hits: Number(row.hits), resetAt: row.resetAt }]));
  },
  /**
   * `hitMany`, and in the same statement the hits of other keys it does not count (`reads`, whose window has
   * not ended; a key without one is absent). The reads see the counters as they were before this statement.
   */
  async hitManyAndRead(db: Executor, hits: readonly { key: string; resetAt: Date }[], reads: readonly string[], now: Date): Promise<Map<string, number>> {
    const r = rateLimits;
    const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
    const expired = sql`${r.resetAt} <= ${at(now)}`;
    const values = sql.join(
      hits.map(({ key, resetAt }) => sql`(${key}, 1, ${at(resetAt)})`),
      sql`, `,
    );
    const others =
      reads.length === 0
        ? sql`null`
        : sql.join(
            reads.map((key) => sql`${key}`),
            sql`, `,
          );
    const result = await db.execute(sql`
      with hit as (
        insert into ${r} (key, hits, reset_at) values ${values}
        on conflict (key) do update set
          hits = case when ${expired} then 1 else ${r.hits} + 1 end,
          reset_at = case when ${expired} then excluded.reset_at else ${r.resetAt} end
        returning key, hits
      )
      select key, hits from hit
      union all
      select ${r.key}, ${r.hits} from ${r} where ${r.key} in (${others}) and ${r.resetAt} > ${at(now)}`);
    return new Map((result as unknown as { rows: { key: string; hits: number }[] }).rows.map((row) => [row.key, Number(row.hits)]));
  },
  /**
   * Adds hits counted elsewhere (an app process's memory, lib/rate-limit.ts `hitNow`) to their keys' windows in one
   * statement: a window that ended starts again with them, its end `resetAt`. Answers each key's hits and window end.
   */
  async addMany(db: Executor, adds: readonly { key: string; hits: number; resetAt: Date }[], now: Date): Promise<Map<string, { hits: number; resetAt: Date }>> {
    const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
    const rows = await db
      .insert(rateLimits)
      .values(adds.map(({ key, hits, resetAt }) => ({ key, hits, resetAt })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return new Map(rows.map((row) => [row.key, { hits: Number(row.hits), resetAt: row.resetAt }]));
  },
  async find(db: Executor, key: string) {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    return row ?? null;
  },
  async remove(db: Executor, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  },
};
