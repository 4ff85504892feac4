import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_STATIC_QR_PATHS as P,
  PublicStaticQrBodySchema,
  PublicStaticQrListQuerySchema,
  PublicStaticQrUpdateBodySchema,
  type PublicStaticQrBody,
  type PublicStaticQrUpdateBody,
} from '@merchant/payments';
import { defineModule, type Platform } from '@/modules/module';
import type { StaticQrService } from '@/modules/payments/static-qr-codes/static-qr-codes.service';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicStaticQrPaths } from './public-static-qr.openapi';
import { createPublicStaticQrApi } from './public-static-qr.service';
import { apiOrigin } from './public-transfers.module';

type Deps = Pick<Platform, 'config'> & { publicApi: PublicApiService; staticQrCodes: StaticQrService };
const Params = z.object({ static_qr_id: z.string().max(100) });
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof Params>).static_qr_id;

/** HitPay's static QR codes on the payments section's codes (docs/developers.md, "Public API: money out"). */
export const publicStaticQrApiModule = defineModule({
  name: 'publicStaticQrApi',
  create: ({ config, publicApi, staticQrCodes }: Deps) => ({
    publicApi,
    origin: apiOrigin(config),
    ...createPublicStaticQrApi({ codes: staticQrCodes }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicStaticQrPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      const view = guard('payments:view');
      const write = guard('payments:create');
      api.get(P.staticQrs, { schema: { querystring: PublicStaticQrListQuerySchema, hide: true }, onRequest: view }, async (req) =>
        service.list(caller(req), req.query as z.output<typeof PublicStaticQrListQuerySchema>, service.origin),
      );
      api.post(P.staticQrs, { schema: { body: PublicStaticQrBodySchema, hide: true }, onRequest: write }, async (req, reply) =>
        idempotent('static-qr.create', req, reply, async () =>
          reply.status(201).send(await service.create(caller(req), meta(req), req.body as PublicStaticQrBody)),
        ),
      );
      api.get(P.staticQr, { schema: { params: Params, hide: true }, onRequest: view }, async (req) => service.get(caller(req), idOf(req)));
      api.put(P.staticQr, { schema: { params: Params, body: PublicStaticQrUpdateBodySchema, hide: true }, onRequest: write }, async (req) =>
        service.update(caller(req), meta(req), idOf(req), req.body as PublicStaticQrUpdateBody),
      );
      api.delete(P.staticQr, { schema: { params: Params, hide: true }, onRequest: write }, async (req) => service.remove(caller(req), meta(req), idOf(req)));
    });
  },
});
