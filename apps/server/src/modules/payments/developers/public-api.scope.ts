import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type Permission } from '@merchant/core';
import type { RequestMeta } from '@/http/context';
import type { AnswerFormat } from '@/http/idempotency';
import { sendReplay } from '@/http/idempotency';
import type { RouteHost } from '@/modules/module';
import { LINKED_BUSINESS_HEADER, PublicApiRefusal, type PublicApiCaller, type PublicApiService } from './public-api.service';

/**
 * A form body as Laravel (PHP) reads it: `a[]=x&a[]=y` is the list `a`, `a[b]=x` the object `a`, to any depth
 * (`products[0][quantity]=2` is `products: [{ quantity: '2' }]`: an object whose keys are all indexes is a list);
 * a repeated plain name keeps its last value.
 */
export function formToObject(body: string): Record<string, unknown> {
  // Objects without a prototype while they are filled: a name such as `a[__proto__][x]` is a plain key.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name);
    const keys = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)] : [name];
    let node: Record<string, unknown> = out;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      // `a[]` appends: its index is the next one.
      const at = key === '' ? String(Object.keys(node).length) : key;
      if (last) node[at] = value;
      else {
        const next = node[at];
        node = node[at] = next && typeof next === 'object' ? (next as Record<string, unknown>) : (Object.create(null) as Record<string, unknown>);
      }
    });
  }
  return listsOf(out) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 as lists, all the way down (PHP's arrays). */
function listsOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, listsOf(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** A zod message for a missing field, as Laravel words it. */
const laravel = (field: string, message: string) =>
  /received undefined|^Required$|^This field is required$/.test(message) ? `The ${field.replaceAll('_', ' ')} field is required.` : message;

declare module 'fastify' {
  interface FastifyRequest {
    publicApi?: PublicApiCaller;
    /** The key a call authenticated with, also when it was then refused (read-only, rate limit, permission). */
    publicApiKey?: { businessId: string; keyId: string };
    /** The message of an error answer, for the request log. */
    publicApiError?: string;
  }
}

/** The message of an error answer's body (HitPay's `{ message, errors }`), with its first field error. */
function errorExcerpt(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { message?: unknown; errors?: Record<string, unknown> };
    if (typeof body.message !== 'string') return undefined;
    const [field, messages] = Object.entries(body.errors ?? {})[0] ?? [];
    const first = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
    return field && first ? `${body.message} ${field}: ${first}` : body.message;
  } catch {
    return undefined;
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

const JSON_ANSWER: AnswerFormat = { status: 200, serialize: (answer) => JSON.stringify(answer) };

/** What a resource of the public API registers its routes with. */
export interface PublicApiScope {
  /** A Fastify scope on which every route answers in HitPay's error shapes and reads JSON and form bodies alike. */
  api: FastifyInstance;
  /**
   * The `onRequest` hook of a route: the API host only, a valid key, the permission; sets the caller. `platform`:
   * the route also takes a platform's key acting for a linked business (`X-LINKED-BUSINESS-ID`); any other route
   * refuses that header.
   */
  guard: (permission: Permission, options?: { platform?: boolean }) => (req: FastifyRequest) => Promise<void>;
  /** The request's caller (after its guard). */
  caller: (req: FastifyRequest) => PublicApiCaller;
  meta: (req: FastifyRequest) => RequestMeta;
  /**
   * A POST's Idempotency-Key (docs/developers.md): runs `work` once per key and body within the key's business and
   * replays its answer to a retry. `operation` names the operation (its keys are its own); `status` is the answer's
   * status when `work` stores its answer in its own transaction (`req.ctx.idempotency`), 200 unless said.
   */
  idempotent: <T>(operation: string, req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>, status?: number) => Promise<T | FastifyReply>;
}

/**
 * Registers public API routes: `register` adds its routes to a scope on the API host (on any other host they do not
 * exist), each naming its key in `X-BUSINESS-API-KEY` and answered in HitPay's shapes, errors included. Every resource
 * of the public API registers through this (the payment requests in public-api.routes.ts, the others in their files).
 */
export function publicApiScope(host: RouteHost, service: Pick<PublicApiService, 'authorize' | 'logCall'>, register: (scope: PublicApiScope) => void): void {
  const apiHost = `api.${host.config.baseDomain}`;
  const guard = (permission: Permission, options?: { platform?: boolean }) => async (req: FastifyRequest) => {
    if (req.hostname.toLowerCase() !== apiHost) throw new AppError('NOT_FOUND', 'Not found.');
    const header = req.headers['x-business-api-key'];
    const linked = req.headers[LINKED_BUSINESS_HEADER];
    try {
      req.publicApi = await service.authorize(
        typeof header === 'string' ? header : undefined,
        req.method,
        permission,
        linked === undefined ? undefined : String(linked),
        options?.platform === true,
      );
    } catch (error) {
      if (error instanceof PublicApiRefusal && error.key) req.publicApiKey = error.key;
      throw error;
    }
    // A platform's call for a linked business is the platform's: its key, its log.
    req.publicApiKey = { businessId: req.publicApi.platform?.businessId ?? req.publicApi.business.row.id, keyId: req.publicApi.keyId };
  };
  void host.app.register(async (api: FastifyInstance) => {
    api.setErrorHandler((error, req, reply) => hitpayError(error, req, reply));
    // HitPay's clients send JSON or a form; both are read into the same object.
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, formToObject(body as string));
    });
    api.addHook('onSend', async (req, reply, payload) => host.idempotency.finish(req, reply, payload));
    // The request log (docs/developers.md, "Request log"): every call a key authenticated, noted after its answer
    // (kept in memory and written in batches, so the call waits for no write).
    api.addHook('onSend', async (req, reply, payload) => {
      if (req.publicApiKey && reply.statusCode >= 400) req.publicApiError = errorExcerpt(payload);
      return payload;
    });
    api.addHook('onResponse', async (req, reply) => {
      const key = req.publicApiKey;
      if (!key) return;
      const idempotencyKey = req.headers['idempotency-key'];
      const userAgent = req.headers['user-agent'];
      service.logCall({
        businessId: key.businessId,
        apiKeyId: key.keyId,
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
        requestId: String(req.id),
        errorMessage: req.publicApiError ?? null,
        ip: req.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      });
    });
    register({
      api,
      guard,
      caller: (req) => req.publicApi!,
      meta: (req) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
      idempotent: async (operation, req, reply, work, status = 200) => {
        const caller = req.publicApi!;
        // A platform's keys are its own: its retries for a linked business never meet the business's own requests.
        const scope = caller.platform
          ? `public-api:platform:${caller.platform.businessId}:business:${caller.business.row.id}`
          : `public-api:business:${caller.business.row.id}`;
        const format = status === 200 ? JSON_ANSWER : { ...JSON_ANSWER, status };
        const start = await host.idempotency.start({ id: `public.${operation}`, idempotent: true }, req, format, scope);
        if (start.kind === 'replay') return sendReplay(reply, start);
        return work();
      },
    });
  });
}
