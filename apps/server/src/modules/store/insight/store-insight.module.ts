import { defineModule, type Platform } from '@/modules/module';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';
import type { StoreService } from '@/modules/store/orders/store.module';
import { storeInsightRoutes } from './store-insight.routes';
import { createStoreInsightService } from './store-insight.service';

/** The store's overview (shop insight): a range's orders, sales, visits and conversion (read only). */
export const storeInsightModule = defineModule({
  name: 'storeInsight',
  create: ({
    db,
    storePages,
    store,
  }: Pick<Platform, 'db'> & { storePages: Pick<StorePagesService, 'views' | 'viewsByDay'>; store: Pick<StoreService, 'abandoned'> }) =>
    createStoreInsightService({ db, pages: storePages, abandoned: store.abandoned }),
  routes: storeInsightRoutes,
});
