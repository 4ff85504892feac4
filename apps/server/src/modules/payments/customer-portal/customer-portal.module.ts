import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { CustomersService } from '../customers/customers.service';
import type { DirectDebitService } from '../direct-debit/direct-debit.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { Processor } from '../processor/processor.module';
import { customerPortalRoutes } from './customer-portal.routes';
import { createCustomerPortalService } from './customer-portal.service';

/** The customer portal on the invoice host and its signed links (docs/payments.md, "Customer portal"). */
export const customerPortalModule = defineModule({
  name: 'customerPortal',
  create: ({
    db,
    clock,
    audit,
    mailer,
    limiter,
    config,
    customers,
    directDebit,
    subscriptions,
    processor,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'limiter' | 'config'> & {
    customers: CustomersService;
    directDebit: DirectDebitService;
    subscriptions: SubscriptionsService;
    processor: Processor;
  }) =>
    createCustomerPortalService({
      db,
      clock,
      audit,
      mailer,
      limiter,
      customers,
      directDebit,
      subscriptions,
      invoiceOrigin: originOfKind(config.publicUrl, 'invoice', config.baseDomain),
      checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain),
      testMode: () => processor.provider().name === 'test',
    }),
  routes: customerPortalRoutes,
});
