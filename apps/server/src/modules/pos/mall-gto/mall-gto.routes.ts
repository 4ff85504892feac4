import { mallGtoEndpoints as e } from '@merchant/pos';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { MallIntegrationsService } from './integrations.service';
import type { MallRunsService } from './runs.service';

export function mallGtoRoutes(host: RouteHost, mall: { integrations: MallIntegrationsService; runs: MallRunsService }): void {
  const { app } = host;
  const { integrations, runs } = mall;
  const biz = (ctx: { business: { row: { id: string } } }) => ctx.business.row.id;

  registerEndpoint(app, host, e.list, async ({ ctx }) => integrations.list(biz(ctx)));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => integrations.get(biz(ctx), params.integration_id));
  registerEndpoint(app, host, e.create, async ({ ctx, body }) => integrations.create(ctx, body));
  registerEndpoint(app, host, e.update, async ({ ctx, params, body }) => integrations.update(ctx, params.integration_id, body));
  registerEndpoint(app, host, e.testConnection, async ({ ctx, params }) => integrations.testConnection(ctx, params.integration_id));
  registerEndpoint(app, host, e.sendDay, async ({ ctx, params, body }) => runs.sendDay(ctx, params.integration_id, body.business_date));
  registerEndpoint(app, host, e.runs, async ({ ctx, query }) => runs.list(biz(ctx), query));
  registerEndpoint(app, host, e.runFile, async ({ ctx, params, reply }) => {
    const { fileName, content } = await runs.file(biz(ctx), params.run_id);
    reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
    return content;
  });
}
