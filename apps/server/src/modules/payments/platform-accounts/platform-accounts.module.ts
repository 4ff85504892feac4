import { defineModule, type Platform } from '@/modules/module';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { PaymentLinksService } from '../payment-links/payment-links.service';
import { platformAccountsRoutes } from './platform-accounts.routes';
import { createPlatformAccountsService } from './platform-accounts.service';

/** Platform accounts: links to other businesses with their owner's consent, and payment requests with a platform fee. */
export const platformAccountsModule = defineModule({
  name: 'platformAccounts',
  create: ({
    db,
    clock,
    audit,
    mailer,
    notificationSettings,
    paymentLinks,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & { notificationSettings: NotificationSettingsService; paymentLinks: PaymentLinksService }) =>
    createPlatformAccountsService({ db, clock, audit, mailer, ownerEmails: notificationSettings.ownerEmails, paymentLinks }),
  routes: platformAccountsRoutes,
});
