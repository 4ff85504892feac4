import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** One request's hold on a key: only its owner stores the key's answer, frees it or renews its lease. */
export interface KeyHold {
  scope: string;
  key: string;
  owner: string;
}

/**
 * Every idempotent request stores its answer with it (in the transaction of its effect, or after it): built once
 * (db/prepared.ts). Only the key's owner stores it, once; no row when the key is no longer this request's.
 */
const completeKey = preparedStatement('idempotency_complete', (db, name) =>
  db
    .update(idempotencyKeys)
    .set({ responseStatus: sql`${sql.placeholder('status')}`, responseBody: sql`${sql.placeholder('body')}` })
    .where(
      and(
        eq(idempotencyKeys.scope, sql.placeholder('scope')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        eq(idempotencyKeys.owner, sql.placeholder('owner')),
        isNull(idempotencyKeys.responseStatus),
      ),
    )
    .returning({ key: idempotencyKeys.key })
    .prepare(name),
);

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The stored answers of idempotent endpoints (http/idempotency.ts). */
export const idempotencyRepository = {
  /**
   * Claims a key for one request, in one statement that also drops the scope's expired keys. The key is claimed
   * when it is new; when it has expired (its row is taken over, as if dropped and inserted again); or when it is
   * the same request (fingerprint) whose owner never answered and whose lease has ended (its process died): the
   * row is taken over by this request. False when the key is taken: answered, or held by a live lease.
   * A key still held by a live lease is never dropped or taken, even past its expiry.
   */
  async claim(db: Executor, row: KeyHold & { fingerprint: string; createdAt: Date; expiresAt: Date; leaseExpiresAt: Date }, now: Date): Promise<boolean> {
    const k = idempotencyKeys;
    const result = await db.execute(sql`
      with purged as (delete from ${k} where ${k.scope} = ${row.scope} and ${k.expiresAt} <= ${at(now)} and ${k.key} <> ${row.key}
        and (${k.responseStatus} is not null or ${k.leaseExpiresAt} <= ${at(now)}))
      insert into ${k} (scope, key, fingerprint, response_status, response_body, created_at, expires_at, owner, lease_expires_at)
      values (${row.scope}, ${row.key}, ${row.fingerprint}, null, null, ${at(row.createdAt)}, ${at(row.expiresAt)}, ${row.owner}, ${at(row.leaseExpiresAt)})
      on conflict (scope, key) do update set fingerprint = excluded.fingerprint, response_status = null, response_body = null,
        created_at = excluded.created_at, expires_at = excluded.expires_at, owner = excluded.owner, lease_expires_at = excluded.lease_expires_at
      where (${k.responseStatus} is not null or ${k.leaseExpiresAt} <= ${at(now)})
        and (${k.expiresAt} <= ${at(now)} or (${k.responseStatus} is null and ${k.fingerprint} = excluded.fingerprint))
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

  /** Stores the first answer of a held key; false when the key is no longer this owner's (its lease was taken over). */
  async complete(db: Executor, hold: KeyHold, status: number, body: string): Promise<boolean> {
    const stored = await completeKey(db, { scope: hold.scope, key: hold.key, owner: hold.owner, status, body });
    return (stored as unknown[]).length === 1;
  },

  /** Frees a held key whose request failed on the server's side, so the client can try again. */
  async release(db: Executor, hold: KeyHold): Promise<void> {
    const k = idempotencyKeys;
    await db.delete(k).where(and(eq(k.scope, hold.scope), eq(k.key, hold.key), eq(k.owner, hold.owner), isNull(k.responseStatus)));
  },

  /** Extends the leases of the keys these requests still hold (unanswered, not taken over) to `until`. */
  async renew(db: Executor, holds: readonly KeyHold[], until: Date): Promise<void> {
    if (holds.length === 0) return;
    const k = idempotencyKeys;
    // Each by its primary key (the owner alone has no index).
    const held = or(...holds.map((h) => and(eq(k.scope, h.scope), eq(k.key, h.key))));
    await db
      .update(k)
      .set({ leaseExpiresAt: until })
      .where(
        and(
          held,
          inArray(
            k.owner,
            holds.map((h) => h.owner),
          ),
          isNull(k.responseStatus),
        ),
      );
  },
};
