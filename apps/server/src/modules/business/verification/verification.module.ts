import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '../business/business.service';
import type { OnboardingService } from '../onboarding/onboarding.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { verificationRoutes } from './verification.routes';
import { createVerificationService } from './verification.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'> & {
  business: BusinessService;
  onboarding: OnboardingService;
  notifications?: NotificationsService;
};

export const verificationModule = defineModule({
  name: 'verification',
  create: ({ db, clock, audit, mailer, business, onboarding, notifications, config }: Deps) =>
    createVerificationService({ db, clock, audit, mailer, business, onboarding, notifications, publicUrl: config.publicUrl }),
  routes: verificationRoutes,
});
