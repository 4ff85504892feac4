import { defineModule, type Platform } from '@/modules/module';
import { salesReportRoutes } from './sales-report.routes';
import { createSalesReportService } from './sales-report.service';

/** The sales report: a date range's money in and out by day, method and source, and its CSV (read only). */
export const salesReportModule = defineModule({
  name: 'sales-report',
  create: ({ db }: Pick<Platform, 'db'>) => createSalesReportService({ db }),
  routes: salesReportRoutes,
});
