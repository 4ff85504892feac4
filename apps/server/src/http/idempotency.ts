import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  type Endpoint,
} from '@merchant/core';
import type { AppConfig } from '../config';
import type { Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import { idempotencyRepository as repo, type KeyHold } from './idempotency.repository';
import { armCrashAfterCommit } from './test-faults';

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;

/**
 * How long a request holds its key without renewing it. The process renews the leases of its running requests
 * every third of it, so a live request keeps its key however long it runs; a process that dies leaves its keys
 * busy (409) for at most this long, then a retry takes them over.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;
const RENEW_EVERY_MS = IDEMPOTENCY_LEASE_MS / 3;

/**
 * Test-only fault (config `testFaults`, docs/security.md): a request carrying this header with `before-commit`
 * stops its process as the transaction of its effect is about to commit, with `after-commit` once its work is
 * done and before the answer is stored after it; in a server process (`kill`) `after-commit` kills it at the first
 * statement after the commit already, before anything the service does after it (http/test-faults.ts). Ignored
 * unless test faults are on.
 */
export const TEST_CRASH_HEADER = 'x-test-crash';
const TEST_CRASH_POINTS = ['before-commit', 'after-commit'] as const;
type CrashPoint = (typeof TEST_CRASH_POINTS)[number];

export interface IdempotencyDeps {
  db: Executor;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  testFaults: AppConfig['testFaults'];
}

/** What an endpoint's success answer is on the wire: its status and its serialiser (the route's own). */
export interface AnswerFormat {
  status: number;
  serialize: (answer: unknown) => string;
}

/** A request holding its key: the answer of this request becomes the key's stored answer. */
interface Claim extends KeyHold {
  format: AnswerFormat;
  /** Its success answer was stored in the transaction of its effect. */
  answered: boolean;
  /** A test fault to hit, and whether it did (nothing of the request happens after it). */
  crashAt: CrashPoint | null;
  crashed: boolean;
}

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

function fingerprintOf(endpoint: Pick<Endpoint, 'id'>, req: FastifyRequest): string {
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

/** Sends a stored first answer again, byte for byte. */
export function sendReplay(reply: FastifyReply, replay: { status: number; body: string }): FastifyReply {
  reply.status(replay.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (replay.body === '') return reply.send();
  return reply.type('application/json; charset=utf-8').send(replay.body);
}

/**
 * The idempotency layer of one app process (docs/architecture.md, "Contracts": `idempotent`). Without a key a
 * request just runs. With one: the first request claims it, holding a lease, and runs; a later one with the same
 * input replays the stored answer; the same key with another input is refused (422); a key whose request is
 * still running (its lease lives) is a 409. A key whose owner died without answering is taken over by a retry of
 * the same request once the lease has ended, and runs again: the idempotent endpoints store their answer in the
 * transaction of their effect (`ctx.idempotency`), so a key without an answer has no effect committed.
 */
export function createIdempotency(deps: IdempotencyDeps) {
  const { db, clock } = deps;
  /** This process, as the owners of its keys name it: host, PID and a random start id. */
  const processName = `${hostname()} pid ${process.pid} ${randomUUID().slice(0, 8)}`;
  let claimed = 0;
  const claims = new WeakMap<FastifyRequest, Claim>();
  /** The claims whose requests are running: their leases are renewed. */
  const running = new Set<Claim>();
  let renewal: NodeJS.Timeout | null = null;

  async function renew(): Promise<void> {
    try {
      await repo.renew(db, [...running], new Date(clock.now().getTime() + IDEMPOTENCY_LEASE_MS));
    } catch (error) {
      // The next round tries again; a lease that ends meanwhile lets a retry take the key over, and this
      // request then can no longer store its answer or commit an effect that stores one.
      deps.logger.warn({ err: error }, 'could not renew the leases of running idempotent requests');
    }
  }

  function hold(claim: Claim): void {
    running.add(claim);
    if (!renewal) {
      renewal = setInterval(() => void renew(), RENEW_EVERY_MS);
      renewal.unref();
    }
  }

  function letGo(claim: Claim): void {
    running.delete(claim);
    if (running.size === 0 && renewal) {
      clearInterval(renewal);
      renewal = null;
    }
  }

  /** The test fault: the process dies here (`kill`), or, in the API tests (`simulate`), this request stops here. */
  async function crash(claim: Claim): Promise<void> {
    claim.crashed = true;
    letGo(claim);
    if (deps.testFaults === 'kill') {
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
  }

  function crashPointOf(req: FastifyRequest): CrashPoint | null {
    if (deps.testFaults === 'off') return null;
    const point = req.headers[TEST_CRASH_HEADER];
    return TEST_CRASH_POINTS.find((p) => p === point) ?? null;
  }

  /** Stores the answer in the transaction of the effect (`IdempotentRequest.answerIn`). */
  async function answerIn(claim: Claim, tx: Executor, answer: unknown): Promise<void> {
    if (claim.crashAt === 'before-commit') {
      await crash(claim);
      throw new Error('Test fault: the process stopped before the transaction of its effect committed.');
    }
    if (answer instanceof Promise) throw new Error('An idempotent answer is stored as it is sent: await it first.');
    if (!(await repo.complete(tx, claim, claim.format.status, claim.format.serialize(answer)))) {
      throw new Error('The lease of this Idempotency-Key ended and a retry took the key over: this request commits nothing.');
    }
    claim.answered = true;
    if (claim.crashAt === 'after-commit' && deps.testFaults === 'kill') armCrashAfterCommit();
  }

  return {
    /**
     * Runs before the handler, after access and validation. `scope`: whose keys these are when no session says it
     * (the public API's: the API key's business, docs/developers.md).
     */
    async start(endpoint: Pick<Endpoint, 'id' | 'idempotent'>, req: FastifyRequest, format: AnswerFormat, scope?: string): Promise<IdempotencyStart> {
      const key = keyOf(req);
      if (key === null) return { kind: 'run' };
      if (!endpoint.idempotent) {
        const message = 'This endpoint does not take an Idempotency-Key.';
        throw new AppError('VALIDATION_FAILED', message, [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message }]);
      }
      scope ??= scopeOf(req);
      const fingerprint = fingerprintOf(endpoint, req);
      const now = clock.now();
      const owner = `${processName} #${++claimed}`;
      const wanted = {
        scope,
        key,
        owner,
        fingerprint,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS),
        leaseExpiresAt: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      };
      // Two tries: a key freed by a failed first request, or whose lease ended, between our claim and our read
      // is claimed again.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await repo.claim(db, wanted, now)) {
          const claim: Claim = { scope, key, owner, format, answered: false, crashAt: crashPointOf(req), crashed: false };
          claims.set(req, claim);
          hold(claim);
          const requestKey = createHash('sha256').update(`${scope}\n${key}`).digest('hex');
          req.ctx.idempotency = { answerIn: (tx, answer) => answerIn(claim, tx, answer), requestKey };
          return { kind: 'run' };
        }
        const row = await repo.find(db, scope, key);
        if (!row) continue;
        if (row.fingerprint !== fingerprint) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request: use a new key.');
        }
        if (row.responseStatus !== null && row.responseBody !== null) return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
        if (row.leaseExpiresAt.getTime() > now.getTime()) break;
      }
      throw new AppError('IDEMPOTENCY_REQUEST_IN_FLIGHT', 'A request with this Idempotency-Key is still being processed: try again shortly.');
    },

    /**
     * The route's onSend hook: the answer of a claimed key is stored, 2xx and 4xx alike (the request ran and
     * decided), unless its success answer was stored in the transaction of its effect; a 5xx frees the key, so
     * the client may retry the same request.
     */
    async finish(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const claim = claims.get(req);
      if (!claim) return payload;
      claims.delete(req);
      if (claim.crashed) return payload;
      if (claim.crashAt === 'after-commit') {
        await crash(claim);
        return payload;
      }
      letGo(claim);
      if (claim.answered && reply.statusCode === claim.format.status) return payload;
      if (reply.statusCode >= 500) {
        await repo.release(db, claim);
        return payload;
      }
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      if (!(await repo.complete(db, claim, reply.statusCode, body))) {
        req.log.warn({ key: claim.key }, 'the answer of this request was not stored: its Idempotency-Key was taken over after its lease ended');
      }
      return payload;
    },

    /** Renews the leases of the running requests now (the process does it every `RENEW_EVERY_MS`). */
    renewLeases: renew,

    /** Stops renewing leases (the app is closing: its requests have answered). */
    close(): void {
      if (renewal) clearInterval(renewal);
      renewal = null;
      running.clear();
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
