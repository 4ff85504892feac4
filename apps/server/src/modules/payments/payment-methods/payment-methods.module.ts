import { defineModule, type Platform } from '@/modules/module';
import type { BusinessService } from '@/modules/business/business/business.service';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

export const paymentMethodsModule = defineModule({
  name: 'paymentMethods',
  create: ({ db, clock, audit, business }: Pick<Platform, 'db' | 'clock' | 'audit'> & { business: BusinessService }) =>
    createPaymentMethodsService({ db, clock, audit, business }),
  routes: paymentMethodsRoutes,
});
