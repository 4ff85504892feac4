import { defineModule, type Platform } from '@/modules/module';
import { storeSettingsRoutes } from './store-settings.routes';
import { createStoreSettingsService } from './store-settings.service';

/** The online store's settings, custom domain and opening steps (docs/online-store.md). */
export const storeSettingsModule = defineModule({
  name: 'storeSettings',
  create: ({ db, clock, audit, config }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'>) =>
    createStoreSettingsService({ db, clock, audit, baseDomain: config.baseDomain, publicUrl: config.publicUrl }),
  routes: storeSettingsRoutes,
});
