import { defineModule, type Platform } from '@/modules/module';
import { createLedgerService } from './ledger.service';

/** The double-entry ledger: other payment capabilities post through it and read balances from it. */
export const ledgerModule = defineModule({
  name: 'ledger',
  create: ({ clock }: Pick<Platform, 'clock'>) => createLedgerService({ clock }),
});
