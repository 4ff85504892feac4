import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC_API_PATHS, PublicPaymentRequestBodySchema, type PublicPaymentRequestBody } from '@merchant/payments';
import type { RouteHost } from '@/modules/module';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';

/** The public API's paths, HitPay's own (docs/developers.md, "Paths"). */

const ListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
const RequestParamsSchema = z.object({ request_id: z.string().max(100) });

/**
 * The public API's own document on the API host, and HitPay's payment requests (the other resources register their
 * routes in their own files, through the same scope: public-api.scope.ts).
 */
export function publicApiRoutes(host: RouteHost, service: PublicApiService): void {
  // The public API's own document on the API host (the dashboard's `/openapi.json` answers on every other host);
  // built at its first request, once every resource has described its paths.
  const apiHost = `api.${host.config.baseDomain}`;
  const escaped = apiHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let document: Record<string, unknown> | undefined;
  host.app.get('/openapi.json', { constraints: { host: new RegExp(`^${escaped}(:\\d+)?$`, 'i') }, schema: { hide: true } }, async () => {
    document ??= service.openApiDocument();
    return document;
  });

  // The requests counted in memory reach the shared counts before the database closes (server.ts closes the app first).
  host.app.addHook('onClose', async () => service.shareCounts());
  const bodyOf = (req: FastifyRequest) => req.body as PublicPaymentRequestBody;
  const idOf = (req: FastifyRequest) => (req.params as z.output<typeof RequestParamsSchema>).request_id;
  publicApiScope(host, service, ({ api, guard, caller, meta, idempotent }) => {
    api.post(
      PUBLIC_API_PATHS.paymentRequests,
      { schema: { body: PublicPaymentRequestBodySchema, hide: true }, onRequest: guard('payments:create', { platform: true }) },
      async (req, reply) => idempotent('payment-requests.create', req, reply, () => service.createPaymentRequest(caller(req), meta(req), bodyOf(req))),
    );
    api.put(
      PUBLIC_API_PATHS.paymentRequest,
      { schema: { params: RequestParamsSchema, body: PublicPaymentRequestBodySchema, hide: true }, onRequest: guard('payments:create') },
      async (req) => service.updatePaymentRequest(caller(req), meta(req), idOf(req), bodyOf(req)),
    );
    api.delete(PUBLIC_API_PATHS.paymentRequest, { schema: { params: RequestParamsSchema, hide: true }, onRequest: guard('payments:create') }, async (req) =>
      service.deletePaymentRequest(caller(req), meta(req), idOf(req)),
    );
    api.get(PUBLIC_API_PATHS.paymentRequests, { schema: { querystring: ListQuerySchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
      service.listPaymentRequests(caller(req), req.query as z.output<typeof ListQuerySchema>),
    );
    api.get(
      PUBLIC_API_PATHS.paymentRequest,
      { schema: { params: RequestParamsSchema, hide: true }, onRequest: guard('payments:view', { platform: true }) },
      async (req) => service.getPaymentRequest(caller(req), idOf(req)),
    );
  });
}
