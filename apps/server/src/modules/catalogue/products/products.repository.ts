import { and, asc, desc, eq, ilike, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductSort, ProductStatus, SalesChannel } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { productAddOnGroups, productLog, productVariants, products } from '@/db/schema';
import type { Write } from '@/db/write-together';
import { stockRepository } from './stock.repository';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type ProductLogInsert = typeof productLog.$inferInsert;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ProductListFilter {
  q: string | undefined;
  status: ProductStatus | null;
  /** A category's id, `none` for products in none, undefined for all. */
  category: string | undefined;
  channel: SalesChannel | undefined;
  /** Only products with a variant at or below its low-stock threshold somewhere. */
  lowStock?: boolean;
}

/** Where a page ends: the sort's key (creation time or name) and the id of its last row. */
export interface ProductCursor {
  key: Date | string;
  id: string;
}

/**
 * A product's `codes` column from its variants: each SKU (lower case) and barcode after a space, as the migration's
 * backfill writes them.
 */
export const searchCodes = (variants: readonly { sku: string | null; barcode: string | null }[]): string =>
  variants.flatMap((v) => [v.sku?.toLowerCase(), v.barcode].flatMap((code) => (code ? [` ${code}`] : []))).join('');

/**
 * Part of the name (any case), or the start of one of its variants' SKUs (any case) or barcodes: both on the product's
 * own row, each served by its trigram index, so the planner weighs one table (the variants' sub-select it replaced
 * made it read half of 100,000 products backwards for a rare SKU). Codes hold no spaces: a query with one is a name.
 */
const searched = (q: string) => {
  const byName = ilike(products.name, `%${escapeLike(q)}%`);
  return /\s/.test(q) ? byName : or(byName, like(products.codes, `% ${escapeLike(q.toLowerCase())}%`));
};

export const productsRepository = {
  /** One page of a business's products in the sort's order, after the cursor. Reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: ProductListFilter, sort: ProductSort, limit: number, cursor?: ProductCursor): Promise<ProductRow[]> {
    const after = cursor
      ? sort === 'name'
        ? pastCursor('asc', products.name, products.id, cursor)
        : pastCursor('desc', products.createdAt, products.id, cursor)
      : undefined;
    const conditions = [
      eq(products.businessId, businessId),
      filter.status ? eq(products.status, filter.status) : undefined,
      filter.category === 'none' ? isNull(products.categoryId) : filter.category ? eq(products.categoryId, filter.category) : undefined,
      filter.channel ? sql`${filter.channel} = any(${products.channels})` : undefined,
      filter.lowStock ? stockRepository.lowStockFilter(businessId) : undefined,
      filter.q ? searched(filter.q) : undefined,
      after,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(...(sort === 'name' ? [asc(products.name), asc(products.id)] : [desc(products.createdAt), desc(products.id)]))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<ProductRow | null> {
    const query = db
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The variants of these products, each product's in order. */
  async variantsOf(db: Executor, businessId: string, productIds: string[]): Promise<VariantRow[]> {
    if (productIds.length === 0) return [];
    return db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.productId, productIds)))
      .orderBy(asc(productVariants.productId), asc(productVariants.position));
  },

  /** The add-on groups these products offer, each product's in order. */
  async addOnGroupsOf(db: Executor, businessId: string, productIds: string[]): Promise<{ productId: string; groupId: string }[]> {
    if (productIds.length === 0) return [];
    return db
      .select({ productId: productAddOnGroups.productId, groupId: productAddOnGroups.groupId })
      .from(productAddOnGroups)
      .where(and(eq(productAddOnGroups.businessId, businessId), inArray(productAddOnGroups.productId, productIds)))
      .orderBy(asc(productAddOnGroups.productId), asc(productAddOnGroups.position));
  },

  /** Variants of other products holding one of these SKUs (any case) or barcodes. */
  async codesTaken(
    db: Executor,
    businessId: string,
    codes: { skus: string[]; barcodes: string[] },
    exceptProductId: string | null,
  ): Promise<{ sku: string | null; barcode: string | null }[]> {
    const skus = codes.skus.map((s) => s.toLowerCase());
    const matches = [
      skus.length > 0 ? inArray(sql`lower(${productVariants.sku})`, skus) : undefined,
      codes.barcodes.length > 0 ? inArray(productVariants.barcode, codes.barcodes) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    if (matches.length === 0) return [];
    return db
      .select({ sku: productVariants.sku, barcode: productVariants.barcode })
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), or(...matches), exceptProductId ? ne(productVariants.productId, exceptProductId) : undefined));
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<typeof products.$inferInsert>): Promise<void> {
    await db
      .update(products)
      .set(fields)
      .where(and(eq(products.businessId, businessId), eq(products.id, id)));
  },

  async insertProduct(db: Executor, row: typeof products.$inferInsert): Promise<void> {
    await db.insert(products).values(row);
  },

  async insertVariants(db: Executor, rows: (typeof productVariants.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(productVariants).values(rows);
  },

  async updateVariant(db: Executor, businessId: string, id: string, fields: Partial<typeof productVariants.$inferInsert>): Promise<void> {
    await db
      .update(productVariants)
      .set(fields)
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.id, id)));
  },

  async deleteVariants(db: Executor, businessId: string, ids: string[]): Promise<void> {
    if (ids.length > 0) await db.delete(productVariants).where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, ids)));
  },

  /** Moves products into a category (or none); answers how many of them are the business's. */
  async setCategory(db: Executor, businessId: string, productIds: string[], categoryId: string | null, now: Date): Promise<number> {
    const rows = await db
      .update(products)
      .set({ categoryId, updatedAt: now })
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds)))
      .returning({ id: products.id });
    return rows.length;
  },

  /** Moves every product of one category into another (or none); answers how many moved. */
  async moveCategory(db: Executor, businessId: string, from: string, to: string | null, now: Date): Promise<number> {
    const rows = await db
      .update(products)
      .set({ categoryId: to, updatedAt: now })
      .where(and(eq(products.businessId, businessId), eq(products.categoryId, from)))
      .returning({ id: products.id });
    return rows.length;
  },

  async existing(db: Executor, businessId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  async setAddOnGroups(db: Executor, businessId: string, productId: string, groupIds: string[]): Promise<void> {
    await db.delete(productAddOnGroups).where(and(eq(productAddOnGroups.businessId, businessId), eq(productAddOnGroups.productId, productId)));
    if (groupIds.length > 0) {
      await db.insert(productAddOnGroups).values(groupIds.map((groupId, position) => ({ businessId, productId, groupId, position })));
    }
  },

  /** Log rows as a write sent with the change's others (`writeTogether`). */
  logWrites: (db: Executor, rows: ProductLogInsert[]): Write[] => (rows.length > 0 ? [db.insert(productLog).values(rows).getSQL()] : []),
};
