import { defineModule, type Platform } from '../../module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { paymentLinksRoutes } from './payment-links.routes';
import { createPaymentLinksService } from './payment-links.service';

/** Payment links; its service's `checkout` is the hosted checkout's source adapter for `l/` ids. */
export const paymentLinksModule = defineModule({
  name: 'paymentLinks',
  create: ({ db, clock, audit, mailer, config, sourcePayments }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'> & { sourcePayments: SourcePaymentsService }) =>
    createPaymentLinksService({ db, clock, audit, mailer, config, sourcePayments }),
  routes: paymentLinksRoutes,
});
