import { apiKeyEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { ApiKeysService } from './api-keys.service';

export function apiKeysRoutes(host: RouteHost, service: ApiKeysService): void {
  const { app } = host;
  const e = apiKeyEndpoints;
  registerEndpoint(app, host, e.list, async ({ ctx }) => service.list(ctx.business.row.id));
  registerEndpoint(app, host, e.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, e.rotate, async ({ ctx, params, body }) => service.rotate(ctx, params.api_key_id, body));
  registerEndpoint(app, host, e.revoke, async ({ ctx, params, body }) => service.revoke(ctx, params.api_key_id, body));
}
