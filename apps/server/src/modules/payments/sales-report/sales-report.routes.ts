import { Readable } from 'node:stream';
import { salesReportEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { SalesReportService } from './sales-report.service';

export function salesReportRoutes(host: RouteHost, service: SalesReportService): void {
  const { app } = host;
  registerEndpoint(app, host, salesReportEndpoints.get, async ({ ctx, query }) => service.get(ctx.business.row, query));
  registerEndpoint(app, host, salesReportEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = await service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
