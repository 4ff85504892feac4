import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import type { Processor } from '../processor/processor.module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import type { WebhooksService } from '../developers/webhooks.service';
import type { LedgerService } from '../ledger/ledger.service';
import { createPlatformPaymentHook, createPlatformRefundHook } from '../platform-accounts/platform-fees.service';
import { invoicePageRoutes } from './invoice-page.routes';
import { createInvoicePageService } from './invoice-page.service';
import { createInvoicePaymentSource } from './invoices.payment-source';

/** The invoice host's page and invoices as a source of checkout payments (docs/payments.md, "Paying an invoice"). */
export const invoicePageModule = defineModule({
  name: 'invoicePage',
  create: ({
    db,
    clock,
    limiter,
    config,
    charges,
    sourcePayments,
    processor,
    ledger,
    webhooks,
  }: Pick<Platform, 'db' | 'clock' | 'limiter' | 'config'> & {
    charges: ChargesService;
    sourcePayments: SourcePaymentsService;
    processor: Processor;
    ledger: LedgerService;
    webhooks: WebhooksService;
  }) => {
    const origin = (kind: 'invoice' | 'checkout') => originOfKind(config.publicUrl, kind, config.baseDomain);
    // Every payment of an invoice goes through this adapter: it locks the invoice and keeps what is paid.
    // A platform's invoice posts its fee as a platform's payment link does (platform-accounts/platform-fees.service.ts).
    charges.registerSource(
      createInvoicePaymentSource({
        clock,
        invoiceOrigin: origin('invoice'),
        onPlatformPayment: createPlatformPaymentHook({ clock, ledger, webhooks, takePlatformFee: charges.takePlatformFee }),
        onPlatformRefund: createPlatformRefundHook({ webhooks }),
      }),
    );
    return createInvoicePageService({ db, clock, limiter, charges, sourcePayments, processor, checkoutOrigin: origin('checkout') });
  },
  routes: invoicePageRoutes,
});
