import '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '@merchant/core';
import { MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_LABEL, invoiceImportEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { InvoiceImportsService } from './invoice-imports.service';

/** Reads the one `file` part of an upload, refusing it past the size cap while it streams in. */
async function readUpload(app: FastifyInstance, req: FastifyRequest): Promise<{ name: string | undefined; bytes: Buffer }> {
  const notMultipart = () => fieldError('INVOICE_IMPORT_FILE_INVALID', 'file', 'Send the CSV as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw notMultipart();
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fieldError('INVOICE_IMPORT_FILE_TOO_LARGE', 'file', `The file is larger than ${MAX_IMPORT_SIZE_LABEL}: split it into several files.`);
    }
    throw error;
  }
}

export function invoiceImportsRoutes(host: RouteHost, imports: InvoiceImportsService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.template, async ({ reply }) => {
    const { filename, body } = imports.template();
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return body;
  });
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => imports.list(ctx.business.row.id, query));
  registerEndpoint(app, host, endpoints.upload, async ({ ctx, req }) => imports.upload(ctx, await readUpload(app, req)));
  registerEndpoint(app, host, endpoints.get, async ({ ctx, params }) => imports.get(ctx.business.row.id, params.import_id));
  registerEndpoint(app, host, endpoints.rows, async ({ ctx, params, query }) => imports.rows(ctx.business.row.id, params.import_id, query));
  registerEndpoint(app, host, endpoints.confirm, async ({ ctx, params }) => imports.confirm(ctx, params.import_id));
  registerEndpoint(app, host, endpoints.problems, async ({ ctx, params, reply }) => {
    const { filename, body } = await imports.problemsCsv(ctx.business.row.id, params.import_id);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return body;
  });
}
