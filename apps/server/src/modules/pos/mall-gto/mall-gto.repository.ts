import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { businessUsers, businesses, locations, mallIntegrations, mallRuns, users } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type MallIntegrationRow = typeof mallIntegrations.$inferSelect;
export type MallRunRow = typeof mallRuns.$inferSelect;

/** Mall sales reporting: SQL only, every query of tenant data scoped by business. */
export const mallGtoRepository = {
  // ------------------------------------------------------------ integrations
  async insertIntegration(db: Executor, row: typeof mallIntegrations.$inferInsert): Promise<void> {
    await db.insert(mallIntegrations).values(row);
  },

  async findIntegration(db: Executor, businessId: string, id: string): Promise<MallIntegrationRow | undefined> {
    const [row] = await db
      .select()
      .from(mallIntegrations)
      .where(and(eq(mallIntegrations.businessId, businessId), eq(mallIntegrations.id, id)));
    return row;
  },

  async updateIntegration(db: Executor, businessId: string, id: string, patch: Partial<MallIntegrationRow>): Promise<void> {
    await db
      .update(mallIntegrations)
      .set(patch)
      .where(and(eq(mallIntegrations.businessId, businessId), eq(mallIntegrations.id, id)));
  },

  async listIntegrations(db: Executor, businessId: string): Promise<MallIntegrationRow[]> {
    return db.select().from(mallIntegrations).where(eq(mallIntegrations.businessId, businessId)).orderBy(asc(mallIntegrations.name), asc(mallIntegrations.id));
  },

  /** Every active integration of every business, with the business's zone and currency (the daily schedule). */
  async activeIntegrations(db: Executor) {
    return db
      .select({ integration: mallIntegrations, timeZone: businesses.timeZone, currency: businesses.currency })
      .from(mallIntegrations)
      .innerJoin(businesses, eq(businesses.id, mallIntegrations.businessId))
      .where(eq(mallIntegrations.active, true));
  },

  async locationNames(db: Executor, businessId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), inArray(locations.id, ids)));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async locationExists(db: Executor, businessId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), eq(locations.id, id)));
    return Boolean(row);
  },

  async locationNamed(db: Executor, businessId: string, name: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), eq(locations.name, name)));
    return row?.id;
  },

  async business(db: Executor, businessId: string) {
    const [row] = await db
      .select({ name: businesses.name, timeZone: businesses.timeZone, currency: businesses.currency })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row;
  },

  /** The active owners (mailed when a run fails). */
  async owners(db: Executor, businessId: string) {
    return db
      .select({ name: users.name, email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.role, 'owner'), eq(businessUsers.status, 'active')))
      .orderBy(asc(businessUsers.createdAt));
  },

  // ------------------------------------------------------------ runs
  /** Inserts a run; a scheduled run of a day that has one already is dropped (answers false). */
  async insertRun(db: Executor, row: typeof mallRuns.$inferInsert): Promise<boolean> {
    const inserted = await db.insert(mallRuns).values(row).onConflictDoNothing().returning({ id: mallRuns.id });
    return inserted.length > 0;
  },

  async findRun(db: Executor, businessId: string, id: string, lock = false): Promise<MallRunRow | undefined> {
    const query = db
      .select()
      .from(mallRuns)
      .where(and(eq(mallRuns.businessId, businessId), eq(mallRuns.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async updateRun(db: Executor, businessId: string, id: string, patch: Partial<MallRunRow>): Promise<void> {
    await db
      .update(mallRuns)
      .set(patch)
      .where(and(eq(mallRuns.businessId, businessId), eq(mallRuns.id, id)));
  },

  /** Runs waiting for an attempt whose time has come (every business). */
  async dueRuns(db: Executor, now: Date, limit: number) {
    return db
      .select({ businessId: mallRuns.businessId, id: mallRuns.id })
      .from(mallRuns)
      .where(and(inArray(mallRuns.status, ['pending', 'retrying']), lte(mallRuns.nextAttemptAt, now)))
      .orderBy(asc(mallRuns.nextAttemptAt))
      .limit(limit);
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async runPage(db: Executor, businessId: string, limit: number, integrationId?: string, cursor?: Cursor): Promise<MallRunRow[]> {
    const after = cursor ? pastCursor('desc', mallRuns.createdAt, mallRuns.id, { key: cursor.createdAt, id: cursor.id }) : undefined;
    return db
      .select()
      .from(mallRuns)
      .where(and(eq(mallRuns.businessId, businessId), integrationId ? eq(mallRuns.integrationId, integrationId) : undefined, after))
      .orderBy(desc(mallRuns.createdAt), desc(mallRuns.id))
      .limit(limit + 1);
  },

  /** The latest run of each integration. */
  async lastRuns(db: Executor, businessId: string): Promise<MallRunRow[]> {
    return db
      .selectDistinctOn([mallRuns.integrationId])
      .from(mallRuns)
      .where(eq(mallRuns.businessId, businessId))
      .orderBy(mallRuns.integrationId, desc(mallRuns.createdAt), desc(mallRuns.id));
  },
};
