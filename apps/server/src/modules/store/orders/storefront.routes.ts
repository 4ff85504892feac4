import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isApiPath } from '@merchant/core';
import { STORE_POLICIES, type StorePolicy } from '@merchant/catalogue';
import type { RouteHost } from '@/modules/module';
import { cartPage, checkoutPage, EMPTY_CHECKOUT, orderPage, type CheckoutValues } from './storefront.checkout-pages';
import { messagePage, withStore } from './storefront.layout';
import { policyPage } from './storefront.policy-pages';
import { contentPage } from './storefront.content-pages';
import { themedHomePage } from './storefront.theme';
import {
  ALL_PRODUCTS_PATH,
  allProductsPage,
  categoryPage,
  homePage,
  productPage,
  productPath,
  robots,
  searchPage,
  searchWords,
  sitemapIndex,
  sitemapPages,
  sitemapUrls,
  type ListView,
} from './storefront.pages';
import { addressLine, checkoutValuesOf, LIST_PAGE_SIZE, STOREFRONT_SORTS, type Store, type StorefrontService, type StorefrontSort } from './storefront.service';
import type { AbandonedCartsService } from './abandoned-carts.service';
import type { StoreOrdersService } from './store-orders.service';
import type { BookingModuleService } from '@/modules/store/booking/booking.service';
import { storefrontBookingRoutes } from './storefront.booking-routes';

export const CART_COOKIE = 'store_cart';
const CART_DAYS = 30;

type Form = Record<string, string | string[]>;

/** A urlencoded form with repeated names kept as lists (the add-ons of a product). */
function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const had = form[key];
    form[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return form;
}
const one = (form: Form, key: string) => {
  const v = form[key];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};
const all = (form: Form, key: string) => {
  const v = form[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a list's page starts: its order and the product it follows or precedes (none: the first page). */
interface ListPlace {
  sort: StorefrontSort;
  after?: string;
  before?: string;
}

/** A query value as one string (a repeated one is not one: undefined). */
const queryValue = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The place a list's URL asks for, or null when its query is not one this store writes (an unknown order, a cursor
 * that is no product id, both cursors): such a URL is sent to the list's first page.
 */
function listPlaceOf(query: unknown): ListPlace | null {
  const sort = queryValue(query, 'sort') ?? 'name';
  const after = queryValue(query, 'after');
  const before = queryValue(query, 'before');
  const raw = query as Record<string, unknown> | null;
  if (!(STOREFRONT_SORTS as readonly string[]).includes(sort)) return null;
  if (
    (raw?.['sort'] !== undefined && queryValue(query, 'sort') === undefined) ||
    (raw?.['after'] !== undefined && !after) ||
    (raw?.['before'] !== undefined && !before)
  )
    return null;
  if ((after && !UUID.test(after)) || (before && !UUID.test(before)) || (after && before)) return null;
  return { sort: sort as StorefrontSort, ...(after ? { after: after.toLowerCase() } : {}), ...(before ? { before: before.toLowerCase() } : {}) };
}

/** The URL of a list's page: its path, the search words, then the order (name is the default) and the cursor. */
function listHref(path: string, place: ListPlace, q?: string): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (place.sort !== 'name') params.set('sort', place.sort);
  if (place.after) params.set('after', place.after);
  if (place.before) params.set('before', place.before);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The storefront on `<identifier>.shop.<base>` (docs/online-store.md, "Storefront"): server-rendered HTML without
 * scripts, its catalogue pages cached per business, the cart named by a signed cookie, the checkout that places the
 * order and hands the payer to the hosted checkout, and the order's status page.
 */
export function storefrontRoutes(
  host: RouteHost,
  deps: {
    storefront: StorefrontService;
    orders: StoreOrdersService;
    abandoned: AbandonedCartsService;
    booking: BookingModuleService;
    checkoutOrigin: string;
  },
): void {
  const { app, config, secureCookies } = host;
  const { storefront, orders, abandoned } = deps;
  const base = escapeRegExp(config.baseDomain);
  const shopSuffix = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,62})\\.shop\\.${base}(?::\\d+)?$`, 'i');
  // The shop hosts, and any other host name with a dot that is not ours (a merchant's own domain, answered once it is
  // verified: an unknown or unverified one gets the "no such store" page). IP addresses and single labels are not.
  const shopHost = new RegExp(
    `^(?:[a-z0-9](?:[a-z0-9-]{0,62})\\.shop\\.${base}|(?!(?:[^:]*\\.)?${base}(?::\\d+)?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9])(?::\\d+)?$`,
    'i',
  );
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' https: data:",
    `form-action 'self' ${deps.checkoutOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  async function storeOf(req: FastifyRequest): Promise<Store | null> {
    if (shopSuffix.test(req.hostname)) return storefront.storeOf(req.hostname.split('.')[0] ?? '');
    return storefront.storeOfDomain(req.hostname.replace(/:\d+$/, ''));
  }

  /** The store of each request being answered: a page view of it counts when an HTML page is sent. */
  const storeOfRequest = new WeakMap<FastifyRequest, Store>();

  function send(req: FastifyRequest, reply: FastifyReply, body: string, options: { status?: number; type?: string; cacheable?: boolean } = {}) {
    const store = storeOfRequest.get(req);
    // A page view: a page of the store sent to a GET (not HEAD, a post, a missing page, the sitemap or robots.txt).
    if (store && req.method === 'GET' && (options.status ?? 200) === 200 && !options.type) storefront.countView(store);
    reply.header('Content-Security-Policy', csp).type(options.type ?? 'text/html; charset=utf-8');
    if (options.cacheable) {
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('Cache-Control', 'no-cache').header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    } else {
      reply.header('Cache-Control', 'no-store');
    }
    return reply.status(options.status ?? 200).send(body);
  }

  const noStore = (req: FastifyRequest, reply: FastifyReply) =>
    send(req, reply, '<!doctype html><title>Not found</title><h1>This store does not exist</h1>', { status: 404 });

  /** Every storefront request: the store of the host name (a 404 page when there is none), then the page. */
  function page(handler: (store: Store, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const store = await storeOf(req);
      if (!store) return noStore(req, reply);
      storeOfRequest.set(req, store);
      // Prices on every page of this request show the currency as the store settings say.
      return withStore(store.page, () => handler(store, req, reply));
    };
  }

  /** A form post must come from the store's own pages: a cross-site post (its Origin another site) is refused. */
  function sameOrigin(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }

  function post(handler: (store: Store, form: Form, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    return page(async (store, req, reply) => {
      if (!sameOrigin(req)) return send(req, reply, messagePage(store.page, 'Not allowed', 'This form was sent from another site.', req.url), { status: 403 });
      return handler(store, (req.body ?? {}) as Form, req, reply);
    });
  }

  async function cartId(req: FastifyRequest): Promise<string | null> {
    return storefront.cartIdOf(req.cookies[CART_COOKIE]);
  }

  async function ensureCart(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    const known = await cartId(req);
    if (known) return known;
    const id = storefront.newCartId();
    await setCartCookie(reply, id);
    return id;
  }

  async function setCartCookie(reply: FastifyReply, id: string): Promise<void> {
    reply.setCookie(CART_COOKIE, await storefront.cookieOf(id), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: CART_DAYS * 86_400,
    });
  }

  const notFound = (store: Store, req: FastifyRequest, reply: FastifyReply) =>
    send(req, reply, messagePage(store.page, 'Page not found', 'There is nothing at this address.', req.url.split('?')[0] ?? '/'), { status: 404 });

  const closed = (store: Store, req: FastifyRequest, reply: FastifyReply) =>
    send(req, reply, messagePage(store.page, 'The store is closed', `${store.page.name} is not selling online right now.`, '/'), { status: 503 });

  function renderCheckout(store: Store, req: FastifyRequest, reply: FastifyReply, values: CheckoutValues, errors: Record<string, string>, status = 200) {
    return (async () => {
      if (!store.page.open) return send(req, reply, messagePage(store.page, 'The store is closed', store.page.closedMessage, '/checkout'), { status: 503 });
      const id = await cartId(req);
      const { view, catalogue } = await storefront.cartView(store, id);
      if (!catalogue.location) return closed(store, req, reply);
      if (view.lines.length === 0) return reply.redirect('/cart', 303);
      const address = addressLine(catalogue.location.address);
      const options = await storefront.deliveryOptions(store, id, values);
      const offered = {
        rates: options.rates,
        pickups: options.pickups.map((p) => ({ id: p.id, name: p.name, address: addressLine(p.location.address), instructions: p.instructions })),
      };
      return send(req, reply, checkoutPage(store.page, view, { name: catalogue.location.name, address }, offered, values, errors), { status });
    })();
  }

  void app.register(async (shop: FastifyInstance) => {
    shop.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, parseForm(body as string));
    });
    const route = (method: 'GET' | 'POST', url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
      shop.route({ method: method === 'GET' ? ['GET', 'HEAD'] : 'POST', url, constraints: { host: shopHost }, schema: { hide: true }, handler });

    const cached = (path: (req: FastifyRequest) => string, render: (store: Store, req: FastifyRequest) => Promise<string | null>, type?: string) =>
      page(async (store, req, reply) => {
        const body = await storefront.cachedPage(store, path(req), () => render(store, req));
        return body === null ? notFound(store, req, reply) : send(req, reply, body, { cacheable: true, ...(type ? { type } : {}) });
      });

    route(
      'GET',
      '/',
      cached(
        () => '/',
        async (store) => {
          const catalogue = await storefront.catalogue(store);
          return catalogue.location
            ? store.page.theme
              ? themedHomePage(store.page, catalogue, store.page.theme)
              : homePage(store.page, catalogue)
            : messagePage(store.page, 'The store is closed', `${store.page.name} is not selling online right now.`, '/');
        },
      ),
    );
    /**
     * A paged list (a category, all products, a search): its place from the query (a query it does not write sends
     * the list's first page), the page read by keyset, its links. A cursor naming no product any more (a stale link)
     * sends the first page too. Cached per page unless it is a search.
     */
    function list(
      path: (req: FastifyRequest) => string,
      render: (
        store: Store,
        req: FastifyRequest,
        read: (place: ListPlace, options: { categoryId?: string; q?: string }) => Promise<ListView | 'stale' | 'closed'>,
      ) => Promise<string | 'stale' | 'closed' | null>,
      options: { q?: (req: FastifyRequest) => string; cache: boolean },
    ) {
      return page(async (store, req, reply) => {
        const q = options.q?.(req) ?? '';
        const base = path(req);
        const place = listPlaceOf(req.query);
        if (!place) return reply.redirect(listHref(base, { sort: 'name' }, q), 303);
        const href = listHref(base, place, q);
        const read = async (at: ListPlace, o: { categoryId?: string; q?: string }): Promise<ListView | 'stale' | 'closed'> => {
          const words = o.q ? searchWords(o.q) : undefined;
          const found = await storefront.listPage(store, {
            sort: at.sort,
            after: at.after,
            before: at.before,
            categoryId: o.categoryId,
            words,
            limit: LIST_PAGE_SIZE,
          });
          if (!found || ((at.after || at.before) && found.products.length === 0)) return 'stale';
          if (!found.location) return 'closed';
          const first = found.products[0];
          const last = found.products.at(-1);
          return {
            products: found.products,
            sort: at.sort,
            sortHrefs: { name: listHref(base, { sort: 'name' }, q), newest: listHref(base, { sort: 'newest' }, q) },
            previous: found.hasPrevious && first ? listHref(base, { sort: at.sort, before: first.id }, q) : null,
            next: found.hasNext && last ? listHref(base, { sort: at.sort, after: last.id }, q) : null,
            href,
          };
        };
        let outcome: 'stale' | 'closed' | null = null;
        const renderPage = async () => {
          const body = await render(store, req, (at, o) => read(at, o));
          if (body === 'stale' || body === 'closed') {
            outcome = body;
            return null;
          }
          return body;
        };
        const body = options.cache ? await storefront.cachedPage(store, href, renderPage) : await renderPage();
        if (outcome === 'stale') return reply.redirect(listHref(base, { sort: place.sort }, q), 303);
        if (outcome === 'closed') return closed(store, req, reply);
        return body === null ? notFound(store, req, reply) : send(req, reply, body, options.cache ? { cacheable: true } : {});
      });
    }

    route(
      'GET',
      '/categories/:id',
      list(
        (req) => `/categories/${(req.params as { id: string }).id}`,
        async (store, req, read) => {
          const { id } = req.params as { id: string };
          const category = UUID.test(id) ? (await storefront.categories(store)).find((c) => c.id === id.toLowerCase()) : undefined;
          if (!category) return null;
          const view = await read(listPlaceOf(req.query)!, { categoryId: category.id });
          return typeof view === 'string' ? view : categoryPage(store.page, category, view);
        },
        { cache: true },
      ),
    );
    route(
      'GET',
      ALL_PRODUCTS_PATH,
      list(
        () => ALL_PRODUCTS_PATH,
        async (store, req, read) => {
          const view = await read(listPlaceOf(req.query)!, {});
          return typeof view === 'string' ? view : allProductsPage(store.page, view);
        },
        { cache: true },
      ),
    );
    route(
      'GET',
      '/products/:id',
      cached(
        (req) => `/products/${(req.params as { id: string }).id}`,
        async (store, req) => {
          const { id } = req.params as { id: string };
          return productPage(store.page, await storefront.productCatalogue(store, id), id);
        },
      ),
    );
    // The sitemap: an index of its files, the pages' file and the products' files (every product on sale, by id).
    const XML = 'application/xml; charset=utf-8';
    route(
      'GET',
      '/sitemap.xml',
      cached(
        () => '/sitemap.xml',
        async (store) => {
          const files = await storefront.sitemapFiles(store);
          return sitemapIndex(store.page, ['/sitemap-pages.xml', ...Array.from({ length: files }, (_, i) => `/sitemap-products-${i + 1}.xml`)]);
        },
        XML,
      ),
    );
    route(
      'GET',
      '/sitemap-pages.xml',
      cached(
        () => '/sitemap-pages.xml',
        async (store) => sitemapPages(store.page, await storefront.categories(store)),
        XML,
      ),
    );
    route(
      'GET',
      '/sitemap-products-:n.xml',
      cached(
        (req) => `/sitemap-products-${(req.params as { n: string }).n}.xml`,
        async (store, req) => {
          const { n } = req.params as { n: string };
          const index = /^[1-9][0-9]{0,5}$/.test(n) ? Number(n) - 1 : -1;
          if (index < 0 || index >= (await storefront.sitemapFiles(store))) return null;
          const rows = await storefront.sitemapProducts(store, index);
          return sitemapUrls(rows.map((p) => ({ loc: `${store.page.origin}${productPath(p)}`, lastmod: p.updatedAt })));
        },
        XML,
      ),
    );
    route(
      'GET',
      '/robots.txt',
      cached(
        () => '/robots.txt',
        async (store) => robots(store.page),
        'text/plain; charset=utf-8',
      ),
    );
    route(
      'GET',
      '/policies/:policy',
      page(async (store, req, reply) => {
        const policy = (req.params as { policy: string }).policy as StorePolicy;
        if (!STORE_POLICIES.includes(policy) || !store.page.policies.includes(policy)) return notFound(store, req, reply);
        return send(req, reply, policyPage(store.page, policy, store.business.settings.policies[policy]));
      }),
    );
    route(
      'GET',
      '/pages/:slug',
      cached(
        (req) => `/pages/${(req.params as { slug: string }).slug}`,
        async (store, req) => {
          const slug = (req.params as { slug: string }).slug;
          const found = /^[a-z0-9-]{1,80}$/.test(slug) ? await storefront.contentPage(store, slug) : null;
          return found ? contentPage(store.page, found) : null;
        },
      ),
    );
    const searchQuery = (req: FastifyRequest) => (queryValue(req.query, 'q') ?? '').trim().slice(0, 100);
    route(
      'GET',
      '/search',
      list(
        () => '/search',
        async (store, req, read) => {
          const q = searchQuery(req);
          if (searchWords(q).length === 0) return searchPage(store.page, q, null);
          const view = await read(listPlaceOf(req.query)!, { q });
          return typeof view === 'string' ? view : searchPage(store.page, q, view);
        },
        { q: searchQuery, cache: false },
      ),
    );

    route(
      'GET',
      '/cart',
      page(async (store, req, reply) => {
        const { view } = await storefront.cartView(store, await cartId(req));
        return send(req, reply, cartPage(store.page, view));
      }),
    );
    route(
      'POST',
      '/cart/lines',
      post(async (store, form, req, reply) => {
        const variantId = one(form, 'variant_id');
        const id = await ensureCart(req, reply);
        const problem = await storefront.addLine(store, id, { variantId, quantity: Number(one(form, 'quantity') || '1'), addOnIds: all(form, 'add_on') });
        if (!problem) return reply.redirect('/cart', 303);
        const catalogue = await storefront.catalogueOfVariants(store, [variantId]);
        const product = catalogue.products.find((p) => p.variants.some((v) => v.id === variantId));
        const body = product ? productPage(store.page, catalogue, product.id, problem) : null;
        return body ? send(req, reply, body, { status: 422 }) : send(req, reply, messagePage(store.page, 'Not added', problem, '/cart'), { status: 422 });
      }),
    );
    route(
      'POST',
      '/cart/lines/:index',
      post(async (store, form, req, reply) => {
        const id = await cartId(req);
        const index = Number((req.params as { index: string }).index);
        const quantity = Number(one(form, 'quantity'));
        if (id && Number.isInteger(index) && index >= 0 && Number.isInteger(quantity)) await storefront.setQuantity(store, id, index, quantity);
        return reply.redirect('/cart', 303);
      }),
    );

    route(
      'GET',
      '/checkout',
      page(async (store, req, reply) => renderCheckout(store, req, reply, EMPTY_CHECKOUT, {})),
    );
    route(
      'POST',
      '/checkout',
      post(async (store, form, req, reply) => {
        const id = await cartId(req);
        const values = checkoutValuesOf(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
        if (!id) return reply.redirect('/cart', 303);
        // The email is kept on the cart as soon as it is given (abandoned carts), even when the checkout is refused.
        await abandoned.captureEmail(store.business.id, id, values.email);
        const placed = await storefront.placeOrder(store, id, values);
        if (!placed.ok) return renderCheckout(store, req, reply, values, placed.errors, 422);
        if (placed.tracked)
          await storefront.purge(store.business.id, 'products').catch((error: unknown) => req.log.warn({ err: error }, 'storefront purge failed'));
        try {
          return reply.redirect(await orders.startPayment(placed.order), 303);
        } catch (error) {
          // The store cannot take the payment now (the business is blocked, the amount is out of range): its stock goes back.
          const message = error instanceof AppError ? error.message : 'The payment could not be started.';
          await orders.releaseUnstarted(placed.order, message);
          if (!(error instanceof AppError)) throw error;
          return send(req, reply, messagePage(store.page, 'Payment not started', `${message} Your order was not placed.`, '/checkout'), { status: 409 });
        }
      }),
    );

    // An abandoned cart's recovery link (mailed once): the cart back in this browser, then the checkout.
    route(
      'GET',
      '/cart/recover/:token',
      page(async (store, req, reply) => {
        const id = await abandoned.restore(store.business.id, (req.params as { token: string }).token);
        if (!id)
          return send(req, reply, messagePage(store.page, 'Link not found', 'This cart link is not valid any more. Your cart may be empty.', '/cart'), {
            status: 404,
          });
        await setCartCookie(reply, id);
        return reply.redirect('/checkout', 303);
      }),
    );
    route(
      'GET',
      '/orders/:token',
      page(async (store, req, reply) => {
        const order = await orders.byToken((req.params as { token: string }).token);
        if (!order || order.businessId !== store.business.id) return notFound(store, req, reply);
        const at = await storefront.location(store);
        const pickup = at
          ? `${at.name}, ${[at.address.line1, at.address.line2, at.address.city, at.address.postal_code].filter(Boolean).join(', ')}`
          : store.page.name;
        return send(req, reply, orderPage(store.page, order, pickup));
      }),
    );
    route(
      'POST',
      '/orders/:token/pay',
      post(async (store, _form, req, reply) => {
        const order = await orders.byToken((req.params as { token: string }).token);
        if (!order || order.businessId !== store.business.id) return notFound(store, req, reply);
        if (order.status !== 'pending_payment') return reply.redirect(`/orders/${order.token}`, 303);
        try {
          return reply.redirect(await orders.startPayment(order), 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return send(req, reply, messagePage(store.page, 'Payment not started', error.message, `/orders/${order.token}`), { status: 409 });
        }
      }),
    );
    storefrontBookingRoutes({ route, page, post, send, notFound }, deps.booking);
    // Any other page of the shop host is the store's 404 (the API's own paths keep their JSON 404).
    route('GET', '/*', async (req, reply) => {
      if (isApiPath(req.url)) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found.', requestId: req.id });
      return page(async (store) => notFound(store, req, reply))(req, reply);
    });
  });
}
