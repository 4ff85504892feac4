import { buildPath, defineEndpoint, fileAnswer, formatDate, formatShortDate } from '@merchant/core';
import { InvoiceParamsSchema } from './invoices';
import type { InvoiceStatus } from './statuses';
import { InvoicePageParamsSchema } from './invoice-pages';

/**
 * The invoice as a PDF (docs/payments.md, "invoices"): rendered on the server in the order of the public
 * invoice page (header with the business and the number, parties, lines, totals, notes), downloaded from the
 * dashboard, linked from the public page, and attached to the mails that send the invoice and remind of it.
 */

export const INVOICE_PDF_CONTENT_TYPE = 'application/pdf';

/**
 * An invoice's state in the customer's words, not the dashboard's status: "Due 12 Dec 2026", "Overdue since 12 Dec
 * 2026", "Part paid · due 12 Dec 2026", "Paid". The invoice page and the PDF both say it. With `thisYear` (a page read
 * now) a due date of that year leaves its year out ("Due 12 Dec"); a PDF, kept for later, keeps it.
 */
export function invoiceCustomerStatus(invoice: { status: InvoiceStatus; due_date: string }, thisYear?: number): string {
  const due = thisYear !== undefined && invoice.due_date.slice(0, 4) === String(thisYear) ? formatShortDate(invoice.due_date) : formatDate(invoice.due_date);
  switch (invoice.status) {
    case 'draft':
      return 'Draft';
    case 'void':
      return 'Void';
    case 'paid':
      return 'Paid';
    case 'refunded':
      return 'Refunded';
    case 'overdue':
      return `Overdue since ${due}`;
    case 'partially_paid':
      return `Part paid · due ${due}`;
    case 'sent':
      return `Due ${due}`;
  }
}

/** The file name of an invoice's PDF: `INV-000042.pdf`. */
export function invoicePdfFilename(number: string): string {
  return `${number}.pdf`;
}

/**
 * PDFs one address may fetch from the invoice host in a window: each is rendered on request, so a loop over a
 * link must not take the server's time.
 */
export const PUBLIC_INVOICE_PDF_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

const pdfAnswer = fileAnswer([INVOICE_PDF_CONTENT_TYPE], 'The invoice as a PDF (application/pdf, sent as an attachment with its file name)');

export const invoicePdfEndpoints = {
  download: defineEndpoint({
    id: 'invoices.pdf',
    method: 'GET',
    path: '/v1/business/:business_id/invoices/:invoice_id/pdf',
    summary: 'The invoice as a PDF, in any status (a draft or void invoice says so on the page)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceParamsSchema,
    response: pdfAnswer,
    errors: ['INVOICE_NOT_FOUND'],
  }),
  publicPdf: defineEndpoint({
    id: 'invoices.publicPdf',
    method: 'GET',
    host: 'invoice',
    path: '/v1/invoice-pages/:business_id/:invoice/pdf',
    summary: "The invoice's PDF on the invoice host, by its public id (a draft, a void or an unknown invoice is not found)",
    access: { kind: 'public' },
    params: InvoicePageParamsSchema,
    response: pdfAnswer,
    errors: ['INVOICE_NOT_FOUND', 'RATE_LIMITED'],
  }),
} as const;

/** Where the public invoice page links its PDF (a path on the invoice host). */
export function publicInvoicePdfPath(businessId: string, publicId: string): string {
  return buildPath(invoicePdfEndpoints.publicPdf.path, { business_id: businessId, invoice: publicId });
}
