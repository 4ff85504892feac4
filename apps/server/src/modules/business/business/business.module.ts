import { defineModule, type Platform } from '@/modules/module';
import { businessRoutes } from './business.routes';
import { createBusinessService } from './business.service';
import { createStandingCache } from './standing-cache';

export const businessModule = defineModule({
  name: 'business',
  create: ({ db, clock, audit, config, changes }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config' | 'changes'>) =>
    createBusinessService({ db, clock, audit, baseDomain: config.baseDomain, standings: createStandingCache(changes) }),
  routes: businessRoutes,
});
