import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import type { ChargesService } from '../charges/charges.service';
import type { LedgerService } from '../ledger/ledger.service';
import { transactionsRoutes } from './transactions.routes';
import { createTransactionsService } from './transactions.service';

/** The business's payments: list, filters, CSV, detail and refunds (through the charges service). */
export const transactionsModule = defineModule({
  name: 'transactions',
  create: ({ db, clock, config, charges, ledger }: Pick<Platform, 'db' | 'clock' | 'config'> & { charges: ChargesService; ledger: LedgerService }) =>
    createTransactionsService({ db, clock, charges, ledger, checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain) }),
  routes: transactionsRoutes,
});
