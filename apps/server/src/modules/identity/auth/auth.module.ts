import type { BusinessService } from '@/modules/business/business/business.service';
import type { PartnersService } from '@/modules/business/partners/partners.service';
import type { ReferralsService } from '@/modules/business/partners/referrals.service';
import type { StaffService } from '@/modules/business/staff/staff.service';
import { defineModule, type Platform } from '@/modules/module';
import type { SessionService } from '../session/session.service';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'limiter' | 'config'> & {
  sessions: SessionService;
  business: BusinessService;
  staff: StaffService;
  partners: PartnersService;
  referrals: ReferralsService;
};

export const authModule = defineModule({
  name: 'auth',
  create: ({ config, ...deps }: Deps) => createAuthService({ ...deps, publicUrl: config.publicUrl }),
  routes: authRoutes,
});
