import { defineModule, type Platform } from '@/modules/module';
import { createSourcePaymentsService } from './source-payments.service';

/** Payments read by their source (link, QR code): offered to the capabilities that show them; no routes. */
export const sourcePaymentsModule = defineModule({
  name: 'sourcePayments',
  create: ({ db }: Pick<Platform, 'db'>) => createSourcePaymentsService({ db }),
});
