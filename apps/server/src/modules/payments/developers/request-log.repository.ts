import { and, asc, between, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { preparedStatement } from '@/db/prepared';
import { apiKeys, apiRequestLogs } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type RequestLogRow = typeof apiRequestLogs.$inferInsert;

/** What the list reads: the entry and its key's name (null only if the key's row is gone). */
export type RequestLogEntryRow = typeof apiRequestLogs.$inferSelect & { keyName: string | null };

/** Which calls a page lists; times are instants (the service turns the business's days into them). */
export interface RequestLogWhere {
  apiKeyId?: string | undefined;
  method?: string | undefined;
  /** An exact status, or a class as its bounds (`[400, 499]`). */
  status?: number | [number, number] | undefined;
  pathContains?: string | undefined;
  since?: Date | undefined;
  before?: Date | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const entryColumns = {
  businessId: apiRequestLogs.businessId,
  id: apiRequestLogs.id,
  apiKeyId: apiRequestLogs.apiKeyId,
  method: apiRequestLogs.method,
  path: apiRequestLogs.path,
  status: apiRequestLogs.status,
  durationMs: apiRequestLogs.durationMs,
  idempotencyKey: apiRequestLogs.idempotencyKey,
  requestId: apiRequestLogs.requestId,
  errorMessage: apiRequestLogs.errorMessage,
  ip: apiRequestLogs.ip,
  userAgent: apiRequestLogs.userAgent,
  createdAt: apiRequestLogs.createdAt,
  keyName: apiKeys.name,
};

/** The key's row, for its name (a plugin integration's key has one too). */
const keyJoin = and(eq(apiKeys.businessId, apiRequestLogs.businessId), eq(apiKeys.id, apiRequestLogs.apiKeyId));

/**
 * A batch of entries in one statement built once, the rows handed over as one JSON text: drizzle's insert of a batch
 * built its text value by value on every flush (a fifth of a public API call's CPU under load).
 */
const insertBatch = preparedStatement('request_log_insert_batch', (db, name) =>
  db
    .insert(apiRequestLogs)
    // The table's columns in its order (drizzle names them all in the insert).
    .select(
      sql`select business_id, id, api_key_id, method, path, status, duration_ms, idempotency_key, request_id, error_message, ip, user_agent, created_at
        from json_to_recordset(${sql.placeholder('rows')}::json) as r(business_id uuid, id uuid, api_key_id uuid, method text, path text,
          status integer, duration_ms integer, idempotency_key text, request_id text, error_message text, ip text, user_agent text, created_at timestamptz)`,
    )
    .prepare(name),
);

export const requestLogRepository = {
  /** Many entries in one statement (the buffer's batch). */
  async insertMany(db: Executor, rows: RequestLogRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = rows.map((r) => ({
      business_id: r.businessId,
      id: r.id,
      api_key_id: r.apiKeyId,
      method: r.method,
      path: r.path,
      status: r.status,
      duration_ms: r.durationMs,
      idempotency_key: r.idempotencyKey ?? null,
      request_id: r.requestId,
      error_message: r.errorMessage ?? null,
      ip: r.ip ?? null,
      user_agent: r.userAgent ?? null,
      created_at: r.createdAt ?? new Date(),
    }));
    await insertBatch(db, { rows: JSON.stringify(json) });
  },

  /** A page of the business's entries, newest first, past the cursor (`limit + 1` rows: the page and whether more follow). */
  async page(db: Executor, businessId: string, where: RequestLogWhere, cursor: Cursor | undefined, limit: number): Promise<RequestLogEntryRow[]> {
    const t = apiRequestLogs;
    const status = where.status;
    const conditions: (SQL | undefined)[] = [
      eq(t.businessId, businessId),
      where.apiKeyId ? eq(t.apiKeyId, where.apiKeyId) : undefined,
      where.method ? eq(t.method, where.method) : undefined,
      status === undefined ? undefined : Array.isArray(status) ? between(t.status, status[0], status[1]) : eq(t.status, status),
      where.pathContains ? ilike(t.path, `%${escapeLike(where.pathContains)}%`) : undefined,
      where.since ? gte(t.createdAt, where.since) : undefined,
      where.before ? lt(t.createdAt, where.before) : undefined,
      cursor ? pastCursor('desc', t.createdAt, t.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ];
    return db
      .select(entryColumns)
      .from(t)
      .leftJoin(apiKeys, keyJoin)
      .where(and(...conditions))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string): Promise<RequestLogEntryRow | null> {
    const [row] = await db
      .select(entryColumns)
      .from(apiRequestLogs)
      .leftJoin(apiKeys, keyJoin)
      .where(and(eq(apiRequestLogs.businessId, businessId), eq(apiRequestLogs.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** Deletes up to `limit` of the oldest entries made before `before`; answers how many went. */
  async purgeBefore(db: Executor, before: Date, limit: number): Promise<number> {
    const t = apiRequestLogs;
    const oldest = db.select({ id: t.id }).from(t).where(lt(t.createdAt, before)).orderBy(asc(t.createdAt)).limit(limit);
    const rows = await db
      .delete(t)
      .where(and(lt(t.createdAt, before), inArray(t.id, oldest)))
      .returning({ id: t.id });
    return rows.length;
  },
};
