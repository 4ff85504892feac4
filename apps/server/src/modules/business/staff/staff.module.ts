import { defineModule, type Platform } from '../../module';
import { staffRoutes } from './staff.routes';
import { createStaffService } from './staff.service';

export const staffModule = defineModule({
  name: 'staff',
  create: ({ db, clock, audit, mailer, config }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'>) =>
    createStaffService({ db, clock, audit, mailer, publicUrl: config.publicUrl }),
  routes: staffRoutes,
});
