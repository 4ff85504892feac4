import type { FastifyRequest } from 'fastify';
import {
  PUBLIC_ORDERS_PATHS,
  PublicOrderBodySchema,
  PublicOrderListQuerySchema,
  PublicOrderParamsSchema,
  type PublicOrderBody,
  type PublicOrderListQuery,
} from '@merchant/catalogue';
import { defineModule } from '@/modules/module';
import type { PosService } from '@/modules/pos/orders/pos.module';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicOrdersPaths } from './public-orders.openapi';
import { createPublicOrdersApi } from './public-orders.service';

type Deps = { publicApi: PublicApiService; pos: PosService };

const idOf = (req: FastifyRequest) => (req.params as { order_id: string }).order_id;
/** The list's own address (Laravel's page links are absolute). */
const listUrl = (req: FastifyRequest) => `${req.protocol}://${req.host}${PUBLIC_ORDERS_PATHS.orders}`;

/**
 * HitPay's orders on the public API (docs/developers.md, "Public API: orders and card readers"): the point of
 * sale's orders, read with `pos:use` as on the orders screen, and its draft orders, made, changed and deleted with `pos:use`.
 */
export const publicOrdersApiModule = defineModule({
  name: 'publicOrdersApi',
  create: ({ publicApi, pos }: Deps) => ({ publicApi, ...createPublicOrdersApi({ orders: pos.orders, drafts: pos.drafts }) }),
  routes: (host, service) => {
    service.publicApi.describe(publicOrdersPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      api.get(PUBLIC_ORDERS_PATHS.orders, { schema: { querystring: PublicOrderListQuerySchema, hide: true }, onRequest: guard('pos:use') }, async (req) =>
        service.listOrders(caller(req), req.query as PublicOrderListQuery, listUrl(req)),
      );
      api.get(PUBLIC_ORDERS_PATHS.order, { schema: { params: PublicOrderParamsSchema, hide: true }, onRequest: guard('pos:use') }, async (req) =>
        service.getOrder(caller(req), idOf(req)),
      );
      api.post(PUBLIC_ORDERS_PATHS.orders, { schema: { body: PublicOrderBodySchema, hide: true }, onRequest: guard('pos:use') }, async (req, reply) =>
        idempotent(
          'orders.create',
          req,
          reply,
          async () => {
            const made = await service.createOrder(caller(req), meta(req), req.body as PublicOrderBody, req.ctx);
            void reply.status(201);
            return made;
          },
          201,
        ),
      );
      api.patch(
        PUBLIC_ORDERS_PATHS.order,
        { schema: { params: PublicOrderParamsSchema, body: PublicOrderBodySchema, hide: true }, onRequest: guard('pos:use') },
        async (req) => service.updateOrder(caller(req), meta(req), idOf(req), req.body as PublicOrderBody),
      );
      api.delete(PUBLIC_ORDERS_PATHS.order, { schema: { params: PublicOrderParamsSchema, hide: true }, onRequest: guard('pos:use') }, async (req, reply) => {
        await service.deleteOrder(caller(req), meta(req), idOf(req));
        return reply.status(204).send();
      });
    });
  },
});
