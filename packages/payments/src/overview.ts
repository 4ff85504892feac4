import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, SignedMoneySchema, defineEndpoint, type Permission } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { BalanceSchema, PaymentMethodSchema, PaymentSchema, PaymentSourceSchema } from './payment';

/**
 * The payments Overview (docs/payments.md, "overview"): a period's figures against the previous period of
 * the same length, a daily series, the split by method and by source, the latest payments, the balances
 * from the ledger and the setup checklist. Days are UTC calendar days; money is integer minor units, one
 * block per currency (the business currency first).
 */

export const OVERVIEW_PERIODS = ['today', '7d', '30d', '90d', 'custom'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const OVERVIEW_PERIOD_LABELS: Record<OverviewPeriod, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  custom: 'Custom',
};
/** The longest range a custom period or a sales report covers, in days. */
export const MAX_REPORT_DAYS = 366;

/** Calendar dates are the one schema of `@merchant/core` (real days, 1900-01-01..2999-12-31). */
export const IsoDateSchema = CalendarDateSchema;

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A date range: both ends included, `from` not after `to`, at most MAX_REPORT_DAYS long. */
export const DateRangeSchema = z.object({ from: IsoDateSchema, to: IsoDateSchema }).superRefine((range, ctx) => {
  const days = daysBetween(range.from, range.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the start date' });
  else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${MAX_REPORT_DAYS} days` });
});
export type DateRange = z.infer<typeof DateRangeSchema>;

export const OverviewQuerySchema = z
  .object({
    period: z.enum(OVERVIEW_PERIODS).default('7d'),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date' });
    if (q.from && q.to) {
      const days = daysBetween(q.from, q.to);
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the start date' });
      else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${MAX_REPORT_DAYS} days` });
    }
  });
export type OverviewQuery = z.input<typeof OverviewQuerySchema>;

/** A period's headline figures in one currency. */
export const PeriodFiguresSchema = z.object({
  /** Sum of captured payments' amounts (refunds not deducted). */
  gross: z.number().int(),
  net: z.number().int(),
  /** Captured payments (succeeded, partially refunded or refunded). */
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** succeeded / (succeeded + failed), 0..1; null when neither happened. */
  success_rate: z.number().nullable(),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;

export const DailyTotalSchema = z.object({ date: z.string(), gross: z.number().int(), net: z.number().int(), count: z.number().int() });
export const MethodTotalSchema = z.object({ method: PaymentMethodSchema.nullable(), gross: z.number().int(), count: z.number().int() });
export const SourceTotalSchema = z.object({ source: PaymentSourceSchema, gross: z.number().int(), count: z.number().int() });

export const CurrencyOverviewSchema = z.object({
  currency: CurrencyCodeSchema,
  current: PeriodFiguresSchema,
  previous: PeriodFiguresSchema,
  /**
   * Change against the previous period in percent, one decimal (the success rate's in percentage points);
   * null when the previous figure is 0 (or no rate).
   */
  change: z.object({ gross: z.number().nullable(), net: z.number().nullable(), succeeded: z.number().nullable(), success_rate: z.number().nullable() }),
  /** Every day of the period, in order, zero days included. */
  daily: z.array(DailyTotalSchema),
  by_method: z.array(MethodTotalSchema),
  by_source: z.array(SourceTotalSchema),
});
export type CurrencyOverview = z.infer<typeof CurrencyOverviewSchema>;

export const CHECKLIST_ITEMS = [
  'verify_business',
  'enable_payment_methods',
  'add_bank_account',
  'customise_checkout',
  'create_payment_link',
  'first_payment',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/** Who may act on each set-up step: the checklist answers only the steps its caller holds the permission of. */
export const CHECKLIST_PERMISSIONS: Record<ChecklistItem, Permission> = {
  verify_business: 'verification:view',
  enable_payment_methods: 'settings:manage',
  add_bank_account: 'bank-accounts:manage',
  customise_checkout: 'settings:manage',
  create_payment_link: 'payments:create',
  first_payment: 'payments:create',
};

/** Pending money that becomes available on one day (the settlement rule's `available_on`, a day of the business's zone). */
export const PendingPartSchema = z.object({ available_on: z.string(), amount: z.number().int() });

/** One currency's balances from the ledger, with when each part of the pending balance becomes available (soonest first). */
export const OverviewBalanceSchema = BalanceSchema.extend({ pending_parts: z.array(PendingPartSchema) });
export type OverviewBalance = z.infer<typeof OverviewBalanceSchema>;

/**
 * The next payout the schedule will make: its day (of the business's zone), what is available for it now in
 * that currency and the bank account it goes to (masked). Null on a manual schedule or without a default account.
 */
export const NextPayoutSchema = z.object({
  date: z.string(),
  amount: SignedMoneySchema,
  bank_account: z.string(),
  /** Below the schedule's minimum, the payout waits: that day pays nothing unless more becomes available. */
  below_minimum: z.boolean(),
});
export type NextPayout = z.infer<typeof NextPayoutSchema>;

/** What needs someone's attention; each count is null when the caller may not act on it. */
export const AttentionSchema = z.object({
  /** Transfers awaiting a second person that this caller may approve (never their own). */
  transfers_to_approve: z.number().int().nullable(),
  /** Failed payments of the period. */
  failed_payments: z.number().int(),
  /** Invoices past their due date and not paid. */
  overdue_invoices: z.number().int(),
});
export type Attention = z.infer<typeof AttentionSchema>;

export const OverviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), previous_from: z.string(), previous_to: z.string(), days: z.number().int() }),
  currencies: z.array(CurrencyOverviewSchema),
  recent: z.array(PaymentSchema),
  /**
   * Pending and available per currency, from the ledger (the business currency first), with the days pending money
   * becomes available; null when the caller may not see balances (`wallets:manage`).
   */
  balances: z.array(OverviewBalanceSchema).nullable(),
  /** The schedule's next payout in the business currency; null without one or for a caller who may not see balances. */
  next_payout: NextPayoutSchema.nullable(),
  attention: AttentionSchema,
  /** The set-up steps the caller may act on, each computed from the business's data; empty for the others. */
  checklist: z.array(z.object({ item: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
});
export type Overview = z.infer<typeof OverviewSchema>;

/**
 * The payments onboarding page: every set-up step, in order, ticked from the business's data, and whether the
 * caller may act on it (holds the step's permission); the page links only those.
 */
export const OnboardingChecklistSchema = z.object({
  steps: z.array(z.object({ item: z.enum(CHECKLIST_ITEMS), done: z.boolean(), can_act: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
});
export type OnboardingChecklist = z.infer<typeof OnboardingChecklistSchema>;

export const overviewEndpoints = {
  onboarding: defineEndpoint({
    id: 'payments-onboarding.get',
    method: 'GET',
    path: '/v1/business/:business_id/payments/onboarding',
    summary: 'The payments set-up checklist: verification, payment methods, bank account, checkout look, first link and payment',
    access: { kind: 'business', permission: 'business:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: OnboardingChecklistSchema,
  }),
  get: defineEndpoint({
    id: 'payments-overview.get',
    method: 'GET',
    path: '/v1/business/:business_id/payments/overview',
    summary: "A period's payment figures against the previous period, daily series, splits, recent payments, balances and setup checklist",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: OverviewQuerySchema,
    response: OverviewSchema,
  }),
};
