import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, CursorQuerySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { InvoiceContentSchema, InvoiceCustomerSchema, InvoiceLineSchema, InvoiceStatusSchema, InvoiceTaxSchema, refineInvoiceTotal } from './invoices';

/**
 * Repeating invoices (docs/payments.md, "repeating invoices"): a template invoice (what an invoice says,
 * without its dates) and a schedule. On each run date the scheduler makes one invoice from the template,
 * issued on the run date and due `due_days` later, and sends it when `auto_send` is on.
 *
 * Dates are calendar days in UTC, as an invoice's "today" is. Run dates are counted from the start date
 * (run 0 is the start date): monthly and yearly runs keep the start's day of the month, on the last day of
 * a shorter month (a schedule started on 31 January runs on 28 or 29 February, then 31 March).
 */

export const REPEATING_INVOICE_STATUSES = ['active', 'paused', 'stopped', 'completed'] as const;
export type RepeatingInvoiceStatus = (typeof REPEATING_INVOICE_STATUSES)[number];
export const RepeatingInvoiceStatusSchema = z.enum(REPEATING_INVOICE_STATUSES);
export const REPEATING_INVOICE_STATUS_LABELS: Record<RepeatingInvoiceStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  completed: 'Completed',
};

export const REPEAT_FREQUENCIES = ['weekly', 'monthly', 'yearly', 'days'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export const REPEAT_FREQUENCY_LABELS: Record<RepeatFrequency, string> = {
  weekly: 'Every week',
  monthly: 'Every month',
  yearly: 'Every year',
  days: 'Every few days',
};

export const MAX_REPEAT_INTERVAL_DAYS = 365;
export const MAX_REPEAT_COUNT = 1000;
export const MAX_DUE_DAYS = 365;

/** Whether the auto-send of a run's invoice is still to happen, happened, or was refused (no email). */
export const REPEATING_RUN_SEND_STATUSES = ['off', 'pending', 'sent', 'failed'] as const;
export type RepeatingRunSendStatus = (typeof REPEATING_RUN_SEND_STATUSES)[number];

/** A stopped or completed schedule is over: it can no longer be edited, paused or resumed. */
export function isRepeatingInvoiceEnded(status: RepeatingInvoiceStatus): boolean {
  return status === 'stopped' || status === 'completed';
}

// ---- The schedule's dates (pure; UTC calendar days written YYYY-MM-DD) ----

const DAY_MS = 86_400_000;

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** `months` later on the start's day of the month, or the month's last day when it is shorter. */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month0 = ((total % 12) + 12) % 12;
  const day = Math.min(d, daysInMonth(year, month0));
  return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface RepeatSchedule {
  frequency: RepeatFrequency;
  /** Days between runs when the frequency is `days`; ignored otherwise. */
  interval_days: number | null;
  start_date: string;
}

/** The date of run `index` (0 is the start date), always counted from the start so month ends never drift. */
export function runDate(schedule: RepeatSchedule, index: number): string {
  switch (schedule.frequency) {
    case 'weekly':
      return addDays(schedule.start_date, 7 * index);
    case 'days':
      return addDays(schedule.start_date, (schedule.interval_days ?? 1) * index);
    case 'monthly':
      return addMonthsClamped(schedule.start_date, index);
    case 'yearly':
      return addMonthsClamped(schedule.start_date, 12 * index);
  }
}

/** The first run on or after `notBefore` and after `after` (when given): its index and date. */
export function firstRunFrom(schedule: RepeatSchedule, options: { notBefore: string; after?: string | null }): { index: number; date: string } {
  const from = options.after && addDays(options.after, 1) > options.notBefore ? addDays(options.after, 1) : options.notBefore;
  if (from <= schedule.start_date) return { index: 0, date: schedule.start_date };
  // Estimate the index from the average period, then step to the exact first run.
  const period = { weekly: 7, days: schedule.interval_days ?? 1, monthly: 365.2425 / 12, yearly: 365.2425 }[schedule.frequency];
  const elapsed = (Date.parse(`${from}T00:00:00Z`) - Date.parse(`${schedule.start_date}T00:00:00Z`)) / DAY_MS;
  let index = Math.max(0, Math.floor(elapsed / period) - 2);
  while (runDate(schedule, index) < from) index++;
  return { index, date: runDate(schedule, index) };
}

export interface RepeatBounds {
  end_date: string | null;
  max_count: number | null;
}

/** Whether one more invoice may be made on `date` after `made` invoices. */
export function runAllowed(bounds: RepeatBounds, made: number, date: string): boolean {
  return (bounds.max_count === null || made < bounds.max_count) && (bounds.end_date === null || date <= bounds.end_date);
}

/** The next `count` run dates from run `index`, within the bounds (`made` invoices so far). */
export function upcomingRuns(schedule: RepeatSchedule & RepeatBounds, index: number, made: number, count: number): string[] {
  const dates: string[] = [];
  for (let i = 0; dates.length < count; i++) {
    const date = runDate(schedule, index + i);
    if (!runAllowed(schedule, made + i, date)) break;
    dates.push(date);
  }
  return dates;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The schedule in words: "Every month on day 31 (the last day of shorter months)". */
export function scheduleLabel(schedule: RepeatSchedule): string {
  const start = new Date(`${schedule.start_date}T00:00:00Z`);
  const day = start.getUTCDate();
  switch (schedule.frequency) {
    case 'weekly':
      return `Every week on ${WEEKDAYS[start.getUTCDay()]}`;
    case 'days':
      return schedule.interval_days === 1 ? 'Every day' : `Every ${schedule.interval_days ?? 1} days`;
    case 'monthly':
      return `Every month on day ${day}${day > 28 ? ' (the last day of shorter months)' : ''}`;
    case 'yearly':
      return `Every year on ${day} ${MONTHS[start.getUTCMonth()]}${day === 29 && start.getUTCMonth() === 1 ? ' (28 February in other years)' : ''}`;
  }
}

// ---- Wire schemas ----

const emptyToNull = <T>(value: T | '' | null | undefined): T | null => (value === '' || value === undefined ? null : value);

export const RepeatingInvoiceBodySchema = InvoiceContentSchema.extend({
  /** Each invoice is due this many days after it is issued (0: on receipt). */
  due_days: z
    .number('Enter a number of days')
    .int('Use whole days')
    .min(0, 'The number of days cannot be negative')
    .max(MAX_DUE_DAYS, `Use at most ${MAX_DUE_DAYS} days`),
  frequency: z.enum(REPEAT_FREQUENCIES, 'Choose how often'),
  /** Required when the frequency is `days`. */
  interval_days: z
    .number('Enter a number of days')
    .int('Use whole days')
    .min(1, 'Repeat every 1 day or more')
    .max(MAX_REPEAT_INTERVAL_DAYS, `Use at most ${MAX_REPEAT_INTERVAL_DAYS} days`)
    .nullish()
    .transform(emptyToNull),
  /** The first invoice's issue date: today or later. */
  start_date: CalendarDateSchema,
  /** No invoice after this day (included); null: no end date. */
  end_date: z
    .union([z.literal(''), CalendarDateSchema])
    .nullish()
    .transform(emptyToNull),
  /** At most this many invoices in all; null: no limit. */
  max_count: z
    .number('Enter a number of invoices')
    .int('Use a whole number')
    .min(1, 'Make at least one invoice')
    .max(MAX_REPEAT_COUNT, `Use at most ${MAX_REPEAT_COUNT}`)
    .nullish()
    .transform(emptyToNull),
  /** Mail each invoice to the customer as it is made (otherwise it waits as a draft). */
  auto_send: z.boolean().default(false),
}).superRefine((body, ctx) => {
  if (body.frequency === 'days' && body.interval_days === null) {
    ctx.addIssue({ code: 'custom', path: ['interval_days'], message: 'Enter a number of days' });
  }
  if (body.end_date !== null && body.end_date < body.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date cannot be before the start date' });
  }
  if (body.end_date !== null && body.max_count !== null) {
    ctx.addIssue({ code: 'custom', path: ['max_count'], message: 'End on a date or after a number of invoices, not both' });
  }
  refineInvoiceTotal(body, ctx);
});
export type RepeatingInvoiceBody = z.input<typeof RepeatingInvoiceBodySchema>;
export type RepeatingInvoiceFields = z.output<typeof RepeatingInvoiceBodySchema>;

export const RepeatingInvoiceSchema = z.object({
  id: z.uuid(),
  status: RepeatingInvoiceStatusSchema,
  customer: InvoiceCustomerSchema,
  currency: CurrencyCodeSchema,
  lines: z.array(InvoiceLineSchema),
  taxes: z.array(InvoiceTaxSchema),
  subtotal: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
  allow_partial: z.boolean(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  due_days: z.number().int(),
  frequency: z.enum(REPEAT_FREQUENCIES),
  interval_days: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  max_count: z.number().int().nullable(),
  auto_send: z.boolean(),
  /** The schedule in words. */
  schedule: z.string(),
  /** The next run's date; null once it is stopped or completed. */
  next_run_date: z.string().nullable(),
  /** How many invoices it has made. */
  invoices_made: z.number().int(),
  last_run_date: z.string().nullable(),
  editable: z.boolean(),
  created_at: z.string(),
});
export type RepeatingInvoice = z.infer<typeof RepeatingInvoiceSchema>;

export const RepeatingInvoiceRunSchema = z.object({
  run_date: z.string(),
  invoice: z.object({ id: z.uuid(), number: z.string(), status: InvoiceStatusSchema, total: z.number().int(), currency: CurrencyCodeSchema }),
  send_status: z.enum(REPEATING_RUN_SEND_STATUSES),
  /** Why the auto-send was refused (the customer has no email, say). */
  send_error: z.string().nullable(),
  created_at: z.string(),
});

export const RepeatingInvoiceDetailSchema = RepeatingInvoiceSchema.extend({
  /** The invoices it made, newest first (the latest 100). */
  runs: z.array(RepeatingInvoiceRunSchema),
  /** The next few run dates while it runs (empty when paused, stopped or completed). */
  upcoming: z.array(z.string()),
});
export type RepeatingInvoiceDetail = z.infer<typeof RepeatingInvoiceDetailSchema>;

export const RepeatingInvoiceFiltersSchema = z.object({
  status: RepeatingInvoiceStatusSchema.optional(),
  /** Part of the customer's name or email. */
  search: text().trim().max(100, 'Use at most 100 characters').optional(),
});
export type RepeatingInvoiceFilters = z.infer<typeof RepeatingInvoiceFiltersSchema>;
export const ListRepeatingInvoicesQuerySchema = RepeatingInvoiceFiltersSchema.extend(CursorQuerySchema.shape);

export const RepeatingInvoiceParamsSchema = BusinessParamsSchema.extend({ repeating_invoice_id: z.uuid() });
const BASE = '/v1/business/:business_id/repeating-invoices';

export const repeatingInvoiceEndpoints = {
  list: defineEndpoint({
    id: 'repeatingInvoices.list',
    method: 'GET',
    path: BASE,
    summary: 'Repeating invoices, newest first, filtered by status and searched by customer (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListRepeatingInvoicesQuerySchema,
    response: pageOf(RepeatingInvoiceSchema),
  }),
  get: defineEndpoint({
    id: 'repeatingInvoices.get',
    method: 'GET',
    path: `${BASE}/:repeating_invoice_id`,
    summary: 'One repeating invoice with the invoices it made and its next runs',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: RepeatingInvoiceParamsSchema,
    response: RepeatingInvoiceDetailSchema,
    errors: ['REPEATING_INVOICE_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'repeatingInvoices.create',
    method: 'POST',
    path: BASE,
    summary: 'Create an active repeating invoice: its first invoice is made on the start date',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessParamsSchema,
    body: RepeatingInvoiceBodySchema,
    response: RepeatingInvoiceDetailSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'repeatingInvoices.update',
    method: 'PUT',
    path: `${BASE}/:repeating_invoice_id`,
    summary: 'Edit the template and schedule of an active or paused repeating invoice (invoices already made stay as they are)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: RepeatingInvoiceParamsSchema,
    body: RepeatingInvoiceBodySchema,
    response: RepeatingInvoiceDetailSchema,
    errors: ['REPEATING_INVOICE_NOT_FOUND', 'REPEATING_INVOICE_ENDED'],
  }),
  pause: defineEndpoint({
    id: 'repeatingInvoices.pause',
    method: 'POST',
    path: `${BASE}/:repeating_invoice_id/pause`,
    summary: 'Pause: no invoice is made until it is resumed (pausing a paused one changes nothing)',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: RepeatingInvoiceParamsSchema,
    response: RepeatingInvoiceDetailSchema,
    errors: ['REPEATING_INVOICE_NOT_FOUND', 'REPEATING_INVOICE_ENDED'],
  }),
  resume: defineEndpoint({
    id: 'repeatingInvoices.resume',
    method: 'POST',
    path: `${BASE}/:repeating_invoice_id/resume`,
    summary: 'Resume a paused repeating invoice from its next run date on or after today (runs missed while paused are skipped)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: RepeatingInvoiceParamsSchema,
    response: RepeatingInvoiceDetailSchema,
    errors: ['REPEATING_INVOICE_NOT_FOUND', 'REPEATING_INVOICE_ENDED'],
  }),
  stop: defineEndpoint({
    id: 'repeatingInvoices.stop',
    method: 'POST',
    path: `${BASE}/:repeating_invoice_id/stop`,
    summary: 'Stop for good: no further invoice is made and it can no longer be edited or resumed',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: RepeatingInvoiceParamsSchema,
    response: RepeatingInvoiceDetailSchema,
    errors: ['REPEATING_INVOICE_NOT_FOUND', 'REPEATING_INVOICE_ENDED'],
  }),
} as const;
