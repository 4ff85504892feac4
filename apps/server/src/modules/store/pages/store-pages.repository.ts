import { and, asc, between, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { storePages, storeVisits } from '@/db/schema';

export type StorePageRow = typeof storePages.$inferSelect;
export type StorePageInsert = typeof storePages.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const storePagesRepository = {
  /** A store's pages by title (at most 500), searched by part of the title or the slug. */
  async list(db: Executor, businessId: string, q: string | undefined): Promise<StorePageRow[]> {
    const like = q ? `%${escapeLike(q)}%` : undefined;
    const conditions = [eq(storePages.businessId, businessId), like ? or(ilike(storePages.title, like), ilike(storePages.slug, like)) : undefined].filter(
      (c): c is SQL => c !== undefined,
    );
    return db
      .select()
      .from(storePages)
      .where(and(...conditions))
      .orderBy(asc(storePages.title), asc(storePages.id))
      .limit(500);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<StorePageRow | null> {
    const query = db
      .select()
      .from(storePages)
      .where(and(eq(storePages.businessId, businessId), eq(storePages.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findPublished(db: Executor, businessId: string, slug: string): Promise<StorePageRow | null> {
    const [row] = await db
      .select()
      .from(storePages)
      .where(and(eq(storePages.businessId, businessId), eq(storePages.slug, slug), eq(storePages.published, true)))
      .limit(1);
    return row ?? null;
  },

  /** The published pages' titles and slugs, by title (the storefront's footer). */
  async publishedLinks(db: Executor, businessId: string): Promise<{ title: string; slug: string }[]> {
    return db
      .select({ title: storePages.title, slug: storePages.slug })
      .from(storePages)
      .where(and(eq(storePages.businessId, businessId), eq(storePages.published, true)))
      .orderBy(asc(storePages.title), asc(storePages.id))
      .limit(50);
  },

  async insert(db: Executor, row: StorePageInsert): Promise<void> {
    await db.insert(storePages).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<StorePageInsert>): Promise<void> {
    await db
      .update(storePages)
      .set(fields)
      .where(and(eq(storePages.businessId, businessId), eq(storePages.id, id)));
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(storePages).where(and(eq(storePages.businessId, businessId), eq(storePages.id, id)));
  },

  /** `views` more page views on the business's day of `at` (its time zone): one upsert. */
  async addViews(db: Executor, businessId: string, at: Date, views: number): Promise<void> {
    await db.execute(
      sql`insert into store_visits (business_id, day, views)
        select b.id, (${at.toISOString()}::timestamptz at time zone b.time_zone)::date, ${views} from businesses b where b.id = ${businessId}
        on conflict (business_id, day) do update set views = store_visits.views + excluded.views`,
    );
  },

  /** Page views of the business's days from `from` to `to`, both included. */
  async viewsBetween(db: Executor, businessId: string, from: string, to: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${storeVisits.views}), 0)`.mapWith(Number) })
      .from(storeVisits)
      .where(and(eq(storeVisits.businessId, businessId), between(storeVisits.day, from, to)));
    return row?.n ?? 0;
  },

  /** Page views of each of the business's days from `from` to `to` that had any (days with none are left out). */
  async viewsByDay(db: Executor, businessId: string, from: string, to: string): Promise<{ day: string; views: number }[]> {
    const rows = await db
      .select({ day: storeVisits.day, views: storeVisits.views })
      .from(storeVisits)
      .where(and(eq(storeVisits.businessId, businessId), between(storeVisits.day, from, to)))
      .orderBy(asc(storeVisits.day));
    return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
  },

  /** Whether the store was ever visited. */
  async everVisited(db: Executor, businessId: string): Promise<boolean> {
    const [row] = await db.select({ day: storeVisits.day }).from(storeVisits).where(eq(storeVisits.businessId, businessId)).limit(1);
    return row !== undefined;
  },
};
