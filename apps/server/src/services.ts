import type { AppConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Executor } from './db/client';
import { NO_WRITE } from './db/write-together';
import type { Clock } from './lib/clock';
import { createRateLimiter } from './lib/rate-limit';
import type { Mailer } from './mail/mailer';
import { compose, type Platform } from './modules/module';
import { createAuditService } from './modules/platform/audit/audit.service';
import type { JobSender } from './modules/platform/jobs/jobs.service';
import type { PaymentSourceAdapter } from './modules/payments/charges/charges.service';
import type { PaymentProvider } from './modules/payments/processor/provider';
import type { ProcessorFaults } from './modules/payments/processor/test-provider';
import { withTestModeMark } from './mail/test-mode-mark';
import { devMailboxModule } from './modules/platform/dev-mailbox/dev-mailbox.module';
import { supportChatModule } from './modules/business/support-chat/support-chat.module';
import { notificationsModule } from './modules/business/notifications/notifications.module';
import { sessionModule } from './modules/identity/session/session.module';
import { authModule } from './modules/identity/auth/auth.module';
import { userModule } from './modules/identity/user/user.module';
import { businessModule } from './modules/business/business/business.module';
import { businessDetailsModule } from './modules/business/details/business-details.module';
import { onboardingModule } from './modules/business/onboarding/onboarding.module';
import { verificationModule } from './modules/business/verification/verification.module';
import { staffModule } from './modules/business/staff/staff.module';
import { auditLogModule } from './modules/business/audit-log/audit-log.module';
import { notificationSettingsModule } from './modules/business/notification-settings/notification-settings.module';
import { partnersModule } from './modules/business/partners/partners.module';
import { partnerInvitationsModule } from './modules/business/partners/partner-invitations.module';
import { referralsModule } from './modules/business/partners/referrals.module';
import { commissionPayoutsModule } from './modules/business/partners/commission-payouts.module';
import { emailTemplatesModule } from './modules/business/email-templates/email-templates.module';
import { ledgerModule } from './modules/payments/ledger/ledger.module';
import { processorModule } from './modules/payments/processor/processor.module';
import { chargesModule } from './modules/payments/charges/charges.module';
import { customersModule } from './modules/payments/customers/customers.module';
import { transactionsModule } from './modules/payments/transactions/transactions.module';
import { catalogueModule } from './modules/catalogue/products/products.module';
import { productImportsModule } from './modules/catalogue/products/product-imports.module';
import { pricingModule } from './modules/catalogue/pricing/pricing.module';
import { couponsModule } from './modules/store/coupons/coupons.module';
import { shippingModule } from './modules/store/shipping/shipping.module';
import { paymentMethodsModule } from './modules/payments/payment-methods/payment-methods.module';
import { checkoutCustomisationModule } from './modules/payments/checkout-customisation/checkout-customisation.module';
import { sourcePaymentsModule } from './modules/payments/source-payments/source-payments.module';
import { paymentLinksModule } from './modules/payments/payment-links/payment-links.module';
import { invoicesModule } from './modules/payments/invoices/invoices.module';
import { invoiceRemindersModule } from './modules/payments/invoice-reminders/invoice-reminders.module';
import { recurringPlansModule } from './modules/payments/recurring-plans/recurring-plans.module';
import { subscriptionsModule } from './modules/payments/subscriptions/subscriptions.module';
import { invoicePageModule } from './modules/payments/invoices/invoice-page.module';
import { directDebitModule } from './modules/payments/direct-debit/direct-debit.module';
import { customerPortalModule } from './modules/payments/customer-portal/customer-portal.module';
import { portalLinksModule } from './modules/payments/customer-portal/portal-links.module';
import { repeatingInvoicesModule } from './modules/payments/repeating-invoices/repeating-invoices.module';
import { invoiceImportsModule } from './modules/payments/invoice-imports/invoice-imports.module';
import { staticQrCodesModule } from './modules/payments/static-qr-codes/static-qr-codes.module';
import { checkoutModule } from './modules/payments/checkout/checkout.module';
import { overviewModule } from './modules/payments/overview/overview.module';
import { balancesModule } from './modules/payments/balances/balances.module';
import { salesReportModule } from './modules/payments/sales-report/sales-report.module';
import { posReportModule } from './modules/pos/reports/pos-report.module';
import { storeReportModule } from './modules/store/reports/store-report.module';
import { apiKeysModule } from './modules/payments/developers/api-keys.module';
import { requestLogModule } from './modules/payments/developers/request-log.module';
import { publicOrdersApiModule } from './modules/payments/developers/public-orders.module';
import { publicReadersApiModule } from './modules/payments/developers/public-readers.module';
import { publicApiModule } from './modules/payments/developers/public-api.module';
import { publicTransfersApiModule } from './modules/payments/developers/public-transfers.module';
import { publicStaticQrApiModule } from './modules/payments/developers/public-static-qr.module';
import { publicWebhookEventsApiModule } from './modules/payments/developers/public-webhook-events.module';
import { publicInvoicesApiModule } from './modules/payments/developers/public-invoices.module';
import { publicRecurringApiModule } from './modules/payments/developers/public-recurring.module';
import { publicCustomersApiModule } from './modules/payments/developers/public-customers.module';
import { publicProductsApiModule } from './modules/payments/developers/public-products.module';
import { publicBusinessApiModule } from './modules/payments/developers/public-business.module';
import { integrationsModule } from './modules/payments/developers/integrations.module';
import { publicChargesApiModule } from './modules/payments/developers/public-charges.module';
import { platformAccountsModule } from './modules/payments/platform-accounts/platform-accounts.module';
import { webhooksModule } from './modules/payments/developers/webhooks.module';
import { connectionsModule } from './modules/payments/connections/connections.module';
import { bankAccountsModule } from './modules/payments/bank-accounts/bank-accounts.module';
import { payoutsModule } from './modules/payments/payouts/payouts.module';
import { sendMoneyModule } from './modules/payments/send-money/send-money.module';
import { posOrdersModule } from './modules/pos/orders/pos.module';
import { terminalsModule } from './modules/pos/terminals/terminals.module';
import { mallGtoModule } from './modules/pos/mall-gto/mall-gto.module';
import { storeModule } from './modules/store/orders/store.module';
import { storeSettingsModule } from './modules/store/settings/store-settings.module';
import { storePagesModule } from './modules/store/pages/store-pages.module';
import { storeThemesModule } from './modules/store/themes/store-themes.module';
import { bookingModule } from './modules/store/booking/booking.module';
import { storeInsightModule } from './modules/store/insight/store-insight.module';

export interface ServiceOptions {
  db: Executor;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  /** Where jobs are enqueued; the app's queue, or a sender that keeps nothing (`quietSideEffects`). */
  jobs: JobSender;
  /** The database's change feed; without it nothing is cached. */
  changes?: ChangeFeed | undefined;
  /** Payment sources plugged in besides the modules' own (tests that pay a source of their own). */
  paymentSources?: readonly PaymentSourceAdapter[];
  /** Providers besides the built-in test-mode one (tests that pay through other providers' names). */
  paymentProviders?: readonly PaymentProvider[];
  /** Test faults of the test payment provider (the API tests' processor faults; never set by the server). */
  processorFaults?: ProcessorFaults;
}

/**
 * The module list: each module is built with the platform and the services of the modules above it (a
 * module whose needs are not met above it does not type-check), then each registers its routes.
 */
function composeModules(platform: Platform) {
  return (
    compose(platform)
      // First: the business answer says whether payments run on the test processor (test mode).
      .use(processorModule)
      .use(businessModule)
      .use(sessionModule)
      .use(businessDetailsModule)
      // Before the capabilities whose changes notify members (payments, transfers, verification).
      .use(notificationsModule)
      .use(onboardingModule)
      .use(verificationModule)
      .use(staffModule)
      .use(auditLogModule)
      .use(notificationSettingsModule)
      .use(emailTemplatesModule)
      .use(partnerInvitationsModule)
      .use(partnersModule)
      .use(ledgerModule)
      .use(referralsModule)
      .use(commissionPayoutsModule)
      // Before the capabilities whose changes write events (charges, payment links, invoices, payouts).
      .use(webhooksModule)
      .use(customersModule)
      .use(chargesModule)
      .use(catalogueModule)
      .use(productImportsModule)
      .use(pricingModule)
      .use(shippingModule)
      .use(couponsModule)
      .use(storeSettingsModule)
      .use(storePagesModule)
      .use(storeThemesModule)
      .use(bookingModule)
      .use(terminalsModule)
      .use(mallGtoModule)
      .use(paymentMethodsModule)
      .use(checkoutCustomisationModule)
      .use(sourcePaymentsModule)
      .use(paymentLinksModule)
      .use(staticQrCodesModule)
      .use(invoicesModule)
      .use(invoiceRemindersModule)
      .use(recurringPlansModule)
      .use(portalLinksModule)
      .use(subscriptionsModule)
      .use(invoicePageModule)
      .use(directDebitModule)
      .use(customerPortalModule)
      .use(repeatingInvoicesModule)
      .use(invoiceImportsModule)
      .use(transactionsModule)
      .use(checkoutModule)
      .use(storeModule)
      .use(overviewModule)
      .use(balancesModule)
      .use(salesReportModule)
      .use(authModule)
      .use(userModule)
      .use(bankAccountsModule)
      .use(apiKeysModule)
      .use(platformAccountsModule)
      .use(requestLogModule)
      .use(publicApiModule)
      .use(integrationsModule)
      .use(connectionsModule)
      .use(payoutsModule)
      .use(sendMoneyModule)
      .use(posOrdersModule)
      .use(posReportModule)
      .use(storeReportModule)
      .use(storeInsightModule)
      .use(publicChargesApiModule)
      .use(publicTransfersApiModule)
      .use(publicStaticQrApiModule)
      .use(publicWebhookEventsApiModule)
      .use(publicOrdersApiModule)
      .use(publicReadersApiModule)
      .use(publicInvoicesApiModule)
      .use(publicRecurringApiModule)
      .use(publicCustomersApiModule)
      .use(publicProductsApiModule)
      .use(publicBusinessApiModule)
      .use(devMailboxModule)
      .use(supportChatModule)
  );
}

/**
 * Every service of the product, wired once: the app registers their routes and jobs, the API tests' factories
 * and the demo seed call them, so what they make keeps the services' defaults and invariants.
 */
export function buildServices(options: ServiceOptions) {
  const { db, clock, config, mailer, jobs } = options;
  // Asked at each send: the processor is built with the modules, below.
  let testMode = () => false;
  const platform: Platform = {
    db,
    clock,
    config,
    changes: options.changes,
    mailer: withTestModeMark(mailer, () => testMode()),
    limiter: createRateLimiter({ db, clock }),
    audit: createAuditService({ clock }),
    jobs,
  };
  const modules = composeModules(platform);
  testMode = () => modules.services.processor.testMode();
  for (const source of options.paymentSources ?? []) modules.services.charges.registerSource(source);
  if (options.paymentProviders) modules.services.processor.addProviders(options.paymentProviders);
  if (options.processorFaults) modules.services.processor.useFaults(options.processorFaults);
  return modules;
}

export type Modules = ReturnType<typeof buildServices>;
/** Every service by its module's name (`services.charges`, `services.business`, ...). */
export type Services = Modules['services'];

/**
 * A mailer and a job sender that keep nothing: for work whose side effects must not happen (the demo seed
 * writes a past that nobody is to be mailed about, before the job queue exists).
 */
export const quietSideEffects: { mailer: Mailer; jobs: JobSender } = {
  mailer: {
    send: async () => '',
    write: () => NO_WRITE,
    unsent: async () => ({ waiting: 0, oldestWaitingAt: null, givenUp: 0 }),
    recent: async () => [],
    attachment: async () => undefined,
    registerJobs: () => undefined,
  },
  jobs: { send: async () => null },
};
