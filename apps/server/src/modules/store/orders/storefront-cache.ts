/**
 * The storefront's rendered pages, per business, in this process (docs/online-store.md, "Storefront"): a bounded map
 * in least-recently-used order. A key names the business, the cache versions the page was rendered under (the
 * business row keeps them, so every process sees a purge) and the path; a purge makes the old keys unreachable and
 * drops this process's copies of that business at once.
 */
export function createPageCache<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  return {
    get(key: string): T | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
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
