import { join } from 'node:path';
import { createFileStore } from '@/lib/file-store';
import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '../business/business.service';
import { onboardingRoutes } from './onboarding.routes';
import { createOnboardingService } from './onboarding.service';

export const onboardingModule = defineModule({
  name: 'onboarding',
  create: ({ db, clock, audit, config, business }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'> & { business: BusinessService }) =>
    createOnboardingService({ db, clock, audit, business, files: createFileStore(join(config.dataDir, 'uploads')) }),
  routes: onboardingRoutes,
});
