import { Readable } from 'node:stream';
import { customerEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { CustomersService } from './customers.service';

export function customersRoutes(host: RouteHost, service: CustomersService): void {
  const { app } = host;

  registerEndpoint(app, host, customerEndpoints.list, async ({ ctx, query }) => service.list(ctx.business.row.id, query));
  registerEndpoint(app, host, customerEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, customerEndpoints.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.customer_id));
  registerEndpoint(app, host, customerEndpoints.payments, async ({ ctx, params, query }) => service.payments(ctx.business.row.id, params.customer_id, query));
  registerEndpoint(app, host, customerEndpoints.orders, async ({ ctx, params, query }) => service.orders(ctx, params.customer_id, query));
  registerEndpoint(app, host, customerEndpoints.channels, async ({ ctx, params }) => service.channels(ctx, params.customer_id));
  registerEndpoint(app, host, customerEndpoints.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, customerEndpoints.update, async ({ ctx, params, body }) => service.update(ctx, params.customer_id, body));
}
