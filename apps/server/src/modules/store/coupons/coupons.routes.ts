import { couponEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { CouponsService } from './coupons.service';

export function couponsRoutes(host: RouteHost, coupons: CouponsService): void {
  const { app } = host;
  registerEndpoint(app, host, couponEndpoints.list, async ({ ctx, query }) => coupons.list(ctx.business.row.id, query));
  registerEndpoint(app, host, couponEndpoints.get, async ({ ctx, params }) => coupons.get(ctx.business.row.id, params.coupon_id));
  registerEndpoint(app, host, couponEndpoints.create, async ({ ctx, body }) => coupons.create(ctx, body));
  registerEndpoint(app, host, couponEndpoints.update, async ({ ctx, params, body }) => coupons.update(ctx, params.coupon_id, body));
}
