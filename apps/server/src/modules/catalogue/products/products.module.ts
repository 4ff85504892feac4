import { defineModule, type Platform } from '@/modules/module';
import { createAddOnsService } from './add-ons.service';
import { createCategoriesService } from './categories.service';
import { createProductLogService } from './product-log.service';
import { productsRoutes } from './products.routes';
import { createProductsService } from './products.service';

/**
 * The catalogue that payments, the register and the store sell from: products and their variants, categories,
 * add-on groups and the product log. One module, since a product's change checks its category and add-on groups
 * and a category's removal moves its products, each in one transaction.
 */
export const catalogueModule = defineModule({
  name: 'catalogue',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => ({
    products: createProductsService({ db, clock, audit }),
    categories: createCategoriesService({ db, clock, audit }),
    addOns: createAddOnsService({ db, clock, audit }),
    log: createProductLogService({ db, clock }),
  }),
  routes: productsRoutes,
});

export type CatalogueService = ReturnType<typeof catalogueModule.create>;
