import { defineModule, type Platform } from '@/modules/module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import { shippingRoutes } from './shipping.routes';
import { createShippingService } from './shipping.service';

/** The online store's shipping zones with their rates, and its pickup points at the catalogue's locations. */
export const shippingModule = defineModule({
  name: 'shipping',
  create: ({ db, clock, audit, catalogue }: Pick<Platform, 'db' | 'clock' | 'audit'> & { catalogue: Pick<CatalogueService, 'locations'> }) =>
    createShippingService({ db, clock, audit, locations: catalogue.locations }),
  routes: shippingRoutes,
});
