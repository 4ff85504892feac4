import { planEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PlansService } from './recurring-plans.service';

export function plansRoutes(host: RouteHost, plans: PlansService): void {
  const { app } = host;
  registerEndpoint(app, host, planEndpoints.list, async ({ ctx, query }) => plans.list(ctx, query));
  registerEndpoint(app, host, planEndpoints.get, async ({ ctx, params }) => plans.get(ctx, params.plan_id));
  registerEndpoint(app, host, planEndpoints.create, async ({ ctx, body }) => plans.create(ctx, body));
  registerEndpoint(app, host, planEndpoints.update, async ({ ctx, params, body }) => plans.update(ctx, params.plan_id, body));
  registerEndpoint(app, host, planEndpoints.archive, async ({ ctx, params }) => plans.archive(ctx, params.plan_id));
}
