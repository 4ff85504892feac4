import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_CHARGES_PATHS as P,
  PublicBalanceExportQuerySchema,
  PublicBalanceTransactionsQuerySchema,
  PublicChargesExportQuerySchema,
  PublicChargesQuerySchema,
  PublicReceiptPrintBodySchema,
  PublicRefundBodySchema,
  type PublicBalanceTransactionsQuery,
  type PublicChargesExportQuery,
  type PublicChargesQuery,
  type PublicRefundBody,
} from '@merchant/payments';
import { defineModule, type Platform } from '@/modules/module';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { BalancesService } from '@/modules/payments/balances/balances.service';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { TransactionsService } from '@/modules/payments/transactions/transactions.service';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicChargesPaths } from './public-charges.openapi';
import { createPublicChargesApi } from './public-charges.service';

type Deps = Pick<Platform, 'db' | 'config' | 'mailer'> & {
  publicApi: PublicApiService;
  charges: ChargesService;
  transactions: TransactionsService;
  balances: BalancesService;
  staff: StaffService;
};

const ChargeParams = z.object({ charge_id: z.string().max(100) });
const RefundParams = z.object({ refund_id: z.string().max(100) });
const ProviderParams = z.object({ balance_provider: z.string().max(50) });

const params = <T>(req: FastifyRequest) => req.params as T;

/** HitPay's charges, refunds and balances in the public API (docs/developers.md, "Public API: charges, refunds, balances"). */
export const publicChargesApiModule = defineModule({
  name: 'publicChargesApi',
  create: ({ db, config, mailer, publicApi, charges, transactions, balances, staff }: Deps) => {
    const origin = new URL(config.publicUrl);
    origin.hostname = `api.${config.baseDomain}`;
    return { publicApi, ...createPublicChargesApi({ db, mailer, charges, transactions, balances, staff, apiOrigin: origin.origin }) };
  },
  routes: (host, service) => {
    service.publicApi.describe(publicChargesPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      api.get(P.charges, { schema: { querystring: PublicChargesQuerySchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
        service.listCharges(caller(req), req.query as PublicChargesQuery, rawQuery(req)),
      );
      api.get(
        P.chargesExport,
        { schema: { querystring: PublicChargesExportQuerySchema, hide: true }, onRequest: guard('payments:view') },
        async (req, reply) => {
          const { filename, lines } = service.exportCharges(caller(req), req.query as PublicChargesExportQuery);
          reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
          return reply.send(Readable.from(lines));
        },
      );
      api.get(P.charge, { schema: { params: ChargeParams, hide: true }, onRequest: guard('payments:view') }, async (req) =>
        service.getCharge(caller(req), params<z.output<typeof ChargeParams>>(req).charge_id),
      );
      api.post(
        P.chargeReceiptPrint,
        { schema: { params: ChargeParams, body: PublicReceiptPrintBodySchema, hide: true }, onRequest: guard('payments:view') },
        async (req, reply) =>
          idempotent('charges.print-receipt', req, reply, () => service.printReceipt(caller(req), params<z.output<typeof ChargeParams>>(req).charge_id)),
      );
      api.post(P.refunds, { schema: { body: PublicRefundBodySchema, hide: true }, onRequest: guard('payments:refund') }, async (req, reply) =>
        idempotent('refund.create', req, reply, () => service.refund(caller(req), meta(req), req.body as PublicRefundBody, req.ctx.idempotency)),
      );
      api.get(P.refund, { schema: { params: RefundParams, hide: true }, onRequest: guard('payments:view') }, async (req) =>
        service.getRefund(caller(req), params<z.output<typeof RefundParams>>(req).refund_id),
      );
      api.get(P.balances, { schema: { hide: true }, onRequest: guard('wallets:manage') }, async (req) => service.balances(caller(req)));
      api.get(
        P.balanceTransactions,
        { schema: { params: ProviderParams, querystring: PublicBalanceTransactionsQuerySchema, hide: true }, onRequest: guard('wallets:manage') },
        async (req) =>
          service.balanceTransactions(caller(req), params<z.output<typeof ProviderParams>>(req).balance_provider, req.query as PublicBalanceTransactionsQuery),
      );
      api.post(
        P.balanceTransactionsExport,
        { schema: { params: ProviderParams, querystring: PublicBalanceExportQuerySchema, hide: true }, onRequest: guard('wallets:manage') },
        async (req, reply) =>
          idempotent('balances.export-transactions', req, reply, () =>
            service.exportBalanceTransactions(caller(req), params<z.output<typeof ProviderParams>>(req).balance_provider, req.query as Record<string, string>),
          ),
      );
    });
  },
});

/** The query as the client sent it (before validation), for the next page's link. */
function rawQuery(req: FastifyRequest): Record<string, unknown> {
  const url = new URL(req.url, 'http://x');
  const out: Record<string, unknown> = {};
  for (const [name, value] of url.searchParams) {
    const current = out[name];
    out[name] = current === undefined ? value : [...(Array.isArray(current) ? current : [current]), value];
  }
  return out;
}
