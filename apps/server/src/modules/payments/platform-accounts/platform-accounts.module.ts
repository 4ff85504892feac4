import { defineModule, type Platform } from '@/modules/module';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { CustomersService } from '../customers/customers.service';
import type { InvoicesService } from '../invoices/invoices.service';
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
    invoices,
    customers,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & {
    notificationSettings: NotificationSettingsService;
    paymentLinks: PaymentLinksService;
    invoices: InvoicesService;
    customers: CustomersService;
  }) => createPlatformAccountsService({ db, clock, audit, mailer, ownerEmails: notificationSettings.ownerEmails, paymentLinks, invoices, customers }),
  routes: platformAccountsRoutes,
});
