import { z } from 'zod';
import { defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Automatic invoice reminders (docs/payments.md, "Invoice reminders and the overdue schedule"): the business
 * chooses how many days before and after the due date its customers are reminded of an unpaid invoice.
 */
export const MAX_REMINDER_OFFSETS = 5;
export const MAX_DAYS_BEFORE_DUE = 60;
export const MAX_DAYS_AFTER_DUE = 180;

/** What a business gets until it changes them: reminded 3 days before, and 1 and 7 days after the due date. */
export const DEFAULT_REMINDER_SETTINGS = { enabled: true, days_before_due: [3], days_after_due: [1, 7] } as const;

const offsets = (min: number, max: number, label: string) =>
  z
    .array(
      z
        .number({ error: 'Enter a whole number of days' })
        .int('Enter a whole number of days')
        .min(min, `${label} must be at least ${min} day${min === 1 ? '' : 's'}`)
        .max(max, `${label} must be at most ${max} days`),
    )
    .max(MAX_REMINDER_OFFSETS, `Choose at most ${MAX_REMINDER_OFFSETS} reminders`)
    .refine((days) => new Set(days).size === days.length, 'Each day can be chosen once')
    .transform((days) => [...days].sort((a, b) => a - b));

export const InvoiceReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Days before the due date (0: on the due date itself), ascending. */
  days_before_due: offsets(0, MAX_DAYS_BEFORE_DUE, 'Days before the due date'),
  /** Days after the due date, ascending. */
  days_after_due: offsets(1, MAX_DAYS_AFTER_DUE, 'Days after the due date'),
});
export type InvoiceReminderSettings = z.infer<typeof InvoiceReminderSettingsSchema>;

/**
 * The reminder an unpaid invoice is due for on `today` (UTC calendar days, `YYYY-MM-DD`), as a signed offset
 * from its due date (-3: three days before, 7: seven days after), or null. Only the latest offset that has come
 * counts, so a business that turns reminders on late sends one reminder, not every one it missed; and reminders
 * before the due date stop once it has passed.
 */
export function reminderOffsetDue(settings: InvoiceReminderSettings, dueDate: string, today: string): number | null {
  if (!settings.enabled) return null;
  const daysPastDue = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  const candidates = daysPastDue > 0 ? settings.days_after_due : settings.days_before_due.map((d) => 0 - d);
  const due = candidates.filter((offset) => offset <= daysPastDue);
  return due.length ? Math.max(...due) : null;
}

/** How the timeline and the audit log name an automatic reminder. */
export function reminderOffsetLabel(offset: number): string {
  if (offset === 0) return 'on the due date';
  const days = Math.abs(offset);
  return `${days} day${days === 1 ? '' : 's'} ${offset < 0 ? 'before' : 'after'} the due date`;
}

export const invoiceReminderEndpoints = {
  get: defineEndpoint({
    id: 'invoiceReminders.get',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-reminders',
    summary: "The business's automatic invoice reminders (the defaults until it changes them)",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: InvoiceReminderSettingsSchema,
  }),
  save: defineEndpoint({
    id: 'invoiceReminders.save',
    method: 'PUT',
    path: '/v1/business/:business_id/invoice-reminders',
    summary: 'Change when customers are reminded of unpaid invoices',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: InvoiceReminderSettingsSchema,
    response: InvoiceReminderSettingsSchema,
  }),
} as const;
