import { defineModule, type Platform } from '@/modules/module';
import { businessRoutes } from './business.routes';
import { createBusinessService } from './business.service';

export const businessModule = defineModule({
  name: 'business',
  create: ({ db, clock, audit, config }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'>) =>
    createBusinessService({ db, clock, audit, baseDomain: config.baseDomain }),
  routes: businessRoutes,
});
