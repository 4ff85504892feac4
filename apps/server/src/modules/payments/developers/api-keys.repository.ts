import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const one = (businessId: string, id: string) => and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id));

export const apiKeysRepository = {
  async list(db: Executor, businessId: string): Promise<ApiKeyRow[]> {
    return db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  },

  async find(db: Executor, businessId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(one(businessId, id)).limit(1);
    return row ?? null;
  },

  /** Locks the key's row until the transaction ends (a rotation and a revocation of one key take turns). */
  async lock(db: Executor, businessId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(one(businessId, id)).limit(1).for('update');
    return row ?? null;
  },

  /** The key a request names, by its first characters (the hash is compared by the caller). */
  async findByLookup(db: Executor, lookup: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.lookup, lookup)).limit(1);
    return row ?? null;
  },

  async insert(db: Executor, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [saved] = await db.insert(apiKeys).values(row).returning();
    return saved!;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<Pick<ApiKeyRow, 'expiresAt' | 'revokedAt'>>): Promise<ApiKeyRow | null> {
    const [saved] = await db.update(apiKeys).set(patch).where(one(businessId, id)).returning();
    return saved ?? null;
  },

  /** Notes a use at most once a minute per key, so a busy key costs no write per request. */
  async touch(db: Executor, businessId: string, id: string, now: Date): Promise<void> {
    const minuteAgo = new Date(now.getTime() - 60_000);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(one(businessId, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  },
};
