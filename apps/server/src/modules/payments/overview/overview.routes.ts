import { overviewEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { OverviewService } from './overview.service';

export function overviewRoutes(host: RouteHost, service: OverviewService): void {
  // Built by presenters that write exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(host.app, host, overviewEndpoints.get, async ({ ctx, query }) => service.get(ctx.business, ctx.user.id, query), { presented: true });
  registerEndpoint(host.app, host, overviewEndpoints.onboarding, async ({ ctx }) => service.onboarding(ctx.business));
}
