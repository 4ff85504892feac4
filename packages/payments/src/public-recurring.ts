import { z } from 'zod';
import { laravelPageOf, optionalText, text } from '@merchant/core';
import { publicAmount, publicCurrency, publicFlag, publicInteger, publicPageQuery } from './public-invoices';

/**
 * HitPay's subscription plans and recurring billing in the public API (docs/developers.md, "Public API: invoices,
 * subscription plans, recurring billing"): a plan is a recurring plan, a recurring billing a subscription.
 */
export const PUBLIC_RECURRING_PATHS = {
  plans: '/v1/subscription-plan',
  plan: '/v1/subscription-plan/:plan_id',
  billings: '/v1/recurring-billing',
  billing: '/v1/recurring-billing/:recurring_billing_id',
  charge: '/v1/charge/recurring-billing/:recurring_billing_id',
} as const;

export const PUBLIC_CYCLES = ['weekly', 'monthly', 'yearly', 'custom'] as const;
export const PUBLIC_CYCLE_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;

const cycleFields = {
  cycle: z.enum(PUBLIC_CYCLES, { error: 'The selected cycle is invalid.' }),
  cycle_frequency: z.enum(PUBLIC_CYCLE_FREQUENCIES, { error: 'The selected cycle frequency is invalid.' }).optional(),
  cycle_repeat: publicInteger('cycle repeat', 1, 999).optional(),
};

/** HitPay's rule: a custom cycle names its frequency and its repeat. */
function refineCycle(body: { cycle?: string | undefined; cycle_frequency?: string | undefined; cycle_repeat?: number | undefined }, ctx: z.RefinementCtx) {
  if (body.cycle !== 'custom') return;
  if (body.cycle_repeat === undefined)
    ctx.addIssue({ code: 'custom', path: ['cycle_repeat'], message: 'The cycle repeat field is required when cycle is custom.' });
  if (body.cycle_frequency === undefined)
    ctx.addIssue({ code: 'custom', path: ['cycle_frequency'], message: 'The cycle frequency field is required when cycle is custom.' });
}

export const PublicPlanBodySchema = z
  .object({
    name: text().trim().min(1, 'The name field is required.').max(120, 'The name may not be greater than 120 characters.'),
    description: optionalText(500),
    ...cycleFields,
    currency: publicCurrency.optional(),
    amount: publicAmount('amount'),
    reference: optionalText(255),
    redirect_url: optionalText(1028),
    start_date_method: z.enum(['sign_up_date', 'customer_select_date', 'fixed_date'], { error: 'The selected start date method is invalid.' }).optional(),
    fixed_date: z.unknown().optional(),
    times_to_be_charged: publicInteger('times to be charged', 1, 100).optional(),
  })
  .superRefine(refineCycle);
export type PublicPlanBody = z.output<typeof PublicPlanBodySchema>;

export const PublicPlanListQuerySchema = z.object(publicPageQuery(20));

/** HitPay's subscription plan (its examples' fields). */
export const PublicPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Left out when the plan has none (HitPay's schema types it as a string). */
  description: z.string().optional(),
  cycle: z.enum(PUBLIC_CYCLES),
  cycle_repeat: z.number().int().nullable(),
  cycle_frequency: z.enum(PUBLIC_CYCLE_FREQUENCIES).nullable(),
  currency: z.string(),
  /** Major units. */
  amount: z.number(),
  /** Left out when the plan has none. */
  reference: z.string().optional(),
  /** Where the customer goes after saving a card for a subscription of the plan; left out when none. */
  redirect_url: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;
/**
 * A plan in the list also answers `price` (the amount), as HitPay's list example does; its `cycle_repeat` and
 * `cycle_frequency` are left out when null (the list's schema types them as an integer and a string).
 */
export const PublicPlanListItemSchema = PublicPlanSchema.extend({
  cycle_repeat: z.number().int().optional(),
  cycle_frequency: z.enum(PUBLIC_CYCLE_FREQUENCIES).optional(),
  price: z.number(),
});
export const PublicPlanListSchema = laravelPageOf(PublicPlanListItemSchema);

export const PublicRecurringBillingBodySchema = z
  .object({
    plan_id: z.uuid('The selected plan id is invalid.').optional(),
    customer_email: text().trim().min(1, 'The customer email field is required.').max(254).email('The customer email must be a valid email address.'),
    customer_name: optionalText(255),
    name: optionalText(120),
    description: optionalText(500),
    amount: publicAmount('amount').optional(),
    currency: publicCurrency.optional(),
    cycle: cycleFields.cycle.optional(),
    cycle_frequency: cycleFields.cycle_frequency,
    cycle_repeat: cycleFields.cycle_repeat,
    /** `YYYY-MM-DD`: the first charge's day (the business's day). */
    start_date: text()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The start date does not match the format Y-m-d.')
      .optional(),
    times_to_be_charged: publicInteger('times to be charged', 1, 100).optional(),
    save_card: publicFlag,
    save_payment_method: publicFlag,
    send_email: publicFlag,
    reference: optionalText(255),
    redirect_url: optionalText(1028),
    payment_methods: z.unknown().optional(),
    start_date_method: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    refineCycle(body, ctx);
    if (body.plan_id) return;
    if (body.save_card || body.save_payment_method) return;
    if (!body.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required when plan id is not present.' });
    if (!body.cycle) ctx.addIssue({ code: 'custom', path: ['cycle'], message: 'The cycle field is required when plan id is not present.' });
  });
export type PublicRecurringBillingBody = z.output<typeof PublicRecurringBillingBodySchema>;

export const PublicRecurringBillingUpdateSchema = z
  .object({
    plan_id: z.uuid('The selected plan id is invalid.').optional(),
    name: optionalText(120),
    description: optionalText(500),
    amount: publicAmount('amount').optional(),
    cycle: cycleFields.cycle.optional(),
    cycle_frequency: cycleFields.cycle_frequency,
    cycle_repeat: cycleFields.cycle_repeat,
    customer_email: optionalText(254),
    customer_name: optionalText(255),
    start_date: optionalText(20),
    save_card: z.unknown().optional(),
    save_payment_method: z.unknown().optional(),
    send_email: z.unknown().optional(),
    reference: optionalText(255),
    redirect_url: optionalText(1028),
    payment_methods: z.unknown().optional(),
    start_date_method: z.unknown().optional(),
  })
  .superRefine(refineCycle);
export type PublicRecurringBillingUpdate = z.output<typeof PublicRecurringBillingUpdateSchema>;

export const PublicRecurringBillingListQuerySchema = z.object({
  ...publicPageQuery(25),
  customer_email: optionalText(254),
  reference: optionalText(255),
  business_recurring_plans_id: z.uuid('The selected business recurring plans id is invalid.').optional(),
  status: z.enum(['active', 'scheduled', 'retrying', 'inactive', 'canceled'], { error: 'The selected status is invalid.' }).optional(),
});
export type PublicRecurringBillingListQuery = z.output<typeof PublicRecurringBillingListQuerySchema>;

/**
 * HitPay's recurring billing (its "get saved card details" example's fields). A string field without a value is
 * left out (HitPay's schema types it as a string); `payment_method` only once a card is saved.
 */
export const PublicRecurringBillingSchema = z.object({
  id: z.string(),
  business_recurring_plans_id: z.string().nullable().optional(),
  customer_name: z.string().optional(),
  customer_email: z.string().optional(),
  customer_phone_number: z.string().nullable().optional(),
  customer_phone_number_country_code: z.string().nullable().optional(),
  name: z.string(),
  description: z.string().optional(),
  reference: z.string().optional(),
  cycle: z.enum(PUBLIC_CYCLES),
  cycle_repeat: z.number().int().nullable(),
  cycle_frequency: z.enum(PUBLIC_CYCLE_FREQUENCIES).nullable(),
  currency: z.string(),
  price: z.number().optional(),
  amount: z.number(),
  /** Left out when it charges until cancelled (HitPay's update and delete schemas type it as an integer). */
  times_to_be_charged: z.number().int().optional(),
  times_charged: z.number().int(),
  /** `scheduled` (no card yet), `active`, `retrying` (a charge failed), `inactive` (paused, unpaid, completed), `canceled`. */
  status: z.string(),
  send_email: z.union([z.number(), z.boolean()]),
  save_card: z.number(),
  redirect_url: z.string().optional(),
  payment_methods: z.array(z.string()),
  payment_provider_charge_method: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  pause_from: z.string().nullable().optional(),
  pause_until: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  /** The hosted page where the customer saves the card. */
  url: z.string(),
  total_charge: z.number().optional(),
  payment_method: z.object({ card: z.object({ brand: z.string(), last4: z.string() }) }).optional(),
});
export type PublicRecurringBilling = z.infer<typeof PublicRecurringBillingSchema>;
export const PublicRecurringBillingListSchema = laravelPageOf(PublicRecurringBillingSchema);

export const PublicSavedCardChargeBodySchema = z.object({ amount: publicAmount('amount'), currency: publicCurrency });
export type PublicSavedCardChargeBody = z.output<typeof PublicSavedCardChargeBodySchema>;
export const PublicSavedCardChargeSchema = z.object({
  payment_id: z.string(),
  recurring_billing_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
});
export type PublicSavedCardCharge = z.infer<typeof PublicSavedCardChargeSchema>;
