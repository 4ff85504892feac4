import { storeAbandonedCartEndpoints, storeOrderEndpoints, storeThemeEndpoints, STORE_ORDERS_EXPORT_ROW_LIMIT } from '@merchant/catalogue';
import { AppError } from '@merchant/core';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StoreService } from './store.types';
import { storefrontRoutes } from './storefront.routes';
import type { PurgeKind } from './storefront.service';

/**
 * Which dashboard changes the storefront shows, by the route's path (after `/v1/business/:business_id`): a successful
 * change purges those kinds of the business's storefront (spec 7). A failed purge is logged, never shown.
 */
export function purgeKindsOf(method: string, routeUrl: string): PurgeKind[] {
  if (method === 'GET' || method === 'HEAD' || !routeUrl.startsWith('/v1/business/:business_id')) return [];
  const rest = routeUrl.slice('/v1/business/:business_id'.length);
  // A content page shows in every page's footer (and at its own address): identity.
  if (rest === '' || rest.startsWith('/logo') || rest.startsWith('/store-settings') || rest.startsWith('/store-domain') || rest.startsWith('/store-pages'))
    return ['identity'];
  // Publishing a theme changes every page's colours and fonts and the home page's sections.
  if (/^\/store-themes\/[^/]+\/publish$/.test(rest)) return ['identity'];
  // The header links the booking page while the business has an active booking service.
  if (rest.startsWith('/booking-services')) return ['identity'];
  if (rest.startsWith('/product-categories')) return ['categories', 'products'];
  if (rest.startsWith('/products') || rest.startsWith('/add-on-groups') || rest.startsWith('/stock')) return ['products'];
  // An image's alt text or its removal shows on the products and categories that show it.
  if (rest.startsWith('/media')) return ['categories', 'products'];
  if (rest.startsWith('/location-settings') || rest.startsWith('/locations')) return ['identity', 'products'];
  return [];
}

export function storeOrdersRoutes(host: RouteHost, service: StoreService): void {
  const { app } = host;
  const { orders, storefront } = service;

  registerEndpoint(app, host, storeOrderEndpoints.list, async ({ ctx, query }) => orders.list(ctx, query));
  registerEndpoint(app, host, storeOrderEndpoints.export, async ({ ctx, query, reply }) => {
    const { csv, filename, truncated } = await orders.exportCsv(ctx, query);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-export-row-limit', String(STORE_ORDERS_EXPORT_ROW_LIMIT))
      .header('x-export-truncated', String(truncated));
    return csv;
  });
  registerEndpoint(app, host, storeAbandonedCartEndpoints.list, async ({ ctx, query }) => service.abandoned.list(ctx, query));
  registerEndpoint(app, host, storeOrderEndpoints.get, async ({ ctx, params }) => orders.get(ctx, params.order_id));
  registerEndpoint(app, host, storeOrderEndpoints.fulfil, async ({ ctx, params, body }) => orders.fulfil(ctx, params.order_id, body));
  registerEndpoint(app, host, storeOrderEndpoints.refund, async ({ ctx, params, body }) => orders.refund(ctx, params.order_id, body));
  registerEndpoint(app, host, storeOrderEndpoints.cancel, async ({ ctx, params, body }) => orders.cancel(ctx, params.order_id, body));
  // The theme designer's preview: the home page as a draft (sent, or the saved one) shows it, rendered by the storefront.
  registerEndpoint(app, host, storeThemeEndpoints.preview, async ({ ctx, params, body }) => {
    const draft = body.draft ?? (await service.themes.draftOf(ctx.business.row.id, params.theme_id));
    const page = await storefront.previewHome(ctx.business.row.identifier, draft);
    if (page === null) throw new AppError('STORE_THEME_NOT_FOUND', 'Theme not found.');
    return { html: page };
  });

  // Once the change has committed (its handler answered) and before the answer leaves: the storefront's purge of what
  // changed, so whoever got the answer finds the storefront showing the change in every process (the bump of the
  // business row's versions has committed; after the answer, a page read at once could still be kept under the old ones).
  // A callback hook: every answer that purges nothing (each storefront page, each read) passes at once, with no promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const kinds = reply.statusCode >= 300 ? [] : purgeKindsOf(req.method, req.routeOptions.url ?? '');
    const businessId = (req.params as { business_id?: unknown } | undefined)?.business_id;
    if (kinds.length === 0 || typeof businessId !== 'string') {
      done(null, payload);
      return;
    }
    void (async () => {
      for (const kind of kinds) {
        await storefront.purge(businessId, kind).catch((error: unknown) => req.log.warn({ err: error, businessId, kind }, 'storefront purge failed'));
      }
    })().then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });

  storefrontRoutes(host, { storefront, orders, abandoned: service.abandoned, booking: service.booking, checkoutOrigin: service.checkoutOrigin });
}
