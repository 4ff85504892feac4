import { z } from 'zod';
import {
  csvAnswer,
  CalendarDateSchema,
  CurrencyCodeSchema,
  CursorQuerySchema,
  MAX_MINOR_AMOUNT,
  MinorAmountSchema,
  PositiveMinorAmountSchema,
  defineEndpoint,
  pageOf,
  text,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { INVOICE_EVENT_KINDS, INVOICE_STATUSES, type InvoiceStatus } from './statuses';
import { PaymentSchema } from './payment';

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
/**
 * Statuses whose invoice the customer can see on the invoice host (its page, its PDF, its payments): a draft is
 * not out yet and a void invoice is gone, so both answer as unknown.
 */
export const PUBLIC_INVOICE_STATUSES: readonly InvoiceStatus[] = ['sent', 'partially_paid', 'paid', 'overdue', 'refunded'];
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

/**
 * What a refund of `refund` takes off an invoice paid by a payment that credited it `credited` (its amount less a
 * fee passed on to the customer) and had `refundedBefore` refunded already: the fee the customer paid goes back
 * last, so the invoice loses what the refunds take of the credited part, and never more than it.
 */
export function invoiceDebitOfRefund(credited: number, refundedBefore: number, refund: number): number {
  return Math.min(refundedBefore + refund, credited) - Math.min(refundedBefore, credited);
}

/**
 * The status after a refund leaves `paid` in all: nothing paid any more is `refunded` (closed: the money went back,
 * nothing is asked again), part of the total is `partially_paid` again (the rest may be paid), a draft or void
 * invoice keeps its status.
 */
export function statusAfterRefund(status: InvoiceStatus, total: number, paid: number): InvoiceStatus {
  if (status === 'void' || status === 'draft') return status;
  if (paid <= 0) return 'refunded';
  return paid >= total ? 'paid' : 'partially_paid';
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
  refunded: 'Refunded',
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

/**
 * What an invoice says, without its dates: the customer, lines, taxes, notes and terms. An invoice adds its
 * issue and due dates; a repeating invoice's template adds its schedule (repeating-invoices.ts).
 */
export const InvoiceContentSchema = z.object({
  customer_id: z.uuid('Choose a customer'),
  /** Defaults to the business's currency. */
  currency: CurrencyCodeSchema.optional(),
  lines: z.array(InvoiceLineBodySchema).min(1, 'Add at least one line').max(MAX_INVOICE_LINES, `Use at most ${MAX_INVOICE_LINES} lines`),
  taxes: z.array(InvoiceTaxBodySchema).max(MAX_INVOICE_TAXES, `Use at most ${MAX_INVOICE_TAXES} taxes`).default([]),
  notes: text().trim().max(2000, 'Use at most 2000 characters').nullish().transform(blankToNull),
  terms: text().trim().max(2000, 'Use at most 2000 characters').nullish().transform(blankToNull),
  allow_partial: z.boolean().default(false),
});
export type InvoiceContent = z.output<typeof InvoiceContentSchema>;

/** The total of the content's lines and taxes is too large to store: a refinement both bodies share. */
export function refineInvoiceTotal(body: Pick<InvoiceContent, 'lines' | 'taxes'>, ctx: z.RefinementCtx): void {
  if (invoiceTotals(body.lines, body.taxes).total > MAX_MINOR_AMOUNT) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'The total is too large' });
}

export const InvoiceBodySchema = InvoiceContentSchema.extend({
  issue_date: CalendarDateSchema,
  due_date: CalendarDateSchema,
}).superRefine((body, ctx) => {
  if (body.due_date < body.issue_date) ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date cannot be before the issue date' });
  refineInvoiceTotal(body, ctx);
});
export type InvoiceBody = z.input<typeof InvoiceBodySchema>;
export type InvoiceFields = z.output<typeof InvoiceBodySchema>;

/** What the invoice shows as its number: INV-000042. */
export function invoiceNumberLabel(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

export const InvoiceLineSchema = z.object({
  product_id: z.uuid().nullable(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number().int(),
  discount_bps: z.number().int(),
  /** Quantity times unit price, the discount on it, and what the line adds to the subtotal. */
  gross: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
});

/** Who an invoice is for, as the invoice shows it. */
export const InvoiceCustomerSchema = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable() });
/** A tax as stored: its name, rate and the amount the money rules made of it. */
export const InvoiceTaxSchema = z.object({ name: z.string(), rate_bps: z.number().int(), amount: z.number().int() });

export const InvoiceSchema = z.object({
  id: z.uuid(),
  public_id: z.string(),
  /** The customer's page on the invoice host. */
  url: z.string(),
  number: z.string(),
  status: InvoiceStatusSchema,
  customer: InvoiceCustomerSchema,
  currency: CurrencyCodeSchema,
  issue_date: z.string(),
  due_date: z.string(),
  lines: z.array(InvoiceLineSchema),
  taxes: z.array(InvoiceTaxSchema),
  subtotal: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  allow_partial: z.boolean(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  editable: z.boolean(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceEventSchema = z.object({
  kind: InvoiceEventKindSchema,
  detail: z.string().nullable(),
  /** Who did it in the dashboard; null for the customer (viewed, paid at checkout). */
  by: z.string().nullable(),
  at: z.string(),
});

export const InvoiceDetailSchema = InvoiceSchema.extend({ timeline: z.array(InvoiceEventSchema) });
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

/** The list's filters (the screen keeps them in its URL; the CSV export takes the same). */
export const InvoiceFiltersSchema = z.object({
  status: InvoiceStatusSchema.optional(),
  /** Part of the number (INV-000042 or 42), the customer's name or email. */
  search: text().trim().max(100, 'Use at most 100 characters').optional(),
  /** Issue dates from and to, both included. */
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
export type InvoiceFilters = z.infer<typeof InvoiceFiltersSchema>;
export const ListInvoicesQuerySchema = InvoiceFiltersSchema.extend(CursorQuerySchema.shape);

/** The columns of the invoices CSV, in order (amounts in major units). */
export const INVOICE_CSV_HEADER = [
  'Number',
  'Status',
  'Customer',
  'Customer email',
  'Currency',
  'Issue date',
  'Due date',
  'Total',
  'Paid',
  'Due',
  'Created (UTC)',
] as const;

export const MarkInvoicePaidBodySchema = z.object({
  /** Defaults to everything still due; never more. */
  amount: PositiveMinorAmountSchema.optional(),
  note: text().trim().max(200, 'Use at most 200 characters').nullish().transform(blankToNull),
});

export const InvoiceParamsSchema = BusinessParamsSchema.extend({ invoice_id: z.uuid() });

export const invoiceEndpoints = {
  list: defineEndpoint({
    id: 'invoices.list',
    method: 'GET',
    path: '/v1/business/:business_id/invoices',
    summary: 'Invoices, newest first, filtered by status and issue date and searched by number or customer (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListInvoicesQuerySchema,
    response: pageOf(InvoiceSchema),
  }),
  export: defineEndpoint({
    id: 'invoices.export',
    method: 'GET',
    path: '/v1/business/:business_id/invoices/export',
    summary: 'The filtered invoices as a CSV download (text/csv, newest first, streamed: every matching row)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: InvoiceFiltersSchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'invoices.get',
    method: 'GET',
    path: '/v1/business/:business_id/invoices/:invoice_id',
    summary: 'One invoice with its timeline',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceParamsSchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND'],
  }),
  payments: defineEndpoint({
    id: 'invoices.payments',
    method: 'GET',
    path: '/v1/business/:business_id/invoices/:invoice_id/payments',
    summary: 'Payments customers made on the invoice through the hosted checkout, newest first (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(PaymentSchema),
    errors: ['INVOICE_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'invoices.create',
    method: 'POST',
    path: '/v1/business/:business_id/invoices',
    summary: 'Create a draft invoice (nothing is sent)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessParamsSchema,
    body: InvoiceBodySchema,
    response: InvoiceDetailSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'invoices.update',
    method: 'PUT',
    path: '/v1/business/:business_id/invoices/:invoice_id',
    summary: 'Edit an invoice nothing has been paid of; a paid, partially paid or void invoice cannot be edited',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceParamsSchema,
    body: InvoiceBodySchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_EDITABLE'],
  }),
  send: defineEndpoint({
    id: 'invoices.send',
    method: 'POST',
    path: '/v1/business/:business_id/invoices/:invoice_id/send',
    summary: "Mail the customer a link to the invoice's public page (the invoice_sent template); a draft becomes sent. Sending again resends",
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceParamsSchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_SENDABLE', 'INVOICE_NO_EMAIL'],
  }),
  remind: defineEndpoint({
    id: 'invoices.remind',
    method: 'POST',
    path: '/v1/business/:business_id/invoices/:invoice_id/remind',
    summary: 'Mail the customer a reminder of what is due (the invoice_reminder template)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceParamsSchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_SENDABLE', 'INVOICE_NO_EMAIL'],
  }),
  markPaid: defineEndpoint({
    id: 'invoices.markPaid',
    method: 'POST',
    path: '/v1/business/:business_id/invoices/:invoice_id/mark-paid',
    summary: 'Record a payment made by another means (cash, bank transfer): all that is due, or part of it',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceParamsSchema,
    body: MarkInvoicePaidBodySchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_PAYABLE', 'INVOICE_OVERPAYMENT'],
  }),
  void: defineEndpoint({
    id: 'invoices.void',
    method: 'POST',
    path: '/v1/business/:business_id/invoices/:invoice_id/void',
    summary: 'Void an invoice nothing has been paid of: it can no longer be paid and its public page is gone',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: InvoiceParamsSchema,
    response: InvoiceDetailSchema,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_EDITABLE'],
  }),
  duplicate: defineEndpoint({
    id: 'invoices.duplicate',
    method: 'POST',
    path: '/v1/business/:business_id/invoices/:invoice_id/duplicate',
    summary: 'A new draft with the same customer, lines, taxes, notes and terms, issued today',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceParamsSchema,
    response: InvoiceDetailSchema,
    status: 201,
    errors: ['INVOICE_NOT_FOUND'],
  }),
} as const;
