import { shippingEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { ShippingService } from './shipping.service';

export function shippingRoutes(host: RouteHost, shipping: ShippingService): void {
  const { app } = host;
  registerEndpoint(app, host, shippingEndpoints.listZones, async ({ ctx, query }) => shipping.listZones(ctx.business.row.id, query.q));
  registerEndpoint(app, host, shippingEndpoints.getZone, async ({ ctx, params }) => shipping.getZone(ctx.business.row.id, params.zone_id));
  registerEndpoint(app, host, shippingEndpoints.createZone, async ({ ctx, body }) => shipping.createZone(ctx, body));
  registerEndpoint(app, host, shippingEndpoints.updateZone, async ({ ctx, params, body }) => shipping.updateZone(ctx, params.zone_id, body));
  registerEndpoint(app, host, shippingEndpoints.removeZone, async ({ ctx, params }) => shipping.removeZone(ctx, params.zone_id));
  registerEndpoint(app, host, shippingEndpoints.listPickups, async ({ ctx, query }) => shipping.listPickupsPage(ctx.business.row.id, query));
  registerEndpoint(app, host, shippingEndpoints.getPickup, async ({ ctx, params }) => shipping.getPickup(ctx.business.row.id, params.pickup_id));
  registerEndpoint(app, host, shippingEndpoints.createPickup, async ({ ctx, body }) => shipping.createPickup(ctx, body));
  registerEndpoint(app, host, shippingEndpoints.updatePickup, async ({ ctx, params, body }) => shipping.updatePickup(ctx, params.pickup_id, body));
}
