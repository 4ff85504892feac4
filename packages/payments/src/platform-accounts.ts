import { z } from 'zod';
import { CurrencyCodeSchema, MinorAmountSchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PaymentStatusSchema } from './payment';

/**
 * Platform accounts (issue 29; docs/developers.md, "Platform accounts"): a platform business (`platform_enabled`)
 * links other businesses with their owner's consent, makes payment requests for them with a platform fee, and
 * the fee is posted from the linked business's ledger to the platform's when the charge succeeds.
 */
export const PLATFORM_LINK_STATUSES = ['pending', 'active', 'declined', 'ended'] as const;
export const PlatformLinkStatusSchema = z.enum(PLATFORM_LINK_STATUSES);
export type PlatformLinkStatus = z.infer<typeof PlatformLinkStatusSchema>;
export const PLATFORM_LINK_STATUS_LABELS: Record<PlatformLinkStatus, string> = {
  pending: 'Invited',
  active: 'Linked',
  declined: 'Declined',
  ended: 'Ended',
};

/** One currency's sum, minor units. */
export const PlatformTotalSchema = z.object({ currency: CurrencyCodeSchema, amount: z.number().int(), count: z.number().int() });
export type PlatformTotal = z.infer<typeof PlatformTotalSchema>;

/** A linked (or invited) business as its platform sees it. */
export const PlatformLinkSchema = z.object({
  link_id: z.uuid(),
  /** The linked business's id: what the platform's API key names in `X-LINKED-BUSINESS-ID` (docs/developers.md). */
  business_id: z.uuid(),
  business_name: z.string(),
  business_identifier: z.string(),
  status: PlatformLinkStatusSchema,
  invited_at: z.string(),
  linked_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Paid platform payment requests: their gross per currency. */
  volume: z.array(PlatformTotalSchema),
  /** Platform fees earned on them per currency. */
  fees: z.array(PlatformTotalSchema),
});
export type PlatformLink = z.infer<typeof PlatformLinkSchema>;

/** One platform fee posted to the platform's balance. */
export const PlatformFeeSchema = z.object({
  id: z.uuid(),
  business_name: z.string(),
  payment_amount: z.number().int(),
  fee: z.number().int(),
  currency: CurrencyCodeSchema,
  created_at: z.string(),
});
export type PlatformFee = z.infer<typeof PlatformFeeSchema>;

export const PlatformOverviewSchema = z.object({
  links: z.array(PlatformLinkSchema),
  recent_fees: z.array(PlatformFeeSchema),
  /** The commission rate in basis points (250 is 2.5 %): the fee of an API payment request that names none. */
  commission_bps: z.number().int(),
});
export type PlatformOverview = z.infer<typeof PlatformOverviewSchema>;

/** A platform linked to the business (or asking to be), as the business sees it. */
export const LinkedPlatformSchema = z.object({
  link_id: z.uuid(),
  platform_name: z.string(),
  status: PlatformLinkStatusSchema,
  invited_at: z.string(),
  linked_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type LinkedPlatform = z.infer<typeof LinkedPlatformSchema>;
export const LinkedPlatformsSchema = z.object({ platforms: z.array(LinkedPlatformSchema), platform_may: z.array(z.string()) });

/** What a linked platform may do: written on the business's screen beside each invitation. */
export const PLATFORM_MAY = [
  'Create payment requests and invoices in your business, paid into your balance',
  'Keep a platform fee of each such payment, shown before you are paid',
  'Receive the charge events of those payments on its webhooks',
] as const;

export const PlatformLinkParamsSchema = BusinessParamsSchema.extend({ link_id: z.uuid('Unknown link') });

/** Invite a business: its identifier (as the business details show it) or its owner's email. */
export const InvitePlatformBusinessBodySchema = z.object({
  business: text().trim().min(1, "Enter the business's identifier or its owner's email").max(254, 'Use at most 254 characters'),
});
export type InvitePlatformBusinessBody = z.input<typeof InvitePlatformBusinessBodySchema>;

/** Ending a link says so on purpose: the screen asks to confirm, the body carries the answer. */
export const EndPlatformLinkBodySchema = z.object({ confirm: z.literal(true, 'Confirm that the link ends') });

/** A payment request for a linked business with the platform's fee (below the amount, same currency). */
export const PlatformPaymentRequestBodySchema = z
  .object({
    amount: PositiveMinorAmountSchema,
    currency: CurrencyCodeSchema,
    purpose: text().trim().min(1, 'Enter what the payment is for').max(200, 'Use at most 200 characters'),
    platform_fee: MinorAmountSchema,
    customer_email: z
      .union([z.literal(''), z.email('Enter a valid email').max(254)])
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
  })
  .superRefine((b, ctx) => {
    if (b.platform_fee >= b.amount) ctx.addIssue({ code: 'custom', path: ['platform_fee'], message: 'The platform fee must be below the amount' });
  });
export type PlatformPaymentRequestBody = z.input<typeof PlatformPaymentRequestBodySchema>;

export const PlatformPaymentRequestSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  business_name: z.string(),
  amount: z.number().int(),
  currency: CurrencyCodeSchema,
  platform_fee: z.number().int(),
  purpose: z.string(),
});
export type PlatformPaymentRequest = z.infer<typeof PlatformPaymentRequestSchema>;

/** The highest commission rate, in basis points (50 %). */
export const MAX_COMMISSION_BPS = 5000;

/** The platform's commission rate (HitPay's "Set Commission Rate"), in basis points: 250 is 2.5 %. */
export const PlatformCommissionBodySchema = z.object({
  commission_bps: z
    .number('Enter the commission rate')
    .int('Use at most two decimals')
    .min(0, 'The rate cannot be negative')
    .max(MAX_COMMISSION_BPS, 'Use at most 50 %'),
});
export type PlatformCommissionBody = z.input<typeof PlatformCommissionBodySchema>;
export const PlatformCommissionSchema = z.object({ commission_bps: z.number().int() });

/** The fee of `amount` at a rate in basis points, rounded down to the minor unit. */
export const commissionOf = (amount: number, bps: number): number => Math.floor((amount * bps) / 10_000);

/**
 * An invoice for a linked business with the platform's fee: one line, due on receipt, mailed to the customer (made
 * in the linked business when the email is new to it). Paid in full once, so it allows no partial payment.
 */
export const PlatformInvoiceBodySchema = z
  .object({
    customer_email: z
      .email('Enter a valid email')
      .max(254, 'Use at most 254 characters')
      .transform((v) => v.toLowerCase()),
    customer_name: text()
      .trim()
      .max(255, 'Use at most 255 characters')
      .nullish()
      .transform((v) => v || null),
    description: text().trim().min(1, 'Enter what the invoice is for').max(500, 'Use at most 500 characters'),
    amount: PositiveMinorAmountSchema,
    currency: CurrencyCodeSchema,
    platform_fee: MinorAmountSchema,
  })
  .superRefine((b, ctx) => {
    if (b.platform_fee >= b.amount) ctx.addIssue({ code: 'custom', path: ['platform_fee'], message: 'The platform fee must be below the amount' });
  });
export type PlatformInvoiceBody = z.input<typeof PlatformInvoiceBodySchema>;

export const PlatformInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  url: z.string(),
  business_name: z.string(),
  customer_email: z.string(),
  amount: z.number().int(),
  currency: CurrencyCodeSchema,
  platform_fee: z.number().int(),
});
export type PlatformInvoice = z.infer<typeof PlatformInvoiceSchema>;

/** One payment the platform made for a linked business (a paid platform payment request), as its list shows it. */
export const PlatformPaymentSchema = z.object({
  payment_id: z.uuid(),
  business_name: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  refunded_amount: z.number().int(),
  currency: CurrencyCodeSchema,
  status: PaymentStatusSchema,
  created_at: z.string(),
});
export type PlatformPayment = z.infer<typeof PlatformPaymentSchema>;
export const PlatformPaymentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: text().max(200).optional(),
});
export const PlatformPaymentsSchema = z.object({ data: z.array(PlatformPaymentSchema), next_cursor: z.string().nullable() });
export type PlatformPayments = z.infer<typeof PlatformPaymentsSchema>;

/** The platform's side: the owners and admins of a platform business (`developers:view`). */
const platformAccess = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;
/** The linked business's side: its owners and admins see and answer. */
const linkedAccess = { kind: 'business', permission: 'settings:manage', standing: 'merchant' } as const;

export const platformAccountEndpoints = {
  overview: defineEndpoint({
    id: 'platform.overview',
    method: 'GET',
    path: '/v1/business/:business_id/platform',
    summary: "The platform's linked and invited businesses with volume and fees earned, and its recent platform fees",
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED'],
    params: BusinessParamsSchema,
    response: PlatformOverviewSchema,
  }),
  invite: defineEndpoint({
    id: 'platform.invite',
    method: 'POST',
    path: '/v1/business/:business_id/platform/links',
    summary: "Invite a business to link to the platform (by its identifier or its owner's email); its owner consents",
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED', 'PLATFORM_BUSINESS_UNKNOWN', 'PLATFORM_LINK_EXISTS'],
    params: BusinessParamsSchema,
    body: InvitePlatformBusinessBodySchema,
    response: PlatformLinkSchema,
    status: 201,
  }),
  end: defineEndpoint({
    id: 'platform.end',
    method: 'POST',
    path: '/v1/business/:business_id/platform/links/:link_id/end',
    summary: 'End a link or withdraw an invitation (audited, mailed to both owners)',
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED', 'PLATFORM_LINK_NOT_FOUND'],
    params: PlatformLinkParamsSchema,
    body: EndPlatformLinkBodySchema,
    response: PlatformLinkSchema,
  }),
  setCommission: defineEndpoint({
    id: 'platform.commission.set',
    method: 'PUT',
    path: '/v1/business/:business_id/platform/commission',
    summary: 'Set the commission rate: the fee of a payment request or invoice made with the API that names no fee',
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED'],
    params: BusinessParamsSchema,
    body: PlatformCommissionBodySchema,
    response: PlatformCommissionSchema,
  }),
  payments: defineEndpoint({
    id: 'platform.payments',
    method: 'GET',
    path: '/v1/business/:business_id/platform/payments',
    summary: 'The payments made through the platform for its linked businesses, newest first, with the fee and refunds',
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED'],
    params: BusinessParamsSchema,
    query: PlatformPaymentsQuerySchema,
    response: PlatformPaymentsSchema,
  }),
  createPaymentRequest: defineEndpoint({
    id: 'platform.paymentRequests.create',
    method: 'POST',
    path: '/v1/business/:business_id/platform/links/:link_id/payment-requests',
    summary: 'Create a payment request in a linked business with a platform fee',
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED', 'PLATFORM_LINK_NOT_FOUND', 'PLATFORM_LINK_NOT_ACTIVE', 'BUSINESS_BLOCKED'],
    params: PlatformLinkParamsSchema,
    body: PlatformPaymentRequestBodySchema,
    response: PlatformPaymentRequestSchema,
    status: 201,
  }),
  createInvoice: defineEndpoint({
    id: 'platform.invoices.create',
    method: 'POST',
    path: '/v1/business/:business_id/platform/links/:link_id/invoices',
    summary: 'Create and send an invoice in a linked business with a platform fee',
    access: platformAccess,
    errors: ['PLATFORM_NOT_ENABLED', 'PLATFORM_LINK_NOT_FOUND', 'PLATFORM_LINK_NOT_ACTIVE', 'BUSINESS_BLOCKED'],
    params: PlatformLinkParamsSchema,
    body: PlatformInvoiceBodySchema,
    response: PlatformInvoiceSchema,
    status: 201,
  }),
  platforms: defineEndpoint({
    id: 'business.platforms',
    method: 'GET',
    path: '/v1/business/:business_id/platforms',
    summary: 'The platforms linked to the business and the invitations waiting for its owner',
    access: linkedAccess,
    params: BusinessParamsSchema,
    response: LinkedPlatformsSchema,
  }),
  accept: defineEndpoint({
    id: 'business.platforms.accept',
    method: 'POST',
    path: '/v1/business/:business_id/platforms/:link_id/accept',
    summary: "Accept a platform's invitation (owners only)",
    access: linkedAccess,
    errors: ['PLATFORM_LINK_NOT_FOUND', 'PLATFORM_LINK_NOT_PENDING'],
    params: PlatformLinkParamsSchema,
    response: LinkedPlatformSchema,
  }),
  decline: defineEndpoint({
    id: 'business.platforms.decline',
    method: 'POST',
    path: '/v1/business/:business_id/platforms/:link_id/decline',
    summary: "Decline a platform's invitation (owners only)",
    access: linkedAccess,
    errors: ['PLATFORM_LINK_NOT_FOUND', 'PLATFORM_LINK_NOT_PENDING'],
    params: PlatformLinkParamsSchema,
    response: LinkedPlatformSchema,
  }),
  endByBusiness: defineEndpoint({
    id: 'business.platforms.end',
    method: 'POST',
    path: '/v1/business/:business_id/platforms/:link_id/end',
    summary: 'End the link with a platform (audited, mailed to both owners)',
    access: linkedAccess,
    errors: ['PLATFORM_LINK_NOT_FOUND'],
    params: PlatformLinkParamsSchema,
    body: EndPlatformLinkBodySchema,
    response: LinkedPlatformSchema,
  }),
};
