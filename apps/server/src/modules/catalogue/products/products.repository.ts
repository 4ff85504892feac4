import { and, asc, desc, eq, ilike, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProductSort, ProductStatus, SalesChannel } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { preparedPerShape, preparedStatement } from '@/db/prepared';
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

/** Which conditions a page has (the filters sent, a cursor, the sort): one built statement per shape (db/prepared.ts). */
interface PageShape {
  sort: ProductSort;
  status: boolean;
  category: 'all' | 'none' | 'one';
  channel: boolean;
  lowStock: boolean;
  /**
   * A search: part of the name (any case), or the start of one of its variants' SKUs (any case) or barcodes: both on
   * the product's own row, each served by its trigram index, so the planner weighs one table (the variants'
   * sub-select it replaced made it read half of 100,000 products backwards for a rare SKU). Codes hold no spaces: a
   * query with one is a name only.
   */
  search: 'none' | 'name' | 'codes';
  cursor: boolean;
}

const p = (name: string) => sql.placeholder(name);

const pageRead = preparedPerShape(
  'products_page',
  (s: PageShape) => [s.sort, s.status, s.category, s.channel, s.lowStock, s.search, s.cursor].map((v) => (v === true ? '1' : v === false ? '0' : v)).join('_'),
  (s, db, name) => {
    const [key, operator, dir] = s.sort === 'name' ? [products.name, sql`>`, asc] : [products.createdAt, sql`<`, desc];
    const byName = ilike(products.name, p('pattern'));
    const conditions = [
      eq(products.businessId, p('businessId')),
      s.status ? eq(products.status, p('status')) : undefined,
      s.category === 'none' ? isNull(products.categoryId) : s.category === 'one' ? eq(products.categoryId, p('category')) : undefined,
      s.channel ? sql`${p('channel')} = any(${products.channels})` : undefined,
      s.lowStock ? stockRepository.lowStockFilter(p('businessId')) : undefined,
      s.search === 'none' ? undefined : s.search === 'name' ? byName : or(byName, like(products.codes, p('codePattern'))),
      // Rows past the cursor in the sort's order, compared as a pair (db/keyset.ts).
      s.cursor ? sql`(${key}, ${products.id}) ${operator} (${p('cursorKey')}, ${p('cursorId')})` : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(dir(key), dir(products.id))
      .limit(p('limit'))
      .prepare(name);
  },
  // A search's best plan depends on its words (db/prepared.ts).
  { planEachRun: (s) => s.search !== 'none' },
);

/** The variants of a page of products (`ids`, one array value), each product's in order: built once (db/prepared.ts). */
const variantsOfPage = preparedStatement('product_variants_of', (db, name) =>
  db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.businessId, sql.placeholder('businessId')), sql`${productVariants.productId} = any(${sql.placeholder('ids')}::uuid[])`))
    .orderBy(asc(productVariants.productId), asc(productVariants.position))
    .prepare(name),
);

export const productsRepository = {
  /** One page of a business's products in the sort's order, after the cursor. Reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: ProductListFilter, sort: ProductSort, limit: number, cursor?: ProductCursor): Promise<ProductRow[]> {
    const q = filter.q;
    const shape: PageShape = {
      sort,
      status: Boolean(filter.status),
      category: filter.category === 'none' ? 'none' : filter.category ? 'one' : 'all',
      channel: Boolean(filter.channel),
      lowStock: Boolean(filter.lowStock),
      search: !q ? 'none' : /\s/.test(q) ? 'name' : 'codes',
      cursor: cursor !== undefined,
    };
    return pageRead(shape)(db, {
      businessId,
      status: filter.status,
      category: filter.category,
      channel: filter.channel,
      pattern: q ? `%${escapeLike(q)}%` : undefined,
      codePattern: q ? `% ${escapeLike(q.toLowerCase())}%` : undefined,
      cursorKey: cursor?.key instanceof Date ? cursor.key.toISOString() : cursor?.key,
      cursorId: cursor?.id,
      limit: limit + 1,
    });
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
    return variantsOfPage(db, { businessId, ids: productIds });
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
