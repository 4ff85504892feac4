import { defineModule, type Platform } from '@/modules/module';
import type { LedgerService } from '../ledger/ledger.service';
import { overviewRoutes } from './overview.routes';
import { createOverviewService } from './overview.service';

/** The payments Overview: a period's figures, splits, latest payments, balances and the setup checklist (read only). */
export const overviewModule = defineModule({
  name: 'overview',
  create: ({ db, clock, ledger }: Pick<Platform, 'db' | 'clock'> & { ledger: LedgerService }) => createOverviewService({ db, clock, ledger }),
  routes: overviewRoutes,
});
