import type { AuthService } from '@/modules/identity/auth/auth.service';
import { defineModule, type Platform } from '@/modules/module';
import type { ApiKeysService } from './api-keys.service';
import { integrationsRoutes } from './integrations.routes';
import { createIntegrationsService } from './integrations.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'config'> & { auth: AuthService; apiKeys: ApiKeysService };

/** Plugin integrations: a named e-commerce integration with its own key, salt and callback URL (docs/developers.md). */
export const integrationsModule = defineModule({
  name: 'integrations',
  create: ({ db, clock, audit, config, auth, apiKeys }: Deps) => createIntegrationsService({ db, clock, audit, auth, apiKeys, config }),
  routes: integrationsRoutes,
});
