import { defineModule, type Platform } from '@/modules/module';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import { createBeneficiariesService } from './beneficiaries.service';
import { sendMoneyRoutes } from './send-money.routes';
import { createTransferViewsService } from './transfer-views.service';
import { COMPLETE_TRANSFER_JOB, createTransfersService, type CompleteTransferJob } from './transfers.service';

/**
 * Send money (docs/payments.md, "send money"): beneficiaries, quotes, transfers and their approvals. Only
 * for a business whose `send_money` feature is on; a job hands processing transfers to the test-mode bank.
 */
export const sendMoneyModule = defineModule({
  name: 'sendMoney',
  create: ({ db, clock, audit, jobs, ledger }: Pick<Platform, 'db' | 'clock' | 'audit' | 'jobs'> & { ledger: LedgerService }) => ({
    beneficiaries: createBeneficiariesService({ db, clock, audit }),
    transfers: createTransfersService({ db, clock, audit, jobs, ledger }),
    views: createTransferViewsService({ db, clock, audit, ledger }),
  }),
  routes: sendMoneyRoutes,
  jobs: (registry, service) =>
    registry.work<CompleteTransferJob>(COMPLETE_TRANSFER_JOB, ({ data }) => service.transfers.complete(data.businessId, data.transferId)),
});
