import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_LABEL, invoiceImportEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import { readUpload } from '@/lib/csv-upload';
import type { RouteHost } from '@/modules/module';
import type { InvoiceImportsService } from './invoice-imports.service';

const readFile = (app: FastifyInstance, req: FastifyRequest) =>
  readUpload(app, req, {
    maxBytes: MAX_IMPORT_BYTES,
    sizeLabel: MAX_IMPORT_SIZE_LABEL,
    codes: { invalid: 'INVOICE_IMPORT_FILE_INVALID', tooLarge: 'INVOICE_IMPORT_FILE_TOO_LARGE' },
  });

export function invoiceImportsRoutes(host: RouteHost, imports: InvoiceImportsService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.template, async ({ reply }) => {
    const { filename, body } = imports.template();
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return body;
  });
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => imports.list(ctx.business.row.id, query));
  registerEndpoint(app, host, endpoints.upload, async ({ ctx, req }) => imports.upload(ctx, await readFile(app, req)));
  registerEndpoint(app, host, endpoints.get, async ({ ctx, params }) => imports.get(ctx.business.row.id, params.import_id));
  registerEndpoint(app, host, endpoints.rows, async ({ ctx, params, query }) => imports.rows(ctx.business.row.id, params.import_id, query));
  registerEndpoint(app, host, endpoints.confirm, async ({ ctx, params }) => imports.confirm(ctx, params.import_id));
  registerEndpoint(app, host, endpoints.problems, async ({ ctx, params, reply }) => {
    const { filename, body } = await imports.problemsCsv(ctx.business.row.id, params.import_id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return body;
  });
}
