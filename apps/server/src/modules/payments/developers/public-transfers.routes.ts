import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_TRANSFERS_PATHS as P,
  PublicBeneficiaryBodySchema,
  PublicBeneficiaryListQuerySchema,
  PublicBeneficiarySchemaBodySchema,
  PublicBeneficiaryUpdateBodySchema,
  PublicEstimateBodySchema,
  PublicTransferBodySchema,
  PublicTransferListQuerySchema,
} from '@merchant/payments';
import { AppError } from '@merchant/core';
import type { RouteHost } from '@/modules/module';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import type { PublicTransfersApi } from './public-transfers.service';

const BeneficiaryParams = z.object({ beneficiary_id: z.string().max(100) });
const TransferParams = z.object({ transfer_id: z.string().max(100) });
const AnyParams = z.object({}).catchall(z.string().max(100));
/** A made transfer's answer, stored with its Idempotency-Key in the transfer's own transaction. */

/** What the product does not have (docs/developers.md, "Public API: money out"): HitPay's 404 with the reason. */
export const NO_VIRTUAL_ACCOUNTS = 'Virtual accounts are not available: this product has no virtual bank accounts to collect into.';
export const NO_REMITTERS = 'Remitters are not available: transfers here are local and sent from the business itself, with no remitter.';

/**
 * HitPay's beneficiaries, transfers, and the 404s of virtual accounts and remitters, on the public API's scope (its
 * errors, JSON and form bodies, the key's guard, Idempotency-Key on every POST). Send money's permission
 * `transfers:manage` guards every operation of send money, reads included, as on the dashboard.
 */
export function publicTransfersRoutes(host: RouteHost, publicApi: Pick<PublicApiService, 'authorize' | 'logCall'>, service: PublicTransfersApi): void {
  const beneficiaryId = (req: FastifyRequest) => (req.params as z.output<typeof BeneficiaryParams>).beneficiary_id;
  const transferId = (req: FastifyRequest) => (req.params as z.output<typeof TransferParams>).transfer_id;
  publicApiScope(host, publicApi, ({ api, guard, caller, meta, idempotent }) => {
    const manage = guard('transfers:manage');
    api.post(P.beneficiarySchema, { schema: { body: PublicBeneficiarySchemaBodySchema, hide: true }, onRequest: manage }, async (req, reply) =>
      idempotent('beneficiaries.schema', req, reply, async () =>
        service.beneficiaryFields(caller(req), req.body as z.output<typeof PublicBeneficiarySchemaBodySchema>),
      ),
    );
    api.post(P.beneficiaries, { schema: { body: PublicBeneficiaryBodySchema, hide: true }, onRequest: manage }, async (req, reply) =>
      idempotent('beneficiaries.create', req, reply, async () => {
        const made = await service.createBeneficiary(caller(req), meta(req), req.body as z.output<typeof PublicBeneficiaryBodySchema>);
        return reply.status(201).send(made);
      }),
    );
    api.get(P.beneficiaries, { schema: { querystring: PublicBeneficiaryListQuerySchema, hide: true }, onRequest: manage }, async (req) =>
      service.listBeneficiaries(caller(req), req.query as z.output<typeof PublicBeneficiaryListQuerySchema>),
    );
    api.get(P.beneficiary, { schema: { params: BeneficiaryParams, hide: true }, onRequest: manage }, async (req) =>
      service.getBeneficiary(caller(req), beneficiaryId(req)),
    );
    api.patch(P.beneficiary, { schema: { params: BeneficiaryParams, body: PublicBeneficiaryUpdateBodySchema, hide: true }, onRequest: manage }, async (req) =>
      service.updateBeneficiary(caller(req), meta(req), beneficiaryId(req), req.body as z.output<typeof PublicBeneficiaryUpdateBodySchema>),
    );
    api.delete(P.beneficiary, { schema: { params: BeneficiaryParams, hide: true }, onRequest: manage }, async (req, reply) => {
      await service.deleteBeneficiary(caller(req), meta(req), beneficiaryId(req));
      return reply.status(204).send();
    });

    api.post(P.estimate, { schema: { body: PublicEstimateBodySchema, hide: true }, onRequest: manage }, async (req, reply) =>
      idempotent('transfers.estimate', req, reply, async () => service.estimate(caller(req), meta(req), req.body as z.output<typeof PublicEstimateBodySchema>)),
    );
    // The answer is stored in the transaction that moves the money (`req.ctx.idempotency`, as a 201): a process that
    // dies after that commit leaves the answer for the retry to replay, never a second transfer.
    api.post(P.transfers, { schema: { body: PublicTransferBodySchema, hide: true }, onRequest: manage }, async (req, reply) =>
      idempotent(
        'transfers.create',
        req,
        reply,
        async () => {
          const made = await service.createTransfer(caller(req), meta(req), req.body as z.output<typeof PublicTransferBodySchema>, req.ctx.idempotency);
          return reply.status(201).send(made);
        },
        201,
      ),
    );
    api.get(P.transfers, { schema: { querystring: PublicTransferListQuerySchema, hide: true }, onRequest: manage }, async (req) =>
      service.listTransfers(caller(req), req.query as z.output<typeof PublicTransferListQuerySchema>),
    );
    api.get(P.transfer, { schema: { params: TransferParams, hide: true }, onRequest: manage }, async (req) =>
      service.getTransfer(caller(req), transferId(req)),
    );

    // Capabilities the product lacks: authenticated and permission-checked like the rest, then HitPay's 404.
    const absent = (message: string) => async () => {
      throw new AppError('NOT_FOUND', message);
    };
    const payments = guard('payments:view');
    api.get(P.virtualAccounts, { schema: { hide: true }, onRequest: payments }, absent(NO_VIRTUAL_ACCOUNTS));
    api.post(P.virtualAccounts, { schema: { hide: true }, onRequest: guard('payments:create') }, absent(NO_VIRTUAL_ACCOUNTS));
    api.get(P.virtualAccount, { schema: { params: AnyParams, hide: true }, onRequest: payments }, absent(NO_VIRTUAL_ACCOUNTS));
    api.get(P.remitters, { schema: { hide: true }, onRequest: manage }, absent(NO_REMITTERS));
    api.post(P.remitters, { schema: { hide: true }, onRequest: manage }, absent(NO_REMITTERS));
    api.get(P.remitter, { schema: { params: AnyParams, hide: true }, onRequest: manage }, absent(NO_REMITTERS));
    api.delete(P.remitter, { schema: { params: AnyParams, hide: true }, onRequest: manage }, absent(NO_REMITTERS));
  });
}
