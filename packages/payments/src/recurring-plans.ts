import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PLAN_INTERVALS, PLAN_STATUSES } from './statuses';
import { RedirectUrlSchema } from './payment-links';

/**
 * Recurring plans (docs/payments.md, "recurring-plans"): what a subscription charges and how often. A plan is
 * archived, never deleted: its subscriptions keep it. Plans are in the business's own currency (docs/decisions.md).
 */
export const MAX_INTERVAL_DAYS = 365;
export const MAX_TRIAL_DAYS = 365;
export const MAX_PLAN_CYCLES = 600;

export const PlanIntervalSchema = z.enum(PLAN_INTERVALS);
export type PlanInterval = z.infer<typeof PlanIntervalSchema>;
export const PLAN_INTERVAL_LABELS: Record<PlanInterval, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly', every_n_days: 'Every N days' };

export const PlanStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = { active: 'Active', archived: 'Archived' };

const wholeDays = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${label}` })
    .int('Enter a whole number of days')
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${min}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max}`);

/** A merchant's own reference of a plan or a subscription (HitPay's `reference`, at most 255 characters); blank is null. */
export const ReferenceSchema = text()
  .trim()
  .max(255, 'Use at most 255 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** A plan's or a subscription's description, shown to the customer (at most 500 characters); blank is null. */
export const DescriptionSchema = text()
  .trim()
  .max(500, 'Use at most 500 characters')
  .nullish()
  .transform((v) => (v ? v : null));

export const PlanBodySchema = z
  .object({
    name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
    description: DescriptionSchema,
    amount: PositiveMinorAmountSchema,
    /** Defaults to the business's currency, the only one plans take today. */
    currency: CurrencyCodeSchema.optional(),
    interval: PlanIntervalSchema,
    /** Only with `every_n_days`: how many days apart the charges are. */
    interval_days: wholeDays('the number of days', 1, MAX_INTERVAL_DAYS).nullish(),
    trial_days: wholeDays('the trial', 0, MAX_TRIAL_DAYS).default(0),
    /** How many charges in all; null: until cancelled. */
    cycles: z.number().int('Enter a whole number').min(1, 'Charge at least once').max(MAX_PLAN_CYCLES, `At most ${MAX_PLAN_CYCLES} charges`).nullish(),
    /** The merchant's own reference (HitPay's `reference`), never shown to the customer. */
    reference: ReferenceSchema,
    /** Where the customer goes after saving a method for a subscription of the plan (copied onto the subscription). */
    redirect_url: RedirectUrlSchema,
  })
  .superRefine((body, ctx) => {
    if (body.interval === 'every_n_days' && body.interval_days == null)
      ctx.addIssue({ code: 'custom', path: ['interval_days'], message: 'Enter the number of days' });
  })
  .transform((body) => ({ ...body, interval_days: body.interval === 'every_n_days' ? (body.interval_days ?? null) : null, cycles: body.cycles ?? null }));
export type PlanBody = z.input<typeof PlanBodySchema>;
export type PlanFields = z.output<typeof PlanBodySchema>;

export const PlanSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.number().int(),
  currency: CurrencyCodeSchema,
  interval: PlanIntervalSchema,
  interval_days: z.number().int().nullable(),
  trial_days: z.number().int(),
  cycles: z.number().int().nullable(),
  reference: z.string().nullable(),
  redirect_url: z.string().nullable(),
  status: PlanStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** How a plan's schedule reads: "Every month", "Every 10 days". */
export function planIntervalLabel(plan: { interval: PlanInterval; interval_days: number | null }): string {
  switch (plan.interval) {
    case 'weekly':
      return 'Every week';
    case 'monthly':
      return 'Every month';
    case 'yearly':
      return 'Every year';
    case 'every_n_days':
      return plan.interval_days === 1 ? 'Every day' : `Every ${plan.interval_days} days`;
  }
}

export const ListPlansQuerySchema = CursorQuerySchema.extend({
  /** Matches the name (case-insensitive). */
  search: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: PlanStatusSchema.optional(),
});
export type ListPlansQuery = z.input<typeof ListPlansQuerySchema>;

const PlanParamsSchema = BusinessParamsSchema.extend({ plan_id: z.uuid() });

export const planEndpoints = {
  list: defineEndpoint({
    id: 'plans.list',
    method: 'GET',
    path: '/v1/business/:business_id/recurring-plans',
    summary: 'Recurring plans, newest first, searched by name and filtered by status (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListPlansQuerySchema,
    response: pageOf(PlanSchema),
  }),
  get: defineEndpoint({
    id: 'plans.get',
    method: 'GET',
    path: '/v1/business/:business_id/recurring-plans/:plan_id',
    summary: 'One recurring plan',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: PlanParamsSchema,
    response: PlanSchema,
    errors: ['PLAN_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'plans.create',
    method: 'POST',
    path: '/v1/business/:business_id/recurring-plans',
    summary: "Create a recurring plan in the business's currency",
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessParamsSchema,
    body: PlanBodySchema,
    response: PlanSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'plans.update',
    method: 'PUT',
    path: '/v1/business/:business_id/recurring-plans/:plan_id',
    summary: 'Edit a recurring plan; an archived plan cannot be edited',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: PlanParamsSchema,
    body: PlanBodySchema,
    response: PlanSchema,
    errors: ['PLAN_NOT_FOUND', 'PLAN_ARCHIVED'],
  }),
  archive: defineEndpoint({
    id: 'plans.archive',
    method: 'POST',
    path: '/v1/business/:business_id/recurring-plans/:plan_id/archive',
    summary: 'Archive a recurring plan: no new subscriptions take it; its subscriptions keep it',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: PlanParamsSchema,
    response: PlanSchema,
    errors: ['PLAN_NOT_FOUND', 'PLAN_ARCHIVED'],
  }),
} as const;
