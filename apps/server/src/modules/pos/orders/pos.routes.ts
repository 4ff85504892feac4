import { ORDERS_EXPORT_MAX_ROWS, drawerEndpoints, posOrderEndpoints, posPinEndpoints } from '@merchant/catalogue';
import { registerDraftEndpoints, registerEndpoints } from '@merchant/pos';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { DevicesService } from './devices.service';
import type { DrawersService } from './drawers.service';
import type { RegisterDraftsService } from './register-drafts.service';
import type { ReceiptsService } from './receipts.service';
import type { OrdersService } from './orders.service';
import type { PinsService } from './pins.service';
import type { SalesService } from './sales.service';

export function posRoutes(
  host: RouteHost,
  pos: {
    drawers: DrawersService;
    sales: SalesService;
    orders: OrdersService;
    pins: PinsService;
    receipts: ReceiptsService;
    devices: DevicesService;
    registerDrafts: RegisterDraftsService;
  },
): void {
  const { app } = host;
  const { drawers, sales, orders, pins, receipts, devices, registerDrafts } = pos;

  registerEndpoint(app, host, drawerEndpoints.current, async ({ ctx }) => drawers.current(ctx));
  registerEndpoint(app, host, drawerEndpoints.list, async ({ ctx, query }) => drawers.list(ctx, query));
  registerEndpoint(app, host, drawerEndpoints.get, async ({ ctx, params }) => drawers.get(ctx, params.drawer_id));
  registerEndpoint(app, host, drawerEndpoints.open, async ({ ctx, body }) => drawers.open(ctx, body));
  registerEndpoint(app, host, drawerEndpoints.payIn, async ({ ctx, params, body }) => drawers.payIn(ctx, params.drawer_id, body));
  registerEndpoint(app, host, drawerEndpoints.payOut, async ({ ctx, params, body }) => drawers.payOut(ctx, params.drawer_id, body));
  registerEndpoint(app, host, drawerEndpoints.close, async ({ ctx, params, body }) => drawers.close(ctx, params.drawer_id, body));

  // The order's answer is built by its presenter (order-view.ts), which writes exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(app, host, posOrderEndpoints.createSale, async ({ ctx, body }) => sales.createSale(ctx, body), { presented: true });
  registerEndpoint(app, host, posOrderEndpoints.pricing, async ({ ctx, query }) => sales.pricingContext(ctx, query.location_id));
  // Built by a presenter that writes exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(app, host, posOrderEndpoints.list, async ({ ctx, query }) => orders.list(ctx, query), { presented: true });
  registerEndpoint(app, host, posOrderEndpoints.export, async ({ ctx, query, reply }) => {
    const { csv, filename, truncated } = await orders.exportCsv(ctx, query);
    // A text/csv string is sent as it is (the JSON serializer only handles JSON answers).
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-export-row-limit', String(ORDERS_EXPORT_MAX_ROWS))
      .header('x-export-truncated', String(truncated));
    return csv;
  });
  registerEndpoint(app, host, posOrderEndpoints.get, async ({ ctx, params }) => orders.get(ctx, params.order_id), { presented: true });
  registerEndpoint(app, host, posOrderEndpoints.refund, async ({ ctx, params, body }) => orders.refund(ctx, params.order_id, body));
  registerEndpoint(app, host, posOrderEndpoints.mailReceipt, async ({ ctx, params, body }) => receipts.mail(ctx, params.order_id, body));
  registerEndpoint(app, host, registerEndpoints.registerDevice, async ({ ctx, body }) => devices.register(ctx, body));
  registerEndpoint(app, host, registerEndpoints.listDevices, async ({ ctx }) => devices.list(ctx));
  registerEndpoint(app, host, registerEndpoints.setOfflineAllowance, async ({ ctx, params, body }) =>
    devices.setOfflineAllowance(ctx, params.device_id, body.allowed),
  );
  registerEndpoint(app, host, registerEndpoints.renameDevice, async ({ ctx, params, body }) => devices.rename(ctx, params.device_id, body.name));
  registerEndpoint(app, host, registerEndpoints.forgetDevice, async ({ ctx, params }) => devices.forget(ctx, params.device_id));
  registerEndpoint(app, host, registerDraftEndpoints.list, async ({ ctx, query }) => registerDrafts.list(ctx, query.location_id));
  registerEndpoint(app, host, registerDraftEndpoints.save, async ({ ctx, body }) => registerDrafts.save(ctx, body));
  registerEndpoint(app, host, registerDraftEndpoints.update, async ({ ctx, params, body }) => registerDrafts.update(ctx, params.draft_id, body));
  registerEndpoint(app, host, registerDraftEndpoints.remove, async ({ ctx, params }) => registerDrafts.remove(ctx, params.draft_id));
  registerEndpoint(app, host, posOrderEndpoints.overrideManagers, async ({ ctx }) => pins.overrideManagers(ctx));
  registerEndpoint(app, host, posOrderEndpoints.orderForm, async ({ ctx }) => orders.orderForm(ctx));
  registerEndpoint(app, host, posOrderEndpoints.saveOrderForm, async ({ ctx, body }) => orders.saveOrderForm(ctx, body));

  registerEndpoint(app, host, posPinEndpoints.status, async ({ ctx }) => pins.status(ctx));
  registerEndpoint(app, host, posPinEndpoints.save, async ({ ctx, body }) => pins.save(ctx, body.pin));
}
