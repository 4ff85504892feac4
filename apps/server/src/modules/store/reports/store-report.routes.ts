import { Readable } from 'node:stream';
import { storeReportEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { StoreReportService } from './store-report.service';

export function storeReportRoutes(host: RouteHost, service: StoreReportService): void {
  const { app } = host;
  registerEndpoint(app, host, storeReportEndpoints.get, async ({ ctx, query }) => service.get(ctx.business.row, query));
  registerEndpoint(app, host, storeReportEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = await service.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Sent as a stream, as the payments report's CSV (no serializer runs on it).
    const body: unknown = Readable.from(lines);
    return body as string;
  });
}
