import { touchesNoPeopleOrBusinesses, type ChangeFeed } from '@/db/change-feed';
import { keptReads, type KeptChanges } from '@/db/kept-reads';
import type { StoreBusiness } from './store.repository';

const MAX_STORES = 10_000;

/**
 * The business (with its store settings and cache versions) each shop host or custom domain names, kept in this
 * process so a cached storefront page is answered without a query (docs/online-store.md, "Caching"). The database
 * announces every committed change of a business row ('b:<id>', migration 0006), and every purge is one (it bumps the
 * row's cache versions), as are a rename, a new logo or a domain verified or lost; the change drops that business's
 * hosts in every process, and this process's own purge drops them at once. The store settings are read with the business but
 * not announced: every change of them purges the storefront's identity, which drops the business here and bumps the
 * row for the other processes (a purge that fails leaves their settings as stale as their pages). Kept the way
 * db/kept-reads.ts keeps reads, the least recently used host going first. A host naming no business is not kept
 * (nothing announces a business's creation).
 */
export function createStoreBusinessCache(changes: ChangeFeed | undefined) {
  /** Host key -> business, least recently used first. */
  const stores = keptReads<string, StoreBusiness>(
    changes,
    (payload, kept) => {
      if (touchesNoPeopleOrBusinesses(payload)) return;
      switch (payload.slice(0, 2)) {
        case 'b:':
          forgetIn(kept, payload.slice(2));
          break;
        case 's:':
        case 'e:':
        case 'u:':
          break; // sessions, invitations, people: nothing kept here depends on them
        default:
          kept.changed();
          kept.clear();
      }
    },
    { max: MAX_STORES, byUse: true },
  );

  /** Drops a business's hosts; a read under way when it happens is not kept. */
  function forgetIn(kept: KeptChanges<string, StoreBusiness>, businessId: string): void {
    kept.changed();
    kept.dropWhere((_, store) => store.id === businessId);
  }

  return {
    /**
     * The business of a host key if this process keeps it, without a read (a cached page's answer then needs no
     * promise at all); undefined: not kept, ask `get`.
     */
    peek: stores.get,
    /** The business of a host key, read with `read` unless kept. */
    async get(key: string, read: () => Promise<StoreBusiness | null>): Promise<StoreBusiness | null> {
      const kept = stores.get(key);
      if (kept) return kept;
      const mark = stores.mark();
      const business = await read();
      if (business) stores.keep(mark, key, business);
      return business;
    },
    forget: (businessId: string) => forgetIn(stores, businessId),
    get size() {
      return stores.size;
    },
  };
}

export type StoreBusinessCache = ReturnType<typeof createStoreBusinessCache>;
