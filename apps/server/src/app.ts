import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { configureZodMessages } from '@merchant/core';
import { MAX_DOCUMENT_BYTES } from '@merchant/business';
import type { AppConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Executor, JobsConnection } from './db/client';
import { frameworkErrorHandler, installErrorHandler } from './http/errors';
import { createIdempotency } from './http/idempotency';
import { openApiOptions } from './http/openapi';
import { installSecurityHeaders } from './http/security-headers';
import { createGuestTokens, installSessionLoader } from './http/session-cookie';
import { installWriteBarrier } from './http/write-barrier';
import { installWebDelivery } from './http/web-delivery';
import { pageBootstrap } from './http/page-bootstrap';
import { appSecret } from './lib/app-secrets';
import { systemClock, type Clock, type MovableClock } from './lib/clock';
import { newId } from './lib/crypto';
import { createLogger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { compose, type Platform } from './modules/module';
import { createAuditService } from './modules/platform/audit/audit.service';
import { createJobs, type Jobs, type JobsMode } from './modules/platform/jobs/jobs.service';
import { devMailboxModule } from './modules/platform/dev-mailbox/dev-mailbox.module';
import { devClockRoutes } from './modules/platform/dev-clock/dev-clock.routes';
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
import { emailTemplatesModule } from './modules/business/email-templates/email-templates.module';
import { ledgerModule } from './modules/payments/ledger/ledger.module';
import { processorModule } from './modules/payments/processor/processor.module';
import type { ProcessorFaults } from './modules/payments/processor/test-provider';
import { chargesModule } from './modules/payments/charges/charges.module';
import type { PaymentSourceAdapter } from './modules/payments/charges/charges.service';
import { customersModule } from './modules/payments/customers/customers.module';
import { transactionsModule } from './modules/payments/transactions/transactions.module';
import { productsModule } from './modules/payments/products/products.module';
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
import { bankAccountsModule } from './modules/payments/bank-accounts/bank-accounts.module';
import { payoutsModule } from './modules/payments/payouts/payouts.module';
import { sendMoneyModule } from './modules/payments/send-money/send-money.module';

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** The database's change feed; without it nothing is cached (every request reads its session). */
  changes?: ChangeFeed;
  clock?: Clock;
  /** The dev clock (config.devClock): the app's clock, movable through `/_dev/clock` from this machine. */
  devClock?: MovableClock;
  logger?: Logger;
  mailer?: Mailer;
  /** How the job queue reaches the database (`Database.jobs`). */
  jobsConnection: JobsConnection;
  /** `poll` (default) runs jobs in the background; `manual` only through `app.jobs.runDue()` (tests). */
  jobsMode?: JobsMode;
  /** Payment sources plugged in besides the modules' own (tests that pay a source of their own). */
  paymentSources?: readonly PaymentSourceAdapter[];
  /** Test faults of the test payment provider (the API tests' processor faults; never set by the server). */
  processorFaults?: ProcessorFaults;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: started with the app, stopped when it closes. */
    jobs: Jobs;
  }
}

/**
 * The module list: each module is built with the platform and the services of the modules above it (a
 * module whose needs are not met above it does not type-check), then each registers its routes.
 */
function composeModules(platform: Platform) {
  return compose(platform)
    .use(businessModule)
    .use(sessionModule)
    .use(businessDetailsModule)
    .use(onboardingModule)
    .use(verificationModule)
    .use(staffModule)
    .use(auditLogModule)
    .use(notificationSettingsModule)
    .use(emailTemplatesModule)
    .use(ledgerModule)
    .use(processorModule)
    .use(customersModule)
    .use(chargesModule)
    .use(productsModule)
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
    .use(overviewModule)
    .use(balancesModule)
    .use(salesReportModule)
    .use(authModule)
    .use(userModule)
    .use(bankAccountsModule)
    .use(payoutsModule)
    .use(sendMoneyModule)
    .use(devMailboxModule);
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every dependency is passed in, so tests build the real app on a test database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  configureZodMessages();
  const { config, db } = options;
  const clock = options.devClock ?? options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const jobs = createJobs({ connection: options.jobsConnection, clock, logger, mode: options.jobsMode ?? 'poll' });
  const mailer =
    options.mailer ?? createMailer({ db, clock, logger, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, retentionDays: config.mailRetentionDays });
  const platform: Platform = {
    db,
    clock,
    config,
    changes: options.changes,
    mailer,
    limiter: createRateLimiter({ db, clock }),
    audit: createAuditService({ clock }),
    jobs,
  };
  const modules = composeModules(platform);
  for (const source of options.paymentSources ?? []) modules.services.charges.registerSource(source);
  if (options.processorFaults) modules.services.processor.useFaults(options.processorFaults);
  const secureCookies = config.publicUrl.startsWith('https://');
  const headers = { https: secureCookies };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: () => newId(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(headers),
  });
  app.decorate('endpoints', []);
  app.decorate('jobs', jobs);
  // Jobs a request sent in its transaction (its mail) are seen once it committed: by its answer it has.
  app.addHook('onResponse', async () => jobs.wakeSent());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, headers);

  await app.register(swagger, openApiOptions);
  await app.register(cookie);
  // Verification documents: one file per request, refused above the limit (checked again per part).
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6 } });
  const guestTokens = createGuestTokens(await appSecret(db, 'guest_csrf_key', clock.now()));
  installSessionLoader(app, { sessions: modules.services.sessions, guestTokens });
  // Only where other processes share the database: on the embedded one a commit's listeners hear it before it returns.
  if (options.changes?.crossProcess) installWriteBarrier(app, options.changes);
  const idempotency = createIdempotency({ db, clock, logger, testFaults: config.testFaults });
  app.addHook('onClose', async () => idempotency.close());
  modules.registerRoutes({ app, db, clock, config, secureCookies, guestTokens, standings: modules.services.business, idempotency });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  if (options.devClock) devClockRoutes(app, options.devClock, jobs);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  // The built dashboard: static assets, and index.html for every other GET or HEAD of a page.
  installWebDelivery(app, config.webDist ?? DEFAULT_WEB_DIST, pageBootstrap(app, config.baseDomain, config.pageAnswersBudgetMs));

  // Background jobs start once the app is built (the database is migrated by then) and stop when it closes.
  mailer.registerJobs(jobs);
  modules.registerJobs(jobs);
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());
  return app;
}
