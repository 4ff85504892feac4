import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '../business/business.service';
import { staffRoutes } from './staff.routes';
import { createStaffService } from './staff.service';

export const staffModule = defineModule({
  name: 'staff',
  create: ({ db, clock, audit, mailer, config, business }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'> & { business: BusinessService }) =>
    createStaffService({ db, clock, audit, mailer, business, publicUrl: config.publicUrl }),
  routes: staffRoutes,
});
