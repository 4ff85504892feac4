import { customerPortalEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { CustomerPortalService } from './customer-portal.service';

/** The portal on the invoice host (public, the signed token is the key) and the dashboard's "Email portal link". */
export function customerPortalRoutes(host: RouteHost, service: CustomerPortalService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.get, async ({ params }) => service.view(params.business_id, params.token));
  registerEndpoint(app, host, endpoints.requestLink, async ({ params, ctx }) => service.requestLink(params.business_id, params.token, ctx));
  registerEndpoint(app, host, endpoints.updateMethod, async ({ params, body, ctx }) =>
    service.updateMethod(params.business_id, params.token, params.subscription_id, body.kind, ctx),
  );
  registerEndpoint(app, host, endpoints.cancelAtPeriodEnd, async ({ params, ctx }) =>
    service.cancelAtPeriodEnd(params.business_id, params.token, params.subscription_id, ctx),
  );
  registerEndpoint(app, host, endpoints.emailLink, async ({ params, ctx }) => service.emailLink(ctx, params.customer_id));
}
