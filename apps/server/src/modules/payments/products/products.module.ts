import { defineModule, type Platform } from '@/modules/module';
import { productsRoutes } from './products.routes';
import { createProductsService } from './products.service';

/** The payments catalogue that payment links and invoices pick from. */
export const productsModule = defineModule({
  name: 'products',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createProductsService({ db, clock, audit }),
  routes: productsRoutes,
});
