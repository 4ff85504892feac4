import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, MAX_MINOR_AMOUNT, MinorAmountSchema, text } from '@merchant/core';
import { INVOICE_EVENT_KINDS, INVOICE_STATUSES, type InvoiceStatus } from './statuses';

/**
 * One-off invoices (docs/payments.md, "invoices"): lines from products or free text, a per-line discount,
 * taxes on the discounted subtotal, a due date, paid on the invoice host through the hosted checkout.
 *
 * The money rules below are the only ones: the server stores what they compute and the web shows the live
 * total with the same functions. Everything is integer minor units; each rounding is half up to the minor
 * unit, once per line, once per line discount and once per tax.
 */

/** Quantities carry up to three decimals (1.5 hours, 0.125 kg); the rules work in thousandths. */
export const QUANTITY_SCALE = 1000;
export const MAX_QUANTITY = 1_000_000;
/** Discounts and tax rates are basis points: 1250 is 12.5 %, 10000 is 100 %. */
export const BASIS_POINTS = 10_000;
export const MAX_INVOICE_LINES = 100;
export const MAX_INVOICE_TAXES = 5;

/** `n / d` rounded half up, for non-negative integers. */
function divideRounded(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A quantity in thousandths (1.5 -> 1500). */
export function quantityThousandths(quantity: number): number {
  return Math.round(quantity * QUANTITY_SCALE);
}

export interface InvoiceLineAmounts {
  quantity: number;
  /** Minor units per unit. */
  unit_price: number;
  discount_bps: number;
}

export interface LineTotals {
  /** Quantity times unit price, rounded to the minor unit. */
  gross: number;
  discount: number;
  /** What the line adds to the subtotal. */
  net: number;
}

export function lineTotals(line: InvoiceLineAmounts): LineTotals {
  const gross = divideRounded(BigInt(line.unit_price) * BigInt(quantityThousandths(line.quantity)), BigInt(QUANTITY_SCALE));
  const discount = divideRounded(gross * BigInt(line.discount_bps), BigInt(BASIS_POINTS));
  return { gross: Number(gross), discount: Number(discount), net: Number(gross - discount) };
}

export interface InvoiceTaxRate {
  rate_bps: number;
}

export interface InvoiceTotals {
  lines: LineTotals[];
  /** The sum of the lines' net amounts. */
  subtotal: number;
  /** Each tax on the subtotal, in the order given. */
  taxes: number[];
  tax_total: number;
  total: number;
}

/** The invoice's amounts from its lines and taxes: what the server stores and the form shows as you type. */
export function invoiceTotals(lines: readonly InvoiceLineAmounts[], taxes: readonly InvoiceTaxRate[]): InvoiceTotals {
  const lineAmounts = lines.map(lineTotals);
  const subtotal = lineAmounts.reduce((sum, l) => sum + l.net, 0);
  const taxAmounts = taxes.map((t) => Number(divideRounded(BigInt(subtotal) * BigInt(t.rate_bps), BigInt(BASIS_POINTS))));
  const taxTotal = taxAmounts.reduce((sum, t) => sum + t, 0);
  return { lines: lineAmounts, subtotal, taxes: taxAmounts, tax_total: taxTotal, total: subtotal + taxTotal };
}

/** What is still owed: never negative. */
export function amountDue(total: number, paid: number): number {
  return Math.max(0, total - paid);
}

/** Statuses whose invoice may still be paid. */
export const PAYABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['sent', 'partially_paid', 'overdue'];

/**
 * The least and most one payment of an invoice may be: exactly what is due, or anything from one minor unit
 * up to what is due when partial payments are allowed. Null when nothing can be paid.
 */
export function invoicePayableRange(invoice: { status: InvoiceStatus; total: number; amount_paid: number; allow_partial: boolean }): {
  min: number;
  max: number;
} | null {
  const due = amountDue(invoice.total, invoice.amount_paid);
  if (!PAYABLE_INVOICE_STATUSES.includes(invoice.status) || due === 0) return null;
  return { min: invoice.allow_partial ? 1 : due, max: due };
}

/** The status after a payment (or a payment marked as made by other means) of `paid` in all. */
export function statusAfterPayment(status: InvoiceStatus, total: number, paid: number): InvoiceStatus {
  if (status === 'void' || status === 'draft') return status;
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partially_paid' : status;
}

/** Only an invoice nobody has paid anything of, and that is not void, may be edited. */
export function isInvoiceEditable(status: InvoiceStatus): boolean {
  return status === 'draft' || status === 'sent' || status === 'overdue';
}

export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};
export const InvoiceEventKindSchema = z.enum(INVOICE_EVENT_KINDS);

const blankToNull = (value: string | null | undefined): string | null => (value ? value : null);

export const QuantitySchema = z
  .number('Enter a quantity')
  .positive('The quantity must be more than zero')
  .max(MAX_QUANTITY, `Use at most ${MAX_QUANTITY.toLocaleString('en-US')}`)
  .refine((q) => Math.abs(q * QUANTITY_SCALE - Math.round(q * QUANTITY_SCALE)) < 1e-6, 'Use at most three decimals');

export const BasisPointsSchema = z
  .number('Enter a percentage')
  .int('Use whole basis points')
  .min(0, 'The percentage cannot be negative')
  .max(BASIS_POINTS, 'Use at most 100 %');

export const InvoiceLineBodySchema = z.object({
  /** The catalogue product the line came from; null for a free-text line. */
  product_id: z
    .union([z.literal(''), z.uuid('Choose a product from the list')])
    .nullish()
    .transform((v) => (v ? v : null)),
  description: text().trim().min(1, 'Describe the line').max(500, 'Use at most 500 characters'),
  quantity: QuantitySchema,
  unit_price: MinorAmountSchema,
  discount_bps: BasisPointsSchema.default(0),
});
export type InvoiceLineBody = z.input<typeof InvoiceLineBodySchema>;

export const InvoiceTaxBodySchema = z.object({
  name: text().trim().min(1, 'Name the tax').max(60, 'Use at most 60 characters'),
  rate_bps: BasisPointsSchema,
});
export type InvoiceTaxBody = z.input<typeof InvoiceTaxBodySchema>;

export const InvoiceBodySchema = z
  .object({
    customer_id: z.uuid('Choose a customer'),
    /** Defaults to the business's currency. */
    currency: CurrencyCodeSchema.optional(),
    issue_date: CalendarDateSchema,
    due_date: CalendarDateSchema,
    lines: z.array(InvoiceLineBodySchema).min(1, 'Add at least one line').max(MAX_INVOICE_LINES, `Use at most ${MAX_INVOICE_LINES} lines`),
    taxes: z.array(InvoiceTaxBodySchema).max(MAX_INVOICE_TAXES, `Use at most ${MAX_INVOICE_TAXES} taxes`).default([]),
    notes: text().trim().max(2000, 'Use at most 2000 characters').nullish().transform(blankToNull),
    terms: text().trim().max(2000, 'Use at most 2000 characters').nullish().transform(blankToNull),
    allow_partial: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.due_date < body.issue_date) ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date cannot be before the issue date' });
    if (invoiceTotals(body.lines, body.taxes).total > MAX_MINOR_AMOUNT) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'The total is too large' });
  });
export type InvoiceBody = z.input<typeof InvoiceBodySchema>;
export type InvoiceFields = z.output<typeof InvoiceBodySchema>;
