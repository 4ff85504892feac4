import type { BusinessService } from '../business/business.service';
import { defineModule, type Platform } from '@/modules/module';
import { businessDetailsRoutes } from './business-details.routes';
import { createBusinessDetailsService } from './business-details.service';

export const businessDetailsModule = defineModule({
  name: 'businessDetails',
  create: ({ db, clock, audit, business }: Pick<Platform, 'db' | 'clock' | 'audit'> & { business: BusinessService }) =>
    createBusinessDetailsService({ db, clock, audit, business }),
  routes: businessDetailsRoutes,
});
