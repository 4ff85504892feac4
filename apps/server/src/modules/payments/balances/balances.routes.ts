import { Readable } from 'node:stream';
import { balanceEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BalancesService } from './balances.service';

export function balancesRoutes(host: RouteHost, service: BalancesService): void {
  const { app } = host;

  registerEndpoint(app, host, balanceEndpoints.get, async ({ ctx, params }) => service.get(ctx.business.row, params.balance));
  registerEndpoint(app, host, balanceEndpoints.statement, async ({ ctx, params, query }) => service.statement(ctx.business.row, params.balance, query));
  registerEndpoint(app, host, balanceEndpoints.export, async ({ ctx, params, query, reply }) => {
    const { filename, lines } = service.exportCsv(ctx.business.row, params.balance, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
