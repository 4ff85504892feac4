import { defineModule, type Platform } from '@/modules/module';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { partnerInvitationsRoutes } from './partner-invitations.routes';
import { createPartnerInvitationsService } from './partner-invitations.service';

/** Partner invitations of existing merchants: sent by a partner, accepted or declined by the merchant. */
export const partnerInvitationsModule = defineModule({
  name: 'partnerInvitations',
  create: ({
    db,
    clock,
    audit,
    mailer,
    notificationSettings,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & { notificationSettings: NotificationSettingsService }) =>
    createPartnerInvitationsService({ db, clock, audit, mailer, notificationSettings }),
  routes: partnerInvitationsRoutes,
});
