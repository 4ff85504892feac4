import { defineModule, type Platform } from '../../module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { staticQrRoutes } from './static-qr-codes.routes';
import { createStaticQrService } from './static-qr-codes.service';

/** Static QR codes; its service's `checkout` is the hosted checkout's source adapter for `q/` ids. */
export const staticQrCodesModule = defineModule({
  name: 'staticQrCodes',
  create: ({ db, clock, audit, config, sourcePayments }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'> & { sourcePayments: SourcePaymentsService }) =>
    createStaticQrService({ db, clock, audit, config, sourcePayments }),
  routes: staticQrRoutes,
});
