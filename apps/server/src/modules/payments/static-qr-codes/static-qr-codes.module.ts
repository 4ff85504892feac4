import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import { paymentSourceAdapter } from '../checkout-source';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { staticQrRoutes } from './static-qr-codes.routes';
import { createStaticQrService } from './static-qr-codes.service';

/** Static QR codes; its service's `checkout` is the hosted checkout's source adapter for `q/` ids. */
export const staticQrCodesModule = defineModule({
  name: 'staticQrCodes',
  create: ({
    db,
    clock,
    audit,
    config,
    sourcePayments,
    charges,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'> & { sourcePayments: SourcePaymentsService; charges: ChargesService }) => {
    const service = createStaticQrService({ db, clock, audit, config, sourcePayments });
    // The hosted checkout pays this capability's public ids through the charges service.
    charges.registerSource(paymentSourceAdapter('static_qr', service.checkout));
    return service;
  },
  routes: staticQrRoutes,
});
