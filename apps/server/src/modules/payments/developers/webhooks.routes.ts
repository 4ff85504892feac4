import { webhookEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { WebhooksService } from './webhooks.service';

export function webhooksRoutes(host: RouteHost, service: WebhooksService): void {
  const { app } = host;
  const e = webhookEndpoints;
  registerEndpoint(app, host, e.list, async ({ ctx }) => service.list(ctx.business.row.id));
  registerEndpoint(app, host, e.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.webhook_id));
  registerEndpoint(app, host, e.update, async ({ ctx, params, body }) => service.update(ctx, params.webhook_id, body));
  registerEndpoint(app, host, e.remove, async ({ ctx, params }) => service.remove(ctx, params.webhook_id));
  registerEndpoint(app, host, e.deliveries, async ({ ctx, params, query }) => service.deliveries(ctx.business.row.id, params.webhook_id, query));
  registerEndpoint(app, host, e.sendTest, async ({ ctx, params }) => service.sendTest(ctx, params.webhook_id));
  registerEndpoint(app, host, e.resendPeriod, async ({ ctx, params, body }) => service.resendPeriod(ctx, params.webhook_id, body));
  registerEndpoint(app, host, e.resend, async ({ ctx, params }) => service.resend(ctx, params.webhook_id, params.delivery_id));
}
