import { AppError } from '@merchant/core';
import { INVOICE_PDF_CONTENT_TYPE, invoicePdfFilename, PUBLIC_INVOICE_PDF_LIMIT, PUBLIC_INVOICE_STATUSES, type Invoice } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { RateLimiter } from '@/lib/rate-limit';
import type { MailAttachment } from '@/mail/mailer';
import type { CheckoutCustomisationService } from '@/modules/payments/checkout-customisation/checkout-customisation.service';
import { renderInvoicePdf, type InvoicePdfBusiness } from './invoice-pdf';
import { invoicesRepository as repo, type InvoiceWithCustomer } from './invoices.repository';

export interface InvoicePdfFile {
  filename: string;
  contentType: typeof INVOICE_PDF_CONTENT_TYPE;
  content: Buffer;
}

/**
 * The invoice as a PDF for the dashboard's download, the invoice host's link and the mails' attachment
 * (docs/payments.md, "invoices"). Rendered on demand from the stored invoice; the business's name, brand
 * colour and logo come from checkout customisation.
 */
export function createInvoicePdfService(deps: {
  db: Executor;
  limiter: RateLimiter;
  branding: Pick<CheckoutCustomisationService, 'brandAssets'>;
  present: (row: InvoiceWithCustomer) => Invoice;
  /** Payments run on the test processor: every PDF carries the Test mode mark. */
  testMode: () => boolean;
}) {
  const { db } = deps;
  const notFound = () => new AppError('INVOICE_NOT_FOUND', 'Invoice not found.');

  async function file(invoice: Invoice, business: InvoicePdfBusiness): Promise<InvoicePdfFile> {
    return {
      filename: invoicePdfFilename(invoice.number),
      contentType: INVOICE_PDF_CONTENT_TYPE,
      content: await renderInvoicePdf(invoice, business, { testMode: deps.testMode() }),
    };
  }

  return {
    /** What the mails attach: rendered from the invoice as the mail describes it, with the branding read beforehand. */
    attachment: async (invoice: Invoice, business: InvoicePdfBusiness): Promise<MailAttachment> => file(invoice, business),

    brandAssets: (businessId: string) => deps.branding.brandAssets(businessId),

    /** The dashboard's download: any invoice of the business, whatever its status. */
    async forBusiness(businessId: string, id: string): Promise<InvoicePdfFile> {
      const found = await repo.find(db, businessId, id);
      if (!found) throw notFound();
      return file(deps.present(found), await deps.branding.brandAssets(businessId));
    },

    /**
     * The invoice host's link: only an invoice the customer can see (not a draft, not void), else not found; a
     * few dozen PDFs per address in ten minutes.
     */
    async forCustomer(businessId: string, publicId: string, ip: string): Promise<InvoicePdfFile> {
      if ((await deps.limiter.hit(`invoice-pdf:ip:${ip}`, PUBLIC_INVOICE_PDF_LIMIT.windowMs)) > PUBLIC_INVOICE_PDF_LIMIT.max) {
        throw new AppError('RATE_LIMITED', 'Too many downloads from this network. Try again in a few minutes.');
      }
      const found = await repo.findByPublicId(db, businessId, publicId);
      if (!found || !PUBLIC_INVOICE_STATUSES.includes(found.invoice.status)) throw notFound();
      return file(deps.present(found), await deps.branding.brandAssets(businessId));
    },
  };
}

export type InvoicePdfService = ReturnType<typeof createInvoicePdfService>;
