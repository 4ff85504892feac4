import { join } from 'node:path';
import { createFileStore } from '@/lib/file-store';
import { defineModule, type Platform } from '@/modules/module';
import { checkoutCustomisationRoutes } from './checkout-customisation.routes';
import { createCheckoutCustomisationService } from './checkout-customisation.service';

export const checkoutCustomisationModule = defineModule({
  name: 'checkoutCustomisation',
  create: ({ db, clock, audit, config }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'>) =>
    createCheckoutCustomisationService({ db, clock, audit, files: createFileStore(join(config.dataDir, 'uploads')) }),
  routes: checkoutCustomisationRoutes,
});
