import type { FastifyRequest } from 'fastify';
import { PUBLIC_READERS_PATHS, PublicReaderCancelBodySchema, PublicReaderListQuerySchema, type PublicReaderListQuery } from '@merchant/pos';
import { defineModule } from '@/modules/module';
import type { TerminalsService } from '@/modules/pos/terminals/terminals.module';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicReadersPaths } from './public-readers.openapi';
import { createPublicReadersApi } from './public-readers.service';

type Deps = { publicApi: PublicApiService; terminals: TerminalsService };

const listUrl = (req: FastifyRequest) => `${req.protocol}://${req.host}${PUBLIC_READERS_PATHS.readers}`;

/**
 * HitPay's card readers on the public API (docs/developers.md, "Public API: orders and card readers"): the paired
 * readers and the cancel of a reader's waiting payment, each with `pos:use` as at the register.
 */
export const publicReadersApiModule = defineModule({
  name: 'publicReadersApi',
  create: ({ publicApi, terminals }: Deps) => ({ publicApi, ...createPublicReadersApi({ terminals }) }),
  routes: (host, service) => {
    service.publicApi.describe(publicReadersPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      api.get(PUBLIC_READERS_PATHS.readers, { schema: { querystring: PublicReaderListQuerySchema, hide: true }, onRequest: guard('pos:use') }, async (req) =>
        service.listReaders(caller(req), req.query as PublicReaderListQuery, listUrl(req)),
      );
      api.post(PUBLIC_READERS_PATHS.cancel, { schema: { body: PublicReaderCancelBodySchema, hide: true }, onRequest: guard('pos:use') }, async (req, reply) =>
        idempotent('readers.cancel', req, reply, async () => {
          await service.cancelReader(caller(req), meta(req), (req.body as { reader_id: string }).reader_id);
          return reply.status(204).send();
        }),
      );
    });
  },
});
