import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  type Endpoint,
} from '@merchant/core';
import type { Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import { idempotencyRepository as repo } from './idempotency.repository';

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;

export interface IdempotencyDeps {
  db: Executor;
  clock: Clock;
}

/** A claimed key: the answer of this request becomes the key's stored answer. */
interface Claim {
  scope: string;
  key: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with object keys sorted, so the same input always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function fingerprintOf(endpoint: Endpoint, req: FastifyRequest): string {
  const input = canonical({ endpoint: endpoint.id, params: req.params ?? null, query: req.query ?? null, body: req.body ?? null });
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

function keyOf(req: FastifyRequest): string | null {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    const message = 'Send one Idempotency-Key of 1 to 255 visible ASCII characters.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }]);
  }
  return header;
}

/**
 * Whose keys these are: the signed-in user, and on business endpoints the business as well. A caller who is
 * not signed in (the hosted checkout's customer) is their browser: the hash of the anti-forgery token every
 * non-GET public call carries, so one customer's key never replays another's answer.
 */
function scopeOf(req: FastifyRequest): string {
  const user = req.ctx.user;
  if (!user) {
    if (!req.ctx.csrfToken) throw new AppError('CSRF_TOKEN_MISMATCH', 'Reload the page and try again.');
    return `browser:${createHash('sha256').update(req.ctx.csrfToken).digest('hex')}`;
  }
  return req.ctx.business ? `business:${req.ctx.business.row.id}:user:${user.id}` : `user:${user.id}`;
}

/** Idempotency needs a caller to scope keys to: signed-in or public (a browser) endpoints, not guest-only ones. */
export function assertIdempotencyDeclaration(endpoint: Endpoint): void {
  if (endpoint.idempotent && endpoint.access.kind === 'guest') {
    throw new Error(`${endpoint.id}: an idempotent endpoint needs a signed-in caller to scope its keys to.`);
  }
}

export type IdempotencyStart = { kind: 'run' } | { kind: 'replay'; status: number; body: string };

/**
 * Runs before the handler, after access and validation. Without a key the request just runs. With one:
 * the first request claims it and runs; a later one with the same input replays the stored answer; the
 * same key with another input is refused (422); a key whose first request is still running is a 409.
 * An endpoint that is not idempotent refuses a key rather than let the client believe it is protected.
 */
export async function startIdempotent(endpoint: Endpoint, req: FastifyRequest, deps: IdempotencyDeps): Promise<IdempotencyStart> {
  const key = keyOf(req);
  if (key === null) return { kind: 'run' };
  if (!endpoint.idempotent) {
    const message = 'This endpoint does not take an Idempotency-Key.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }]);
  }
  const scope = scopeOf(req);
  const fingerprint = fingerprintOf(endpoint, req);
  const now = deps.clock.now();
  const wanted = { scope, key, fingerprint, createdAt: now, expiresAt: new Date(now.getTime() + TTL_MS) };
  // Two tries: a key freed by a failed first request between our claim and our read is claimed again. The
  // first try also drops the scope's expired keys (one statement).
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt === 0 ? await repo.purgeAndClaim(deps.db, wanted, now) : await repo.claim(deps.db, wanted)) {
      claims.set(req, { scope, key });
      return { kind: 'run' };
    }
    const row = await repo.find(deps.db, scope, key);
    if (!row) continue;
    if (row.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request: use a new key.');
    }
    if (row.responseStatus === null || row.responseBody === null) break;
    return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
  }
  throw new AppError('IDEMPOTENCY_REQUEST_IN_FLIGHT', 'A request with this Idempotency-Key is still being processed: try again shortly.');
}

/** Sends a stored first answer again, byte for byte. */
export function sendReplay(reply: FastifyReply, replay: { status: number; body: string }): FastifyReply {
  reply.status(replay.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (replay.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(replay.body);
}

/**
 * The route's onSend hook: the answer of a claimed key is stored, 2xx and 4xx alike (the request ran
 * and decided); a 5xx frees the key, so the client may retry the same request.
 */
export async function finishIdempotent(req: FastifyRequest, reply: FastifyReply, payload: unknown, deps: IdempotencyDeps): Promise<unknown> {
  const claim = claims.get(req);
  if (!claim) return payload;
  claims.delete(req);
  if (reply.statusCode >= 500) {
    await repo.release(deps.db, claim.scope, claim.key);
    return payload;
  }
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  await repo.complete(deps.db, claim.scope, claim.key, reply.statusCode, body);
  return payload;
}
