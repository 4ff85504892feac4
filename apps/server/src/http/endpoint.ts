import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, errorCodesOf, IDEMPOTENCY_KEY_HEADER, type Endpoint, type ErrorCode } from '@merchant/core';
import type { Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import { createAccessCheck, type BusinessStandings } from './access';
import type { BusinessContext, RequestContext, SignedInContext } from './context';
import { createHostCheck } from './hosts';
import { assertIdempotencyDeclaration, sendReplay, type AnswerFormat, type Idempotency } from './idempotency';
import { errorResponseSchemas } from './openapi';
import { presentedAnswerSerializer } from './presented-answers';

/** What registering an endpoint needs from the app. */
export interface EndpointDeps {
  db: Executor;
  clock: Clock;
  /** The business module's answer to "which business, and is the caller a member" (the access hook). */
  standings: BusinessStandings;
  /** The idempotency layer of this app (stored answers, leases). */
  idempotency: Idempotency;
  config: {
    baseDomain: string;
    /**
     * An error code a handler throws that its endpoint does not declare: `refuse` answers 500 (tests, so a
     * missing declaration fails them), `log` answers it and logs the gap.
     */
    undeclaredErrors: 'refuse' | 'log';
  };
}

type CtxFor<E extends Endpoint> = E['access'] extends { kind: 'business' }
  ? BusinessContext
  : E['access'] extends { kind: 'user' | 'super-admin' }
    ? SignedInContext
    : RequestContext;

export interface EndpointOptions {
  /** The success answer is built by presenters that write exactly the contract's keys: see http/presented-answers.ts. */
  presented?: boolean;
}

export interface HandlerInput<P, Q, B, C> {
  params: P;
  query: Q;
  body: B;
  ctx: C;
  req: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every endpoint registered, for the authorization test. */
    endpoints: Endpoint[];
  }
}

/**
 * Holds a handler to its endpoint's declared error codes: an AppError whose code the endpoint does not list
 * (in `errors`, or derived from its access rule and input) is a contract gap.
 */
function declaredErrorsOnly<T>(
  endpoint: Endpoint,
  declared: ReadonlySet<ErrorCode>,
  deps: EndpointDeps,
  run: () => Promise<T>,
  req: FastifyRequest,
): Promise<T> {
  return run().catch((error: unknown) => {
    if (error instanceof AppError && !declared.has(error.code)) {
      const gap = `${endpoint.id} answered ${error.code}, which its declaration does not list`;
      if (deps.config.undeclaredErrors === 'refuse') throw new Error(gap, { cause: error });
      req.log.warn({ code: error.code, endpoint: endpoint.id }, gap);
    }
    throw error;
  });
}

/**
 * The host check, then the access rule, as one callback hook: a promise only where the rule looks a business up (a
 * signed-in GET /v1/user or a public endpoint answers with none made for its checks).
 */
function endpointGuard(endpoint: Endpoint, deps: EndpointDeps): onRequestHookHandler {
  const onHost = createHostCheck(endpoint, deps);
  const access = createAccessCheck(endpoint, deps);
  return function guard(req, _reply, done) {
    let pending: Promise<void> | undefined;
    try {
      onHost(req);
      pending = access(req);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (!pending) done();
    else
      pending.then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
  };
}

/**
 * Registers one contract endpoint: it answers only on its host kind; its zod schemas validate input and
 * output; its access rule runs before validation (so 419/401/404/403 come before 422); an idempotent
 * endpoint replays the stored first answer of an Idempotency-Key; and the handler calls a service.
 */
export function registerEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, E extends Endpoint<P, Q, B, R>>(
  app: FastifyInstance,
  deps: EndpointDeps,
  endpoint: E & Endpoint<P, Q, B, R>,
  handler: (input: HandlerInput<z.output<P>, z.output<Q>, z.output<B>, CtxFor<E>>) => Promise<z.input<R>>,
  options: EndpointOptions = {},
): void {
  const status = endpoint.status ?? 200;
  assertIdempotencyDeclaration(endpoint);
  const { response: errorResponses, ...errorCodes } = errorResponseSchemas(endpoint);
  const serializers = (
    options.presented ? presentedAnswerSerializer(endpoint.id, status, deps.config.undeclaredErrors === 'refuse') : serializerCompiler
  ) as FastifySerializerCompiler<unknown>;
  // An idempotent answer stored in the transaction of its effect is serialised as the route serialises it.
  const answer: AnswerFormat = {
    status,
    serialize: serializers({ schema: endpoint.response, method: endpoint.method, url: endpoint.path, httpStatus: String(status) }),
  };
  // Made once per endpoint, not per request.
  const declared = new Set<ErrorCode>(errorCodesOf(endpoint));
  app.endpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.id.split('.')[0] ?? 'api'],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response, ...errorResponses },
      ...errorCodes,
    },
    ...(options.presented ? { serializerCompiler: serializers } : {}),
    onRequest: endpointGuard(endpoint, deps),
    // Only an idempotent endpoint claims keys: the others' answers have nothing to store.
    ...(endpoint.idempotent
      ? { onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => deps.idempotency.finish(req, reply, payload) }
      : {}),
    handler: async (req, reply): Promise<unknown> => {
      // Without the header there is nothing to claim (with one, a non-idempotent endpoint refuses it in `start`).
      if (req.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) {
        const start = await deps.idempotency.start(endpoint, req, answer);
        if (start.kind === 'replay') return sendReplay(reply, start);
      }
      const input = {
        params: req.params as z.output<P>,
        query: req.query as z.output<Q>,
        body: req.body as z.output<B>,
        ctx: req.ctx as CtxFor<E>,
        req,
        reply,
      };
      const result: unknown = await declaredErrorsOnly(endpoint, declared, deps, () => handler(input), req);
      reply.status(status);
      return result;
    },
  } as RouteOptions);
}
