import { join } from 'node:path';
import { createFileStore } from '@/lib/file-store';
import { defineModule, type Platform } from '@/modules/module';
import { onboardingRoutes } from './onboarding.routes';
import { createOnboardingService } from './onboarding.service';

export const onboardingModule = defineModule({
  name: 'onboarding',
  create: ({ db, clock, audit, config }: Pick<Platform, 'db' | 'clock' | 'audit' | 'config'>) =>
    createOnboardingService({ db, clock, audit, files: createFileStore(join(config.dataDir, 'uploads')) }),
  routes: onboardingRoutes,
});
