import { productEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { ProductsService } from './products.service';

export function productsRoutes(host: RouteHost, service: ProductsService): void {
  const { app } = host;

  registerEndpoint(app, host, productEndpoints.list, async ({ ctx, query }) => service.list(ctx.business.row.id, query));
  registerEndpoint(app, host, productEndpoints.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.product_id));
  registerEndpoint(app, host, productEndpoints.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, productEndpoints.update, async ({ ctx, params, body }) => service.update(ctx, params.product_id, body));
  registerEndpoint(app, host, productEndpoints.archive, async ({ ctx, params }) => service.archive(ctx, params.product_id));
  registerEndpoint(app, host, productEndpoints.unarchive, async ({ ctx, params }) => service.unarchive(ctx, params.product_id));
}
