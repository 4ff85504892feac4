import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, MoneySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { PAYMENT_LINK_STATUSES } from './statuses';
import { checkoutMethodsIn, methodLimits } from './method-pricing';
import { PaymentSchema } from './payment';

/**
 * Payment links (docs/payments.md, "Payment links and static QR codes"): a checkout URL on the checkout
 * host asking for a fixed amount, or one the customer chooses, for a purpose.
 */

/**
 * The least and most a link or QR may ask for: the lowest minimum and the highest maximum of the methods that take
 * its currency (PayNow's SGD 0.01 counts in SGD only: a USD link below the card's USD 0.50 could never be paid).
 */
export function sourceAmountLimits(currency: string): { min: number; max: number } {
  const limits = checkoutMethodsIn(currency).map((m) => methodLimits(m, currency));
  return { min: Math.min(...limits.map((l) => l.min)), max: Math.max(...limits.map((l) => l.max)) };
}

/**
 * Where a customer may be sent after paying: https anywhere; plain http only on the name `localhost` and its
 * subdomains (`*.localhost`, which browsers resolve to the machine itself), for development. Loopback addresses
 * written as numbers (`127.0.0.1`, `[::1]`) are refused like any other http address: docs/payments.md says the same.
 */
export function isAllowedRedirectUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'));
}

/** An optional address to send the customer to afterwards (`isAllowedRedirectUrl`); blank becomes null. */
export const RedirectUrlSchema = text()
  .trim()
  .max(2000, 'Use at most 2000 characters')
  .refine((v) => v === '' || isAllowedRedirectUrl(v), 'Use an https:// address (http:// only on localhost)')
  .nullish()
  .transform((v) => (v ? v : null));

/** An optional text field: blank becomes null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A date and time with its offset (or the browser's local `YYYY-MM-DDTHH:mm`); blank becomes null. */
export const OptionalDateTimeSchema = text()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v))), 'Enter a date and time')
  .nullish()
  .transform((v) => (v ? new Date(v).toISOString() : null));

const PhoneSchema = text()
  .trim()
  .max(30, 'Use at most 30 characters')
  .refine((v) => v === '' || /^\+?[0-9 ()-]{6,30}$/.test(v), 'Enter a phone number such as +65 6123 4567')
  .nullish()
  .transform((v) => (v ? v : null));

export const PaymentLinkBodySchema = z.object({
  /** Null: the customer chooses the amount at checkout. */
  amount: PositiveMinorAmountSchema.nullable(),
  /** Defaults to the business's currency. */
  currency: CurrencyCodeSchema.optional(),
  purpose: text().trim().min(1, 'Enter what the payment is for').max(200, 'Use at most 200 characters'),
  reference: optionalText(100),
  customer_email: z
    .union([z.literal(''), z.email('Enter a valid email').max(254)])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  customer_phone: PhoneSchema,
  collect_email: z.boolean().default(true),
  collect_phone: z.boolean().default(false),
  collect_note: z.boolean().default(false),
  /** Must be in the future (checked against the server's clock). Null: never expires. */
  expires_at: OptionalDateTimeSchema,
  single_use: z.boolean().default(true),
  redirect_url: RedirectUrlSchema,
  product_id: z
    .union([z.literal(''), z.uuid('Choose a product from the list')])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type PaymentLinkBody = z.input<typeof PaymentLinkBodySchema>;

export const CreatePaymentLinkBodySchema = PaymentLinkBodySchema.extend({
  /** Mail the link to the customer email once created. */
  send_email: z.boolean().default(false),
});
export type CreatePaymentLinkBody = z.input<typeof CreatePaymentLinkBodySchema>;

export const PaymentLinkStatusSchema = z.enum(PAYMENT_LINK_STATUSES);
export const PAYMENT_LINK_STATUS_LABELS: Record<(typeof PAYMENT_LINK_STATUSES)[number], string> = {
  active: 'Active',
  completed: 'Completed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const PaymentLinkSchema = z.object({
  id: z.uuid(),
  public_id: z.string(),
  /** The customer's URL on the checkout host. */
  url: z.string(),
  /** What the customer sees first: status as of now (an active link past its expiry is expired). */
  status: PaymentLinkStatusSchema,
  /** Null amount: the customer chooses. */
  amount: MoneySchema.shape.amount.nullable(),
  currency: CurrencyCodeSchema,
  purpose: z.string(),
  reference: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  collect_email: z.boolean(),
  collect_phone: z.boolean(),
  collect_note: z.boolean(),
  expires_at: z.string().nullable(),
  single_use: z.boolean(),
  redirect_url: z.string().nullable(),
  product: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Succeeded payments (refunded ones included) and their gross sum. */
  paid_count: z.number().int(),
  paid_total: z.number().int(),
  editable: z.boolean(),
  created_at: z.string(),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

/** What a link may ask its customer for, in the words of its form and its page ("Email address", not "email"). */
export const COLLECTED_FIELD_LABELS = { collect_email: 'Email address', collect_phone: 'Phone number', collect_note: 'Note' } as const;

/** What a link asks its customer for, as one phrase: "Email address, phone number", or "Nothing extra". */
export function linkAsksFor(link: Record<keyof typeof COLLECTED_FIELD_LABELS, boolean>): string {
  const asked = (Object.keys(COLLECTED_FIELD_LABELS) as (keyof typeof COLLECTED_FIELD_LABELS)[]).filter((k) => link[k]).map((k) => COLLECTED_FIELD_LABELS[k]);
  if (asked.length === 0) return 'Nothing extra';
  return asked.map((label, i) => (i === 0 ? label : label.toLowerCase())).join(', ');
}

export const PaymentLinkDetailSchema = PaymentLinkSchema.extend({
  /** The QR of `url` as an SVG document. */
  qr_svg: z.string(),
});
export type PaymentLinkDetail = z.infer<typeof PaymentLinkDetailSchema>;

export const ListPaymentLinksQuerySchema = CursorQuerySchema.extend({
  /** Matches the purpose, the reference or the customer email (case-insensitive, part of the text). */
  search: text().trim().max(100).optional(),
  status: PaymentLinkStatusSchema.optional(),
});
export type ListPaymentLinksQuery = z.input<typeof ListPaymentLinksQuerySchema>;

/** Products a link may name (active ones of the catalogue). */
export const LinkProductOptionSchema = z.object({ id: z.uuid(), name: z.string(), amount: z.number().int(), currency: CurrencyCodeSchema });

const LinkParamsSchema = z.object({ business_id: z.uuid(), id: z.uuid() });
const BusinessOnlyParamsSchema = z.object({ business_id: z.uuid() });

export const paymentLinkEndpoints = {
  list: defineEndpoint({
    id: 'paymentLinks.list',
    method: 'GET',
    path: '/v1/business/:business_id/payment-links',
    summary: 'Payment links, newest first, searched by purpose, reference or customer email and filtered by status (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessOnlyParamsSchema,
    query: ListPaymentLinksQuerySchema,
    response: pageOf(PaymentLinkSchema),
  }),
  get: defineEndpoint({
    id: 'paymentLinks.get',
    method: 'GET',
    path: '/v1/business/:business_id/payment-links/:id',
    summary: 'One payment link with its public URL and QR code',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: LinkParamsSchema,
    response: PaymentLinkDetailSchema,
    errors: ['PAYMENT_LINK_NOT_FOUND'],
  }),
  payments: defineEndpoint({
    id: 'paymentLinks.payments',
    method: 'GET',
    path: '/v1/business/:business_id/payment-links/:id/payments',
    summary: 'Payments made through a payment link, newest first (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: LinkParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(PaymentSchema),
    errors: ['PAYMENT_LINK_NOT_FOUND'],
  }),
  products: defineEndpoint({
    id: 'paymentLinks.products',
    method: 'GET',
    path: '/v1/business/:business_id/payment-links/products',
    summary: 'Active catalogue products a payment link may name',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: BusinessOnlyParamsSchema,
    response: z.object({ data: z.array(LinkProductOptionSchema) }),
  }),
  create: defineEndpoint({
    id: 'paymentLinks.create',
    method: 'POST',
    path: '/v1/business/:business_id/payment-links',
    summary: 'Create a payment link (and optionally mail it to the customer)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessOnlyParamsSchema,
    body: CreatePaymentLinkBodySchema,
    response: PaymentLinkSchema,
    status: 201,
    errors: ['PAYMENT_LINK_NO_EMAIL'],
  }),
  update: defineEndpoint({
    id: 'paymentLinks.update',
    method: 'PUT',
    path: '/v1/business/:business_id/payment-links/:id',
    summary: 'Edit a payment link; its public URL stays. A completed or cancelled link cannot be edited',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: LinkParamsSchema,
    body: PaymentLinkBodySchema,
    response: PaymentLinkSchema,
    errors: ['PAYMENT_LINK_NOT_FOUND', 'PAYMENT_LINK_NOT_EDITABLE', 'PAYMENT_LINK_NO_EMAIL'],
  }),
  cancel: defineEndpoint({
    id: 'paymentLinks.cancel',
    method: 'POST',
    path: '/v1/business/:business_id/payment-links/:id/cancel',
    summary: 'Cancel a payment link: its URL stops taking payments',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: LinkParamsSchema,
    response: PaymentLinkSchema,
    errors: ['PAYMENT_LINK_NOT_FOUND', 'PAYMENT_LINK_NOT_EDITABLE'],
  }),
  send: defineEndpoint({
    id: 'paymentLinks.send',
    method: 'POST',
    path: '/v1/business/:business_id/payment-links/:id/send',
    summary: "Mail the link to the link's customer email",
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: LinkParamsSchema,
    response: z.object({ ok: z.literal(true), to: z.string() }),
    errors: ['PAYMENT_LINK_NOT_FOUND', 'PAYMENT_LINK_NOT_EDITABLE', 'PAYMENT_LINK_NO_EMAIL'],
  }),
} as const;
