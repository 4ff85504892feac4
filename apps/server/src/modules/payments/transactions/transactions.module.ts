import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import { transactionsRoutes } from './transactions.routes';
import { createTransactionsService } from './transactions.service';

/** The business's payments: list, filters, CSV, detail and refunds (through the charges service). */
export const transactionsModule = defineModule({
  name: 'transactions',
  create: ({ db, clock, charges }: Pick<Platform, 'db' | 'clock'> & { charges: ChargesService }) => createTransactionsService({ db, clock, charges }),
  routes: transactionsRoutes,
});
