import { storeSettingsEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StoreSettingsService } from './store-settings.service';

export function storeSettingsRoutes(host: RouteHost, service: StoreSettingsService): void {
  const { app } = host;
  registerEndpoint(app, host, storeSettingsEndpoints.get, async ({ ctx }) => service.get(ctx));
  registerEndpoint(app, host, storeSettingsEndpoints.update, async ({ ctx, body }) => service.update(ctx, body));
  registerEndpoint(app, host, storeSettingsEndpoints.getDomain, async ({ ctx }) => service.domain(ctx));
  registerEndpoint(app, host, storeSettingsEndpoints.connectDomain, async ({ ctx, body }) => service.connectDomain(ctx, body));
  registerEndpoint(app, host, storeSettingsEndpoints.verifyDomain, async ({ ctx }) => service.verifyDomain(ctx));
  registerEndpoint(app, host, storeSettingsEndpoints.removeDomain, async ({ ctx }) => service.removeDomain(ctx));
  registerEndpoint(app, host, storeSettingsEndpoints.onboarding, async ({ ctx }) => service.onboarding(ctx));
}
