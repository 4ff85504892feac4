import type { Executor } from '../db/client';
import { rateLimitRepository as repo } from '../modules/platform/rate-limit/rate-limit.repository';
import type { Clock } from './clock';

/** Fixed-window counters in the database, so every app process sees the same counts. */
export function createRateLimiter(deps: { db: Executor; clock: Clock }) {
  return {
    /** Counts one hit and answers the hits in the current window. */
    async hit(key: string, windowMs: number): Promise<number> {
      const now = deps.clock.now();
      return repo.hit(deps.db, key, now, new Date(now.getTime() + windowMs));
    },
    /** `hit` for several different keys in one round trip; answers their hits in the order given. */
    async hitMany(hits: readonly { key: string; windowMs: number }[]): Promise<number[]> {
      if (new Set(hits.map((h) => h.key)).size !== hits.length) throw new Error('hitMany takes each key once.');
      const now = deps.clock.now();
      const counted = await repo.hitMany(
        deps.db,
        hits.map(({ key, windowMs }) => ({ key, resetAt: new Date(now.getTime() + windowMs) })),
        now,
      );
      return hits.map(({ key }) => counted.get(key) ?? 1);
    },
    /**
     * `hitMany`, and the hits of other keys in their current window without counting one (0 when none), all in
     * one round trip: `[counted, read]`, each in the order given.
     */
    async hitManyAndRead(hits: readonly { key: string; windowMs: number }[], reads: readonly string[]): Promise<[number[], number[]]> {
      const keys = [...hits.map((h) => h.key), ...reads];
      if (new Set(keys).size !== keys.length) throw new Error('hitManyAndRead takes each key once.');
      const now = deps.clock.now();
      const found = await repo.hitManyAndRead(
        deps.db,
        hits.map(({ key, windowMs }) => ({ key, resetAt: new Date(now.getTime() + windowMs) })),
        reads,
        now,
      );
      return [hits.map(({ key }) => found.get(key) ?? 1), reads.map((key) => found.get(key) ?? 0)];
    },
    async count(key: string): Promise<number> {
      const row = await repo.find(deps.db, key);
      if (!row || row.resetAt <= deps.clock.now()) return 0;
      return row.hits;
    },
    async reset(key: string): Promise<void> {
      await repo.remove(deps.db, key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
