import { integrationEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { IntegrationsService } from './integrations.service';

export function integrationsRoutes(host: RouteHost, service: IntegrationsService): void {
  const { app } = host;
  const e = integrationEndpoints;
  registerEndpoint(app, host, e.list, async ({ ctx }) => service.list(ctx.business.row.id));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.gateway_provider_id));
  registerEndpoint(app, host, e.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, e.update, async ({ ctx, params, body }) => service.update(ctx, params.gateway_provider_id, body));
  registerEndpoint(app, host, e.rotate, async ({ ctx, params, body }) => service.rotate(ctx, params.gateway_provider_id, body));
  registerEndpoint(app, host, e.delete, async ({ ctx, params, body }) => service.delete(ctx, params.gateway_provider_id, body));
}
