import { Readable } from 'node:stream';
import { posReportEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PosReportService } from './pos-report.service';

export function posReportRoutes(host: RouteHost, service: PosReportService): void {
  const { app } = host;
  registerEndpoint(app, host, posReportEndpoints.get, async ({ ctx, query }) => service.get(ctx.business.row, query));
  registerEndpoint(app, host, posReportEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = await service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Sent as a stream, as the payments report's CSV (no serializer runs on it).
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
