import { AppError, startOfLocalDay } from '@merchant/core';
import { REQUEST_LOG_RETENTION_DAYS, type RequestLogEntry, type RequestLogFilters } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { requestLogRepository as repo, type RequestLogEntryRow, type RequestLogRow, type RequestLogWhere } from './request-log.repository';

/** The buffer is written when it holds this many calls, else 200 ms after its first call (one insert per batch). */
export const REQUEST_LOG_BATCH = 200;
const FLUSH_AFTER_MS = 200;
/** Calls kept waiting at most (a database that refuses writes for long loses the oldest, never the process's memory). */
const MAX_WAITING = 20 * REQUEST_LOG_BATCH;
const PURGE_BATCH = 1000;
const DAY_MS = 86_400_000;
const PATH_MAX = 2000;
const EXCERPT_MAX = 500;

/** Query parameters whose values are never kept: they may carry a credential. */
const SECRET_NAME = /key|secret|token|password|passwd|salt|signature|hmac|auth|card|cvc|cvv|session/i;

/** The path as logged: the query string kept, the values of secret-looking parameters replaced by `[redacted]`. */
export function loggedPath(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.slice(0, PATH_MAX);
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A name that is no valid escape is judged as written.
      }
      return eq >= 0 && SECRET_NAME.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${pairs.join('&')}`.slice(0, PATH_MAX);
}

/** One call as the public API's scope reports it after its answer. */
export interface ApiCall {
  businessId: string;
  apiKeyId: string;
  method: string;
  /** The request's URL: path and query string as sent. */
  url: string;
  status: number;
  durationMs: number;
  idempotencyKey: string | null;
  requestId: string;
  errorMessage: string | null;
  ip: string | null;
  userAgent: string | null;
}

function present(row: RequestLogEntryRow): RequestLogEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: row.durationMs,
    api_key: { id: row.apiKeyId, name: row.keyName },
    idempotency_key: row.idempotencyKey,
    request_id: row.requestId,
    error_message: row.errorMessage,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

/** The wire filters as a repository query: days are calendar days of the business's time zone. */
function whereOf(filters: RequestLogFilters, zone: string): RequestLogWhere {
  const status = filters.status;
  const hundreds = status?.endsWith('xx') ? Number(status[0]) * 100 : undefined;
  return {
    apiKeyId: filters.api_key_id,
    method: filters.method,
    status: status === undefined ? undefined : hundreds !== undefined ? [hundreds, hundreds + 99] : Number(status),
    pathContains: filters.path || undefined,
    since: filters.from ? startOfLocalDay(filters.from, zone) : undefined,
    before: filters.to ? startOfLocalDay(filters.to, zone, 1) : undefined,
  };
}

/**
 * The request log (docs/developers.md, "Request log"). `record` costs a call nothing but a push: calls wait in this
 * process's memory and are written by one multi-row insert when `REQUEST_LOG_BATCH` are waiting or 200 ms after the
 * first, and by `flush` (the app's close, the tests). A process killed without its close loses what waited, at most
 * about 200 ms of calls. A batch the database refuses is tried once more with the next one, then dropped (a
 * business deleted meanwhile).
 */
export function createRequestLogService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  let log: (message: string, meta: object) => void = () => undefined;
  let waiting: RequestLogRow[] = [];
  let retrying: RequestLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function write(rows: RequestLogRow[], onFailure: (batch: RequestLogRow[], error: unknown) => void): Promise<void> {
    for (let i = 0; i < rows.length; i += REQUEST_LOG_BATCH) {
      const batch = rows.slice(i, i + REQUEST_LOG_BATCH);
      try {
        await repo.insertMany(db, batch);
      } catch (error) {
        onFailure(batch, error);
      }
    }
  }

  async function writeWaiting(): Promise<void> {
    const rows = waiting;
    const again = retrying;
    waiting = [];
    retrying = [];
    await write(again, (batch, error) => log('request log batch dropped', { rows: batch.length, err: error }));
    await write(rows, (batch) => retrying.push(...batch));
  }

  /** Writes every call waiting now; calls to it run one after another, so its end means they are in the database. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    running = running.then(writeWaiting, writeWaiting);
    return running;
  }

  return {
    /** Notes one call (written within 200 ms). */
    record(call: ApiCall): void {
      const now = clock.now();
      waiting.push({
        businessId: call.businessId,
        id: newTimeOrderedId(now.getTime()),
        apiKeyId: call.apiKeyId,
        method: call.method.slice(0, 16),
        path: loggedPath(call.url),
        status: call.status,
        durationMs: Math.max(0, Math.round(call.durationMs)),
        idempotencyKey: call.idempotencyKey?.slice(0, 255) ?? null,
        requestId: call.requestId.slice(0, 100),
        errorMessage: call.errorMessage?.slice(0, EXCERPT_MAX) ?? null,
        ip: call.ip,
        userAgent: call.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      });
      if (waiting.length > MAX_WAITING) waiting.splice(0, waiting.length - MAX_WAITING);
      if (waiting.length >= REQUEST_LOG_BATCH) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS).unref();
    },

    flush,

    /** Where a dropped batch is told (the app's log). */
    reportDropsTo(to: (message: string, meta: object) => void): void {
      log = to;
    },

    async list(business: BusinessRow, query: RequestLogFilters & { cursor?: string | undefined; limit: number }) {
      const rows = await repo.page(db, business.id, whereOf(query, business.timeZone), decodeCursor(query.cursor), query.limit);
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.createdAt, id: r.id }));
      return { data: page.rows.map(present), next_cursor: page.nextCursor };
    },

    async get(businessId: string, id: string): Promise<RequestLogEntry> {
      const row = await repo.find(db, businessId, id);
      if (!row) throw new AppError('REQUEST_LOG_ENTRY_NOT_FOUND', 'Request log entry not found.');
      return present(row);
    },

    /** Deletes the calls older than the retention, a batch at a time; answers how many went. */
    async purge(): Promise<number> {
      const before = new Date(clock.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS);
      let purged = 0;
      for (;;) {
        const deleted = await repo.purgeBefore(db, before, PURGE_BATCH);
        purged += deleted;
        if (deleted < PURGE_BATCH) return purged;
      }
    },
  };
}

export type RequestLogService = ReturnType<typeof createRequestLogService>;
