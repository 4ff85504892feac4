import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '@/modules/business/business/business.service';
import { createSessionCache } from './session-cache';
import { createSessionService } from './session.service';

/** Sessions and their cache (fed by the database's change feed); the session loader reads through it. */
export const sessionModule = defineModule({
  name: 'sessions',
  create: ({ db, clock, config, changes, business }: Pick<Platform, 'db' | 'clock' | 'config' | 'changes'> & { business: BusinessService }) =>
    createSessionService({ db, clock, idleMinutes: config.sessionIdleMinutes, cache: createSessionCache(changes), loadHome: business.homeOf }),
});
