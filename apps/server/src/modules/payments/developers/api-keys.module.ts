import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import { defineModule, type Platform } from '@/modules/module';
import { createApiKeyCache } from './api-key-cache';
import { apiKeysRoutes } from './api-keys.routes';
import { createApiKeysService } from './api-keys.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'changes'> & { auth: AuthService; staff: StaffService };

/** The public API's keys: made, rotated and revoked with the password or a two-factor code, audited and mailed to the owners. */
export const apiKeysModule = defineModule({
  name: 'apiKeys',
  create: ({ db, clock, audit, mailer, changes, auth, staff }: Deps) =>
    createApiKeysService({ db, clock, audit, mailer, auth, staff, cache: createApiKeyCache(changes) }),
  routes: apiKeysRoutes,
});
