import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  addDays,
  localDate,
  atLocalTime,
  localTimeOfDayMs,
  csvAnswer,
  CurrencyCodeSchema,
  CursorQuerySchema,
  MoneySchema,
  PositiveMinorAmountSchema,
  defineEndpoint,
  pageOf,
  text,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { CardDetailsSchema } from './charges';
import { CheckoutBusinessSchema } from './checkout';
import { CARD_BRANDS, FAILURE_CODES } from './payment';
import { MAX_INTERVAL_DAYS, MAX_PLAN_CYCLES, MAX_TRIAL_DAYS, PlanIntervalSchema, ReferenceSchema, DescriptionSchema } from './recurring-plans';
import { RedirectUrlSchema } from './payment-links';
import { SAVED_METHOD_KINDS, SUBSCRIPTION_CHARGE_OUTCOMES, SUBSCRIPTION_FINAL_ACTIONS, SUBSCRIPTION_STATUSES } from './statuses';
import { SUBSCRIPTION_SETUP_PATH } from './checkout-paths';
import { addMonthsClamped } from './repeating-invoices';

/**
 * Subscriptions (docs/payments.md, "subscriptions"): a customer charged on a schedule through a saved payment
 * method, from a plan or with terms of its own. The customer saves the method on the hosted checkout
 * (`/s/{public_id}`, a subscription setup); a schedule charges each period once and retries failures.
 */
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const SUBSCRIPTION_STATUS_LABELS: Record<(typeof SUBSCRIPTION_STATUSES)[number], string> = {
  pending: 'Pending',
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  unpaid: 'Unpaid',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
export const SavedMethodKindSchema = z.enum(SAVED_METHOD_KINDS);
export const SubscriptionFinalActionSchema = z.enum(SUBSCRIPTION_FINAL_ACTIONS);
export const SUBSCRIPTION_FINAL_ACTION_LABELS: Record<(typeof SUBSCRIPTION_FINAL_ACTIONS)[number], string> = {
  cancel: 'Cancel the subscription',
  unpaid: 'Leave it unpaid',
};

/** The public id prefix of a subscription setup (the link that saves a payment method). */
export const SUBSCRIPTION_SETUP_PREFIX = 'seti_';
export const subscriptionSetupUrl = (checkoutOrigin: string, publicId: string) =>
  `${checkoutOrigin.replace(/\/$/, '')}${SUBSCRIPTION_SETUP_PATH.replace(':public_id', encodeURIComponent(publicId))}`;
/** How long a mailed setup link stays usable. */
export const SUBSCRIPTION_SETUP_TTL_DAYS = 14;

/** The default retry schedule: days after a period's first failure (docs/payments.md). */
export const DEFAULT_RETRY_DAYS = [1, 3, 5] as const;
export const MAX_RETRIES = 8;

const wholeDays = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${label}` })
    .int('Enter a whole number of days')
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${min}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max}`);

/**
 * A new subscription: the customer, and either a plan or its own terms (name, amount, interval, trial, cycles).
 * A plan's currency is the business's; a custom subscription's currency must be the business's as well.
 */
export const CreateSubscriptionBodySchema = z
  .object({
    customer_id: z.uuid('Choose a customer'),
    plan_id: z.uuid('Choose a plan').nullish(),
    name: text().trim().max(120, 'Use at most 120 characters').nullish(),
    amount: PositiveMinorAmountSchema.nullish(),
    currency: CurrencyCodeSchema.nullish(),
    interval: PlanIntervalSchema.nullish(),
    interval_days: wholeDays('the number of days', 1, MAX_INTERVAL_DAYS).nullish(),
    trial_days: wholeDays('the trial', 0, MAX_TRIAL_DAYS).nullish(),
    cycles: z.number().int('Enter a whole number').min(1, 'Charge at least once').max(MAX_PLAN_CYCLES, `At most ${MAX_PLAN_CYCLES} charges`).nullish(),
    /** Shown to the customer with the name; blank: the plan's description (with a plan), else none. */
    description: DescriptionSchema,
    /** The merchant's own reference (HitPay's `reference`). */
    reference: ReferenceSchema,
    /** Where the customer goes after saving a method; blank: the plan's (with a plan), else none. */
    redirect_url: RedirectUrlSchema,
  })
  .superRefine((body, ctx) => {
    if (body.plan_id) return;
    if (body.amount == null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount, or choose a plan' });
    if (body.interval == null) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'Choose how often, or choose a plan' });
    if (body.interval === 'every_n_days' && body.interval_days == null)
      ctx.addIssue({ code: 'custom', path: ['interval_days'], message: 'Enter the number of days' });
  });
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBodySchema>;
export type CreateSubscriptionFields = z.output<typeof CreateSubscriptionBodySchema>;

/** A saved payment method as screens show it: never a number. */
export const SavedMethodSchema = z.object({
  kind: SavedMethodKindSchema,
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type SavedMethod = z.infer<typeof SavedMethodSchema>;

export const SubscriptionSchema = z.object({
  id: z.uuid(),
  customer: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable() }),
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  name: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  /** Where the customer is sent after saving a method, with `reference` (the subscription's id) and `status` added. */
  redirect_url: z.string().nullable(),
  amount: MoneySchema,
  interval: PlanIntervalSchema,
  interval_days: z.number().int().nullable(),
  trial_days: z.number().int(),
  trial_end_at: z.string().nullable(),
  cycles_total: z.number().int().nullable(),
  cycles_done: z.number().int(),
  status: SubscriptionStatusSchema,
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** When the next charge (or retry) is planned; null: none. */
  next_charge_at: z.string().nullable(),
  /** What the next charge will take (a pending plan change's amount when it applies then). */
  next_charge_amount: MoneySchema.nullable(),
  cancel_at_period_end: z.boolean(),
  pending_plan: z.object({ id: z.uuid(), name: z.string(), amount: MoneySchema }).nullable(),
  method: SavedMethodSchema.nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** One charge attempt: the period, the attempt number, the payment, and the next retry after a failure. */
export const SubscriptionChargeSchema = z.object({
  id: z.uuid(),
  period: z.number().int(),
  attempt: z.number().int(),
  amount: MoneySchema,
  outcome: z.enum(SUBSCRIPTION_CHARGE_OUTCOMES),
  /** What was refunded of the period's payment (its refunds are noted on the period). */
  refunded: MoneySchema,
  failure: z.object({ code: z.enum(FAILURE_CODES), message: z.string() }).nullable(),
  payment_id: z.uuid().nullable(),
  next_retry_at: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionCharge = z.infer<typeof SubscriptionChargeSchema>;

export const SubscriptionDetailSchema = SubscriptionSchema.extend({ charges: z.array(SubscriptionChargeSchema) });
export type SubscriptionDetail = z.infer<typeof SubscriptionDetailSchema>;

export const SubscriptionFiltersSchema = z.object({
  status: SubscriptionStatusSchema.optional(),
  /** Matches the customer's name or email (case-insensitive). */
  search: text().trim().max(100, 'Use at most 100 characters').optional(),
  plan_id: z.uuid().optional(),
  customer_id: z.uuid().optional(),
});
export type SubscriptionFilters = z.infer<typeof SubscriptionFiltersSchema>;
export const ListSubscriptionsQuerySchema = CursorQuerySchema.extend(SubscriptionFiltersSchema.shape);
export type ListSubscriptionsQuery = z.input<typeof ListSubscriptionsQuerySchema>;
export const SUBSCRIPTION_CSV_HEADER = [
  'Customer',
  'Email',
  'Subscription',
  'Amount',
  'Currency',
  'Interval',
  'Status',
  'Next charge (UTC)',
  'Charges made',
  'Created (UTC)',
] as const;

export const CancelSubscriptionBodySchema = z.object({ at_period_end: z.boolean() });
/** The merchant's text of a subscription: blank clears a field (its terms change by a plan change only). */
export const SubscriptionDetailsBodySchema = z.object({
  description: DescriptionSchema,
  reference: ReferenceSchema,
  redirect_url: RedirectUrlSchema,
});
export type SubscriptionDetailsBody = z.input<typeof SubscriptionDetailsBodySchema>;
export const ChangePlanBodySchema = z.object({ plan_id: z.uuid('Choose a plan') });

export const RetrySettingsSchema = z.object({
  retry_days: z.array(z.number().int()),
  final_action: SubscriptionFinalActionSchema,
});
export type RetrySettings = z.infer<typeof RetrySettingsSchema>;
export const RetrySettingsBodySchema = z.object({
  retry_days: z
    .array(wholeDays('the day', 1, 60))
    .min(1, 'Retry at least once')
    .max(MAX_RETRIES, `At most ${MAX_RETRIES} retries`)
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), 'Each retry must come after the one before'),
  final_action: SubscriptionFinalActionSchema,
});
export type RetrySettingsBody = z.input<typeof RetrySettingsBodySchema>;

/** A plan's page: how many subscriptions it has by status and what it brought in. */
export const PlanRevenueSchema = z.object({
  subscriptions: z.number().int(),
  active: z.number().int(),
  revenue: z.array(MoneySchema),
});
export type PlanRevenue = z.infer<typeof PlanRevenueSchema>;

/** A started setup: the hosted checkout's page that saves the method, until it expires. */
export const SubscriptionSetupLinkSchema = z.object({ public_id: z.string(), url: z.string(), expires_at: z.string() });
export type SubscriptionSetupLink = z.infer<typeof SubscriptionSetupLinkSchema>;

/** What the customer's setup page shows. */
export const SubscriptionSetupPageSchema = z.object({
  business: CheckoutBusinessSchema,
  name: z.string(),
  amount: MoneySchema,
  interval: PlanIntervalSchema,
  interval_days: z.number().int().nullable(),
  trial_end_at: z.string().nullable(),
  kind: SavedMethodKindSchema,
  status: SubscriptionStatusSchema,
  method: SavedMethodSchema.nullable(),
  /** Null while it can be used; otherwise the sentence the customer sees (used, expired, subscription ended). */
  unavailable: z.string().nullable(),
  /** The business's time zone: the page's times are on its clock, and say so. */
  time_zone: z.string(),
  test_mode: z.boolean(),
});
export type SubscriptionSetupPage = z.infer<typeof SubscriptionSetupPageSchema>;
export const SaveCardBodySchema = z.object({ card: CardDetailsSchema });
/** After saving: what happened to the subscription (a first charge when there is no trial). */
export const SubscriptionSetupResultSchema = z.object({
  status: SubscriptionStatusSchema,
  method: SavedMethodSchema,
  first_charge: z
    .object({ outcome: z.enum(SUBSCRIPTION_CHARGE_OUTCOMES), message: z.string().nullable(), payment_public_id: z.string().nullable() })
    .nullable(),
  next_charge_at: z.string().nullable(),
  /** Where the page sends the customer now (`redirect_url` with `reference` and `status`); null: none, or a failed charge. */
  redirect_url: z.string().nullable(),
});
export type SubscriptionSetupResult = z.infer<typeof SubscriptionSetupResultSchema>;

export const SUBSCRIPTION_CARD_BRANDS = CARD_BRANDS;

const SubscriptionParamsSchema = BusinessParamsSchema.extend({ subscription_id: z.uuid() });
export const SetupParamsSchema = z.object({
  public_id: text()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_]+$/, 'Not a setup id'),
});
const ACTION_ERRORS = ['SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_ACTION_NOT_ALLOWED'] as const;

export const subscriptionEndpoints = {
  list: defineEndpoint({
    id: 'subscriptions.list',
    method: 'GET',
    path: '/v1/business/:business_id/subscriptions',
    summary: 'Subscriptions, newest first, by status, plan, customer and a search over the customer (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListSubscriptionsQuerySchema,
    response: pageOf(SubscriptionSchema),
  }),
  export: defineEndpoint({
    id: 'subscriptions.export',
    method: 'GET',
    path: '/v1/business/:business_id/subscriptions/export',
    summary: 'The filtered subscriptions as a CSV download (text/csv, newest first, every matching row)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: SubscriptionFiltersSchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'subscriptions.get',
    method: 'GET',
    path: '/v1/business/:business_id/subscriptions/:subscription_id',
    summary: 'One subscription with every charge and retry',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: SubscriptionParamsSchema,
    response: SubscriptionDetailSchema,
    errors: ['SUBSCRIPTION_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'subscriptions.create',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions',
    summary: 'Subscribe a customer to a plan or to terms of its own; the customer is mailed the page that saves their card',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessParamsSchema,
    body: CreateSubscriptionBodySchema,
    response: SubscriptionSchema,
    status: 201,
    errors: ['CUSTOMER_NOT_FOUND', 'PLAN_NOT_FOUND', 'PLAN_ARCHIVED'],
  }),
  pause: defineEndpoint({
    id: 'subscriptions.pause',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/pause',
    summary: 'Pause a subscription: nothing is charged until it is resumed',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: SubscriptionParamsSchema,
    response: SubscriptionSchema,
    errors: [...ACTION_ERRORS],
  }),
  resume: defineEndpoint({
    id: 'subscriptions.resume',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/resume',
    summary: 'Resume a paused subscription',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: SubscriptionParamsSchema,
    response: SubscriptionSchema,
    errors: [...ACTION_ERRORS, 'BUSINESS_CANNOT_TAKE_PAYMENTS', 'PAYMENT_PROCESSOR_UNAVAILABLE'],
  }),
  cancel: defineEndpoint({
    id: 'subscriptions.cancel',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/cancel',
    summary: 'Cancel a subscription now, or at the end of the period paid for',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: SubscriptionParamsSchema,
    body: CancelSubscriptionBodySchema,
    response: SubscriptionSchema,
    errors: [...ACTION_ERRORS],
  }),
  updateDetails: defineEndpoint({
    id: 'subscriptions.updateDetails',
    method: 'PUT',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/details',
    summary: "Change a subscription's description, reference and return address (its terms stay)",
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: SubscriptionParamsSchema,
    body: SubscriptionDetailsBodySchema,
    response: SubscriptionSchema,
    errors: ['SUBSCRIPTION_NOT_FOUND'],
  }),
  changePlan: defineEndpoint({
    id: 'subscriptions.changePlan',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/change-plan',
    summary: 'Move a subscription to another plan from its next period',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: SubscriptionParamsSchema,
    body: ChangePlanBodySchema,
    response: SubscriptionSchema,
    errors: [...ACTION_ERRORS, 'PLAN_NOT_FOUND', 'PLAN_ARCHIVED'],
  }),
  chargeNow: defineEndpoint({
    id: 'subscriptions.chargeNow',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/charge-now',
    summary: 'Charge the next period now through the saved method (the period starts now)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: SubscriptionParamsSchema,
    response: SubscriptionDetailSchema,
    idempotent: true,
    errors: [...ACTION_ERRORS, 'BUSINESS_CANNOT_TAKE_PAYMENTS', 'PAYMENT_PROCESSOR_UNAVAILABLE'],
  }),
  sendSetupLink: defineEndpoint({
    id: 'subscriptions.sendSetupLink',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/setup-link',
    summary: 'Mail the customer a new link to save or update the payment method',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: SubscriptionParamsSchema,
    response: SubscriptionSetupLinkSchema,
    errors: [...ACTION_ERRORS],
  }),
  copySetupLink: defineEndpoint({
    id: 'subscriptions.copySetupLink',
    method: 'POST',
    path: '/v1/business/:business_id/subscriptions/:subscription_id/setup-links',
    summary: 'Make a new link to save or update the payment method without mailing it, for the merchant to copy and share',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: SubscriptionParamsSchema,
    response: SubscriptionSetupLinkSchema,
    status: 201,
    errors: [...ACTION_ERRORS],
  }),
  retrySettings: defineEndpoint({
    id: 'subscriptions.retrySettings',
    method: 'GET',
    path: '/v1/business/:business_id/subscription-settings',
    summary: 'When failed subscription charges are retried and what happens after the last retry',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: RetrySettingsSchema,
  }),
  saveRetrySettings: defineEndpoint({
    id: 'subscriptions.saveRetrySettings',
    method: 'PUT',
    path: '/v1/business/:business_id/subscription-settings',
    summary: 'Set the retry schedule of failed subscription charges and the action after the last retry',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: RetrySettingsBodySchema,
    response: RetrySettingsSchema,
  }),
  planRevenue: defineEndpoint({
    id: 'subscriptions.planRevenue',
    method: 'GET',
    path: '/v1/business/:business_id/recurring-plans/:plan_id/revenue',
    summary: "A plan's subscriptions and the revenue its charges brought",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema.extend({ plan_id: z.uuid() }),
    response: PlanRevenueSchema,
    errors: ['PLAN_NOT_FOUND'],
  }),
} as const;

/** The customer's page that saves a subscription's card, on the checkout host. */
export const subscriptionSetupEndpoints = {
  get: defineEndpoint({
    id: 'subscriptionSetups.get',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/subscription-setups/:public_id',
    summary: 'The page that saves a subscription payment method: the business, what will be charged and when',
    access: { kind: 'public' },
    params: SetupParamsSchema,
    response: SubscriptionSetupPageSchema,
    errors: ['SUBSCRIPTION_SETUP_NOT_FOUND'],
  }),
  saveCard: defineEndpoint({
    id: 'subscriptionSetups.saveCard',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/subscription-setups/:public_id/card',
    summary: 'Save a card for the subscription (kept as a provider token); charges the first period when there is no trial',
    access: { kind: 'public' },
    params: SetupParamsSchema,
    body: SaveCardBodySchema,
    response: SubscriptionSetupResultSchema,
    idempotent: true,
    errors: [
      'SUBSCRIPTION_SETUP_NOT_FOUND',
      'SUBSCRIPTION_SETUP_UNAVAILABLE',
      'PAYMENT_CARD_INVALID',
      'PAYMENT_CARD_DECLINED',
      'RATE_LIMITED',
      'BUSINESS_CANNOT_TAKE_PAYMENTS',
    ],
  }),
} as const;

/**
 * When a subscription's period starts: `steps` intervals after its anchor, always computed from the anchor (never
 * from the previous period), so monthly from the 31st charges on the 31st or the last day of a shorter month. Days,
 * weeks, months and years are those of the business's calendar in its time zone (docs/payments.md, "Time zone"), at
 * the anchor's local time of day: never multiples of 24 hours, so a daylight-saving change keeps the hour.
 */
export function periodStartAt(
  anchor: Date,
  schedule: { interval: (typeof PlanIntervalSchema)['options'][number]; interval_days: number | null },
  steps: number,
  zone: string = DEFAULT_TIME_ZONE,
): Date {
  const day = localDate(anchor, zone);
  const target = (() => {
    switch (schedule.interval) {
      case 'weekly':
        return addDays(day, 7 * steps);
      case 'every_n_days':
        return addDays(day, (schedule.interval_days ?? 1) * steps);
      case 'monthly':
        return addMonthsClamped(day, steps);
      case 'yearly':
        return addMonthsClamped(day, 12 * steps);
    }
  })();
  return atLocalTime(target, localTimeOfDayMs(anchor, zone), zone);
}

/** Whether an action is allowed in a status (the state machine of docs/payments.md, "subscriptions"). */
export const SUBSCRIPTION_ACTIONS = {
  pause: ['trialing', 'active', 'past_due'],
  resume: ['paused'],
  cancel_now: ['pending', 'trialing', 'active', 'past_due', 'paused', 'unpaid'],
  cancel_at_period_end: ['trialing', 'active'],
  change_plan: ['pending', 'trialing', 'active', 'past_due', 'paused', 'unpaid'],
  charge_now: ['trialing', 'active', 'past_due', 'unpaid'],
  send_setup_link: ['pending', 'trialing', 'active', 'past_due', 'paused', 'unpaid'],
} as const satisfies Record<string, readonly (typeof SUBSCRIPTION_STATUSES)[number][]>;
export type SubscriptionAction = keyof typeof SUBSCRIPTION_ACTIONS;
export function subscriptionAllows(action: SubscriptionAction, status: (typeof SUBSCRIPTION_STATUSES)[number]): boolean {
  return (SUBSCRIPTION_ACTIONS[action] as readonly string[]).includes(status);
}
