import { defineModule, type Platform } from '@/modules/module';
import { businessRoutes } from './business.routes';
import { createBusinessService } from './business.service';
import { createStandingCache } from './standing-cache';
import type { Processor } from '@/modules/payments/processor/processor.module';

export const businessModule = defineModule({
  name: 'business',
  create: ({ db, clock, audit, config, changes, processor }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config' | 'changes'> & { processor: Processor }) =>
    createBusinessService({
      db,
      clock,
      audit,
      baseDomain: config.baseDomain,
      standings: createStandingCache(changes),
      testMode: () => processor.testMode(),
    }),
  routes: businessRoutes,
});
