import { createHash } from 'node:crypto';
import type { ThemeContent } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import {
  storefrontCatalogue,
  storefrontCategories,
  storefrontListPage,
  storefrontSitemapProducts,
  storefrontSitemapStarts,
  type StorefrontCatalogue,
} from '@/modules/catalogue/products/storefront.read-model';
import { createPageCache, loadOnce } from './storefront-cache';
import type { StoreBusiness } from './store.repository';

/**
 * The home page's catalogue: the first `first` products by name (its grid) and the first of each category a theme's
 * collection shows, with the categories holding a product on sale; never the whole catalogue.
 */
export async function homeCatalogue(db: Executor, businessId: string, theme: ThemeContent | null, first: number): Promise<StorefrontCatalogue> {
  const collections = (theme?.pages.home ?? []).flatMap((s) => (s.type === 'collection' && s.settings.category_id ? [s.settings] : []));
  const pages = await Promise.all([
    storefrontListPage(db, businessId, { sort: 'name', limit: first }),
    ...collections.map((c) => storefrontListPage(db, businessId, { sort: 'name', categoryId: c.category_id!, limit: c.limit })),
  ]);
  const ids = [...new Set(pages.flatMap((p) => p?.ids ?? []))];
  const [catalogue, categories] = await Promise.all([storefrontCatalogue(db, businessId, { productIds: ids }), storefrontCategories(db, businessId)]);
  return { ...catalogue, categories: catalogue.location ? categories : [] };
}

const fingerprints = new WeakMap<StoreBusiness, string>();

/**
 * What the pages show of the business row and its store settings, in short: part of a page's key, so a page rendered
 * before a change of them (even one made in SQL, which purges nothing) is never served after it. Once per business read.
 */
export function fingerprintOf(business: StoreBusiness): string {
  let print = fingerprints.get(business);
  if (print === undefined) {
    const { cacheVersions: _, ...shown } = business;
    print = createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 12);
    fingerprints.set(business, print);
  }
  return print;
}

/** Products in one file of the sitemap (the protocol allows 50,000 URLs; smaller files keep each cached page small). */
export const SITEMAP_FILE_PRODUCTS = 10_000;

/**
 * The sitemap's product files: where each starts (its first product id), read in one pass once per catalogue version
 * (`versionKey`) by the index or the first file asked for and kept, so a file's miss reads only its own rows by keyset.
 */
export function createSitemapReads(db: Executor, entries: number) {
  const starts = createPageCache<Promise<string[]>>(entries);
  const startsOf = (businessId: string, versionKey: string) =>
    loadOnce(starts, versionKey, () => storefrontSitemapStarts(db, businessId, SITEMAP_FILE_PRODUCTS));
  return {
    starts,
    files: async (businessId: string, versionKey: string) => (await startsOf(businessId, versionKey)).length,
    async products(businessId: string, versionKey: string, index: number) {
      const all = await startsOf(businessId, versionKey);
      const from = all[index];
      return from ? storefrontSitemapProducts(db, businessId, { from, until: all[index + 1] ?? null }) : [];
    },
  };
}
