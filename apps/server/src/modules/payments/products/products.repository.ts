import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ProductStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { products } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type ProductRow = typeof products.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, after the cursor's row. */
const productAfter = (cursor: Cursor | undefined): SQL | undefined =>
  cursor ? pastCursor('desc', products.createdAt, products.id, { key: cursor.createdAt, id: cursor.id }) : undefined;

export const productsRepository = {
  /** One page of a business's products, newest first, by status (all when null) and part of the name. Reads `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    filter: { q: string | undefined; status: ProductStatus | null },
    limit: number,
    cursor?: Cursor,
  ): Promise<ProductRow[]> {
    const conditions = [
      eq(products.businessId, businessId),
      filter.status ? eq(products.status, filter.status) : undefined,
      filter.q ? ilike(products.name, `%${escapeLike(filter.q)}%`) : undefined,
      productAfter(cursor),
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string): Promise<ProductRow | null> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insert(db: Executor, row: typeof products.$inferInsert): Promise<ProductRow> {
    const [saved] = await db.insert(products).values(row).returning();
    return saved!;
  },

  async update(
    db: Executor,
    businessId: string,
    id: string,
    fields: Partial<Pick<ProductRow, 'name' | 'description' | 'amount' | 'currency' | 'status'>> & Pick<ProductRow, 'updatedAt'>,
  ): Promise<ProductRow | null> {
    const [saved] = await db
      .update(products)
      .set(fields)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .returning();
    return saved ?? null;
  },
};
