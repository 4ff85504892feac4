import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import { hours, minutes } from '@/modules/platform/jobs/jobs.service';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import type { CustomersService } from '../customers/customers.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { Processor } from '../processor/processor.module';
import type { WebhooksService } from '../developers/webhooks.service';
import type { NotificationsService } from '@/modules/business/notifications/notifications.service';
import { createChargesService } from './charges.service';
import { createRefundEffects } from './refund-effects';

/**
 * The payment lifecycle service (docs/payments.md, "Core services"). No endpoints of its own: the checkout
 * starts and confirms payments through it, transactions refund through it, source capabilities register
 * their adapter with it.
 */
export const chargesModule = defineModule({
  name: 'charges',
  create: ({
    db,
    clock,
    audit,
    mailer,
    config,
    ledger,
    processor,
    customers,
    emailTemplates,
    webhooks,
    notifications,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'> & {
    ledger: LedgerService;
    processor: Processor;
    customers: CustomersService;
    emailTemplates: EmailTemplatesService;
    /** Absent where a test composes charges alone. */
    webhooks?: WebhooksService;
    /** Absent where a test composes charges alone. */
    notifications?: NotificationsService;
  }) =>
    createChargesService({
      db,
      clock,
      audit,
      ledger,
      processor,
      customers,
      webhooks,
      notifications,
      onRefunded: createRefundEffects({ mailer, emailTemplates, checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain) }),
    }),
  jobs: (jobs, charges) => {
    /** Settlement: every hour, pending funds whose settlement day has come become available (exactly once). */
    jobs.schedule('payments.settle', { every: hours(1) }, async ({ data }) => {
      await charges.settleDue(new Date(data.tick));
    });
    /** Processor attempts left pending (a crash or a lost answer between the two phases) are settled by key (processor-attempts.ts). */
    jobs.schedule('payments.reconcile-processor', { every: minutes(1) }, async ({ data }) => {
      await charges.reconcile(new Date(data.tick));
    });
    /** Payments started and never confirmed become `expired` once their time is up (docs/payments.md, "The payment lifecycle"). */
    jobs.schedule('payments.expire-incomplete', { every: minutes(10) }, async ({ data }) => {
      await charges.expireIncomplete(new Date(data.tick));
    });
  },
});
