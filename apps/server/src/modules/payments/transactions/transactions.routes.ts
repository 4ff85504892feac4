import { Readable } from 'node:stream';
import { transactionEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { TransactionsService } from './transactions.service';

export function transactionsRoutes(host: RouteHost, service: TransactionsService): void {
  const { app } = host;

  // Built by presenters that write exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(app, host, transactionEndpoints.list, async ({ ctx, query }) => service.list(ctx.business.row, query), { presented: true });
  registerEndpoint(app, host, transactionEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, transactionEndpoints.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.payment_id));
  registerEndpoint(app, host, transactionEndpoints.refund, async ({ ctx, params, body }) => service.refund(ctx, params.payment_id, body));
}
