import { z } from 'zod';
import { MoneySchema, defineEndpoint, text } from '@merchant/core';
import { CheckoutBusinessSchema } from './checkout';
import { CustomerParamsSchema } from './customers';
import { CardSummarySchema, PaymentMethodSchema, PaymentStatusSchema } from './payment';
import { SavedMethodKindSchema, SubscriptionSchema } from './subscriptions';

/**
 * The customer portal on the invoice host, `invoice.<base>/{business_id}/portal/{token}` (docs/payments.md,
 * "Customer portal"). The token is a signed link naming one customer of one business and when it expires; the
 * portal shows that customer's receipts (and subscriptions) in that business and nothing else.
 */

/** How long a mailed portal link opens the portal. */
export const PORTAL_LINK_TTL_DAYS = 7;

/** A portal link's token: `<customer id>.<expiry, unix seconds>.<signature, base64url>`; anything else is refused as malformed (422). */
export const PortalTokenSchema = text()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'Not a portal link');

export const PortalParamsSchema = z.object({ business_id: z.uuid('Not a business id'), token: PortalTokenSchema });
export type PortalParams = z.infer<typeof PortalParamsSchema>;

/** One succeeded payment of the customer in this business, with its receipt on the checkout host. */
export const PortalReceiptSchema = z.object({
  amount: MoneySchema,
  status: PaymentStatusSchema,
  method: PaymentMethodSchema,
  card: CardSummarySchema.nullable(),
  description: z.string().nullable(),
  paid_at: z.string(),
  receipt_url: z.string(),
});
export type PortalReceipt = z.infer<typeof PortalReceiptSchema>;

/** One of the customer's subscriptions as the portal shows it, with what the customer may do to it. */
export const PortalSubscriptionSchema = SubscriptionSchema.pick({
  id: true,
  name: true,
  amount: true,
  interval: true,
  interval_days: true,
  status: true,
  trial_end_at: true,
  current_period_end: true,
  next_charge_at: true,
  next_charge_amount: true,
  cancel_at_period_end: true,
  method: true,
  ended_at: true,
}).extend({
  can_update_method: z.boolean(),
  can_cancel_at_period_end: z.boolean(),
});
export type PortalSubscription = z.infer<typeof PortalSubscriptionSchema>;

export const PortalSubscriptionParamsSchema = PortalParamsSchema.extend({ subscription_id: z.uuid('Not a subscription id') });

/** What the portal shows. */
export const PortalPageSchema = z.object({
  business: CheckoutBusinessSchema,
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** When this link stops opening the portal (ISO time). */
  expires_at: z.string(),
  subscriptions: z.array(PortalSubscriptionSchema),
  receipts: z.array(PortalReceiptSchema),
  /** The business's time zone: the portal's times are on its clock, and say so. */
  time_zone: z.string(),
  test_mode: z.boolean(),
});
export type PortalPage = z.infer<typeof PortalPageSchema>;

/** The answer to "email me a new link": the same whatever happened, so it tells nothing about the customer. */
export const PortalNewLinkSchema = z.object({ message: z.string() });

/** The dashboard's "Email portal link": where it went and until when the link works. */
export const PortalLinkSentSchema = z.object({ sent_to: z.string(), expires_at: z.string() });
export type PortalLinkSent = z.infer<typeof PortalLinkSentSchema>;

export const customerPortalEndpoints = {
  get: defineEndpoint({
    id: 'customerPortal.get',
    method: 'GET',
    host: 'invoice',
    path: '/v1/portal/:business_id/:token',
    summary: "The customer's portal: the business, the customer's receipts; a tampered link is 404, an expired one 410",
    access: { kind: 'public' },
    params: PortalParamsSchema,
    response: PortalPageSchema,
    errors: ['PORTAL_LINK_INVALID', 'PORTAL_LINK_EXPIRED'],
  }),
  requestLink: defineEndpoint({
    id: 'customerPortal.requestLink',
    method: 'POST',
    host: 'invoice',
    path: '/v1/portal/:business_id/:token/new-link',
    summary: 'Mail a fresh portal link to the email the business has for the customer of an expired (authentic) link; a few per link and address',
    access: { kind: 'public' },
    params: PortalParamsSchema,
    response: PortalNewLinkSchema,
    errors: ['PORTAL_LINK_INVALID', 'RATE_LIMITED'],
  }),
  updateMethod: defineEndpoint({
    id: 'customerPortal.updateMethod',
    method: 'POST',
    host: 'invoice',
    path: '/v1/portal/:business_id/:token/subscriptions/:subscription_id/payment-method',
    summary:
      "Update a subscription's card (the checkout host's page that saves it) or pay it by direct debit (the page where the customer gives their bank account)",
    access: { kind: 'public' },
    params: PortalSubscriptionParamsSchema,
    body: z.object({ kind: SavedMethodKindSchema.default('card') }),
    response: z.object({ url: z.string() }),
    status: 201,
    errors: ['PORTAL_LINK_INVALID', 'PORTAL_LINK_EXPIRED', 'SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_ACTION_NOT_ALLOWED', 'RATE_LIMITED'],
  }),
  cancelAtPeriodEnd: defineEndpoint({
    id: 'customerPortal.cancelAtPeriodEnd',
    method: 'POST',
    host: 'invoice',
    path: '/v1/portal/:business_id/:token/subscriptions/:subscription_id/cancel-at-period-end',
    summary: 'The customer ends a trialing or active subscription of theirs at the end of the period paid for',
    access: { kind: 'public' },
    params: PortalSubscriptionParamsSchema,
    response: PortalSubscriptionSchema,
    errors: ['PORTAL_LINK_INVALID', 'PORTAL_LINK_EXPIRED', 'SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_ACTION_NOT_ALLOWED'],
  }),
  emailLink: defineEndpoint({
    id: 'customerPortal.emailLink',
    method: 'POST',
    path: '/v1/business/:business_id/customers/:customer_id/portal-link',
    summary: 'Mail the customer a signed link to their portal on the invoice host (valid for 7 days)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: CustomerParamsSchema,
    response: PortalLinkSentSchema,
    status: 201,
    errors: ['CUSTOMER_NOT_FOUND', 'CUSTOMER_NO_EMAIL'],
  }),
} as const;
