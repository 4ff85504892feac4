import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The stored answers of idempotent endpoints (http/idempotency.ts). */
export const idempotencyRepository = {
  /** Drops the scope's expired keys, so an expired key is free to use again. */
  async purgeExpired(db: Executor, scope: string, now: Date): Promise<void> {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), lte(idempotencyKeys.expiresAt, now)));
  },

  /** Claims a key for one request; false when the key is already taken (running or answered). */
  async claim(db: Executor, row: { scope: string; key: string; fingerprint: string; createdAt: Date; expiresAt: Date }): Promise<boolean> {
    const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return inserted.length === 1;
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
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseStatus)));
  },

  /** Frees a claimed key whose request failed on the server's side, so the client can try again. */
  async release(db: Executor, scope: string, key: string): Promise<void> {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseStatus)));
  },
};
