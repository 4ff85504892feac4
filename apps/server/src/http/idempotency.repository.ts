import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Every idempotent request stores its answer with it: built once (db/prepared.ts). */
const completeKey = preparedStatement('idempotency_complete', (db, name) =>
  db
    .update(idempotencyKeys)
    .set({ responseStatus: sql`${sql.placeholder('status')}`, responseBody: sql`${sql.placeholder('body')}` })
    .where(and(eq(idempotencyKeys.scope, sql.placeholder('scope')), eq(idempotencyKeys.key, sql.placeholder('key')), isNull(idempotencyKeys.responseStatus)))
    .prepare(name),
);

/** The stored answers of idempotent endpoints (http/idempotency.ts). */
export const idempotencyRepository = {
  /** Claims a key for one request; false when the key is already taken (running or answered). */
  async claim(db: Executor, row: { scope: string; key: string; fingerprint: string; createdAt: Date; expiresAt: Date }): Promise<boolean> {
    const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return inserted.length === 1;
  },

  /**
   * Drops the scope's expired keys and claims this one, in one statement: the key is claimed when it is free
   * or expired (an expired key's row is taken over, as if dropped and inserted again); false as `claim`.
   */
  async purgeAndClaim(db: Executor, row: { scope: string; key: string; fingerprint: string; createdAt: Date; expiresAt: Date }, now: Date): Promise<boolean> {
    const k = idempotencyKeys;
    const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
    const result = await db.execute(sql`
      with purged as (delete from ${k} where ${k.scope} = ${row.scope} and ${k.expiresAt} <= ${at(now)} and ${k.key} <> ${row.key})
      insert into ${k} (scope, key, fingerprint, response_status, response_body, created_at, expires_at)
      values (${row.scope}, ${row.key}, ${row.fingerprint}, null, null, ${at(row.createdAt)}, ${at(row.expiresAt)})
      on conflict (scope, key) do update set fingerprint = excluded.fingerprint, response_status = null, response_body = null,
        created_at = excluded.created_at, expires_at = excluded.expires_at
      where ${k.expiresAt} <= ${at(now)}
      returning key`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  },

  async find(db: Executor, scope: string, key: string): Promise<IdempotencyRow | null> {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    return row ?? null;
  },

  /** Stores the first answer of a claimed key. */
  async complete(db: Executor, scope: string, key: string, status: number, body: string): Promise<void> {
    await completeKey(db, { scope, key, status, body });
  },

  /** Frees a claimed key whose request failed on the server's side, so the client can try again. */
  async release(db: Executor, scope: string, key: string): Promise<void> {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseStatus)));
  },
};
