import { minorToMajorString } from '@merchant/core';
import type { Invoice, InvoiceStatus, PublicInvoice } from '@merchant/payments';
import { hitpayTime } from './webhook-events.presenter';

/** Minor units as HitPay's major-unit number (`990` sgd -> `9.9`). */
export const majorNumber = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

/** An ISO time as HitPay writes it (`2026-11-01T09:00:00`, UTC here). */
export const hitpayIso = (iso: string | null) => (iso ? hitpayTime(new Date(iso)) : null);

/** Our invoice statuses as the public API names them (HitPay's where it has one). */
export const PUBLIC_INVOICE_STATUS: Record<InvoiceStatus, string> = {
  draft: 'draft',
  sent: 'sent',
  partially_paid: 'partially_paid',
  paid: 'paid',
  overdue: 'overdue',
  void: 'canceled',
  refunded: 'refunded',
};

/** HitPay's list filter `status` as ours: `pending` is every invoice out and not paid in full. */
export const INVOICE_STATUS_FILTER: Record<string, readonly InvoiceStatus[]> = {
  draft: ['draft'],
  sent: ['sent'],
  pending: ['sent', 'partially_paid', 'overdue'],
  overdue: ['overdue'],
  paid: ['paid'],
  partially_paid: ['partially_paid'],
  canceled: ['void'],
  refunded: ['refunded'],
};

/** An invoice in HitPay's names: amounts in major units as numbers, the currency lower case, times as HitPay writes them. */
export function presentPublicInvoice(invoice: Invoice & { updated_at: string }, businessId: string): PublicInvoice {
  const money = (amount: number) => majorNumber(amount, invoice.currency);
  const tax = invoice.taxes[0];
  return {
    id: invoice.id,
    business_id: businessId,
    customer_id: invoice.customer.id,
    customer: { id: invoice.customer.id, name: invoice.customer.name, email: invoice.customer.email },
    invoice_number: invoice.number,
    status: PUBLIC_INVOICE_STATUS[invoice.status],
    currency: invoice.currency.toLowerCase(),
    amount: money(invoice.total),
    subtotal: money(invoice.subtotal),
    tax_amount: money(invoice.tax_total),
    amount_paid: money(invoice.amount_paid),
    amount_due: money(invoice.amount_due),
    invoice_date: invoice.issue_date,
    due_date: invoice.due_date,
    reference: invoice.notes,
    footer: invoice.terms,
    allow_partial_payments: invoice.allow_partial,
    products: invoice.lines.map((l) => ({
      product_id: l.product_id,
      description: l.description,
      quantity: l.quantity,
      price: money(l.unit_price),
      discount: money(l.discount),
      amount: money(l.net),
    })),
    tax_setting: tax ? { name: tax.name, rate: tax.rate_bps / 100, amount: money(tax.amount) } : null,
    url: invoice.url,
    created_at: hitpayIso(invoice.created_at)!,
    updated_at: hitpayIso(invoice.updated_at)!,
  };
}
