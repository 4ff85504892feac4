import { Readable } from 'node:stream';
import { beneficiaryEndpoints, transferEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BeneficiariesService } from './beneficiaries.service';
import { assertSendMoneyEnabled } from './send-money.feature';
import type { TransferViewsService } from './transfer-views.service';
import type { TransfersService } from './transfers.service';

export function sendMoneyRoutes(
  host: RouteHost,
  service: { beneficiaries: BeneficiariesService; transfers: TransfersService; views: TransferViewsService },
): void {
  const { app } = host;
  const b = beneficiaryEndpoints;
  const t = transferEndpoints;
  const { beneficiaries, transfers, views } = service;
  const on = (ctx: { business: { row: Parameters<typeof assertSendMoneyEnabled>[0] } }) => assertSendMoneyEnabled(ctx.business.row);

  registerEndpoint(app, host, b.list, async ({ ctx, query }) => {
    on(ctx);
    return beneficiaries.list(ctx.business.row.id, query);
  });
  registerEndpoint(app, host, b.get, async ({ ctx, params }) => {
    on(ctx);
    return beneficiaries.get(ctx.business.row.id, params.beneficiary_id);
  });
  registerEndpoint(app, host, b.create, async ({ ctx, body }) => {
    on(ctx);
    return beneficiaries.create(ctx, body);
  });
  registerEndpoint(app, host, b.update, async ({ ctx, params, body }) => {
    on(ctx);
    return beneficiaries.update(ctx, params.beneficiary_id, body);
  });
  registerEndpoint(app, host, b.remove, async ({ ctx, params }) => {
    on(ctx);
    return beneficiaries.remove(ctx, params.beneficiary_id);
  });

  registerEndpoint(app, host, t.overview, async ({ ctx }) => views.overview(ctx.business.row));
  registerEndpoint(app, host, t.quote, async ({ ctx, body }) => transfers.quote(ctx, body));
  registerEndpoint(app, host, t.create, async ({ ctx, body }) => transfers.create(ctx, body));
  registerEndpoint(app, host, t.list, async ({ ctx, query }) => views.list(ctx.business.row, query));
  registerEndpoint(app, host, t.export, async ({ ctx, query, reply }) => {
    const { filename, lines } = views.exportCsv(ctx.business.row, query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    // Fastify pipes a stream as it is (no serializer runs): the contract's text/csv string, sent in pieces.
    const body: unknown = Readable.from(lines);
    return body as string;
  });
  registerEndpoint(app, host, t.get, async ({ ctx, params }) => views.get(ctx.business.row, params.transfer_id));
  registerEndpoint(app, host, t.approve, async ({ ctx, params }) => transfers.approve(ctx, params.transfer_id));
  registerEndpoint(app, host, t.reject, async ({ ctx, params }) => transfers.reject(ctx, params.transfer_id));
  registerEndpoint(app, host, t.cancel, async ({ ctx, params }) => transfers.cancel(ctx, params.transfer_id));
  registerEndpoint(app, host, t.settings, async ({ ctx }) => views.settings(ctx.business.row));
  registerEndpoint(app, host, t.saveSettings, async ({ ctx, body }) => views.saveSettings(ctx, body.approval_threshold));
}
