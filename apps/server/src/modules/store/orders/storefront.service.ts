import { createHmac, createHash } from 'node:crypto';
import { AppError, priceOrder, type OrderDiscount, type OrderLine } from '@merchant/core';
import { type Pickup, type StoreCartLine, type StoreOrderAddress, type StoreOrderLine } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { appSecret } from '@/lib/app-secrets';
import { newId, randomToken, safeEqual } from '@/lib/crypto';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import {
  storefrontCatalogue,
  storefrontCategories,
  storefrontListPage,
  storefrontLocation,
  type StorefrontCatalogue,
  type StorefrontListQuery,
  type StorefrontProduct,
} from '@/modules/catalogue/products/storefront.read-model';
import { createPageCache, loadOnce } from './storefront-cache';
import { createStoreBusinessCache } from './store-business-cache';
import { createStoreOfRow, type Store } from './storefront.store-of-row';
import type { ChangeFeed } from '@/db/change-feed';
import type { CartView, CheckoutValues } from './storefront.checkout-pages';
import { checkCheckout } from './storefront.checkout-form';
import { chooseDelivery } from './storefront.delivery';
import { checkAddOns, mergeUnits, soldLine, viewOf } from './storefront.cart-lines';
import { isSoldOut } from './storefront.pages';
import { storeRepository as repo, type StoreOrderRow } from './store.repository';
import type { PricingService } from '@/modules/catalogue/pricing/pricing.service';
import type { CouponsService } from '@/modules/store/coupons/coupons.service';
import type { DeliveryRate, ShippingService } from '@/modules/store/shipping/shipping.service';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';
import type { StoreThemesService } from '@/modules/store/themes/store-themes.service';
import type { ThemeContent } from '@merchant/catalogue';
import { orderEvent, storeOrderInput } from '@/modules/payments/developers/webhook-events.presenter';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { themedHomePage } from './storefront.theme';
import { createSitemapReads, homeCatalogue } from './storefront.reads';
export { SITEMAP_FILE_PRODUCTS } from './storefront.reads';

export { addressLine, checkCheckout, checkoutValuesOf } from './storefront.checkout-form';
export { viewOf } from './storefront.cart-lines';
export { STOREFRONT_SORTS, type StorefrontSort } from '@/modules/catalogue/products/storefront.read-model';

export type { Store } from './storefront.store-of-row';

export type PurgeKind = 'identity' | 'categories' | 'products';

export const MAX_CART_LINES = 50;
export const MAX_LINE_UNITS = 99;
const CACHED_PAGES = 2000;
const CACHED_CATALOGUES = 200;
/** Products on a list's page (a category, a search, all products). */
export const LIST_PAGE_SIZE = 24;
/** Products the home page reads: its grid (a theme's grid shows at most 24), besides its collections' own. */
const HOME_PRODUCTS = 24;
/** Product pages' one-product catalogues kept (each small). */
const CACHED_PRODUCT_CATALOGUES = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only well-formed ids reach the database (a URL or a posted form may hold anything). */
const wellFormed = (ids: readonly string[]) => [...new Set(ids.filter((id) => UUID.test(id)))];

export { NO_RATE_MESSAGE } from './storefront.delivery';

/** A refused checkout inside the order's transaction: its errors, shown beside the fields (the transaction rolls back). */
class CheckoutRefused extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('checkout refused');
  }
}

/**
 * The storefront (docs/online-store.md, "Storefront"): the store of a shop host, its catalogue and rendered pages
 * (cached per business, purged by kind), the visitors' carts, and the order a checkout places.
 */
/**
 * A storefront page as kept: its HTML (or XML) as the bytes sent, and the ETag it is answered with. Kept encoded, so a
 * hit sends the same buffer again: no text is joined to the headers or encoded per answer.
 */
export interface CachedStorePage {
  body: Buffer;
  etag: string;
}

export function createStorefrontService(deps: {
  db: Executor;
  clock: Clock;
  catalogue: Pick<CatalogueService, 'stock'>;
  pricing: Pick<PricingService, 'prepareOrder' | 'redeemDiscounts'>;
  shipping: Pick<ShippingService, 'quoteDelivery' | 'listPickups'>;
  coupons: Pick<CouponsService, 'redeemCoupon'>;
  /** The store's content pages (served at `/pages/<slug>`, linked in the footer) and its page views. */
  pages: Pick<StorePagesService, 'published' | 'publishedLinks' | 'countView'>;
  /** The live theme's published content (every page's colours and fonts, the home page's sections). */
  themes: Pick<StoreThemesService, 'liveContent'>;
  /** Whether the business has an active booking service (the header links the booking page then). */
  booking: { hasActiveService: (businessId: string) => Promise<boolean> };
  purge: (businessId: string, kind: PurgeKind) => Promise<void>;
  /** The store's origin: `https://<identifier>.shop.<base>`, or its custom domain once verified. */
  storeOrigin: (business: { identifier: string; domain: string | null }) => string;
  /** `order.created` to the business's webhooks, in the placing's transaction (the outbox rule). */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
  /** The database's announcements of committed changes: they keep the stores of hosts exact (store-business-cache.ts). */
  changes?: ChangeFeed | undefined;
}) {
  const { db, clock } = deps;

  const pages = createPageCache<CachedStorePage>(CACHED_PAGES);
  // The business of each host, so a cached page costs no query; a purge drops it here and, bumping the row, everywhere.
  const stores = createStoreBusinessCache(deps.changes);
  const catalogues = createPageCache<Promise<StorefrontCatalogue>>(CACHED_CATALOGUES);
  const productCatalogues = createPageCache<Promise<StorefrontCatalogue>>(CACHED_PRODUCT_CATALOGUES);
  const categoryLists = createPageCache<Promise<StorefrontCatalogue['categories']>>(CACHED_CATALOGUES);
  const locationsOf = createPageCache<Promise<StorefrontCatalogue['location']>>(CACHED_CATALOGUES);
  // Each business row's store, with its footer's links and live theme (kept under the row's versions).
  const rows = createStoreOfRow({ ...deps, stores, cacheSize: CACHED_CATALOGUES });
  const { storeFrom, withPageLinks } = rows;
  const sitemap = createSitemapReads(db, CACHED_CATALOGUES);

  /** Drops this process's pages and reads of a business (its purge). */
  function dropLocal(businessId: string): void {
    for (const cache of [pages, catalogues, productCatalogues, categoryLists, locationsOf, ...rows.caches, sitemap.starts]) cache.dropPrefix(`${businessId}|`);
  }
  /** The home page's catalogue, cached under the store's versions (a theme's publishing purges identity). */
  // Read once per versions however many requests miss together (right after a purge), not once per request.
  function catalogueOf(store: Store): Promise<StorefrontCatalogue> {
    return loadOnce(catalogues, `${store.versionKey}home`, () => homeCatalogue(db, store.business.id, store.page.theme, HOME_PRODUCTS));
  }
  /** The categories holding a product on sale (a category page's, the sitemap's), cached alike. */
  function categoriesOf(store: Store): Promise<StorefrontCatalogue['categories']> {
    return loadOnce(categoryLists, store.versionKey, () => storefrontCategories(db, store.business.id));
  }
  /** The location the store sells from (null: closed), cached alike. */
  function locationOf(store: Store): Promise<StorefrontCatalogue['location']> {
    return loadOnce(locationsOf, store.versionKey, () => storefrontLocation(db, store.business.id));
  }
  /** A product page's catalogue: that product alone (any product on sale, however large the catalogue), cached alike. */
  function productCatalogueOf(store: Store, productId: string): Promise<StorefrontCatalogue> {
    const ids = wellFormed([productId]);
    // A path naming no product id reads nothing and keeps nothing (junk paths never fill the cache).
    if (ids.length === 0) return Promise.resolve({ location: null, categories: [], products: [] });
    return loadOnce(productCatalogues, `${store.versionKey}|${ids[0]!.toLowerCase()}`, () => storefrontCatalogue(db, store.business.id, { productIds: ids }));
  }
  /** The products of these variants as sold now (a cart, an added line): read, never cached. */
  const catalogueOfVariants = (store: Store, variantIds: readonly string[]) =>
    storefrontCatalogue(db, store.business.id, { variantIds: wellFormed(variantIds) });

  let cartKey: Promise<string> | undefined;
  const key = () => (cartKey ??= appSecret(db, 'store_cart_key', clock.now()));
  const sign = async (id: string) =>
    createHmac('sha256', await key())
      .update(id)
      .digest('base64url');

  return {
    pages,

    /** The store of a shop host's identifier. */
    async storeOf(identifier: string): Promise<Store | null> {
      const key = identifier.toLowerCase();
      return rows.storeOf(await stores.get(`shop:${key}`, () => repo.businessByIdentifier(db, key)));
    },
    /** The store of a shop host's identifier if kept here, without a read or a promise (undefined: ask `storeOf`). */
    keptStoreOf: (identifier: string): Store | undefined => rows.kept(`shop:${identifier.toLowerCase()}`),

    /** The store whose verified custom domain this host is (an unverified domain has no store). */
    async storeOfDomain(host: string): Promise<Store | null> {
      const key = host.toLowerCase();
      return rows.storeOf(await stores.get(`domain:${key}`, () => repo.businessByDomain(db, key)));
    },
    /** The store of a verified custom domain if kept here (undefined: ask `storeOfDomain`). */
    keptStoreOfDomain: (host: string): Store | undefined => rows.kept(`domain:${host.toLowerCase()}`),

    /** The home page's catalogue (its first products, its collections' and the categories), cached. */
    catalogue: catalogueOf,
    categories: categoriesOf,
    location: locationOf,

    /**
     * One page of a list (a category, a search, all products): its products in order, read now (the rendered page is
     * what is cached). Null: the cursor names no product of the store.
     */
    async listPage(
      store: Store,
      query: StorefrontListQuery,
    ): Promise<{ location: StorefrontCatalogue['location']; products: StorefrontProduct[]; hasPrevious: boolean; hasNext: boolean } | null> {
      const page = await storefrontListPage(db, store.business.id, query);
      if (!page) return null;
      const catalogue = await storefrontCatalogue(db, store.business.id, { productIds: page.ids });
      const byId = new Map(catalogue.products.map((p) => [p.id, p]));
      return { location: catalogue.location, products: page.ids.flatMap((id) => byId.get(id) ?? []), hasPrevious: page.hasPrevious, hasNext: page.hasNext };
    },

    /** The sitemap's product files: how many there are. */
    sitemapFiles: (store: Store) => sitemap.files(store.business.id, store.versionKey),
    /** One sitemap file's products (`index` from 0), by id: its own rows only (keyset). */
    sitemapProducts: (store: Store, index: number) => sitemap.products(store.business.id, store.versionKey, index),
    /** A product page's catalogue: the product alone, with its category. */
    productCatalogue: productCatalogueOf,
    /** The catalogue of the products of these variants (a product page shown again with what stopped an add). */
    catalogueOfVariants,

    /**
     * The home page as a theme's draft would show it (the designer's preview): rendered now, never cached, whatever
     * theme is live. Null: the business has no store.
     */
    async previewHome(identifier: string, draft: ThemeContent): Promise<string | null> {
      const store = await withPageLinks(storeFrom(await repo.businessByIdentifier(db, identifier.toLowerCase())));
      if (!store) return null;
      return themedHomePage(store.page, await homeCatalogue(db, store.business.id, draft, HOME_PRODUCTS), draft);
    },

    /** A page of the store as kept (undefined: not kept, ask `cachedPage`). */
    keptPage: (store: Store, path: string): CachedStorePage | undefined => pages.get(`${store.versionKey}${path}`),

    /** A page of the store with its ETag (its digest, taken once when kept), cached or rendered now (null: no such page). */
    async cachedPage(store: Store, path: string, render: () => Promise<string | null>): Promise<CachedStorePage | null> {
      const cacheKey = `${store.versionKey}${path}`;
      const hit = pages.get(cacheKey);
      if (hit !== undefined) return hit;
      const text = await render();
      if (text === null) return null;
      const body = Buffer.from(text, 'utf8');
      const page = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      pages.set(cacheKey, page);
      return page;
    },

    /** Purges one kind of a business's storefront: every process's pages of it go stale; this one's are dropped. */
    async purge(businessId: string, kind: PurgeKind): Promise<void> {
      dropLocal(businessId);
      stores.forget(businessId);
      await deps.purge(businessId, kind);
    },

    /** A published content page of the store (null: no such page, or a draft). */
    contentPage: (store: Store, slug: string) => deps.pages.published(store.business.id, slug),

    /** Counts one page view of the store (an HTML page served; never assets, posts or missing pages). */
    countView: (store: Store) => deps.pages.countView(store.business.id),

    /** The cart of a signed cookie value, or null for a missing or forged one. */
    async cartIdOf(cookie: string | undefined): Promise<string | null> {
      if (!cookie) return null;
      const [id, mac] = cookie.split('.');
      if (!id || !mac || !/^[0-9a-f-]{36}$/.test(id)) return null;
      return safeEqual(mac, await sign(id)) ? id : null;
    },

    async cookieOf(cartId: string): Promise<string> {
      return `${cartId}.${await sign(cartId)}`;
    },

    newCartId: () => newId(),

    async cartLines(store: Store, cartId: string | null): Promise<StoreCartLine[]> {
      return cartId ? ((await repo.cart(db, store.business.id, cartId)) ?? []) : [];
    },

    /**
     * Adds a line to the cart (the same variant with the same add-ons adds up): the variant must be on sale and not sold
     * out, the add-ons the product's and within each group's limits. Answers null, or what the product page says.
     */
    async addLine(store: Store, cartId: string, input: { variantId: string; quantity: number; addOnIds: string[] }): Promise<string | null> {
      const catalogue = await catalogueOfVariants(store, [input.variantId]);
      const product = catalogue.products.find((p) => p.variants.some((v) => v.id === input.variantId));
      const variant = product?.variants.find((v) => v.id === input.variantId);
      if (!product || !variant) return 'Choose one of the options.';
      if (isSoldOut(product, variant)) return 'This is sold out.';
      if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_UNITS) return `Enter a quantity from 1 to ${MAX_LINE_UNITS}.`;
      const addOnProblem = checkAddOns(product, input.addOnIds);
      if (addOnProblem) return addOnProblem;
      const addOnIds = [...new Set(input.addOnIds)].sort();
      return db.transaction(async (tx) => {
        const lines = (await repo.cart(tx, store.business.id, cartId, true)) ?? [];
        const same = lines.find((l) => l.variant_id === variant.id && l.add_on_choice_ids.join() === addOnIds.join());
        if (same) same.quantity = Math.min(MAX_LINE_UNITS, same.quantity + input.quantity);
        else if (lines.length >= MAX_CART_LINES) return `A cart holds at most ${MAX_CART_LINES} items.`;
        else lines.push({ variant_id: variant.id, quantity: input.quantity, add_on_choice_ids: addOnIds });
        await repo.saveCart(tx, store.business.id, cartId, lines, clock.now());
        return null;
      });
    },

    /** Sets a line's quantity (0 removes it). */
    async setQuantity(store: Store, cartId: string, index: number, quantity: number): Promise<void> {
      await db.transaction(async (tx) => {
        const lines = await repo.cart(tx, store.business.id, cartId, true);
        if (!lines || !lines[index]) return;
        if (quantity <= 0) lines.splice(index, 1);
        else lines[index]!.quantity = Math.min(MAX_LINE_UNITS, quantity);
        await repo.saveCart(tx, store.business.id, cartId, lines, clock.now());
      });
    },

    /** The cart priced from the catalogue as it is now, each line with what stops it from being bought. */
    async cartView(store: Store, cartId: string | null): Promise<{ view: CartView; lines: StoreCartLine[]; catalogue: StorefrontCatalogue }> {
      const lines = cartId ? ((await repo.cart(db, store.business.id, cartId)) ?? []) : [];
      const catalogue = await catalogueOfVariants(
        store,
        lines.map((l) => l.variant_id),
      );
      return { view: viewOf(store.business.currency, catalogue, lines), lines, catalogue };
    },

    /**
     * What the checkout page offers: the pickup points, and the rates for the address typed so far (none before a
     * country is given). The order's transaction prices the chosen one again.
     */
    async deliveryOptions(store: Store, cartId: string | null, values: CheckoutValues): Promise<{ rates: DeliveryRate[] | null; pickups: Pickup[] }> {
      const businessId = store.business.id;
      const pickups = await deps.shipping.listPickups(db, businessId);
      if (values.delivery !== 'shipping' || !values.country) return { rates: null, pickups };
      const { view, lines, catalogue } = await this.cartView(store, cartId);
      const weightGrams = lines.reduce((n, line) => {
        const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.id === line.variant_id);
        return n + (variant?.weightGrams ?? 0) * line.quantity;
      }, 0);
      const { rates } = await deps.shipping.quoteDelivery(db, businessId, {
        country: values.country,
        postcode: values.postal_code,
        weightGrams,
        subtotal: view.subtotal,
      });
      return { rates, pickups };
    },

    /**
     * Places the cart's order: priced on the server (`priceOrder`, with the seams' taxes, coupon and delivery), its
     * tracked units taken off the store location's stock and the cart emptied, in one transaction (the cart's row
     * locked, so a second submit finds it empty). Answers the order, or the errors to show on the checkout.
     */
    async placeOrder(
      store: Store,
      cartId: string,
      values: CheckoutValues,
    ): Promise<{ ok: true; order: StoreOrderRow; tracked: boolean } | { ok: false; errors: Record<string, string> }> {
      if (!store.page.open) return { ok: false, errors: { form: store.page.closedMessage } };
      const { view, lines, catalogue } = await this.cartView(store, cartId);
      const errors = checkCheckout(values, store.page.checkout);
      if (lines.length === 0) return { ok: false, errors: { form: 'Your cart is empty.' } };
      if (view.lines.some((l) => l.problem))
        return { ok: false, errors: { form: 'Some items in your cart can no longer be bought: change them in the cart.' } };
      if (!catalogue.location) return { ok: false, errors: { form: 'The store is not taking orders now.' } };
      const businessId = store.business.id;
      const currency = store.business.currency;
      const address: StoreOrderAddress | null =
        values.delivery === 'shipping'
          ? {
              line1: values.line1,
              line2: values.line2 || null,
              city: values.city,
              state: values.state || null,
              postal_code: values.postal_code,
              country: values.country,
            }
          : null;
      const sold = lines.map((line, i) => soldLine(catalogue, line, i));
      const weightGrams = sold.reduce((n, s) => n + (s.weightGrams ?? 0) * s.line.quantity, 0);
      const baseLines: OrderLine[] = sold.map((s) => ({
        id: s.line.id,
        productId: s.product.id,
        categoryId: s.product.categoryId,
        unitPrice: s.line.unit_price,
        quantity: s.line.quantity,
        addOns: s.line.add_ons,
        taxIds: [],
      }));
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      const locationId = catalogue.location.id;
      const now = clock.now();
      const token = randomToken(24);
      const orderId = newId();
      try {
        const order = await db.transaction(async (tx) => {
          const current = await repo.cart(tx, businessId, cartId, true);
          if (!current || JSON.stringify(current) !== JSON.stringify(lines))
            throw new AppError('STORE_ORDER_STATE', 'Your cart changed while you checked out. Check it and try again.');
          // Taxes, automatic discounts and the store location's surcharges: the catalogue's pricing, at this instant.
          const prepare = (extraDiscounts: OrderDiscount[]) =>
            deps.pricing.prepareOrder(tx, businessId, { channel: 'online_store', locationId, at: now, lines: baseLines, extraDiscounts });
          const plain = priceOrder(await prepare([]));
          const refused: Record<string, string> = {};
          let coupon: OrderDiscount | null = null;
          if (values.coupon) {
            try {
              coupon = await deps.coupons.redeemCoupon(tx, businessId, {
                code: values.coupon,
                customerEmail: values.email,
                orderId,
                subtotal: plain.subtotal,
                lines: baseLines,
              });
            } catch (error) {
              if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
              refused['coupon'] = error.issues?.find((i) => i.path === 'coupon')?.message ?? error.message;
            }
          }
          const choice = await chooseDelivery(deps.shipping, tx, businessId, values, plain.subtotal, weightGrams, catalogue.location!);
          if (!choice.ok) Object.assign(refused, choice.errors);
          // Nothing is kept of a refused checkout: the coupon's use and the stock go back with the rollback.
          if (Object.keys(refused).length > 0) throw new CheckoutRefused(refused);
          const priced = coupon ? priceOrder(await prepare([coupon])) : plain;
          await deps.pricing.redeemDiscounts(tx, businessId, priced, { type: 'store_order', id: orderId });
          const shipping = choice.ok ? choice.amount : 0;
          const pricedLines: StoreOrderLine[] = sold.map((s) => ({ ...s.line, total: priced.lines.find((l) => l.id === s.line.id)!.total }));
          const stocked = pricedLines.filter((l) => l.stocked);
          await deps.catalogue.stock.decrement(
            tx,
            businessId,
            mergeUnits(stocked).map((u) => ({ ...u, locationId })),
            { actorUserId: null },
          );
          const inserted = await repo.insertOrder(tx, {
            businessId,
            id: orderId,
            token,
            reference: `#${token
              .replace(/[^A-Za-z0-9]/g, '')
              .slice(0, 8)
              .toUpperCase()}`,
            deliveryMethod: values.delivery,
            customerName: values.name,
            customerEmail: values.email,
            customerPhone: store.page.checkout.phone !== 'hidden' && values.phone ? values.phone : null,
            note: store.page.checkout.note && values.note ? values.note : null,
            shippingAddress: address,
            deliveryChoice: choice.ok ? choice.choice : null,
            locationId,
            lines: pricedLines,
            currency,
            subtotal: priced.subtotal,
            discount: priced.discount,
            shipping,
            tax: priced.tax,
            total: priced.total + shipping,
            couponCode: coupon ? values.coupon : null,
            createdAt: now,
            updatedAt: now,
          });
          await repo.placedCart(tx, businessId, cartId, orderId, now);
          await deps.webhooks?.emit(tx, businessId, orderEvent('order.created', storeOrderInput(inserted)));
          return inserted;
        });
        return { ok: true, order, tracked: order.lines.some((l) => l.stocked) };
      } catch (error) {
        if (error instanceof CheckoutRefused) return { ok: false, errors: error.errors };
        if (error instanceof AppError && error.code === 'STOCK_INSUFFICIENT') {
          return { ok: false, errors: { form: `${error.message}: fewer are left than your cart holds. Change the quantity in your cart.` } };
        }
        if (error instanceof AppError && error.code === 'STORE_ORDER_STATE') return { ok: false, errors: { form: error.message } };
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.issues?.some((i) => i.path.startsWith('discounts.')))
          return { ok: false, errors: { form: `${error.message}. Check out again.` } };
        throw error;
      }
    },
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
