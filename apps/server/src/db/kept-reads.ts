import type { ChangeFeed } from './change-feed';

export interface KeptReadsOptions<V> {
  /** The most reads kept; the oldest go first. */
  max: number;
  /** When reads differ in size: a read's weight and the most weight kept (a heavier read is never kept). */
  weight?: { of: (value: V) => number; max: number };
  /** A kept read used is made the newest (the least recently used goes first), not only when it is kept. */
  byUse?: boolean;
}

/** What a cache's reaction to an announcement may do with its kept reads. */
export interface KeptChanges<K, V> {
  /** Something the reads depend on changed: a read under way now is not kept (`keep` refuses its mark). */
  changed(): void;
  drop(key: K): void;
  dropWhere(test: (key: K, value: V) => boolean): void;
  clear(): void;
}

export interface KeptReads<K, V> extends KeptChanges<K, V> {
  /** Whether reads may be kept now (the change feed is up). */
  live(): boolean;
  /** A mark to pass back when keeping what was read after it. */
  mark(): number;
  /** The kept read of `key`, only while the feed is up. */
  get(key: K): V | undefined;
  /** Keeps `value` read after `mark`, unless the feed is down or a change came meanwhile; answers whether it kept it. */
  keep(mark: number, key: K, value: V): boolean;
  readonly size: number;
}

/**
 * Reads kept in this process while the database's change feed is up, the way the session cache keeps sessions
 * (modules/identity/session/session-cache.ts): the process hears every committed change the database's triggers
 * announce, and `onChange` drops the reads each one makes stale. While the feed is down nothing is kept; when it comes
 * back (or goes) everything learned before is dropped. A read is kept only when no change it could depend on
 * (`changed`) arrived while it was read. The access check's standing, the public API's keys and status checks and the
 * storefront's businesses are kept this way, each with its own announcements.
 */
export function keptReads<K, V>(
  changes: ChangeFeed | undefined,
  onChange: (payload: string, kept: KeptChanges<K, V>) => void,
  options: KeptReadsOptions<V>,
): KeptReads<K, V> {
  /** Oldest (or least recently used) first. */
  const reads = new Map<K, V>();
  const { max, weight, byUse = false } = options;
  let weights = 0;
  let live = false;
  let epoch = 0;
  /** The key used last: already the newest, it is not moved again. */
  let newest: K | undefined;

  function drop(key: K): void {
    const value = reads.get(key);
    if (value === undefined) return;
    reads.delete(key);
    if (weight) weights -= weight.of(value);
  }
  function clear(): void {
    reads.clear();
    weights = 0;
    newest = undefined;
  }

  const kept: KeptReads<K, V> = {
    changed: () => void epoch++,
    drop,
    dropWhere(test) {
      for (const [key, value] of reads) if (test(key, value)) drop(key);
    },
    clear,
    live: () => live,
    mark: () => epoch,
    get(key) {
      if (!live) return undefined;
      const value = reads.get(key);
      if (value !== undefined && byUse && key !== newest) {
        reads.delete(key);
        reads.set(key, value);
        newest = key;
      }
      return value;
    },
    keep(mark, key, value) {
      const heavy = weight ? weight.of(value) : 0;
      if (!live || mark !== epoch || (weight && heavy > weight.max)) return false;
      drop(key);
      reads.set(key, value);
      newest = key;
      weights += heavy;
      while (reads.size > max || (weight && weights > weight.max)) drop(reads.keys().next().value as K);
      return true;
    },
    get size() {
      return reads.size;
    },
  };

  changes?.subscribe({
    onChange: (payload) => onChange(payload, kept),
    onState(isLive) {
      epoch++;
      clear();
      live = isLive;
    },
  });
  return kept;
}
