import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type Permission } from '@merchant/core';
import { PUBLIC_API_PATHS, PublicPaymentRequestBodySchema, type PublicPaymentRequestBody } from '@merchant/payments';
import type { AnswerFormat } from '@/http/idempotency';
import { sendReplay } from '@/http/idempotency';
import type { RouteHost } from '@/modules/module';
import { PublicApiRefusal, type PublicApiCaller, type PublicApiService } from './public-api.service';

/** The public API's paths, HitPay's own (docs/developers.md, "Paths"). */

const ListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
const RequestParamsSchema = z.object({ request_id: z.string().max(100) });

/** The public API's POSTs take an Idempotency-Key (beyond HitPay: the dashboard's stored-answer layer). */
const CREATE_REQUEST = { id: 'public.payment-requests.create', idempotent: true } as const;
const JSON_ANSWER: AnswerFormat = { status: 200, serialize: (answer) => JSON.stringify(answer) };

/**
 * A form body as Laravel reads it: `a[]=x&a[]=y` is the list `a`, `a[b]=x` the object `a` (one level), and a
 * repeated plain name keeps its last value.
 */
export function formToObject(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const list = /^(.+)\[\]$/.exec(name);
    const member = /^(.+)\[([^\]]+)\]$/.exec(name);
    if (list) {
      const current = out[list[1]!];
      out[list[1]!] = Array.isArray(current) ? [...(current as unknown[]), value] : [value];
    } else if (member) {
      const current = out[member[1]!];
      out[member[1]!] = { ...(current && typeof current === 'object' && !Array.isArray(current) ? current : {}), [member[2]!]: value };
    } else out[name] = value;
  }
  return out;
}

/** A zod message for a missing field, as Laravel words it. */
const laravel = (field: string, message: string) =>
  /received undefined|^Required$/.test(message) ? `The ${field.replaceAll('_', ' ')} field is required.` : message;

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
    return reply.status(error.status).send(errors ? { message: 'The given data was invalid.', errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'input';
      (errors[field] ??= []).push(laravel(field, v.message ?? 'Invalid value'));
    }
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

  const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  const bodyOf = (req: FastifyRequest) => req.body as PublicPaymentRequestBody;
  const idOf = (req: FastifyRequest) => (req.params as z.output<typeof RequestParamsSchema>).request_id;

  // The public API's own document on the API host (the dashboard's `/openapi.json` answers on every other host).
  const document = service.openApiDocument();
  const escaped = apiHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  host.app.get('/openapi.json', { constraints: { host: new RegExp(`^${escaped}(:\\d+)?$`, 'i') }, schema: { hide: true } }, async () => document);

  void host.app.register(async (api: FastifyInstance) => {
    api.setErrorHandler((error, req, reply) => hitpayError(error, req, reply));
    // HitPay's clients send JSON or a form; both are read into the same object.
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, formToObject(body as string));
    });
    api.addHook('onSend', async (req, reply, payload) => host.idempotency.finish(req, reply, payload));
    api.post(
      PUBLIC_API_PATHS.paymentRequests,
      { schema: { body: PublicPaymentRequestBodySchema, hide: true }, onRequest: guard('payments:create') },
      async (req, reply) => {
        const caller = callerOf(req);
        const start = await host.idempotency.start(CREATE_REQUEST, req, JSON_ANSWER, `public-api:business:${caller.business.row.id}`);
        if (start.kind === 'replay') return sendReplay(reply, start);
        return service.createPaymentRequest(caller, meta(req), bodyOf(req));
      },
    );
    api.put(
      PUBLIC_API_PATHS.paymentRequest,
      { schema: { params: RequestParamsSchema, body: PublicPaymentRequestBodySchema, hide: true }, onRequest: guard('payments:create') },
      async (req) => service.updatePaymentRequest(callerOf(req), meta(req), idOf(req), bodyOf(req)),
    );
    api.delete(PUBLIC_API_PATHS.paymentRequest, { schema: { params: RequestParamsSchema, hide: true }, onRequest: guard('payments:create') }, async (req) =>
      service.deletePaymentRequest(callerOf(req), meta(req), idOf(req)),
    );
    api.get(PUBLIC_API_PATHS.paymentRequests, { schema: { querystring: ListQuerySchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
      service.listPaymentRequests(callerOf(req), req.query as z.output<typeof ListQuerySchema>),
    );
    api.get(PUBLIC_API_PATHS.paymentRequest, { schema: { params: RequestParamsSchema, hide: true }, onRequest: guard('payments:view') }, async (req) =>
      service.getPaymentRequest(callerOf(req), (req.params as z.output<typeof RequestParamsSchema>).request_id),
    );
  });
}
