import { referralEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { ReferralsService } from './referrals.service';

export function referralsRoutes(host: RouteHost, referrals: ReferralsService): void {
  const { app } = host;
  registerEndpoint(app, host, referralEndpoints.program, async ({ ctx }) => referrals.program(ctx));
  registerEndpoint(app, host, referralEndpoints.contest, async ({ ctx }) => referrals.contests(ctx));
}
