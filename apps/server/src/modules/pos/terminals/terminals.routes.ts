import { registerEndpoints, terminalEndpoints as e } from '@merchant/pos';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { TerminalOrdersService } from './orders.service';
import type { QrPaymentsService } from './qr-payments.service';
import type { ReaderPaymentsService } from './reader-payments.service';
import type { ReadersService } from './readers.service';

export function terminalsRoutes(
  host: RouteHost,
  terminals: { readers: ReadersService; payments: ReaderPaymentsService; orders: TerminalOrdersService; qrPayments: QrPaymentsService },
): void {
  const { app } = host;
  const { readers, payments, orders, qrPayments } = terminals;
  const biz = (ctx: { business: { row: { id: string } } }) => ctx.business.row.id;

  registerEndpoint(app, host, e.listReaders, async ({ ctx }) => readers.list(biz(ctx)));
  registerEndpoint(app, host, e.getReader, async ({ ctx, params }) => payments.detail(biz(ctx), params.reader_id));
  registerEndpoint(app, host, e.simulatePairingCode, async ({ ctx, body }) => readers.simulatePairingCode(ctx, body.model));
  registerEndpoint(app, host, e.pairReader, async ({ ctx, body }) => readers.pair(ctx, body));
  registerEndpoint(app, host, e.updateReader, async ({ ctx, params, body }) => readers.update(ctx, params.reader_id, body));
  registerEndpoint(app, host, e.unpairReader, async ({ ctx, params }) => readers.unpair(ctx, params.reader_id));
  registerEndpoint(app, host, e.heartbeat, async ({ ctx, params }) => readers.heartbeat(ctx, params.reader_id));
  registerEndpoint(app, host, e.simulateConnection, async ({ ctx, params, body }) => readers.simulateConnection(ctx, params.reader_id, body.connection));
  registerEndpoint(app, host, e.collectPayment, async ({ ctx, params, body }) => payments.collect(ctx, params.reader_id, body));
  registerEndpoint(app, host, e.enterPin, async ({ ctx, params }) => payments.enterPin(ctx, params.reader_id, params.payment_id));
  registerEndpoint(app, host, e.cancelPayment, async ({ ctx, params }) => payments.cancel(ctx, params.reader_id, params.payment_id));

  registerEndpoint(app, host, registerEndpoints.startQrPayment, async ({ ctx, body }) => qrPayments.start(ctx, body.amount));
  registerEndpoint(app, host, registerEndpoints.getQrPayment, async ({ ctx, params }) => qrPayments.get(biz(ctx), params.payment_id));
  registerEndpoint(app, host, registerEndpoints.simulateQrScan, async ({ ctx, params }) => qrPayments.simulateScan(ctx, params.payment_id));

  registerEndpoint(app, host, e.listOrders, async ({ ctx, query }) => orders.list(biz(ctx), query));
  registerEndpoint(app, host, e.getOrder, async ({ ctx, params }) => orders.get(biz(ctx), params.terminal_order_id));
  registerEndpoint(app, host, e.createOrder, async ({ ctx, body }) => orders.create(ctx, body));
  registerEndpoint(app, host, e.cancelOrder, async ({ ctx, params }) => orders.cancel(ctx, params.terminal_order_id));
  registerEndpoint(app, host, e.advanceOrder, async ({ ctx, params, body }) => orders.advance(ctx, params.terminal_order_id, body));
}
