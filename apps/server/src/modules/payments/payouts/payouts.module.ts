import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { LedgerService } from '../ledger/ledger.service';
import { payoutsRoutes } from './payouts.routes';
import { createPayoutScheduler } from './payouts.scheduler';
import { createPayoutsService } from './payouts.service';
import type { WebhooksService } from '../developers/webhooks.service';

/** The hourly pass: the test-mode bank answers arrived payouts, then the due schedules pay out (docs/payments.md, "payouts"). */
export const PAYOUTS_SCHEDULE = 'payouts.run-due';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & {
  ledger: LedgerService;
  notificationSettings: NotificationSettingsService;
  webhooks?: WebhooksService;
};

/** Payouts: the schedule, payouts on request, the test-mode bank and the reconciliation lines. */
export const payoutsModule = defineModule({
  name: 'payouts',
  create: ({ db, clock, audit, mailer, ledger, notificationSettings, webhooks }: Deps) => {
    const service = createPayoutsService({ db, clock, audit, mailer, ledger, notificationSettings, webhooks });
    return { ...service, scheduler: createPayoutScheduler({ db, clock, audit, ledger, payouts: service }) };
  },
  routes: (host, service) => payoutsRoutes(host, service),
  jobs: (jobs, service) => {
    jobs.schedule(PAYOUTS_SCHEDULE, { every: hours(1) }, async ({ data }) => {
      const now = new Date(data.tick);
      await service.scheduler.settleArrived(now);
      await service.scheduler.runDue(now);
    });
  },
});
