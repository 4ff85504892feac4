import type { BusinessAddress } from '@merchant/business';
import type { MediaFormat, ProductOption } from '@merchant/catalogue';
import { and, arrayContains, asc, desc, eq, exists, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  addOnChoices,
  addOnGroups,
  locationSettings,
  locations,
  media,
  productAddOnGroups,
  productImages,
  productCategories,
  productVariants,
  products,
  stockLevels,
} from '@/db/schema';

/** What the storefront sells (docs/online-store.md, "Storefront"), read in a few statements and cached by the store. */
export interface StorefrontCatalogue {
  /** The location the store sells from and takes stock from (location settings); null: the store is not open. */
  location: { id: string; name: string; address: BusinessAddress; phone: string | null } | null;
  categories: { id: string; name: string }[];
  products: StorefrontProduct[];
}

export interface StorefrontVariant {
  id: string;
  optionValues: string[];
  price: number;
  compareAtPrice: number | null;
  sku: string | null;
  /** Units on hand at the store's location (0 when no level was ever kept). */
  onHand: number;
  lowStockThreshold: number | null;
  /** For rates by weight; null counts 0. */
  weightGrams: number | null;
}

export interface StorefrontProduct {
  id: string;
  name: string;
  description: string | null;
  currency: string;
  categoryId: string | null;
  trackStock: boolean;
  allowBackorder: boolean;
  options: ProductOption[];
  variants: StorefrontVariant[];
  addOnGroups: {
    id: string;
    name: string;
    minChoices: number;
    maxChoices: number;
    required: boolean;
    choices: { id: string; name: string; price: number }[];
  }[];
  /** Its images in order (the first the primary one): what their URLs are made of. */
  images: StorefrontImage[];
  updatedAt: Date;
}

export interface StorefrontImage {
  id: string;
  hash: string;
  format: MediaFormat;
  altText: string;
  width: number;
  height: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The products a storefront sells: active, on the `online_store` channel. */
const onSale = (businessId: string) =>
  and(eq(products.businessId, businessId), eq(products.status, 'active'), arrayContains(products.channels, ['online_store']));

/** An id no row has: an empty selection reads nothing (`in ()` is not SQL). */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The most products a storefront shows (a store larger than this lists its first ones by name). */
export const STOREFRONT_MAX_PRODUCTS = 2000;

/** Part of the catalogue: these products, or the products of these variants (a product page, a cart). */
export type StorefrontSelection = { productIds: string[] } | { variantIds: string[] };

/**
 * The active products on the `online_store` channel, with their variants, stock at the store's location and add-on
 * groups, and the categories that hold one of them. Which locations sell a product is not kept yet (every active one
 * does, docs/catalogue.md), so a product is sold at the store's location when the store has one. The whole catalogue
 * is the first `STOREFRONT_MAX_PRODUCTS` by name (the lists); `only` reads just the products a product page or a cart
 * needs, so every product on sale can be seen and bought however large the catalogue.
 */
/** The location the store sells from (location settings), or null: the store is not open. */
export async function storefrontLocation(db: Executor, businessId: string): Promise<StorefrontCatalogue['location']> {
  const [setting] = await db
    .select({ id: locations.id, name: locations.name, address: locations.address, phone: locations.phone, status: locations.status })
    .from(locationSettings)
    .innerJoin(locations, and(eq(locations.businessId, locationSettings.businessId), eq(locations.id, locationSettings.onlineStoreLocationId)))
    .where(eq(locationSettings.businessId, businessId));
  return setting && setting.status === 'active' ? { id: setting.id, name: setting.name, address: setting.address, phone: setting.phone } : null;
}

export async function storefrontCatalogue(db: Executor, businessId: string, only?: StorefrontSelection): Promise<StorefrontCatalogue> {
  const location = await storefrontLocation(db, businessId);
  if (!location) return { location: null, categories: [], products: [] };

  const chosen = !only
    ? undefined
    : 'productIds' in only
      ? inArray(products.id, only.productIds.length > 0 ? only.productIds : [NO_ID])
      : inArray(
          products.id,
          db
            .select({ id: productVariants.productId })
            .from(productVariants)
            .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, only.variantIds.length > 0 ? only.variantIds : [NO_ID]))),
        );
  const productRows = await db
    .select()
    .from(products)
    .where(and(onSale(businessId), chosen))
    .orderBy(asc(products.name), asc(products.id))
    // A selection is as large as its ids (a variant names one product), whatever the cap of the whole catalogue.
    .limit(only ? Math.max(1, 'productIds' in only ? only.productIds.length : only.variantIds.length) : STOREFRONT_MAX_PRODUCTS);
  const ids = productRows.map((p) => p.id);
  if (ids.length === 0) return { location, categories: [], products: [] };

  const [variantRows, levelRows, groupLinks, categoryRows, imageRows] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.productId, ids)))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
    db
      .select({ variantId: stockLevels.variantId, onHand: stockLevels.onHand, threshold: stockLevels.lowStockThreshold })
      .from(stockLevels)
      .where(and(eq(stockLevels.businessId, businessId), eq(stockLevels.locationId, location.id), inArray(stockLevels.productId, ids))),
    db
      .select({ productId: productAddOnGroups.productId, groupId: productAddOnGroups.groupId, position: productAddOnGroups.position })
      .from(productAddOnGroups)
      .where(and(eq(productAddOnGroups.businessId, businessId), inArray(productAddOnGroups.productId, ids)))
      .orderBy(asc(productAddOnGroups.position)),
    db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .where(eq(productCategories.businessId, businessId))
      .orderBy(asc(productCategories.position)),
    db
      .select({
        productId: productImages.productId,
        id: media.id,
        hash: media.hash,
        format: media.format,
        altText: media.altText,
        width: media.width,
        height: media.height,
      })
      .from(productImages)
      .innerJoin(media, and(eq(media.businessId, productImages.businessId), eq(media.id, productImages.mediaId)))
      .where(and(eq(productImages.businessId, businessId), inArray(productImages.productId, ids)))
      .orderBy(asc(productImages.position)),
  ]);
  const groupIds = [...new Set(groupLinks.map((g) => g.groupId))];
  const [groupRows, choiceRows] =
    groupIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(addOnGroups)
            .where(and(eq(addOnGroups.businessId, businessId), inArray(addOnGroups.id, groupIds))),
          db
            .select()
            .from(addOnChoices)
            .where(and(eq(addOnChoices.businessId, businessId), inArray(addOnChoices.groupId, groupIds)))
            .orderBy(asc(addOnChoices.position)),
        ]);

  const levels = new Map(levelRows.map((l) => [l.variantId, l]));
  const groups = new Map(
    groupRows.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        minChoices: g.minChoices,
        maxChoices: g.maxChoices,
        required: g.required,
        choices: choiceRows.filter((c) => c.groupId === g.id).map((c) => ({ id: c.id, name: c.name, price: c.price })),
      },
    ]),
  );
  const variantsOf = new Map<string, StorefrontVariant[]>();
  for (const v of variantRows) {
    const level = levels.get(v.id);
    const list = variantsOf.get(v.productId) ?? [];
    list.push({
      id: v.id,
      optionValues: v.optionValues,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      sku: v.sku,
      onHand: level?.onHand ?? 0,
      lowStockThreshold: level?.threshold ?? null,
      weightGrams: v.weightGrams,
    });
    variantsOf.set(v.productId, list);
  }
  const sold: StorefrontProduct[] = productRows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    currency: p.currency,
    categoryId: p.categoryId,
    trackStock: p.trackStock,
    allowBackorder: p.allowBackorder,
    options: p.options,
    variants: variantsOf.get(p.id) ?? [],
    addOnGroups: groupLinks.filter((l) => l.productId === p.id).flatMap((l) => (groups.has(l.groupId) ? [groups.get(l.groupId)!] : [])),
    images: imageRows.filter((i) => i.productId === p.id).map(({ productId: _, ...image }) => image),
    updatedAt: p.updatedAt,
  }));
  const used = new Set(sold.map((p) => p.categoryId));
  return { location, categories: categoryRows.filter((c) => used.has(c.id)), products: sold.filter((p) => p.variants.length > 0) };
}

/** The categories that hold a product on sale, in their order (the store's navigation). */
export async function storefrontCategories(db: Executor, businessId: string): Promise<StorefrontCatalogue['categories']> {
  return db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.businessId, businessId),
        exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(onSale(businessId), eq(products.categoryId, productCategories.id))),
        ),
      ),
    )
    .orderBy(asc(productCategories.position));
}

/** The orders a storefront list offers: by name (A to Z) or newest first. */
export const STOREFRONT_SORTS = ['name', 'newest'] as const;
export type StorefrontSort = (typeof STOREFRONT_SORTS)[number];

export interface StorefrontListQuery {
  /** Only this category's products. */
  categoryId?: string | undefined;
  /** Only products whose name or description holds every word (case-insensitive). */
  words?: string[] | undefined;
  sort: StorefrontSort;
  /** The page after this product, or before it (keyset: the product's sort key, not an offset). */
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
}

export interface StorefrontListPage {
  /** The page's product ids in order. */
  ids: string[];
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Where a product's text holds a search word: its name, its name or description (the trigram indexes' texts). */
const nameHolds = (pattern: string) => ilike(products.name, pattern);
const textHolds = (pattern: string) => sql`(${products.name} || ' ' || coalesce(${products.description}, '')) ilike ${pattern}`;

/**
 * One page of a storefront list (a category, a search, all products), by keyset on the sort's key and the id: it
 * reads the page's rows only, through `products_name_idx`, `products_created_idx` or the category's indexes
 * (migration 0075). A search lists the products whose name holds every word first, then those that need the
 * description for some word, each part in the list's order; each part is read on its own, through the name's trigram
 * index or `products_search_trgm_idx` (migration 0080) for a rare word, or the order's index for a common one, so a
 * rare word reads its few rows and a common one stops at the page. Null: the cursor names no product of the business
 * (a stale or made-up link).
 */
export async function storefrontListPage(db: Executor, businessId: string, query: StorefrontListQuery): Promise<StorefrontListPage | null> {
  const cursorId = query.after ?? query.before;
  const byName = query.sort === 'name';
  const patterns = (query.words ?? []).map((w) => `%${escapeLike(w)}%`);
  const inName = patterns.length > 0 ? and(...patterns.map(nameHolds)) : undefined;
  // The search's parts in order: the name holds every word; the name and description do, the name alone does not.
  const parts: (SQL | undefined)[] = inName ? [inName, and(...patterns.map(textHolds), sql`not (${inName})`)] : [undefined];
  const forward = query.after !== undefined;
  let key: SQL | undefined;
  let cursorPart = 0;
  if (cursorId) {
    const [cursor] = await db
      .select({ name: products.name, createdAt: sql<string>`${products.createdAt}::text`, inName: inName ? sql<boolean>`(${inName})` : sql<boolean>`true` })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, cursorId)));
    if (!cursor) return null;
    cursorPart = inName && !cursor.inName ? 1 : 0;
    // Its time as text: a Date would lose the microseconds the key compares.
    // Forward in the list's order: name ascending, or created descending (newest first).
    key = byName
      ? forward
        ? sql`(${products.name}, ${products.id}) > (${cursor.name}, ${cursorId}::uuid)`
        : sql`(${products.name}, ${products.id}) < (${cursor.name}, ${cursorId}::uuid)`
      : forward
        ? sql`(${products.createdAt}, ${products.id}) < (${cursor.createdAt}::timestamptz, ${cursorId}::uuid)`
        : sql`(${products.createdAt}, ${products.id}) > (${cursor.createdAt}::timestamptz, ${cursorId}::uuid)`;
  }
  const backward = query.before !== undefined && !forward;
  const ascending = byName !== backward;
  const order = byName
    ? ascending
      ? [asc(products.name), asc(products.id)]
      : [desc(products.name), desc(products.id)]
    : ascending
      ? [asc(products.createdAt), asc(products.id)]
      : [desc(products.createdAt), desc(products.id)];
  // From the cursor's part onwards (backwards: down to the first part); the key holds in the cursor's part only.
  const visit = parts.map((_, i) => i).filter((i) => (backward ? i <= cursorPart : i >= cursorPart));
  if (backward) visit.reverse();
  const rows: { id: string }[] = [];
  for (const i of visit) {
    const wanted = query.limit + 1 - rows.length;
    if (wanted <= 0) break;
    rows.push(
      ...(await db
        .select({ id: products.id })
        .from(products)
        .where(and(onSale(businessId), query.categoryId ? eq(products.categoryId, query.categoryId) : undefined, i === cursorPart ? key : undefined, parts[i]))
        .orderBy(...order)
        .limit(wanted)),
    );
  }
  const more = rows.length > query.limit;
  const ids = rows.slice(0, query.limit).map((r) => r.id);
  if (backward) ids.reverse();
  return {
    ids,
    hasPrevious: backward ? more : query.after !== undefined,
    hasNext: backward ? true : more,
  };
}

/**
 * The first product id of each file of the sitemap's products (files of `size`, by id): one pass over the store's
 * products on sale, the number of files and where each starts, so a file then reads its own rows only.
 */
export async function storefrontSitemapStarts(db: Executor, businessId: string, size: number): Promise<string[]> {
  const numbered = db
    .select({ id: products.id, n: sql<number>`row_number() over (order by ${products.id})`.as('n') })
    .from(products)
    .where(onSale(businessId))
    .as('numbered');
  const rows = await db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${size} = 0`)
    .orderBy(asc(numbered.id));
  return rows.map((r) => r.id);
}

/** The sitemap's protocol: at most 50,000 URLs in a file. */
const SITEMAP_PROTOCOL_MAX = 50_000;

/**
 * One file of the sitemap's products by keyset: the products on sale from the id `from` up to the id `until` (the
 * next file's start; none: to the end), by id, with when each last changed.
 */
export async function storefrontSitemapProducts(
  db: Executor,
  businessId: string,
  range: { from: string; until: string | null },
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(onSale(businessId), gte(products.id, range.from), range.until ? lt(products.id, range.until) : undefined))
    .orderBy(asc(products.id))
    .limit(SITEMAP_PROTOCOL_MAX);
}
