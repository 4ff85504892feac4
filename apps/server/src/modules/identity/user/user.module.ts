import { defineModule, type Platform } from '../../module';
import type { AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import { userRoutes } from './user.routes';
import { createUserService } from './user.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit'> & { sessions: SessionService; auth: AuthService };

export const userModule = defineModule({
  name: 'users',
  create: ({ db, clock, audit, sessions, auth }: Deps) => createUserService({ db, clock, audit, sessions, auth }),
  routes: userRoutes,
});
