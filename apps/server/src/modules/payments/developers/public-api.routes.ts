import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type Permission } from '@merchant/core';
import { PUBLIC_API_PATHS } from '@merchant/payments';
import type { RouteHost } from '@/modules/module';
import { PublicApiRefusal, type PublicApiCaller, type PublicApiService } from './public-api.service';

/** The public API's paths, HitPay's own (docs/developers.md, "Paths"). */

const ListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
const RequestParamsSchema = z.object({ request_id: z.string().max(100) });

declare module 'fastify' {
  interface FastifyRequest {
    publicApi?: PublicApiCaller;
  }
}

/** HitPay's error body: `{ message }`, and `errors: { field: [message] }` for invalid input (Laravel's). */
function hitpayError(error: unknown, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PublicApiRefusal) return reply.status(error.status).headers(error.headers).send({ message: error.message });
  if (error instanceof AppError) {
    const errors = error.issues ? Object.fromEntries(error.issues.map((i) => [i.path, [i.message]])) : undefined;
    return reply.status(error.status).send(errors ? { message: error.message, errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const v of error.validation) (errors[v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'input'] ??= []).push(v.message ?? 'Invalid value');
    return reply.status(422).send({ message: 'The given data was invalid.', errors });
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status < 500) return reply.status(status === 400 || status === 415 ? 422 : status).send({ message: 'The request could not be read.' });
  req.log.error({ err: error }, 'public API request failed');
  return reply.status(500).send({ message: 'Server Error' });
}

/**
 * The public API on `api.<BASE_DOMAIN>` only (on any other host these paths do not exist): every request names
 * its key in `X-BUSINESS-API-KEY` and is answered in HitPay's shapes, errors included.
 */
export function publicApiRoutes(host: RouteHost, service: PublicApiService): void {
  const apiHost = `api.${host.config.baseDomain}`;
  const guard = (permission: Permission) => async (req: FastifyRequest) => {
    if (req.hostname.toLowerCase() !== apiHost) throw new AppError('NOT_FOUND', 'Not found.');
    const header = req.headers['x-business-api-key'];
    req.publicApi = await service.authorize(typeof header === 'string' ? header : undefined, req.method, permission);
  };
  const callerOf = (req: FastifyRequest): PublicApiCaller => req.publicApi!;

  void host.app.register(async (api: FastifyInstance) => {
    api.setErrorHandler((error, req, reply) => hitpayError(error, req, reply));
    api.get(PUBLIC_API_PATHS.paymentRequests, { schema: { querystring: ListQuerySchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
      service.listPaymentRequests(callerOf(req), req.query as z.output<typeof ListQuerySchema>),
    );
    api.get(PUBLIC_API_PATHS.paymentRequest, { schema: { params: RequestParamsSchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
      service.getPaymentRequest(callerOf(req), (req.params as z.output<typeof RequestParamsSchema>).request_id),
    );
  });
}
