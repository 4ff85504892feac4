import { defineModule, type Platform } from '../../module';
import { loadUserHome } from '../user/user.presenter';
import { createSessionCache } from './session-cache';
import { createSessionService } from './session.service';

/** Sessions and their cache (fed by the database's change feed); the session loader reads through it. */
export const sessionModule = defineModule({
  name: 'sessions',
  create: ({ db, clock, config, changes }: Pick<Platform, 'db' | 'clock' | 'config' | 'changes'>) =>
    createSessionService({ db, clock, idleMinutes: config.sessionIdleMinutes, cache: createSessionCache(changes), loadHome: loadUserHome }),
});
