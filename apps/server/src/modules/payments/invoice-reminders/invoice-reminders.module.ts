import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { invoiceRemindersRoutes } from './invoice-reminders.routes';
import { createInvoiceRemindersService } from './invoice-reminders.service';

/** Automatic invoice reminders and the overdue status (docs/payments.md, "Invoice reminders and the overdue schedule"). */
export const invoiceRemindersModule = defineModule({
  name: 'invoiceReminders',
  create: ({ db, clock, audit, invoices }: Pick<Platform, 'db' | 'clock' | 'audit'> & { invoices: InvoicesService }) =>
    createInvoiceRemindersService({ db, clock, audit, invoices }),
  routes: invoiceRemindersRoutes,
  /** Every hour: overdue invoices marked, due reminders sent (each at most once). */
  jobs: (jobs, reminders) =>
    jobs.schedule('invoices.remind', { every: hours(1) }, async ({ data }) => {
      await reminders.runDue(new Date(data.tick));
    }),
});
