import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { invoiceEndpoints, invoicePdfEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { InvoicePdfFile } from './invoice-pdf.service';
import type { InvoicesService } from './invoices.service';

/** A PDF as a download with its file name; never kept by a cache (the invoice changes as it is paid). */
function sendPdf(reply: FastifyReply, pdf: InvoicePdfFile): unknown {
  reply.type(pdf.contentType).header('content-disposition', `attachment; filename="${pdf.filename}"`).header('cache-control', 'private, no-store');
  return pdf.content;
}

export function invoicesRoutes(host: RouteHost, invoices: InvoicesService): void {
  const { app } = host;
  registerEndpoint(app, host, invoiceEndpoints.list, async ({ ctx, query }) => invoices.list(ctx.business.row.id, query));
  registerEndpoint(app, host, invoiceEndpoints.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = invoices.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, invoiceEndpoints.get, async ({ ctx, params }) => invoices.get(ctx.business.row.id, params.invoice_id));
  registerEndpoint(app, host, invoiceEndpoints.payments, async ({ ctx, params, query }) => invoices.payments(ctx.business.row.id, params.invoice_id, query));
  registerEndpoint(app, host, invoiceEndpoints.create, async ({ ctx, body }) => invoices.create(ctx, body));
  registerEndpoint(app, host, invoiceEndpoints.update, async ({ ctx, params, body }) => invoices.update(ctx, params.invoice_id, body));
  registerEndpoint(app, host, invoiceEndpoints.send, async ({ ctx, params }) => invoices.send(ctx, params.invoice_id));
  registerEndpoint(app, host, invoiceEndpoints.remind, async ({ ctx, params }) => invoices.remind(ctx, params.invoice_id));
  registerEndpoint(app, host, invoiceEndpoints.markPaid, async ({ ctx, params, body }) => invoices.markPaid(ctx, params.invoice_id, body));
  registerEndpoint(app, host, invoiceEndpoints.void, async ({ ctx, params }) => invoices.void(ctx, params.invoice_id));
  registerEndpoint(app, host, invoicePdfEndpoints.download, async ({ ctx, params, reply }) =>
    sendPdf(reply, await invoices.pdf.forBusiness(ctx.business.row.id, params.invoice_id)),
  );
  registerEndpoint(app, host, invoicePdfEndpoints.publicPdf, async ({ ctx, params, reply }) =>
    sendPdf(reply, await invoices.pdf.forCustomer(params.business_id, params.invoice, ctx.ip)),
  );
  registerEndpoint(app, host, invoiceEndpoints.duplicate, async ({ ctx, params }) => invoices.duplicate(ctx, params.invoice_id));
}
