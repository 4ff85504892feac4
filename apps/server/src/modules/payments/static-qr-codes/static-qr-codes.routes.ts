import { staticQrEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StaticQrService } from './static-qr-codes.service';

export function staticQrRoutes(host: RouteHost, codes: StaticQrService): void {
  const { app } = host;
  registerEndpoint(app, host, staticQrEndpoints.list, async ({ ctx, query }) => codes.list(ctx, query));
  registerEndpoint(app, host, staticQrEndpoints.get, async ({ ctx, params }) => codes.get(ctx, params.id));
  registerEndpoint(app, host, staticQrEndpoints.payments, async ({ ctx, params, query }) => codes.payments(ctx, params.id, query));
  registerEndpoint(app, host, staticQrEndpoints.create, async ({ ctx, body }) => codes.create(ctx, body));
  registerEndpoint(app, host, staticQrEndpoints.update, async ({ ctx, params, body }) => codes.update(ctx, params.id, body));
  registerEndpoint(app, host, staticQrEndpoints.archive, async ({ ctx, params }) => codes.archive(ctx, params.id));
}
