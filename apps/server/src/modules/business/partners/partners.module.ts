import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import type { PartnerInvitationsService } from './partner-invitations.service';
import { partnersRoutes } from './partners.routes';
import { createPartnersService } from './partners.service';

/** Partners and referrals: referral codes, partner links and what each side sees of them. */
export const partnersModule = defineModule({
  name: 'partners',
  create: ({
    db,
    clock,
    audit,
    mailer,
    notificationSettings,
    partnerInvitations,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & {
    notificationSettings: NotificationSettingsService;
    partnerInvitations: PartnerInvitationsService;
  }) => createPartnersService({ db, clock, audit, mailer, notificationSettings, partnerInvitations }),
  routes: partnersRoutes,
  /** Every six hours: each link's commission of the merchant's last closed month, accrued once (a rerun adds nothing). */
  jobs: (jobs, partners) =>
    jobs.schedule('partners.accrue-commissions', { every: hours(6) }, async ({ data }) => {
      await partners.accrueLastMonth(new Date(data.tick));
    }),
});
