import { z } from 'zod';
import {
  csvAnswer,
  CalendarDateSchema,
  CurrencyCodeSchema,
  CursorQuerySchema,
  MinorAmountSchema,
  MoneySchema,
  PositiveMinorAmountSchema,
  SignedMoneySchema,
  defineEndpoint,
  pageOf,
  TimeZoneSchema,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { LedgerTransactionKindSchema } from './balances';

/**
 * Payouts (docs/payments.md, "payouts"): the wallet balance's available money sent to the default bank
 * account of its currency, on the business's schedule or on request, and settled by the bank (the test-mode
 * bank in test mode). Every payout lists exactly the ledger entries it contains; they sum to its amount.
 */

/** How often the scheduler pays out: every day, one weekday, one day of the month, or only on request. */
export const PAYOUT_SCHEDULES = ['manual', 'daily', 'weekly', 'monthly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_SCHEDULE_LABELS: Record<PayoutSchedule, string> = { manual: 'Manual', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { in_transit: 'In transit', paid: 'Paid', failed: 'Failed' };

export const PAYOUT_TRIGGERS = ['scheduled', 'manual'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

/** The test-mode bank fails a payout to any account number ending with this (docs/payments.md, "payouts"). */
export const TEST_BANK_FAILING_SUFFIX = '000000';
/** How long the test-mode bank takes to pay a payout after it is sent. */
export const TEST_BANK_DELAY_HOURS = 24;

/**
 * Whether an automatic payout is due on a calendar day (`YYYY-MM-DD`) of the business's time zone. A monthly day past the month's
 * end (31 in April) pays on the month's last day.
 */
export function payoutDueOn(settings: { schedule: PayoutSchedule; weekly_day: number | null; monthly_day: number | null }, day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  if (settings.schedule === 'daily') return true;
  if (settings.schedule === 'weekly') return ((date.getUTCDay() + 6) % 7) + 1 === settings.weekly_day;
  if (settings.schedule === 'monthly' && settings.monthly_day !== null) {
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    return date.getUTCDate() === Math.min(settings.monthly_day, last);
  }
  return false;
}

export const PayoutSettingsSchema = z.object({
  schedule: z.enum(PAYOUT_SCHEDULES),
  weekly_day: z.number().int().min(1).max(7).nullable(),
  monthly_day: z.number().int().min(1).max(31).nullable(),
  /** The least an automatic payout sends, in the business currency; other currencies pay out any positive amount. */
  minimum_amount: MoneySchema,
  /** No settings saved yet: manual payouts, no minimum. */
  is_default: z.boolean(),
});
export type PayoutSettings = z.infer<typeof PayoutSettingsSchema>;

export const SavePayoutSettingsBodySchema = z
  .object({
    schedule: z.enum(PAYOUT_SCHEDULES),
    weekly_day: z.number('Choose a weekday').int().min(1, 'Choose a weekday').max(7, 'Choose a weekday').nullish(),
    monthly_day: z.number('Choose a day of the month').int().min(1, 'Use a day from 1 to 31').max(31, 'Use a day from 1 to 31').nullish(),
    /** Minor units of the business currency. */
    minimum_amount: MinorAmountSchema,
  })
  .superRefine((body, ctx) => {
    if (body.schedule === 'weekly' && !body.weekly_day) ctx.addIssue({ code: 'custom', path: ['weekly_day'], message: 'Choose a weekday' });
    if (body.schedule === 'monthly' && !body.monthly_day) ctx.addIssue({ code: 'custom', path: ['monthly_day'], message: 'Choose a day of the month' });
  });
export type SavePayoutSettingsBody = z.infer<typeof SavePayoutSettingsBodySchema>;

export const PayoutBankAccountSchema = z.object({
  id: z.uuid(),
  bank_name: z.string(),
  holder_name: z.string(),
  account_last4: z.string(),
});

export const PayoutSchema = z.object({
  id: z.uuid(),
  amount: MoneySchema,
  status: z.enum(PAYOUT_STATUSES),
  trigger: z.enum(PAYOUT_TRIGGERS),
  /** The account it was sent to, as it was then (masked). */
  bank_account: PayoutBankAccountSchema,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  /** When the bank is expected to pay it. */
  arrives_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

/** What a payout contains, by kind of movement: the parts its lines add up to. */
export const PayoutSummarySchema = z.object({
  lines: z.number().int(),
  /** What customers paid for the settled payments. */
  gross: MoneySchema,
  fees: MoneySchema,
  /** Refunds taken from the balance (positive figure, subtracted). */
  refunds: MoneySchema,
  /** gross - fees - refunds + other: equals the payout's amount. */
  other: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }),
});

export const PayoutDetailSchema = z.object({
  payout: PayoutSchema,
  summary: PayoutSummarySchema,
  timeline: z.array(z.object({ status: z.enum(['created', ...PAYOUT_STATUSES]), at: z.string(), note: z.string().nullable() })),
});
export type PayoutDetail = z.infer<typeof PayoutDetailSchema>;

/** One balance movement a payout contains: a settled payment's net (with its gross and fee) or a refund. */
export const PayoutLineSchema = z.object({
  entry_id: z.uuid(),
  kind: LedgerTransactionKindSchema,
  description: z.string(),
  created_at: z.string(),
  payment_id: z.uuid().nullable(),
  payment_reference: z.string().nullable(),
  /** Signed, as the net: a transfer going out is negative (the amount sent), one coming back positive. */
  gross: SignedMoneySchema.nullable(),
  /** Signed: what the movement cost (a payment's or a transfer's fee); negative when a returned transfer gives it back. net = gross - fee. */
  fee: SignedMoneySchema.nullable(),
  /** Signed: a refund is negative. */
  net: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }),
  /** The part of the movement this payout sends (the whole of it but for the last line of a partial payout). */
  amount: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }),
});
export type PayoutLine = z.infer<typeof PayoutLineSchema>;

/** The list's filters (kept in the screen's URL; the CSV takes the same). Dates are calendar days of creation in the business's zone (or `tz`). */
export const PayoutFiltersSchema = z
  .object({
    status: z.enum(PAYOUT_STATUSES).optional(),
    currency: CurrencyCodeSchema.optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    tz: TimeZoneSchema.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  });
export type PayoutFilters = z.infer<typeof PayoutFiltersSchema>;
export type PayoutFiltersInput = z.input<typeof PayoutFiltersSchema>;
export const ListPayoutsQuerySchema = PayoutFiltersSchema.safeExtend(CursorQuerySchema.shape);

export const CreatePayoutBodySchema = z.object({
  currency: CurrencyCodeSchema,
  /** Minor units; everything available without it. Never more than available. */
  amount: PositiveMinorAmountSchema.optional(),
});
export type CreatePayoutBody = z.infer<typeof CreatePayoutBodySchema>;

export const PAYOUT_CSV_HEADER = [
  'Payout ID',
  'Created (UTC)',
  'Status',
  'Currency',
  'Amount',
  'Bank',
  'Account',
  'Arrives (UTC)',
  'Paid (UTC)',
  'Failure reason',
] as const;
export const PAYOUT_LINES_CSV_HEADER = [
  'Date (UTC)',
  'Type',
  'Description',
  'Payment reference',
  'Currency',
  'Gross',
  'Fee',
  'Net',
  'In this payout',
  'Entry ID',
] as const;

export const PayoutParamsSchema = BusinessParamsSchema.extend({ payout_id: z.uuid() });

export const payoutEndpoints = {
  settings: defineEndpoint({
    id: 'payouts.settings',
    method: 'GET',
    path: '/v1/business/:business_id/payout-settings',
    summary: 'The payout schedule and minimum amount (defaults until saved: manual, no minimum)',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: PayoutSettingsSchema,
  }),
  saveSettings: defineEndpoint({
    id: 'payouts.saveSettings',
    method: 'PUT',
    path: '/v1/business/:business_id/payout-settings',
    summary: 'Change the payout schedule and minimum amount (audited)',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'active' },
    params: BusinessParamsSchema,
    body: SavePayoutSettingsBodySchema,
    response: PayoutSettingsSchema,
  }),
  list: defineEndpoint({
    id: 'payouts.list',
    method: 'GET',
    path: '/v1/business/:business_id/payouts',
    summary: 'Payouts, newest first, filtered by status, currency and creation date (cursor pages)',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'payee' },
    params: BusinessParamsSchema,
    query: ListPayoutsQuerySchema,
    response: pageOf(PayoutSchema),
  }),
  export: defineEndpoint({
    id: 'payouts.export',
    method: 'GET',
    path: '/v1/business/:business_id/payouts/export',
    summary: 'The filtered payouts as a CSV download (text/csv, newest first, streamed)',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'payee' },
    params: BusinessParamsSchema,
    query: PayoutFiltersSchema,
    response: csvAnswer(),
  }),
  create: defineEndpoint({
    id: 'payouts.create',
    method: 'POST',
    path: '/v1/business/:business_id/payouts',
    summary: "Pay out now: all or part of a currency's available wallet balance to its default bank account (send an Idempotency-Key)",
    access: { kind: 'business', permission: 'wallets:manage', standing: 'verified' },
    idempotent: true,
    params: BusinessParamsSchema,
    body: CreatePayoutBodySchema,
    response: PayoutSchema,
    status: 201,
    errors: ['PAYOUT_NO_BANK_ACCOUNT', 'PAYOUT_EXCEEDS_AVAILABLE'],
  }),
  get: defineEndpoint({
    id: 'payouts.get',
    method: 'GET',
    path: '/v1/business/:business_id/payouts/:payout_id',
    summary: 'One payout with its timeline and what its lines add up to',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'payee' },
    params: PayoutParamsSchema,
    response: PayoutDetailSchema,
    errors: ['PAYOUT_NOT_FOUND'],
  }),
  lines: defineEndpoint({
    id: 'payouts.lines',
    method: 'GET',
    path: '/v1/business/:business_id/payouts/:payout_id/lines',
    summary: 'The balance movements a payout contains, oldest first (cursor pages); they sum to its amount',
    access: { kind: 'business', permission: 'wallets:manage', standing: 'payee' },
    params: PayoutParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(PayoutLineSchema),
    errors: ['PAYOUT_NOT_FOUND'],
  }),
  exportLines: defineEndpoint({
    id: 'payouts.exportLines',
    method: 'GET',
    path: '/v1/business/:business_id/payouts/:payout_id/lines/export',
    summary: "A payout's lines as a CSV download (text/csv, oldest first, streamed)",
    access: { kind: 'business', permission: 'wallets:manage', standing: 'payee' },
    params: PayoutParamsSchema,
    response: csvAnswer(),
    errors: ['PAYOUT_NOT_FOUND'],
  }),
} as const;
