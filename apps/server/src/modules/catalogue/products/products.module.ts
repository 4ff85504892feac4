import { defineModule, type Platform } from '@/modules/module';
import { createAddOnsService } from './add-ons.service';
import { createCategoriesService } from './categories.service';
import { createLocationsService } from './locations.service';
import { createMediaService } from './media.service';
import { mediaRoutes } from './media.routes';
import { createProductLogService } from './product-log.service';
import { productsRoutes } from './products.routes';
import { createProductsService } from './products.service';
import { createStockService } from './stock.service';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';

/**
 * The catalogue that payments, the register and the store sell from: products and their variants, categories,
 * add-on groups, the product log, locations and stock, and the media library whose images products and categories show. One module, since a product's change checks its category and
 * add-on groups, a category's removal moves its products, and a stock change checks its variant and location and
 * writes the product log, each in one transaction.
 */
export const catalogueModule = defineModule({
  name: 'catalogue',
  create: ({
    db,
    clock,
    audit,
    mailer,
    notificationSettings,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'> & { notificationSettings: Pick<NotificationSettingsService, 'ownerEmails'> }) => ({
    products: createProductsService({ db, clock, audit }),
    categories: createCategoriesService({ db, clock, audit }),
    addOns: createAddOnsService({ db, clock, audit }),
    log: createProductLogService({ db, clock }),
    locations: createLocationsService({ db, clock, audit }),
    stock: createStockService({ db, clock, audit, mailer, notificationSettings }),
    media: createMediaService({ db, clock, audit }),
  }),
  routes: (host, catalogue) => {
    productsRoutes(host, catalogue);
    mediaRoutes(host, catalogue.media);
  },
});

export type CatalogueService = ReturnType<typeof catalogueModule.create>;
