import { fillPath, minorToMajorString, SCREEN_PATHS } from '@merchant/core';
import { amountDue, INVOICE_CSV_HEADER, invoiceNumberLabel, isInvoiceEditable, type Invoice } from '@merchant/payments';
import { csvTable } from '@/lib/csv';
import type { InvoiceWithCustomer } from './invoices.repository';

/** The customer's page of the invoice on the invoice host. */
export function publicInvoiceUrl(invoiceOrigin: string, row: { businessId: string; publicId: string }): string {
  return `${invoiceOrigin.replace(/\/$/, '')}${fillPath(SCREEN_PATHS.publicInvoice, { business_id: row.businessId, invoice: row.publicId })}`;
}

/** Rows -> the wire shape of an invoice. */
export function presentInvoice({ invoice: row, customerName, customerEmail }: InvoiceWithCustomer, invoiceOrigin: string): Invoice {
  return {
    id: row.id,
    public_id: row.publicId,
    url: publicInvoiceUrl(invoiceOrigin, row),
    number: invoiceNumberLabel(row.number),
    status: row.status,
    customer: { id: row.customerId, name: customerName, email: customerEmail },
    currency: row.currency,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    lines: row.lines,
    taxes: row.taxes,
    subtotal: row.subtotal,
    tax_total: row.taxTotal,
    total: row.total,
    amount_paid: row.amountPaid,
    amount_due: amountDue(row.total, row.amountPaid),
    allow_partial: row.allowPartial,
    notes: row.notes,
    terms: row.terms,
    editable: isInvoiceEditable(row.status),
    created_at: row.createdAt.toISOString(),
  };
}

/** The invoices CSV: its amounts are numbers (major units). */
export const INVOICE_CSV = csvTable(INVOICE_CSV_HEADER, ['Total', 'Paid', 'Due']);

/** One CSV row, in the order of INVOICE_CSV_HEADER (amounts in major units, as on the screen and in every other CSV). */
export function invoiceCsvRow(invoice: Invoice): (string | number | null)[] {
  const major = (amount: number) => minorToMajorString(amount, invoice.currency);
  const row = [
    invoice.number,
    invoice.status,
    invoice.customer.name,
    invoice.customer.email,
    invoice.currency.toUpperCase(),
    invoice.issue_date,
    invoice.due_date,
    major(invoice.total),
    major(invoice.amount_paid),
    major(invoice.amount_due),
    invoice.created_at,
  ];
  if (row.length !== INVOICE_CSV_HEADER.length) throw new Error('The invoices CSV row does not match its header');
  return row;
}
