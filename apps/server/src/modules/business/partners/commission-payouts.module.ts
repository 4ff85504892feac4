import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { createCommissionPayoutsService } from './commission-payouts.service';

/** Partner commissions past accrual: approved after the hold, paid to the partner's balance on its pay days. */
export const commissionPayoutsModule = defineModule({
  name: 'commissionPayouts',
  create: ({
    db,
    clock,
    audit,
    mailer,
    ledger,
    notificationSettings,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & { ledger: LedgerService; notificationSettings: NotificationSettingsService }) =>
    createCommissionPayoutsService({ db, clock, audit, mailer, ledger, notificationSettings }),
  /** Every six hours: approve what the hold has passed, then pay what is approved and due (a rerun does nothing). */
  jobs: (jobs, payouts) =>
    jobs.schedule('partners.pay-commissions', { every: hours(6) }, async ({ data }) => {
      const now = new Date(data.tick);
      await payouts.approveDue(now);
      await payouts.payDue(now);
    }),
});
