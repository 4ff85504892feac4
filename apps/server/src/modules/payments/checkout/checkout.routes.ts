import { checkoutEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '../../../http/endpoint';
import type { RouteHost } from '../../module';
import type { CheckoutService } from './checkout.service';

export function checkoutRoutes(host: RouteHost, service: CheckoutService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.get, async ({ params }) => service.view(params.kind, params.public_id));
  registerEndpoint(app, host, endpoints.start, async ({ params, body }) => service.start(params.kind, params.public_id, body));
  registerEndpoint(app, host, endpoints.payment, async ({ params }) => service.payment(params.public_id));
  registerEndpoint(app, host, endpoints.confirm, async ({ params, body, ctx }) => service.confirm(params.public_id, body, ctx));
  registerEndpoint(app, host, endpoints.challenge, async ({ params, body }) => service.challenge(params.public_id, body.decision));
  registerEndpoint(app, host, endpoints.qrScan, async ({ params }) => service.qrScan(params.public_id));
  registerEndpoint(app, host, endpoints.wallet, async ({ params, body }) => service.wallet(params.public_id, body.decision));
  registerEndpoint(app, host, endpoints.receipt, async ({ params }) => service.receipt(params.public_id));
}
