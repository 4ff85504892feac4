import { defineModule, type Platform } from '@/modules/module';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

export const paymentMethodsModule = defineModule({
  name: 'paymentMethods',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createPaymentMethodsService({ db, clock, audit }),
  routes: paymentMethodsRoutes,
});
