import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { ChargesService } from '../charges/charges.service';
import type { Processor } from '../processor/processor.module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
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
    sourcePayments,
    notificationSettings,
  }: Pick<Platform, 'db' | 'clock' | 'limiter' | 'mailer' | 'config'> & {
    charges: ChargesService;
    processor: Processor;
    sourcePayments: SourcePaymentsService;
    notificationSettings: NotificationSettingsService;
  }) =>
    createCheckoutService({
      db,
      clock,
      limiter,
      mailer,
      charges,
      processor,
      sourcePayments,
      notificationSettings,
      checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain),
      publicUrl: config.publicUrl,
    }),
  routes: checkoutRoutes,
});
