import { defineModule, type Platform } from '@/modules/module';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import type { NotificationsService } from '@/modules/business/notifications/notifications.service';
import { createBeneficiariesService } from './beneficiaries.service';
import { sendMoneyRoutes } from './send-money.routes';
import { createTransferMail } from './transfer-mail';
import { createTransferViewsService } from './transfer-views.service';
import { COMPLETE_TRANSFER_JOB, createTransfersService, type CompleteTransferJob } from './transfers.service';

/**
 * Send money (docs/payments.md, "send money"): beneficiaries, quotes, transfers and their approvals. Only
 * for a business whose `send_money` feature is on; a job hands processing transfers to the test-mode bank.
 */
export const sendMoneyModule = defineModule({
  name: 'sendMoney',
  create: ({
    db,
    clock,
    audit,
    jobs,
    mailer,
    ledger,
    emailTemplates,
    webhooks,
    notifications,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'jobs' | 'mailer'> & {
    ledger: LedgerService;
    emailTemplates: EmailTemplatesService;
    webhooks?: WebhooksService;
    notifications?: NotificationsService;
  }) => ({
    beneficiaries: createBeneficiariesService({ db, clock, audit }),
    transfers: createTransfersService({ db, clock, audit, jobs, ledger, webhooks, notifications }),
    views: createTransferViewsService({ db, clock, audit, ledger }),
    mail: createTransferMail({ mailer, emailTemplates }),
  }),
  routes: sendMoneyRoutes,
  jobs: (registry, service) =>
    registry.work<CompleteTransferJob>(COMPLETE_TRANSFER_JOB, async ({ data }) => {
      // The beneficiary's mail commits with the arrival (the outbox).
      await service.transfers.complete(data.businessId, data.transferId, await service.mail.forBusiness(data.businessId));
    }),
});
