import { defineModule, type Platform } from '@/modules/module';
import { storeThemesRoutes } from './store-themes.routes';
import { createStoreThemesService } from './store-themes.service';

/** The store's themes and the theme designer's saves and publishes (docs/online-store.md, "Store design"). */
export const storeThemesModule = defineModule({
  name: 'storeThemes',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createStoreThemesService({ db, clock, audit }),
  routes: storeThemesRoutes,
});
