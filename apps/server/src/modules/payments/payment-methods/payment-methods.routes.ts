import { paymentMethodsEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PaymentMethodsService } from './payment-methods.service';

export function paymentMethodsRoutes(host: RouteHost, service: PaymentMethodsService): void {
  const { app } = host;
  registerEndpoint(app, host, paymentMethodsEndpoints.get, async ({ ctx }) => service.view(ctx.business.row.id));
  registerEndpoint(app, host, paymentMethodsEndpoints.update, async ({ ctx, body }) => service.update(ctx, body));
  registerEndpoint(app, host, paymentMethodsEndpoints.connectProvider, async ({ ctx, params, body }) => service.connect(ctx, params.provider, body));
  registerEndpoint(app, host, paymentMethodsEndpoints.disconnectProvider, async ({ ctx, params }) => service.disconnect(ctx, params.provider));
}
