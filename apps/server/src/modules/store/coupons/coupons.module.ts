import { defineModule, type Platform } from '@/modules/module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import { couponsRoutes } from './coupons.routes';
import { createCouponsService } from './coupons.service';

/** The online store's coupons: codes the checkout redeems into an order discount, and releases with an unpaid order. */
export const couponsModule = defineModule({
  name: 'coupons',
  create: ({ db, clock, audit, catalogue }: Pick<Platform, 'db' | 'clock' | 'audit'> & { catalogue: Pick<CatalogueService, 'products' | 'categories'> }) =>
    createCouponsService({ db, clock, audit, products: catalogue.products, categories: catalogue.categories }),
  routes: couponsRoutes,
});
