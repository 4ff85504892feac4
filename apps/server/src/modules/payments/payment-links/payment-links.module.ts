import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import { paymentSourceAdapter } from '../checkout-source';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import type { WebhooksService } from '../developers/webhooks.service';
import type { LedgerService } from '../ledger/ledger.service';
import { createPlatformPaymentHook, createPlatformRefundHook } from '../platform-accounts/platform-fees.service';
import { paymentLinksRoutes } from './payment-links.routes';
import { createPaymentLinksService } from './payment-links.service';
import { createStatusCheckCache } from './status-check-cache';

/** Payment links; its service's `checkout` is the hosted checkout's source adapter for `l/` ids. */
export const paymentLinksModule = defineModule({
  name: 'paymentLinks',
  create: ({
    db,
    clock,
    audit,
    mailer,
    config,
    jobs,
    changes,
    sourcePayments,
    charges,
    webhooks,
    ledger,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config' | 'jobs' | 'changes'> & {
    ledger: LedgerService;
    sourcePayments: SourcePaymentsService;
    charges: ChargesService;
    webhooks: WebhooksService;
  }) => {
    const service = createPaymentLinksService({
      db,
      clock,
      audit,
      mailer,
      config,
      sourcePayments,
      jobs,
      webhooks,
      statusChecks: createStatusCheckCache(changes),
      tagIntegration: charges.tagIntegration,
      onPlatformPayment: createPlatformPaymentHook({ clock, ledger, webhooks, takePlatformFee: charges.takePlatformFee }),
      onPlatformRefund: createPlatformRefundHook({ webhooks }),
    });
    // The hosted checkout pays this capability's public ids through the charges service.
    charges.registerSource(paymentSourceAdapter('payment_link', service.checkout));
    return service;
  },
  routes: paymentLinksRoutes,
});
