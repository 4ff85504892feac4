import { businessEndpoints } from '@merchant/business';
import type { RouteHost } from '@/modules/module';
import type { BusinessDetailsService } from './business-details.service';
import { registerEndpoint } from '@/http/endpoint';

export function businessDetailsRoutes(host: RouteHost, service: BusinessDetailsService): void {
  const { app } = host;
  registerEndpoint(app, host, businessEndpoints.update, async ({ ctx, body }) => service.update(ctx, body));
}
