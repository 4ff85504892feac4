import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import type { Processor } from '../processor/processor.module';
import { checkoutRoutes } from './checkout.routes';
import { createCheckoutService } from './checkout.service';

/** The hosted checkout on the checkout host (docs/payments.md, "checkout"). */
export const checkoutModule = defineModule({
  name: 'checkout',
  create: ({
    db,
    clock,
    limiter,
    mailer,
    config,
    charges,
    processor,
  }: Pick<Platform, 'db' | 'clock' | 'limiter' | 'mailer' | 'config'> & { charges: ChargesService; processor: Processor }) =>
    createCheckoutService({ db, clock, limiter, mailer, charges, processor, checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain) }),
  routes: checkoutRoutes,
});
