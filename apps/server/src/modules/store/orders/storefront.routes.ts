import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isApiPath } from '@merchant/core';
import { STORE_POLICIES, type StorePolicy } from '@merchant/catalogue';
import type { RouteHost } from '@/modules/module';
import { cartPage, checkoutPage, EMPTY_CHECKOUT, orderPage, type CheckoutValues } from './storefront.checkout-pages';
import { messagePage, withStore } from './storefront.layout';
import { policyPage } from './storefront.policy-pages';
import { contentPage } from './storefront.content-pages';
import { themedHomePage } from './storefront.theme';
import { homePage, productPage, robots } from './storefront.pages';
import { addressLine, checkoutValuesOf, type Store, type StorefrontService } from './storefront.service';
import type { AbandonedCartsService } from './abandoned-carts.service';
import type { StoreOrdersService } from './store-orders.service';
import type { BookingModuleService } from '@/modules/store/booking/booking.service';
import { storefrontBookingRoutes } from './storefront.booking-routes';
import { storefrontListRoutes } from './storefront.list-routes';

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

type SendOptions = { status?: number; type?: string; etag?: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

  /** The store of the host if this process keeps it (undefined: ask `storeOf`); the same store `storeOf` answers. */
  function keptStoreOf(req: FastifyRequest): Store | undefined {
    if (shopSuffix.test(req.hostname)) return storefront.keptStoreOf(req.hostname.split('.')[0] ?? '');
    return storefront.keptStoreOfDomain(req.hostname.replace(/:\d+$/, ''));
  }

  /** The store of each request being answered: a page view of it counts when an HTML page is sent. */
  const storeOfRequest = new WeakMap<FastifyRequest, Store>();

  /** Sends a page; `etag`: a cached page's (it is revalidated by it, `no-cache`), else the page is not to be kept (`no-store`). */
  function send(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, options: SendOptions = {}) {
    return answer(storeOfRequest.get(req), req, reply, body, options);
  }

  /** `send` for the request of `store` (undefined: no store, no page view). */
  function answer(store: Store | undefined, req: FastifyRequest, reply: FastifyReply, body: string | Buffer, options: SendOptions) {
    // A page view: a page of the store sent to a GET (not HEAD, a post, a missing page, the sitemap or robots.txt).
    if (store && req.method === 'GET' && (options.status ?? 200) === 200 && !options.type) storefront.countView(store);
    reply.header('Content-Security-Policy', csp).type(options.type ?? 'text/html; charset=utf-8');
    if (options.etag) {
      reply.header('Cache-Control', 'no-cache').header('ETag', options.etag);
      if (req.headers['if-none-match'] === options.etag) return reply.status(304).send();
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
    const route = (method: 'GET' | 'POST', url: string, handler: (req: FastifyRequest, reply: FastifyReply) => unknown) =>
      shop.route({ method: method === 'GET' ? ['GET', 'HEAD'] : 'POST', url, constraints: { host: shopHost }, schema: { hide: true }, handler });

    const cached = (path: (req: FastifyRequest) => string, render: (store: Store, req: FastifyRequest) => Promise<string | null>, type?: string) => {
      const options = (etag: string): SendOptions => (type ? { etag, type } : { etag });
      const load = page(async (store, req, reply) => {
        const page = await storefront.cachedPage(store, path(req), () => render(store, req));
        return page === null ? notFound(store, req, reply) : send(req, reply, page.body, options(page.etag));
      });
      // A page this process keeps, of a store it keeps, is answered at once: no promise, no read, nothing rendered
      // (docs/online-store.md, "Caching"); anything else goes the long way.
      return (req: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined => {
        const store = keptStoreOf(req);
        const kept = store && storefront.keptPage(store, path(req));
        if (!kept) return load(req, reply);
        answer(store, req, reply, kept.body, options(kept.etag));
        return undefined;
      };
    };

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
    storefrontListRoutes({ route, page, cached, send, notFound, closed }, storefront);

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
