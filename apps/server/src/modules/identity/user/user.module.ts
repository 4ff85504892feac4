import type { BusinessService } from '@/modules/business/business/business.service';
import type { StaffService } from '@/modules/business/staff/staff.service';
import { defineModule, type Platform } from '@/modules/module';
import type { AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import { userRoutes } from './user.routes';
import { createUserService } from './user.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit'> & { sessions: SessionService; auth: AuthService; business: BusinessService; staff: StaffService };

export const userModule = defineModule({
  name: 'users',
  create: ({ db, clock, audit, sessions, auth, business, staff }: Deps) => createUserService({ db, clock, audit, sessions, auth, business, staff }),
  routes: userRoutes,
});
