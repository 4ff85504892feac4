import { z } from 'zod';
import { CurrencyCodeSchema, MoneySchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import { CheckoutBusinessSchema } from './checkout';
import { InvoiceStatusSchema } from './invoices';
import { CardSummarySchema, PaymentMethodSchema } from './payment';

/**
 * The customer's invoice page on the invoice host, `invoice.<base>/{business_id}/{invoice}` (docs/payments.md,
 * "Paying an invoice"). Everything here is public: the invoice's unguessable public id is the key, and the
 * business id of the URL must be the invoice's own. Paying hands over to the hosted checkout.
 */

/**
 * The invoice host's URL of an invoice (its page, its payments, its PDF): the business and the invoice's public
 * id. A malformed part is refused (422); an id that names no invoice the customer can see is the same 404,
 * whatever the reason (unknown, another business's, a draft, void).
 */
export const InvoicePageParamsSchema = z.object({
  business_id: z.uuid('Not a business id'),
  invoice: text()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_]+$/, 'Not an invoice id'),
});

/** One payment the customer made through the checkout, with its receipt on the checkout host. */
export const InvoicePagePaymentSchema = z.object({
  amount: MoneySchema,
  method: PaymentMethodSchema,
  card: CardSummarySchema.nullable(),
  paid_at: z.string(),
  receipt_url: z.string(),
});

/** What the invoice page shows. */
export const InvoicePageSchema = z.object({
  business: CheckoutBusinessSchema,
  number: z.string(),
  status: InvoiceStatusSchema,
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  currency: CurrencyCodeSchema,
  issue_date: z.string(),
  due_date: z.string(),
  lines: z.array(
    z.object({ description: z.string(), quantity: z.number(), unit_price: z.number().int(), discount_bps: z.number().int(), net: z.number().int() }),
  ),
  taxes: z.array(z.object({ name: z.string(), rate_bps: z.number().int(), amount: z.number().int() })),
  subtotal: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  allow_partial: z.boolean(),
  /** What one payment may be now (minor units), or null when nothing can be paid (paid in full). */
  payable: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** Why nothing can be paid now although something is due (the business takes no payments), or null. */
  unavailable: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  payments: z.array(InvoicePagePaymentSchema),
  test_mode: z.boolean(),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const PayInvoiceBodySchema = z.object({
  /** Minor units; without it, everything that is due. Less than that only where the invoice allows partial payments. */
  amount: PositiveMinorAmountSchema.optional(),
});
export type PayInvoiceBody = z.input<typeof PayInvoiceBodySchema>;

/** The payment made for the customer to pay on the hosted checkout, and where that is. */
export const InvoiceCheckoutSchema = z.object({ payment_id: z.string(), checkout_url: z.string() });
export type InvoiceCheckout = z.infer<typeof InvoiceCheckoutSchema>;

export const invoicePageEndpoints = {
  /** The invoice host keeps its own cookies: its page takes its anti-forgery token here. */
  csrfToken: defineEndpoint({
    id: 'invoicePages.csrfToken',
    method: 'POST',
    host: 'invoice',
    path: '/v1/invoice-pages/csrf-token',
    summary: "Issue the anti-forgery token of the customer's browser on the invoice host",
    access: { kind: 'public' },
    response: z.object({ token: z.string() }),
  }),
  get: defineEndpoint({
    id: 'invoicePages.get',
    method: 'GET',
    host: 'invoice',
    path: '/v1/invoice-pages/:business_id/:invoice',
    summary: "The customer's invoice: business, lines, totals, status, what can be paid; opening it records a view (once a day)",
    access: { kind: 'public' },
    params: InvoicePageParamsSchema,
    response: InvoicePageSchema,
    errors: ['INVOICE_NOT_FOUND'],
  }),
  pay: defineEndpoint({
    id: 'invoicePages.pay',
    method: 'POST',
    host: 'invoice',
    path: '/v1/invoice-pages/:business_id/:invoice/payments',
    summary:
      'Start paying the invoice (all that is due, or part of it where allowed): answers the hosted checkout page of the payment; a few dozen tries per invoice and per address',
    access: { kind: 'public' },
    params: InvoicePageParamsSchema,
    body: PayInvoiceBodySchema,
    response: InvoiceCheckoutSchema,
    status: 201,
    idempotent: true,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_PAYABLE', 'INVOICE_OVERPAYMENT', 'PAYMENT_SOURCE_UNAVAILABLE', 'RATE_LIMITED', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
} as const;
