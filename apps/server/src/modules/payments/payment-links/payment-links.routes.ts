import { paymentLinkEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PaymentLinksService } from './payment-links.service';

export function paymentLinksRoutes(host: RouteHost, links: PaymentLinksService): void {
  const { app } = host;
  registerEndpoint(app, host, paymentLinkEndpoints.list, async ({ ctx, query }) => links.list(ctx, query));
  registerEndpoint(app, host, paymentLinkEndpoints.products, async ({ ctx }) => links.products(ctx));
  registerEndpoint(app, host, paymentLinkEndpoints.get, async ({ ctx, params }) => links.get(ctx, params.id));
  registerEndpoint(app, host, paymentLinkEndpoints.payments, async ({ ctx, params, query }) => links.payments(ctx, params.id, query));
  registerEndpoint(app, host, paymentLinkEndpoints.create, async ({ ctx, body }) => links.create(ctx, body));
  registerEndpoint(app, host, paymentLinkEndpoints.update, async ({ ctx, params, body }) => links.update(ctx, params.id, body));
  registerEndpoint(app, host, paymentLinkEndpoints.cancel, async ({ ctx, params }) => links.cancel(ctx, params.id));
  registerEndpoint(app, host, paymentLinkEndpoints.send, async ({ ctx, params }) => links.send(ctx, params.id));
}
