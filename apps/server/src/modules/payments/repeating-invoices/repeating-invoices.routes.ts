import { repeatingInvoiceEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { RepeatingInvoicesService } from './repeating-invoices.service';

export function repeatingInvoicesRoutes(host: RouteHost, repeating: RepeatingInvoicesService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => repeating.list(ctx.business.row.id, query));
  registerEndpoint(app, host, endpoints.get, async ({ ctx, params }) => repeating.get(ctx.business.row.id, params.repeating_invoice_id));
  registerEndpoint(app, host, endpoints.create, async ({ ctx, body }) => repeating.create(ctx, body));
  registerEndpoint(app, host, endpoints.update, async ({ ctx, params, body }) => repeating.update(ctx, params.repeating_invoice_id, body));
  registerEndpoint(app, host, endpoints.pause, async ({ ctx, params }) => repeating.pause(ctx, params.repeating_invoice_id));
  registerEndpoint(app, host, endpoints.resume, async ({ ctx, params }) => repeating.resume(ctx, params.repeating_invoice_id));
  registerEndpoint(app, host, endpoints.stop, async ({ ctx, params }) => repeating.stop(ctx, params.repeating_invoice_id));
}
