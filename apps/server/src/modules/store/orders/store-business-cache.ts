import { touchesNoPeopleOrBusinesses, type ChangeFeed } from '@/db/change-feed';
import type { StoreBusiness } from './store.repository';

const MAX_STORES = 10_000;

/**
 * The business (with its store settings and cache versions) each shop host or custom domain names, kept in this
 * process so a cached storefront page is answered without a query (docs/online-store.md, "Caching"). Kept the way the
 * access check's standing cache is (modules/business/business/standing-cache.ts): the database announces every
 * committed change of a business row ('b:<id>', migration 0006), and every purge is one (it bumps the row's cache
 * versions), as are a rename, a new logo or a domain verified or lost; the change drops that business's hosts in
 * every process, and this process's own purge drops them at once. The store settings are read with the business but
 * not announced: every change of them purges the storefront's identity, which drops the business here and bumps the
 * row for the other processes (a purge that fails leaves their settings as stale as their pages). While the feed is
 * down nothing is kept; when it comes back everything is dropped. A read is kept only if no change arrived while it
 * was read. A host naming no business is not kept (nothing announces a business's creation).
 */
export function createStoreBusinessCache(changes: ChangeFeed | undefined) {
  /** Host key -> business, least recently used first. */
  const stores = new Map<string, StoreBusiness>();
  /** The host key used last: already the most recent, it is not moved again. */
  let newest: string | undefined;
  /** The kept business of a host key, made the most recent. */
  function touch(key: string): StoreBusiness | undefined {
    const kept = live ? stores.get(key) : undefined;
    if (kept && key !== newest) {
      stores.delete(key);
      stores.set(key, kept);
      newest = key;
    }
    return kept;
  }
  let live = false;
  let epoch = 0;

  /** Drops a business's hosts; a read under way when it happens is not kept. */
  function forget(businessId: string): void {
    epoch++;
    for (const [key, store] of stores) if (store.id === businessId) stores.delete(key);
  }

  changes?.subscribe({
    onChange(payload) {
      if (touchesNoPeopleOrBusinesses(payload)) return;
      switch (payload.slice(0, 2)) {
        case 'b:':
          forget(payload.slice(2));
          break;
        case 's:':
        case 'e:':
        case 'u:':
          break; // sessions, invitations, people: nothing kept here depends on them
        default:
          epoch++;
          stores.clear();
      }
    },
    onState(isLive) {
      epoch++;
      stores.clear();
      live = isLive;
    },
  });

  return {
    /**
     * The business of a host key if this process keeps it, without a read (a cached page's answer then needs no
     * promise at all); undefined: not kept, ask `get`.
     */
    peek: touch,
    /** The business of a host key, read with `read` unless kept. */
    async get(key: string, read: () => Promise<StoreBusiness | null>): Promise<StoreBusiness | null> {
      const kept = touch(key);
      if (kept) return kept;
      const mark = epoch;
      const business = await read();
      if (business && live && mark === epoch) {
        stores.delete(key);
        stores.set(key, business);
        newest = key;
        if (stores.size > MAX_STORES) stores.delete(stores.keys().next().value as string);
      }
      return business;
    },
    forget,
    get size() {
      return stores.size;
    },
  };
}

export type StoreBusinessCache = ReturnType<typeof createStoreBusinessCache>;
