import { and, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys, integrations } from '@/db/schema';

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationKeyRow = typeof apiKeys.$inferSelect;

/** An integration with its current key (the newest unrevoked one) and the last use of any of its keys. */
export interface IntegrationWithKey {
  integration: IntegrationRow;
  key: Pick<IntegrationKeyRow, 'id' | 'keyLast4' | 'saltLast4'> | null;
  lastUsedAt: Date | null;
}

const one = (businessId: string, id: string) => and(eq(integrations.businessId, businessId), eq(integrations.id, id), isNull(integrations.deletedAt));

async function withKeys(db: Executor, businessId: string, rows: IntegrationRow[]): Promise<IntegrationWithKey[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const current = await db
    .select({ integrationId: apiKeys.integrationId, id: apiKeys.id, keyLast4: apiKeys.keyLast4, saltLast4: apiKeys.saltLast4 })
    .from(apiKeys)
    .where(and(eq(apiKeys.businessId, businessId), inArray(apiKeys.integrationId, ids), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const used = await db
    .select({ integrationId: apiKeys.integrationId, at: max(apiKeys.lastUsedAt) })
    .from(apiKeys)
    .where(and(eq(apiKeys.businessId, businessId), inArray(apiKeys.integrationId, ids)))
    .groupBy(apiKeys.integrationId);
  return rows.map((integration) => {
    const key = current.find((k) => k.integrationId === integration.id) ?? null;
    const at = used.find((u) => u.integrationId === integration.id)?.at ?? null;
    return { integration, key, lastUsedAt: at === null ? null : new Date(at) };
  });
}

/** Plugin integrations and their keys (rows of `api_keys` with `integration_id`): docs/developers.md. */
export const integrationsRepository = {
  async list(db: Executor, businessId: string): Promise<IntegrationWithKey[]> {
    const rows = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.businessId, businessId), isNull(integrations.deletedAt)))
      .orderBy(desc(integrations.createdAt), desc(integrations.id));
    return withKeys(db, businessId, rows);
  },

  async find(db: Executor, businessId: string, id: string): Promise<IntegrationWithKey | null> {
    const [row] = await db.select().from(integrations).where(one(businessId, id)).limit(1);
    return row ? ((await withKeys(db, businessId, [row]))[0] ?? null) : null;
  },

  /** Locks the integration's row until the transaction ends (a rotation, an edit and a deletion take turns). */
  async lock(db: Executor, businessId: string, id: string): Promise<IntegrationRow | null> {
    const [row] = await db.select().from(integrations).where(one(businessId, id)).limit(1).for('update');
    return row ?? null;
  },

  async insert(db: Executor, row: typeof integrations.$inferInsert): Promise<IntegrationRow> {
    const [saved] = await db.insert(integrations).values(row).returning();
    return saved!;
  },

  async update(
    db: Executor,
    businessId: string,
    id: string,
    patch: Partial<Pick<IntegrationRow, 'name' | 'callbackUrl' | 'enabled' | 'updatedAt' | 'deletedAt'>>,
  ): Promise<IntegrationRow | null> {
    const [saved] = await db.update(integrations).set(patch).where(one(businessId, id)).returning();
    return saved ?? null;
  },

  async insertKey(db: Executor, row: typeof apiKeys.$inferInsert): Promise<IntegrationKeyRow> {
    const [saved] = await db.insert(apiKeys).values(row).returning();
    return saved!;
  },

  /** Revokes every unrevoked key of the integration (a rotation's old key, a deletion's keys): refused from the next request. */
  async revokeKeys(db: Executor, businessId: string, integrationId: string, now: Date): Promise<void> {
    await db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.businessId, businessId), eq(apiKeys.integrationId, integrationId), isNull(apiKeys.revokedAt)));
  },
};
