import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { storeThemes } from '@/db/schema';

export type StoreThemeRow = typeof storeThemes.$inferSelect;
export type StoreThemeInsert = typeof storeThemes.$inferInsert;

export const storeThemesRepository = {
  /** A store's themes, the live one first, then the newest. */
  async list(db: Executor, businessId: string): Promise<StoreThemeRow[]> {
    return db
      .select()
      .from(storeThemes)
      .where(eq(storeThemes.businessId, businessId))
      .orderBy(desc(storeThemes.live), desc(storeThemes.createdAt), asc(storeThemes.id))
      .limit(100);
  },

  async count(db: Executor, businessId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(storeThemes)
      .where(eq(storeThemes.businessId, businessId));
    return row?.n ?? 0;
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<StoreThemeRow | null> {
    const query = db
      .select()
      .from(storeThemes)
      .where(and(eq(storeThemes.businessId, businessId), eq(storeThemes.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The published content of the store's live theme (null: no live theme). */
  async livePublished(db: Executor, businessId: string): Promise<unknown> {
    const [row] = await db
      .select({ published: storeThemes.published })
      .from(storeThemes)
      .where(and(eq(storeThemes.businessId, businessId), eq(storeThemes.live, true)))
      .limit(1);
    return row?.published ?? null;
  },

  async insert(db: Executor, row: StoreThemeInsert): Promise<void> {
    await db.insert(storeThemes).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<StoreThemeInsert>): Promise<void> {
    await db
      .update(storeThemes)
      .set(fields)
      .where(and(eq(storeThemes.businessId, businessId), eq(storeThemes.id, id)));
  },

  /** A lock of the store's themes until the transaction ends: publishes of one store take turns (one live theme). */
  async lockStore(db: Executor, businessId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`store_themes:${businessId}`}))`);
  },

  /** The store's live theme stops being live (before another becomes it: one live theme per business). */
  async clearLive(db: Executor, businessId: string): Promise<void> {
    await db
      .update(storeThemes)
      .set({ live: false })
      .where(and(eq(storeThemes.businessId, businessId), eq(storeThemes.live, true)));
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(storeThemes).where(and(eq(storeThemes.businessId, businessId), eq(storeThemes.id, id)));
  },
};
