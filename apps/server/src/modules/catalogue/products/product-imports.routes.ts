import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PRODUCT_IMPORT_BYTES, MAX_PRODUCT_IMPORT_SIZE_LABEL, productImportEndpoints as endpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import { readUpload } from '@/lib/csv-upload';
import type { RouteHost } from '@/modules/module';
import type { ProductExport } from './product-export';
import type { ProductImportsService } from './product-imports.service';

const readFile = (app: FastifyInstance, req: FastifyRequest) =>
  readUpload(app, req, {
    maxBytes: MAX_PRODUCT_IMPORT_BYTES,
    sizeLabel: MAX_PRODUCT_IMPORT_SIZE_LABEL,
    codes: { invalid: 'PRODUCT_IMPORT_FILE_INVALID', tooLarge: 'PRODUCT_IMPORT_FILE_TOO_LARGE' },
  });

/** Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces. */
const streamed = (lines: AsyncGenerator<string>) => Readable.from(lines) as unknown as string;

export function productImportsRoutes(host: RouteHost, service: { imports: ProductImportsService; exporter: ProductExport }): void {
  const { app } = host;
  const { imports, exporter } = service;
  registerEndpoint(app, host, endpoints.template, async ({ ctx, reply }) => {
    const { filename, body } = await imports.template(ctx.business.row.id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return body;
  });
  registerEndpoint(app, host, endpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = await exporter.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return streamed(lines);
  });
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => imports.list(ctx.business.row.id, query));
  registerEndpoint(app, host, endpoints.upload, async ({ ctx, req }) => imports.upload(ctx, await readFile(app, req)));
  registerEndpoint(app, host, endpoints.get, async ({ ctx, params }) => imports.get(ctx.business.row.id, params.import_id));
  registerEndpoint(app, host, endpoints.rows, async ({ ctx, params, query }) => imports.rows(ctx.business.row.id, params.import_id, query));
  registerEndpoint(app, host, endpoints.confirm, async ({ ctx, params }) => imports.confirm(ctx, params.import_id));
  registerEndpoint(app, host, endpoints.report, async ({ ctx, params, reply }) => {
    const { filename, lines } = await imports.reportCsv(ctx.business.row.id, params.import_id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return streamed(lines);
  });
}
