import { z } from 'zod';
import { CurrencyCodeSchema, MoneySchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import {
  BankAccountSummarySchema,
  CardSummarySchema,
  CheckoutPaymentMethodSchema,
  FAILURE_CODES,
  PAYMENT_METHOD_LABELS,
  PaymentMethodSchema,
  PaymentStatusSchema,
  type BankAccountSummary,
  type PaymentMethod,
} from './payment';
import { NextActionSchema, PaymentMethodDetailsSchema } from './charges';

/**
 * The hosted checkout on the checkout host (docs/payments.md, "checkout"). Everything here is public: the
 * unguessable public ids are the only keys. What asks for money is a source of a kind in the URL: `link`
 * (a payment link) or `qr` (a static QR code).
 */
export const CHECKOUT_SOURCE_KINDS = ['link', 'qr'] as const;
export type CheckoutSourceKind = (typeof CHECKOUT_SOURCE_KINDS)[number];
/** The payments' source type of each checkout source kind. */
export const CHECKOUT_SOURCE_TYPES = { link: 'payment_link', qr: 'static_qr' } as const satisfies Record<CheckoutSourceKind, string>;

const PublicIdSchema = text()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_]+$/, 'Not a checkout id');
export const CheckoutSourceParamsSchema = z.object({ kind: z.enum(CHECKOUT_SOURCE_KINDS), public_id: PublicIdSchema });
export const CheckoutPaymentParamsSchema = z.object({ public_id: PublicIdSchema });

/** One method the customer may pay with, in the merchant's order, with what they pay when the fee is passed on. */
export const CheckoutMethodSchema = z.object({
  method: CheckoutPaymentMethodSchema,
  pass_fee_to_customer: z.boolean(),
  limits: z.object({ min: z.number().int(), max: z.number().int() }),
});

/** The business's header on every checkout page (checkout customisation's branding). */
export const CheckoutBusinessSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  brand_color: z.string(),
  /** Its times (a receipt's, an invoice's payments) are shown in this zone, as the dashboard and the mails show them. */
  time_zone: z.string(),
});

/** What the checkout page shows for a link or QR code. */
export const CheckoutSchema = z.object({
  business: CheckoutBusinessSchema,
  /** Null: the customer chooses the amount. */
  amount: MoneySchema.nullable(),
  currency: CurrencyCodeSchema,
  purpose: z.string(),
  collect: z.object({ email: z.boolean(), phone: z.boolean(), note: z.boolean() }),
  prefill: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  methods: z.array(CheckoutMethodSchema),
  /** Where to send the customer after a successful payment (a link's redirect URL), when set. */
  redirect_url: z.string().nullable(),
  /** Null while it takes payments; otherwise the sentence the customer sees (expired, cancelled, paid already). */
  unavailable: z.string().nullable(),
  test_mode: z.boolean(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Keep it under ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const StartCheckoutBodySchema = z.object({
  /** Only when the customer chooses the amount (minor units). */
  amount: PositiveMinorAmountSchema.optional(),
  name: optionalText(200),
  email: z
    .union([z.literal(''), text().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254))])
    .optional()
    .transform((value) => (value ? value : undefined)),
  phone: optionalText(40),
  note: optionalText(500),
});
export type StartCheckoutBody = z.input<typeof StartCheckoutBodySchema>;

/** A checkout payment as the customer's page sees it (no fees, no ids of the business). */
export const CheckoutPaymentSchema = z.object({
  public_id: z.string(),
  status: PaymentStatusSchema,
  amount: MoneySchema,
  /** The part of `amount` that is the method's fee passed on to the customer. */
  customer_fee: MoneySchema,
  method: PaymentMethodSchema.nullable(),
  card: CardSummarySchema.nullable(),
  failure: z.object({ code: z.enum(FAILURE_CODES), message: z.string() }).nullable(),
  next_action: NextActionSchema.nullable(),
});
export type CheckoutPayment = z.infer<typeof CheckoutPaymentSchema>;

/**
 * The payment page's answer (`/p/:id`, also opened on its own): the payment with the business's header and
 * the way back, the source's checkout page (to try again) and the link's redirect URL (after success).
 */
export const CheckoutPaymentStateSchema = CheckoutPaymentSchema.extend({
  business: CheckoutBusinessSchema,
  /** What the payment is for (a link's purpose, an invoice's number). */
  purpose: z.string().nullable(),
  /**
   * While nothing has paid it yet (`requires_payment_method`: a payment started on another page, such as an
   * invoice's), the methods it may be paid with, as on the checkout page; otherwise empty.
   */
  methods: z.array(CheckoutMethodSchema),
  /** The link's or QR code's checkout page; null when the payment has no checkout source. */
  source: z.object({ kind: z.enum(CHECKOUT_SOURCE_KINDS), public_id: z.string() }).nullable(),
  /** The page on another host the payment was started from (an invoice's page): "Try again" leads there. */
  back_url: z.string().nullable(),
  redirect_url: z.string().nullable(),
  test_mode: z.boolean(),
});
export type CheckoutPaymentState = z.infer<typeof CheckoutPaymentStateSchema>;

export const ConfirmCheckoutBodySchema = PaymentMethodDetailsSchema;
export const ActionDecisionBodySchema = z.object({ decision: z.enum(['approve', 'fail']) });

/** The receipt page and mail: what was paid, to whom, how and when. */
export const ReceiptSchema = z.object({
  public_id: z.string(),
  /** The number people read and quote: "#1234-5678" ({@link receiptNumber}), never the public id. */
  receipt_number: z.string(),
  business: CheckoutBusinessSchema,
  amount: MoneySchema,
  method: PaymentMethodSchema,
  card: CardSummarySchema.nullable(),
  /** A direct debit's bank account, else null. */
  bank_account: BankAccountSummarySchema.nullable(),
  purpose: z.string().nullable(),
  reference: z.string().nullable(),
  paid_at: z.string(),
  /**
   * Where the receipt was mailed (`maskEmail`: the name part masked, the page being public by its link): the
   * customer's email when the business sends receipts; null when no receipt was mailed.
   */
  sent_to: z.string().nullable(),
  /** Paid on the test processor: the page carries the Test mode mark. */
  test_mode: z.boolean(),
});

/** An email as a public page may show it: its first character, then dots, then the domain ("a•••@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * A receipt's number as people read and quote it, "#1234-5678" (as Stripe writes them): eight digits derived from the
 * payment's id (FNV-1a), so the same payment always has the same number on its page, its mail and in the dashboard.
 * Not unique across payments; the payment's own id stays the key.
 */
export function receiptNumber(paymentId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < paymentId.length; i++) hash = Math.imul(hash ^ paymentId.charCodeAt(i), 0x01000193) >>> 0;
  const digits = String(hash % 100_000_000).padStart(8, '0');
  return `#${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** How a receipt says what paid it: "Visa ending 4242", "Direct debit from DBS, account ending 6789", "PayNow". */
export function receiptPaidWith(receipt: { method: PaymentMethod; card: { last4: string } | null; bank_account: BankAccountSummary | null }): string {
  if (receipt.card) return `${PAYMENT_METHOD_LABELS[receipt.method]} ending ${receipt.card.last4}`;
  if (receipt.bank_account)
    return `${PAYMENT_METHOD_LABELS[receipt.method]} from ${receipt.bank_account.bank || 'the bank'}, account ending ${receipt.bank_account.last4}`;
  return PAYMENT_METHOD_LABELS[receipt.method];
}
export type Receipt = z.infer<typeof ReceiptSchema>;

const PAY_ERRORS = ['PAYMENT_NOT_FOUND', 'PAYMENT_NOT_PAYABLE', 'PAYMENT_SOURCE_UNAVAILABLE', 'PAYMENT_PROCESSOR_UNAVAILABLE'] as const;

export const checkoutEndpoints = {
  /** The checkout host keeps its own cookies: its pages take their anti-forgery token here. */
  csrfToken: defineEndpoint({
    id: 'checkout.csrfToken',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/csrf-token',
    summary: "Issue the anti-forgery token of the customer's browser on the checkout host",
    access: { kind: 'public' },
    response: z.object({ token: z.string() }),
  }),
  get: defineEndpoint({
    id: 'checkout.get',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/:kind/:public_id',
    summary: 'The checkout of a payment link or static QR code: business, amount, methods, or why it cannot be paid',
    access: { kind: 'public' },
    params: CheckoutSourceParamsSchema,
    response: CheckoutSchema,
    errors: ['CHECKOUT_NOT_FOUND'],
  }),
  start: defineEndpoint({
    id: 'checkout.start',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/:kind/:public_id/payments',
    summary:
      'Start a payment of a link or QR code (the amount when the customer chooses it, the details asked for); a few dozen per address, and a few dozen left unpaid per link or QR code',
    access: { kind: 'public' },
    params: CheckoutSourceParamsSchema,
    body: StartCheckoutBodySchema,
    response: CheckoutPaymentSchema,
    status: 201,
    idempotent: true,
    errors: ['CHECKOUT_NOT_FOUND', 'PAYMENT_SOURCE_UNAVAILABLE', 'PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'BUSINESS_CANNOT_TAKE_PAYMENTS', 'RATE_LIMITED'],
  }),
  payment: defineEndpoint({
    id: 'checkout.payment',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/payments/:public_id',
    summary: "A checkout payment's state with the business's header and the way back (polled while a PayNow QR waits to be scanned)",
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    response: CheckoutPaymentStateSchema,
    errors: ['PAYMENT_NOT_FOUND'],
  }),
  confirm: defineEndpoint({
    id: 'checkout.confirm',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/payments/:public_id/confirm',
    summary:
      'Pay with a method (card details are never logged); a few tries per payment and per address, and cards paused on a link or QR code (or a business) after too many declines',
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    body: ConfirmCheckoutBodySchema,
    response: CheckoutPaymentSchema,
    idempotent: true,
    errors: [
      ...PAY_ERRORS,
      'RATE_LIMITED',
      'CHECKOUT_CARDS_PAUSED',
      'PAYMENT_METHOD_UNAVAILABLE',
      'PAYMENT_AMOUNT_OUTSIDE_LIMITS',
      'PAYMENT_CARD_INVALID',
      'BUSINESS_CANNOT_TAKE_PAYMENTS',
    ],
  }),
  challenge: defineEndpoint({
    id: 'checkout.challenge',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/payments/:public_id/challenge',
    summary: 'The 3-D Secure challenge page: approve or fail',
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    body: ActionDecisionBodySchema,
    response: CheckoutPaymentSchema,
    idempotent: true,
    errors: [...PAY_ERRORS, 'PAYMENT_NO_PENDING_ACTION', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  qrScan: defineEndpoint({
    id: 'checkout.qrScan',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/payments/:public_id/qr-scan',
    summary: "Test mode: simulate the customer's bank app scanning the PayNow QR and paying",
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    response: CheckoutPaymentSchema,
    idempotent: true,
    errors: [...PAY_ERRORS, 'PAYMENT_NO_PENDING_ACTION', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  wallet: defineEndpoint({
    id: 'checkout.wallet',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/payments/:public_id/wallet',
    summary: "The e-wallet's page: approve or cancel",
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    body: ActionDecisionBodySchema,
    response: CheckoutPaymentSchema,
    idempotent: true,
    errors: [...PAY_ERRORS, 'PAYMENT_NO_PENDING_ACTION', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  receipt: defineEndpoint({
    id: 'checkout.receipt',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/receipts/:public_id',
    summary: 'The receipt of a succeeded payment',
    access: { kind: 'public' },
    params: CheckoutPaymentParamsSchema,
    response: ReceiptSchema,
    errors: ['PAYMENT_NOT_FOUND'],
  }),
} as const;
