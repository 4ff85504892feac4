import { defineModule, type Platform } from '@/modules/module';
import { createProductExport } from './product-export';
import { productImportsRoutes } from './product-imports.routes';
import { APPLY_PRODUCT_IMPORT_JOB, createProductImportsService, type ApplyProductImportJob } from './product-imports.service';
import type { CatalogueService } from './products.module';

/**
 * Products from a CSV upload and the product list as CSV (docs/catalogue.md, "Bulk"): each confirmed row is applied
 * by a job through the catalogue's products and stock services, in its own transaction.
 */
export const productImportsModule = defineModule({
  name: 'productImports',
  create: ({ db, clock, audit, jobs, catalogue }: Pick<Platform, 'db' | 'clock' | 'audit' | 'jobs'> & { catalogue: CatalogueService }) => ({
    imports: createProductImportsService({ db, clock, audit, jobs, products: catalogue.products, stock: catalogue.stock }),
    exporter: createProductExport({ db, clock }),
  }),
  routes: productImportsRoutes,
  jobs: (registry, service) =>
    registry.work<ApplyProductImportJob>(APPLY_PRODUCT_IMPORT_JOB, ({ data }) => service.imports.run(data.businessId, data.importId)),
});
