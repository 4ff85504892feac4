import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import type { PartnersService } from './partners.service';
import { referralsRoutes } from './referrals.routes';
import { createReferralsService } from './referrals.service';

/** Refer and Earn (a merchant's referrals and their rewards) and the partners' referral contest. */
export const referralsModule = defineModule({
  name: 'referrals',
  create: ({
    db,
    clock,
    audit,
    mailer,
    ledger,
    partners,
    notificationSettings,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & {
    ledger: LedgerService;
    partners: PartnersService;
    notificationSettings: NotificationSettingsService;
  }) => createReferralsService({ db, clock, audit, mailer, ledger, partners, notificationSettings }),
  routes: referralsRoutes,
  /** Every hour: the rewards of referred businesses that were verified and took their first payment in time, once each. */
  jobs: (jobs, referrals) => {
    jobs.schedule('referrals.accrue-rewards', { every: hours(1) }, async ({ data }) => {
      await referrals.accrueRewards(new Date(data.tick));
    });
    /** Every hour: the results of contests that ended, frozen once each. */
    jobs.schedule('referrals.freeze-contests', { every: hours(1) }, async ({ data }) => {
      await referrals.freezeEnded(new Date(data.tick));
    });
  },
});
