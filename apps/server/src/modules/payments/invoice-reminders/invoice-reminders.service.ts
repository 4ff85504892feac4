import { addDays, AppError, daysFrom, localDate, takesPayments } from '@merchant/core';
import {
  DEFAULT_REMINDER_SETTINGS,
  MAX_DAYS_AFTER_DUE,
  MAX_DAYS_BEFORE_DUE,
  reminderOffsetDue,
  reminderOffsetLabel,
  type InvoiceReminderSettings,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { invoiceRemindersRepository as repo, type InvoiceReminderSettingsRow } from './invoice-reminders.repository';

function present(row: InvoiceReminderSettingsRow | null | undefined): InvoiceReminderSettings {
  if (!row)
    return {
      enabled: DEFAULT_REMINDER_SETTINGS.enabled,
      days_before_due: [...DEFAULT_REMINDER_SETTINGS.days_before_due],
      days_after_due: [...DEFAULT_REMINDER_SETTINGS.days_after_due],
    };
  return { enabled: row.enabled, days_before_due: row.daysBeforeDue, days_after_due: row.daysAfterDue };
}

const summary = (s: InvoiceReminderSettings) =>
  s.enabled
    ? [...s.days_before_due.map((d) => 0 - d), ...s.days_after_due]
        .sort((a, b) => a - b)
        .map(reminderOffsetLabel)
        .join(', ') || 'no day chosen'
    : 'off';

/** What one run of the schedule did. */
export interface ReminderRun {
  overdue: number;
  reminded: number;
  /** Invoices whose reminder could not go (their state changed since they were read); tried again next run. */
  skipped: number;
}

/**
 * The overdue schedule and automatic reminders (docs/payments.md, "Invoice reminders and the overdue schedule").
 * Days are calendar days of each business's time zone.
 */
export function createInvoiceRemindersService(deps: { db: Executor; clock: Clock; audit: AuditService; invoices: InvoicesService }) {
  const { db, clock, audit, invoices } = deps;
  return {
    async get(businessId: string): Promise<InvoiceReminderSettings> {
      return present(await repo.find(db, businessId));
    },

    async save(ctx: BusinessContext, body: InvoiceReminderSettings): Promise<InvoiceReminderSettings> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const before = present(await repo.find(tx, businessId));
        await repo.save(tx, {
          businessId,
          enabled: body.enabled,
          daysBeforeDue: body.days_before_due,
          daysAfterDue: body.days_after_due,
          updatedAt: clock.now(),
        });
        await audit.record(tx, ctx, {
          action: 'invoice_reminders.updated',
          description: `Changed automatic invoice reminders: ${summary(body)}`,
          actorUserId: ctx.user.id,
          businessId,
          meta: { before, after: body },
        });
      });
      return present(await repo.find(db, businessId));
    },

    /**
     * One run: sent invoices past their due date become overdue, then every unpaid invoice due for a reminder
     * today gets it, each offset at most once (the invoices service claims it in the mail's transaction), so
     * runs may repeat, overlap or run in several processes. A reminder that cannot go never stops the others.
     */
    async runDue(now: Date): Promise<ReminderRun> {
      const overdue = await invoices.markOverdue(now);
      // Today is a day earlier or later in some zone than in UTC: the candidates cover both.
      const utcToday = localDate(now, 'UTC');
      const candidates = await repo.unpaidDueBetween(db, addDays(utcToday, -MAX_DAYS_AFTER_DUE - 1), addDays(utcToday, MAX_DAYS_BEFORE_DUE + 1));
      let reminded = 0;
      let skipped = 0;
      let failure: unknown = null;
      for (const c of candidates) {
        const today = localDate(now, c.business.timeZone);
        const pastDue = daysFrom(c.dueDate, today);
        if (pastDue > MAX_DAYS_AFTER_DUE || pastDue < -MAX_DAYS_BEFORE_DUE) continue;
        const offset = reminderOffsetDue(present(c.settings), c.dueDate, today);
        if (offset === null || c.reminded.includes(offset)) continue;
        // A business that takes no payments now (blocked) asks for none: its invoices are not reminded.
        if (!takesPayments(c.business)) continue;
        try {
          if (await invoices.remindAutomatically(c.business, c.invoiceId, offset)) reminded++;
        } catch (error) {
          skipped++;
          // Paid, voided or emptied of its email since it was read: nothing to remind of. Anything else is a fault.
          if (!(error instanceof AppError)) failure ??= error;
        }
      }
      if (failure) throw failure;
      return { overdue, reminded, skipped };
    },
  };
}

export type InvoiceRemindersService = ReturnType<typeof createInvoiceRemindersService>;
