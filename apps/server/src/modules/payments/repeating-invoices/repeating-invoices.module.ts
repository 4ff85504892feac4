import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { repeatingInvoicesRoutes } from './repeating-invoices.routes';
import { createRepeatingInvoicesService, RUN_ONE_JOB } from './repeating-invoices.service';

/** The scheduler's pass over every business (docs/payments.md, "repeating invoices"). */
export const RUN_DUE_SCHEDULE = 'repeatingInvoices.run-due';

/**
 * Repeating invoices: templates and schedules; every invoice is made (and auto-sent) by the invoices
 * service. An hourly pass makes each due run's invoice exactly once; creating or resuming one that is due
 * today runs it at once.
 */
export const repeatingInvoicesModule = defineModule({
  name: 'repeatingInvoices',
  create: ({ db, clock, audit, jobs, invoices }: Pick<Platform, 'db' | 'clock' | 'audit' | 'jobs'> & { invoices: InvoicesService }) =>
    createRepeatingInvoicesService({ db, clock, audit, jobs, invoices }),
  routes: repeatingInvoicesRoutes,
  jobs: (jobs, repeating) => {
    jobs.schedule(RUN_DUE_SCHEDULE, { every: hours(1) }, async ({ data }) => {
      await repeating.scheduler.runDue(new Date(data.tick));
    });
    jobs.work<{ business_id: string; id: string }>(RUN_ONE_JOB, async ({ data }) => {
      await repeating.scheduler.runTemplate(data.business_id, data.id);
    });
  },
});
