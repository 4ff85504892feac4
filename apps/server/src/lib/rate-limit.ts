import type { Executor } from '../db/client';
import { rateLimitRepository as repo } from '../modules/platform/rate-limit/rate-limit.repository';
import type { Clock } from './clock';

/** How often the hits counted in memory (`hitNow`) are added to the database's counters. */
export const SHARE_EVERY_MS = 200;
const MAX_WINDOWS = 50_000;

/** A key's window as this process counts it: what the database last answered, and what it has not been told yet. */
interface Window {
  resetAt: number;
  /** The database's count the last time this process added to it (every process's hits until then). */
  shared: number;
  /** Hits being added now. */
  sending: number;
  /** Hits not yet sent. */
  pending: number;
}

/**
 * Fixed-window counters in the database, so every app process sees the same counts. `hitNow` counts in the process's
 * memory and adds its hits to the database in the background (one statement for every key, `SHARE_EVERY_MS`), so
 * the processes share the limit approximately (docs/developers.md, "Rate limit").
 */
export function createRateLimiter(deps: { db: Executor; clock: Clock; onError?: (error: unknown) => void }) {
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  /** Adds the hits counted in memory to the database, and learns the other processes' from its answer. */
  async function sendPending(): Promise<void> {
    const now = deps.clock.now();
    const batch: { key: string; window: Window }[] = [];
    for (const [key, window] of windows) {
      if (window.pending > 0) {
        window.sending = window.pending;
        window.pending = 0;
        batch.push({ key, window });
      } else if (window.resetAt <= now.getTime()) windows.delete(key);
    }
    if (batch.length === 0) return;
    try {
      const counted = await repo.addMany(
        deps.db,
        batch.map(({ key, window }) => ({ key, hits: window.sending, resetAt: new Date(window.resetAt) })),
        now,
      );
      for (const { key, window } of batch) {
        const found = counted.get(key);
        window.sending = 0;
        if (!found || windows.get(key) !== window) continue;
        // The database's window is every process's: its end is this process's too.
        window.shared = found.hits;
        window.resetAt = found.resetAt.getTime();
      }
    } catch (error) {
      // Tried again with the next batch (the hits still count in this process meanwhile).
      for (const { window } of batch) {
        window.pending += window.sending;
        window.sending = 0;
      }
      deps.onError?.(error);
    }
  }

  /** Sends what was counted in memory now; calls run one after another, so its end means it is in the database. */
  function share(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    running = running.then(sendPending, sendPending);
    return running;
  }

  return {
    /**
     * Counts one hit in this process's memory and answers the hits in the key's current window as this process
     * knows them: the database's count when it last shared (every process's), plus its own since. No round trip.
     */
    hitNow(key: string, windowMs: number): number {
      const now = deps.clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { resetAt: now + windowMs, shared: 0, sending: 0, pending: 0 };
        windows.delete(key);
        windows.set(key, window);
        if (windows.size > MAX_WINDOWS) windows.delete(windows.keys().next().value as string);
      }
      window.pending++;
      timer ??= setTimeout(() => void share(), SHARE_EVERY_MS).unref();
      return window.shared + window.sending + window.pending;
    },
    /** Adds every hit `hitNow` counted to the database now (the app's close, the tests). */
    share,
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
     * `hitMany`, answering for each key its hits and how long until its window ends (the `Retry-After` of a refusal),
     * in the order given.
     */
    async hitWindows(hits: readonly { key: string; windowMs: number }[]): Promise<{ hits: number; retryAfterMs: number }[]> {
      if (new Set(hits.map((h) => h.key)).size !== hits.length) throw new Error('hitWindows takes each key once.');
      const now = deps.clock.now();
      const counted = await repo.hitWindows(
        deps.db,
        hits.map(({ key, windowMs }) => ({ key, resetAt: new Date(now.getTime() + windowMs) })),
        now,
      );
      return hits.map(({ key, windowMs }) => {
        const found = counted.get(key);
        return found ? { hits: found.hits, retryAfterMs: found.resetAt.getTime() - now.getTime() } : { hits: 1, retryAfterMs: windowMs };
      });
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
