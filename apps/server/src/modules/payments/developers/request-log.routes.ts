import { requestLogEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { RequestLogService } from './request-log.service';

export function requestLogRoutes(host: RouteHost, service: RequestLogService): void {
  const { app } = host;
  const e = requestLogEndpoints;
  service.reportDropsTo((message, meta) => app.log.warn(meta, message));
  // What waits in memory is written before the database closes (server.ts closes the app first).
  app.addHook('onClose', async () => service.flush());
  registerEndpoint(app, host, e.list, async ({ ctx, query }) => service.list(ctx.business.row, query));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.entry_id));
}
