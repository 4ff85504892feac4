import { join } from 'node:path';
import { createFileStore } from '@/lib/file-store';
import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '@/modules/business/business/business.service';
import { checkoutCustomisationRoutes } from './checkout-customisation.routes';
import { createCheckoutCustomisationService } from './checkout-customisation.service';

export const checkoutCustomisationModule = defineModule({
  name: 'checkoutCustomisation',
  create: ({ db, clock, audit, config, business }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'> & { business: BusinessService }) =>
    createCheckoutCustomisationService({ db, clock, audit, business, files: createFileStore(join(config.dataDir, 'uploads')) }),
  routes: checkoutCustomisationRoutes,
});
