import { defineModule, type Platform } from '@/modules/module';
import { balancesRoutes } from './balances.routes';
import { createBalancesService } from './balances.service';

/** The balance pages: pending, available and in transit per currency, and the statement (read only, from the ledger). */
export const balancesModule = defineModule({
  name: 'balances',
  create: ({ db, clock }: Pick<Platform, 'db' | 'clock'>) => createBalancesService({ db, clock }),
  routes: balancesRoutes,
});
