import { defineModule, type Platform } from '@/modules/module';
import { storeReportRoutes } from './store-report.routes';
import { createStoreReportService } from './store-report.service';

/** The online store's sales report: a range's paid orders by day, product, category, delivery and coupon (read only). */
export const storeReportModule = defineModule({
  name: 'storeReport',
  create: ({ db }: Pick<Platform, 'db'>) => createStoreReportService({ db }),
  routes: storeReportRoutes,
});
