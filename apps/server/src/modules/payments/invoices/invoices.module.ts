import { defineModule, type Platform } from '@/modules/module';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import type { CheckoutCustomisationService } from '@/modules/payments/checkout-customisation/checkout-customisation.service';
import type { SourcePaymentsService } from '@/modules/payments/source-payments/source-payments.service';
import type { Processor } from '@/modules/payments/processor/processor.module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';
import type { WebhooksService } from '../developers/webhooks.service';

/**
 * One-off invoices (docs/payments.md, "invoices"); customer mails use the business's email templates, and the
 * PDF the business's name, brand colour and logo (checkout customisation).
 */
export const invoicesModule = defineModule({
  name: 'invoices',
  create: ({
    db,
    clock,
    audit,
    mailer,
    config,
    emailTemplates,
    checkoutCustomisation,
    limiter,
    sourcePayments,
    processor,
    catalogue,
    webhooks,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config' | 'limiter'> & {
    emailTemplates: EmailTemplatesService;
    checkoutCustomisation: CheckoutCustomisationService;
    sourcePayments: SourcePaymentsService;
    processor: Processor;
    catalogue: CatalogueService;
    webhooks?: WebhooksService;
  }) =>
    createInvoicesService({
      webhooks,
      db,
      clock,
      audit,
      mailer,
      config,
      emailTemplates,
      branding: checkoutCustomisation,
      limiter,
      sourcePayments,
      products: catalogue.products,
      testMode: () => processor.testMode(),
    }),
  routes: invoicesRoutes,
});
