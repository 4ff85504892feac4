import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, defineEndpoint } from '@merchant/core';
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

export const CHECKLIST_ITEMS = ['verify_business', 'enable_payment_methods', 'customise_checkout', 'create_payment_link', 'first_payment'] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const OverviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), previous_from: z.string(), previous_to: z.string(), days: z.number().int() }),
  currencies: z.array(CurrencyOverviewSchema),
  recent: z.array(PaymentSchema),
  /** Pending and available per currency, from the ledger (the business currency first). */
  balances: z.array(BalanceSchema),
  checklist: z.array(z.object({ item: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const overviewEndpoints = {
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
