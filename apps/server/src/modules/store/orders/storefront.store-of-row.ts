import { STORE_POLICIES, type ThemeContent } from '@merchant/catalogue';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';
import type { StoreThemesService } from '@/modules/store/themes/store-themes.service';
import { createPageCache } from './storefront-cache';
import type { StoreBusinessCache } from './store-business-cache';
import type { StorePage } from './storefront.layout';
import { fingerprintOf } from './storefront.reads';
import type { StoreBusiness } from './store.repository';

/** What one request's store is: the business and its page identity. */
export interface Store {
  business: StoreBusiness;
  page: StorePage;
  /** The part of a cached page's key that a purge changes. */
  versionKey: string;
}

/**
 * The store of a business row (docs/online-store.md, "A kept page is a lookup and a send"): its page identity, its
 * footer's links and its live theme. A row the host cache keeps gives the same store to every request until a change
 * or a purge replaces the row, so a cached page builds no store; the links and the theme are kept under the row's
 * versions, which change with the row.
 */
export function createStoreOfRow(deps: {
  storeOrigin: (business: { identifier: string; domain: string | null }) => string;
  pages: Pick<StorePagesService, 'publishedLinks'>;
  themes: Pick<StoreThemesService, 'liveContent'>;
  booking: { hasActiveService: (businessId: string) => Promise<boolean> };
  stores: StoreBusinessCache;
  cacheSize: number;
}) {
  const pageLinks = createPageCache<StorePage['pages']>(deps.cacheSize);
  const liveThemes = createPageCache<{ theme: ThemeContent | null; booking: boolean }>(deps.cacheSize);
  const storeOfRow = new WeakMap<StoreBusiness, Store>();

  /** The store of a business: its page identity from the store settings (name, logo, policies, open or closed). */
  function storeFrom(business: StoreBusiness | null): Store | null {
    if (!business) return null;
    const v = business.cacheVersions;
    const s = business.settings;
    const name = s.store_name ?? business.name;
    return {
      business,
      page: {
        businessId: business.id,
        name,
        identifier: business.identifier,
        origin: deps.storeOrigin(business),
        logoUrl: s.logo_url ?? business.logoUrl,
        open: s.is_open,
        closedMessage: s.closed_message ?? `${name} is not taking orders right now.`,
        policies: STORE_POLICIES.filter((p) => s.policies[p].trim() !== ''),
        currencyDisplay: s.currency_display,
        checkout: { phone: s.phone_field, note: s.note_field },
        pages: [],
        theme: null,
      },
      versionKey: `${business.id}|${v['identity'] ?? 0}.${v['categories'] ?? 0}.${v['products'] ?? 0}.${fingerprintOf(business)}|`,
    };
  }

  /** The store with its published pages' links (the footer's), cached under its versions: a page's change purges identity. */
  async function withPageLinks(store: Store | null): Promise<Store | null> {
    if (!store) return null;
    let links = pageLinks.get(store.versionKey);
    if (!links) {
      links = await deps.pages.publishedLinks(store.business.id);
      pageLinks.set(store.versionKey, links);
    }
    // Publishing a theme purges identity: the next request reads the new live content.
    let live = liveThemes.get(store.versionKey);
    if (!live) {
      // A booking service's change purges identity too (its link in the header).
      live = { theme: await deps.themes.liveContent(store.business.id), booking: await deps.booking.hasActiveService(store.business.id) };
      liveThemes.set(store.versionKey, live);
    }
    return { ...store, page: { ...store.page, pages: links, theme: live.theme, booking: live.booking } };
  }

  return {
    storeFrom,
    withPageLinks,
    /** The store of a row (null: no business), built once per row. */
    async storeOf(business: StoreBusiness | null): Promise<Store | null> {
      if (!business) return null;
      const known = storeOfRow.get(business);
      if (known) return known;
      const store = await withPageLinks(storeFrom(business));
      if (store) storeOfRow.set(business, store);
      return store;
    },
    /** The store of a host key when its row is kept and its store built (undefined: ask `storeOf`). */
    kept(key: string): Store | undefined {
      const business = deps.stores.peek(key);
      return business && storeOfRow.get(business);
    },
    /** The caches a purge drops (their keys start with the business id). */
    caches: [pageLinks, liveThemes],
  };
}
