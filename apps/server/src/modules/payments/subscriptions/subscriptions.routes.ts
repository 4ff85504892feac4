import { Readable } from 'node:stream';
import { subscriptionEndpoints as endpoints, subscriptionSetupEndpoints as setupEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { SubscriptionsService } from './subscriptions.service';

export function subscriptionsRoutes(host: RouteHost, service: SubscriptionsService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => service.list(ctx, query));
  registerEndpoint(app, host, endpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, endpoints.get, async ({ ctx, params }) => service.get(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, endpoints.pause, async ({ ctx, params }) => service.pause(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.resume, async ({ ctx, params }) => service.resume(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.cancel, async ({ ctx, params, body }) => service.cancel(ctx, params.subscription_id, body));
  registerEndpoint(app, host, endpoints.updateDetails, async ({ ctx, params, body }) => service.describe(ctx, params.subscription_id, body));
  registerEndpoint(app, host, endpoints.changePlan, async ({ ctx, params, body }) => service.changePlan(ctx, params.subscription_id, body));
  registerEndpoint(app, host, endpoints.chargeNow, async ({ ctx, params }) => service.chargeNow(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.sendSetupLink, async ({ ctx, params }) => service.sendSetupLink(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.copySetupLink, async ({ ctx, params }) => service.copySetupLink(ctx, params.subscription_id));
  registerEndpoint(app, host, endpoints.retrySettings, async ({ ctx }) => service.retrySettings(ctx));
  registerEndpoint(app, host, endpoints.saveRetrySettings, async ({ ctx, body }) => service.saveRetrySettings(ctx, body));
  registerEndpoint(app, host, endpoints.planRevenue, async ({ ctx, params }) => service.planRevenue(ctx, params.plan_id));
  registerEndpoint(app, host, setupEndpoints.get, async ({ params }) => service.setups.page(params.public_id));
  registerEndpoint(app, host, setupEndpoints.saveCard, async ({ params, body, ctx }) => service.setups.saveCard(params.public_id, body.card, ctx));
}
