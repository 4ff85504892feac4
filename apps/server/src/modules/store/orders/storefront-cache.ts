/**
 * The storefront's rendered pages, per business, in this process (docs/online-store.md, "Storefront"): a bounded map
 * in least-recently-used order. A key names the business, the cache versions the page was rendered under (the
 * business row keeps them, so every process sees a purge) and the path; a purge makes the old keys unreachable and
 * drops this process's copies of that business at once.
 */
export function createPageCache<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  /** The key used last: already the most recent, it is not moved again (a page asked for again and again). */
  let newest: string | undefined;
  return {
    get(key: string): T | undefined {
      const value = entries.get(key);
      if (value === undefined || key === newest) return value;
      entries.delete(key);
      entries.set(key, value);
      newest = key;
      return value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, value);
      newest = key;
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    /** Drops the entry of `key` if it is still `value` (a failed load, unless a newer one replaced it). */
    deleteIf(key: string, value: T): void {
      if (entries.get(key) === value) entries.delete(key);
    },
    /** Drops every entry whose key starts with the prefix (one business's pages). */
    dropPrefix(prefix: string): void {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache<T> = ReturnType<typeof createPageCache<T>>;

/**
 * The value of `key`, loaded once however many ask for it together: the cache keeps the load's promise, so the
 * requests that miss at the same moment (right after a purge) share one read instead of each making its own. A load
 * that fails is forgotten, so the next request tries again.
 */
export function loadOnce<T>(cache: PageCache<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const loading = load();
  cache.set(key, loading);
  loading.catch(() => cache.deleteIf(key, loading));
  return loading;
}
