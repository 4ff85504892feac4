import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { Processor } from '../processor/processor.module';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { directDebitRoutes } from './direct-debit.routes';
import { createDirectDebitService } from './direct-debit.service';

/** Test-mode direct-debit mandates on the checkout host (docs/payments.md, "Direct debit"). */
export const directDebitModule = defineModule({
  name: 'directDebit',
  create: ({
    db,
    clock,
    audit,
    limiter,
    config,
    processor,
    subscriptions,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'limiter' | 'config'> & { processor: Processor; subscriptions: SubscriptionsService }) =>
    createDirectDebitService({
      db,
      clock,
      audit,
      limiter,
      processor,
      subscriptions,
      checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain),
    }),
  routes: directDebitRoutes,
});
