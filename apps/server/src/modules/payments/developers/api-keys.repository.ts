import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys, integrations } from '@/db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key as a request finds it, with its plugin integration's state when it belongs to one. */
export type KeyWithIntegration = ApiKeyRow & { integration: { enabled: boolean; deleted: boolean; callbackUrl: string | null } | null };

const one = (businessId: string, id: string) => and(eq(apiKeys.businessId, businessId), eq(apiKeys.id, id));
/** A key of the Developers screen (a plugin integration's keys are handled on its own screen). */
const own = (businessId: string, id: string) => and(one(businessId, id), isNull(apiKeys.integrationId));

export const apiKeysRepository = {
  async list(db: Executor, businessId: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.businessId, businessId), isNull(apiKeys.integrationId)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  },

  /** Any key of the business, an integration's included (the legacy webhook signs with its salt). */
  async find(db: Executor, businessId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(one(businessId, id)).limit(1);
    return row ?? null;
  },

  /** A key of the Developers screen, or null (another business's, or a plugin integration's). */
  async findOwn(db: Executor, businessId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(own(businessId, id)).limit(1);
    return row ?? null;
  },

  /** Locks the key's row until the transaction ends (a rotation and a revocation of one key take turns). */
  async lock(db: Executor, businessId: string, id: string): Promise<ApiKeyRow | null> {
    const [row] = await db.select().from(apiKeys).where(own(businessId, id)).limit(1).for('update');
    return row ?? null;
  },

  /** The key a request names, by its first characters (the hash is compared by the caller), with its integration's state. */
  async findByLookup(db: Executor, lookup: string): Promise<KeyWithIntegration | null> {
    const [found] = await db
      .select({ key: apiKeys, enabled: integrations.enabled, deletedAt: integrations.deletedAt, callbackUrl: integrations.callbackUrl })
      .from(apiKeys)
      .leftJoin(integrations, and(eq(integrations.businessId, apiKeys.businessId), eq(integrations.id, apiKeys.integrationId)))
      .where(eq(apiKeys.lookup, lookup))
      .limit(1);
    if (!found) return null;
    const integration = found.key.integrationId
      ? { enabled: found.enabled ?? false, deleted: found.enabled === null || found.deletedAt !== null, callbackUrl: found.callbackUrl }
      : null;
    return { ...found.key, integration };
  },

  async insert(db: Executor, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [saved] = await db.insert(apiKeys).values(row).returning();
    return saved!;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<Pick<ApiKeyRow, 'expiresAt' | 'revokedAt'>>): Promise<ApiKeyRow | null> {
    const [saved] = await db.update(apiKeys).set(patch).where(own(businessId, id)).returning();
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
