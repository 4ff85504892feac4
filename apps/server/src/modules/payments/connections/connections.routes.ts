import { Readable } from 'node:stream';
import { connectionEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { ConnectionsService } from './connections.service';

export function connectionsRoutes(host: RouteHost, service: ConnectionsService): void {
  const { app } = host;
  const e = connectionEndpoints;
  registerEndpoint(app, host, e.list, async ({ ctx }) => service.list(ctx.business.row));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => service.get(ctx.business.row, params.tool));
  registerEndpoint(app, host, e.connect, async ({ ctx, params }) => service.connect(ctx, params.tool));
  registerEndpoint(app, host, e.saveMapping, async ({ ctx, params, body }) => service.saveMapping(ctx, params.tool, body));
  registerEndpoint(app, host, e.sync, async ({ ctx, params, body }) => service.sync(ctx, params.tool, body.day));
  registerEndpoint(app, host, e.disconnect, async ({ ctx, params }) => service.disconnect(ctx, params.tool));
  registerEndpoint(app, host, e.exportJournals, async ({ ctx, params, query, reply }) => {
    const { filename, lines } = await service.exportCsv(ctx.business.row, params.tool, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
