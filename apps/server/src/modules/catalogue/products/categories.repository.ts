import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { productCategories } from '@/db/schema';
import { escapeLike } from './products.repository';

export type CategoryRow = typeof productCategories.$inferSelect;
export type CategoryWithCount = CategoryRow & { productCount: number };

// Written out in full: drizzle leaves a column of a select's own SQL unqualified, which inside a subquery names the subquery's table.
const withCount = {
  category: productCategories,
  productCount:
    sql<number>`(select count(*) from products p where p.business_id = product_categories.business_id and p.category_id = product_categories.id)`.mapWith(
      Number,
    ),
};

export const categoriesRepository = {
  /** A business's categories in their order, each with how many products it holds. */
  async list(db: Executor, businessId: string): Promise<CategoryWithCount[]> {
    const rows = await db
      .select(withCount)
      .from(productCategories)
      .where(eq(productCategories.businessId, businessId))
      .orderBy(asc(productCategories.position), asc(productCategories.createdAt));
    return rows.map((r) => ({ ...r.category, productCount: r.productCount }));
  },

  /** A numbered page of the business's categories in their order (`keywords`: part of the name, without case), and how many match. */
  async page(
    db: Executor,
    businessId: string,
    keywords: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: CategoryWithCount[]; total: number }> {
    const where = and(eq(productCategories.businessId, businessId), keywords ? ilike(productCategories.name, `%${escapeLike(keywords)}%`) : undefined);
    const rows = await db
      .select(withCount)
      .from(productCategories)
      .where(where)
      .orderBy(asc(productCategories.position), asc(productCategories.createdAt), asc(productCategories.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await db.select({ n: countRows() }).from(productCategories).where(where);
    return { rows: rows.map((r) => ({ ...r.category, productCount: r.productCount })), total: counted?.n ?? 0 };
  },

  async find(db: Executor, businessId: string, id: string): Promise<CategoryWithCount | null> {
    const [row] = await db
      .select(withCount)
      .from(productCategories)
      .where(and(eq(productCategories.businessId, businessId), eq(productCategories.id, id)));
    return row ? { ...row.category, productCount: row.productCount } : null;
  },

  /** Takes the business's category list for a change of order or names (concurrent changes wait for each other). */
  async lockAll(db: Executor, businessId: string): Promise<CategoryRow[]> {
    return db.select().from(productCategories).where(eq(productCategories.businessId, businessId)).orderBy(asc(productCategories.position)).for('update');
  },

  async count(db: Executor, businessId: string): Promise<number> {
    const [row] = await db.select({ n: countRows() }).from(productCategories).where(eq(productCategories.businessId, businessId));
    return row?.n ?? 0;
  },

  async exists(db: Executor, businessId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(productCategories)
      .where(and(eq(productCategories.businessId, businessId), eq(productCategories.id, id)));
    return Number(row?.n ?? 0) > 0;
  },

  async insert(db: Executor, row: typeof productCategories.$inferInsert): Promise<void> {
    await db.insert(productCategories).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<typeof productCategories.$inferInsert>): Promise<boolean> {
    const rows = await db
      .update(productCategories)
      .set(fields)
      .where(and(eq(productCategories.businessId, businessId), eq(productCategories.id, id)))
      .returning({ id: productCategories.id });
    return rows.length > 0;
  },

  /** Gives each category its place in `ids` (one statement). */
  async reorder(db: Executor, businessId: string, ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    const cases = sql.join(
      ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
      sql` `,
    );
    await db
      .update(productCategories)
      .set({ position: sql`case ${productCategories.id} ${cases} end`, updatedAt: now })
      .where(and(eq(productCategories.businessId, businessId), inArray(productCategories.id, ids)));
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(productCategories).where(and(eq(productCategories.businessId, businessId), eq(productCategories.id, id)));
  },
};
