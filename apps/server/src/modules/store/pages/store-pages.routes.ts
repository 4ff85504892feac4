import { storePageEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StorePagesService } from './store-pages.service';

export function storePagesRoutes(host: RouteHost, pages: StorePagesService): void {
  const { app } = host;
  registerEndpoint(app, host, storePageEndpoints.list, async ({ ctx, query }) => pages.list(ctx.business.row, query));
  registerEndpoint(app, host, storePageEndpoints.get, async ({ ctx, params }) => pages.get(ctx.business.row, params.page_id));
  registerEndpoint(app, host, storePageEndpoints.create, async ({ ctx, body }) => pages.create(ctx, body));
  registerEndpoint(app, host, storePageEndpoints.update, async ({ ctx, params, body }) => pages.update(ctx, params.page_id, body));
  registerEndpoint(app, host, storePageEndpoints.remove, async ({ ctx, params }) => pages.remove(ctx, params.page_id));
}
