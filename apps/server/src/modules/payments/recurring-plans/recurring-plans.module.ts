import { defineModule, type Platform } from '@/modules/module';
import { plansRoutes } from './recurring-plans.routes';
import { createPlansService } from './recurring-plans.service';

/** Recurring plans (docs/payments.md, "recurring-plans"). */
export const recurringPlansModule = defineModule({
  name: 'recurringPlans',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createPlansService({ db, clock, audit }),
  routes: plansRoutes,
});
