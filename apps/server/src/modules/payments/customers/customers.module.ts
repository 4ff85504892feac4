import { defineModule, type Platform } from '@/modules/module';
import { customersRoutes } from './customers.routes';
import { createCustomersService } from './customers.service';

/** Customers of a business; the checkout finds or creates them through `findOrCreateByEmail`. */
export const customersModule = defineModule({
  name: 'customers',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createCustomersService({ db, clock, audit }),
  routes: customersRoutes,
});
