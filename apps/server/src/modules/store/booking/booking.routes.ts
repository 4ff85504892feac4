import { bookingEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BookingModuleService } from './booking.service';

export function bookingRoutes(host: RouteHost, booking: BookingModuleService): void {
  const { app } = host;
  registerEndpoint(app, host, bookingEndpoints.listServices, async ({ ctx }) => booking.listServices(ctx));
  registerEndpoint(app, host, bookingEndpoints.createService, async ({ ctx, body }) => booking.createService(ctx, body));
  registerEndpoint(app, host, bookingEndpoints.updateService, async ({ ctx, params, body }) => booking.updateService(ctx, params.service_id, body));
  registerEndpoint(app, host, bookingEndpoints.slots, async ({ ctx, params, query }) => ({
    data: await booking.slots(ctx.business.row.id, params.service_id, query.from, query.to),
  }));
  registerEndpoint(app, host, bookingEndpoints.listStaff, async ({ ctx }) => booking.listStaff(ctx));
  registerEndpoint(app, host, bookingEndpoints.setHours, async ({ ctx, params, body }) => booking.setHours(ctx, params.staff_id, body));
  registerEndpoint(app, host, bookingEndpoints.addTimeOff, async ({ ctx, params, body }) => booking.addTimeOff(ctx, params.staff_id, body));
  registerEndpoint(app, host, bookingEndpoints.removeTimeOff, async ({ ctx, params }) => booking.removeTimeOff(ctx, params.staff_id, params.time_off_id));
  registerEndpoint(app, host, bookingEndpoints.listBookings, async ({ ctx, query }) => booking.listBookings(ctx, query));
  registerEndpoint(app, host, bookingEndpoints.cancelBooking, async ({ ctx, params }) => booking.cancelBooking(ctx, params.booking_id));
}
