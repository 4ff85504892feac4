import { Readable } from 'node:stream';
import { payoutEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PayoutsService } from './payouts.service';

export function payoutsRoutes(host: RouteHost, service: PayoutsService): void {
  const { app } = host;

  registerEndpoint(app, host, payoutEndpoints.settings, async ({ ctx }) => service.settings(ctx.business.row));
  registerEndpoint(app, host, payoutEndpoints.saveSettings, async ({ ctx, body }) => service.saveSettings(ctx, body));
  registerEndpoint(app, host, payoutEndpoints.list, async ({ ctx, query }) => service.list(ctx.business.row, query));
  registerEndpoint(app, host, payoutEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, payoutEndpoints.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, payoutEndpoints.get, async ({ ctx, params }) => service.get(ctx.business.row, params.payout_id));
  registerEndpoint(app, host, payoutEndpoints.lines, async ({ ctx, params, query }) => service.lines(ctx.business.row, params.payout_id, query));
  registerEndpoint(app, host, payoutEndpoints.exportLines, async ({ ctx, params, reply }) => {
    const { filename, lines } = await service.exportLines(ctx.business.row, params.payout_id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
