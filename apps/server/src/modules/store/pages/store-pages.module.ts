import { defineModule, type Platform } from '@/modules/module';
import type { StoreSettingsService } from '@/modules/store/settings/store-settings.service';
import { storePagesRoutes } from './store-pages.routes';
import { createStorePagesService } from './store-pages.service';

/** The online store's content pages and its daily page views (docs/online-store.md, "Pages" and "Shop insight"). */
export const storePagesModule = defineModule({
  name: 'storePages',
  create: ({ db, clock, audit, storeSettings }: Pick<Platform, 'db' | 'clock' | 'audit'> & { storeSettings: Pick<StoreSettingsService, 'storefrontUrl'> }) =>
    createStorePagesService({ db, clock, audit, storefrontUrl: (b) => storeSettings.storefrontUrl(b) }),
  routes: storePagesRoutes,
});
