import { directDebitEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { DirectDebitService } from './direct-debit.service';

/** The direct-debit pages' calls on the checkout host: public, the mandate's unguessable public id is the key. */
export function directDebitRoutes(host: RouteHost, service: DirectDebitService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.startForSetup, async ({ params, ctx }) => service.startForSetup(params.public_id, ctx));
  registerEndpoint(app, host, endpoints.get, async ({ params }) => service.state(params.public_id));
  registerEndpoint(app, host, endpoints.submitAccount, async ({ params, body }) => service.submitAccount(params.public_id, body));
  registerEndpoint(app, host, endpoints.bankDecision, async ({ params, body }) => service.bankDecision(params.public_id, body.decision));
  registerEndpoint(app, host, endpoints.confirm, async ({ params, ctx }) => service.confirm(params.public_id, ctx));
}
