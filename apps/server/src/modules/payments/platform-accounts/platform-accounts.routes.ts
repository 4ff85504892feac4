import { platformAccountEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PlatformAccountsService } from './platform-accounts.service';

export function platformAccountsRoutes(host: RouteHost, platform: PlatformAccountsService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.overview, async ({ ctx }) => platform.overview(ctx));
  registerEndpoint(app, host, endpoints.setCommission, async ({ ctx, body }) => platform.setCommission(ctx, body.commission_bps));
  registerEndpoint(app, host, endpoints.payments, async ({ ctx, query }) => platform.payments(ctx, query));
  registerEndpoint(app, host, endpoints.invite, async ({ ctx, body }) => platform.invite(ctx, body.business));
  registerEndpoint(app, host, endpoints.end, async ({ ctx, params }) => platform.endByPlatform(ctx, params.link_id));
  registerEndpoint(app, host, endpoints.createPaymentRequest, async ({ ctx, params, body }) => platform.createPaymentRequest(ctx, params.link_id, body));
  registerEndpoint(app, host, endpoints.createInvoice, async ({ ctx, params, body }) => platform.createInvoice(ctx, params.link_id, body));
  registerEndpoint(app, host, endpoints.platforms, async ({ ctx }) => platform.platforms(ctx));
  registerEndpoint(app, host, endpoints.accept, async ({ ctx, params }) => platform.accept(ctx, params.link_id));
  registerEndpoint(app, host, endpoints.decline, async ({ ctx, params }) => platform.decline(ctx, params.link_id));
  registerEndpoint(app, host, endpoints.endByBusiness, async ({ ctx, params }) => platform.endByBusiness(ctx, params.link_id));
}
