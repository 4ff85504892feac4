import { defineModule, type Platform } from '@/modules/module';
import { posReportRoutes } from './pos-report.routes';
import { createPosReportService } from './pos-report.service';

/** The register's sales report: a range's orders by day, hour, product, category, staff, location and tender (read only). */
export const posReportModule = defineModule({
  name: 'posReport',
  create: ({ db }: Pick<Platform, 'db'>) => createPosReportService({ db }),
  routes: posReportRoutes,
});
