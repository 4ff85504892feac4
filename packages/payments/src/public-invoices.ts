import { z } from 'zod';
import { laravelPageOf, optionalText, text } from '@merchant/core';

/**
 * HitPay's invoices in the public API (docs/developers.md, "Public API: invoices, subscription plans, recurring
 * billing"): its names, read alike from JSON and from a form (a form sends numbers and booleans as text).
 */
export const PUBLIC_INVOICES_PATHS = { invoices: '/v1/invoices', invoice: '/v1/invoices/:invoice_id' } as const;

/** HitPay's flags: `true`/`false`, `1`/`0`, as JSON or as text; absent is false. */
export const publicFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'], { error: 'The field must be true or false.' })], {
    error: 'The field must be true or false.',
  })
  .optional()
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** A major-unit amount (`9.9`, `"9.90"`), kept as text until its currency is known (its decimals). */
export const publicAmount = (field: string) =>
  z
    .union([z.number(), text().trim().min(1, `The ${field} field is required.`)], { error: `The ${field} field is required.` })
    .transform((v) => String(v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v), `The ${field} must be a number.`);

/** A whole number, as JSON or as text. */
export const publicInteger = (field: string, min: number, max: number) =>
  z
    .union([z.number(), text().trim().regex(/^\d+$/, `The ${field} must be an integer.`)], { error: `The ${field} must be an integer.` })
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, `The ${field} must be between ${min} and ${max}.`);

export const publicCurrency = text()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'The currency must be 3 letters.')
  .transform((v) => v.toLowerCase());

/** A day as HitPay's document writes it in a body, `Y-m-d`, or as its update page does, `d/m/Y`; read as `Y-m-d`. */
const day = (field: string) =>
  text()
    .trim()
    .transform((v) => v.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$2-$1'))
    .pipe(text().regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} does not match the format Y-m-d.`));

const InvoiceProductSchema = z.object({
  product_id: z.uuid('The products.product_id must be a valid product id.'),
  variation_id: z.uuid('The products.variation_id must be a valid variation id.').optional(),
  quantity: z
    .union([
      z.number(),
      text()
        .trim()
        .regex(/^\d+(\.\d{1,3})?$/, 'The quantity must be a number.'),
    ])
    .optional()
    .transform((v) => (v === undefined ? 1 : Number(v))),
  /** A discount in major units off the line. */
  discount: z
    .union([
      z.number(),
      text()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'The discount must be a number.'),
    ])
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v))),
});

export const PublicInvoiceBodySchema = z
  .object({
    customer_id: z.uuid('The customer id must be a valid customer id.').optional(),
    customer: z
      .object({ name: optionalText(255), email: optionalText(254) })
      .loose()
      .optional(),
    /** HitPay's older names of the customer, still read. */
    customer_name: optionalText(255),
    customer_email: optionalText(254),
    invoice_date: day('invoice date'),
    due_date: day('due date').optional(),
    currency: publicCurrency,
    amount: publicAmount('amount').optional(),
    subtotal: publicAmount('subtotal').optional(),
    payment_by: z.enum(['amount', 'product'], { error: 'The selected payment by is invalid.' }),
    products: z.array(InvoiceProductSchema).max(100, 'Use at most 100 products.').optional(),
    tax_setting: z.uuid('The selected tax setting is invalid.').optional(),
    send_email: publicFlag,
    reference: optionalText(2000),
    footer: optionalText(2000),
    allow_partial_payments: publicFlag,
    /**
     * A platform's fee of this invoice, major units as `amount` (docs/developers.md, "Platform accounts"): only with
     * `X-LINKED-BUSINESS-ID`; without it the platform's commission rate applies.
     */
    platform_fee: z
      .union([z.number(), text().trim().min(1)])
      .transform((v) => String(v))
      .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The platform fee must be a number.')
      .optional(),
    /** Accepted and not used (docs/developers.md): numbers are the business's own sequence. */
    auto_invoice_number: z.unknown().optional(),
    invoice_number: z.unknown().optional(),
    webhook: z.unknown().optional(),
    payment_methods: z.unknown().optional(),
    partial_payments: z.unknown().optional(),
    recipients: z.unknown().optional(),
    stackable_discounts: z.array(z.unknown()).max(0, 'Stackable discounts are not supported: give each product its discount.').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.payment_by === 'amount' && body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required when payment by is amount.' });
    if (body.payment_by === 'product' && !body.products?.length)
      ctx.addIssue({ code: 'custom', path: ['products'], message: 'The products field is required when payment by is product.' });
    if (!body.customer_id && !(body.customer?.email ?? body.customer_email))
      ctx.addIssue({ code: 'custom', path: ['customer.email'], message: 'The customer email field is required when customer id is not present.' });
    if (body.due_date && body.due_date < body.invoice_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date must be a date after or equal to invoice date.' });
  });
export type PublicInvoiceBody = z.output<typeof PublicInvoiceBodySchema>;

const pageNumber = (fallback: number, max: number) =>
  z
    .union([z.number(), text().trim().regex(/^\d+$/, 'The field must be an integer.')])
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .refine((v) => v >= 1 && v <= max, `The field must be between 1 and ${max}.`);

/** Laravel's page query: `page` from 1, `per_page` up to 100. */
export const publicPageQuery = (perPage: number) => ({ page: pageNumber(1, 100_000), per_page: pageNumber(perPage, 100) });

export const PublicInvoiceListQuerySchema = z.object({
  ...publicPageQuery(10),
  customer_email: optionalText(254),
  status: z
    .enum(['draft', 'sent', 'pending', 'overdue', 'paid', 'partially_paid', 'canceled', 'refunded'], { error: 'The selected status is invalid.' })
    .optional(),
  reference: optionalText(2000),
});
export type PublicInvoiceListQuery = z.output<typeof PublicInvoiceListQuerySchema>;

export const PublicInvoiceSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  customer_id: z.string().nullable(),
  customer: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  invoice_number: z.string(),
  /** `draft`, `sent`, `pending` (partly paid), `overdue`, `paid`, `canceled` (void), `refunded`. */
  status: z.string(),
  currency: z.string(),
  /** Major units. */
  amount: z.number(),
  subtotal: z.number(),
  tax_amount: z.number(),
  amount_paid: z.number(),
  amount_due: z.number(),
  invoice_date: z.string(),
  due_date: z.string(),
  reference: z.string().nullable(),
  footer: z.string().nullable(),
  allow_partial_payments: z.boolean(),
  products: z.array(
    z.object({
      product_id: z.string().nullable(),
      description: z.string(),
      quantity: z.number(),
      price: z.number(),
      discount: z.number(),
      amount: z.number(),
    }),
  ),
  tax_setting: z.object({ name: z.string(), rate: z.number(), amount: z.number() }).nullable(),
  /** The customer's page of the invoice (its PDF and its checkout). */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicInvoice = z.infer<typeof PublicInvoiceSchema>;
export const PublicInvoiceListSchema = laravelPageOf(PublicInvoiceSchema);
