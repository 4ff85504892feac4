import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { CustomersService } from '../customers/customers.service';
import type { DirectDebitService } from '../direct-debit/direct-debit.service';
import type { PortalLinks } from './portal-links.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { Processor } from '../processor/processor.module';
import { customerPortalRoutes } from './customer-portal.routes';
import { createCustomerPortalService } from './customer-portal.service';

/** The customer portal on the invoice host and its signed links (docs/payments.md, "Customer portal"). */
export const customerPortalModule = defineModule({
  name: 'customerPortal',
  create: ({
    db,
    audit,
    mailer,
    limiter,
    config,
    customers,
    directDebit,
    subscriptions,
    portalLinks,
    processor,
  }: Pick<Platform, 'db' | 'audit' | 'mailer' | 'limiter' | 'config'> & {
    customers: CustomersService;
    directDebit: DirectDebitService;
    subscriptions: SubscriptionsService;
    portalLinks: PortalLinks;
    processor: Processor;
  }) =>
    createCustomerPortalService({
      db,
      audit,
      mailer,
      limiter,
      customers,
      directDebit,
      subscriptions,
      portalLinks,
      checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain),
      testMode: () => processor.provider().name === 'test',
    }),
  routes: customerPortalRoutes,
});
