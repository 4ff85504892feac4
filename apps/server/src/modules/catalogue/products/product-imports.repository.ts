import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProductImportRowState } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { locations, productCategories, productImportRows, productImports, productVariants, products } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type ProductImportRecord = typeof productImports.$inferSelect;
export type ProductImportRowRecord = typeof productImportRows.$inferSelect;
export type NewProductImportRow = typeof productImportRows.$inferInsert;

const rowsOf = (businessId: string, importId: string) => and(eq(productImportRows.businessId, businessId), eq(productImportRows.importId, importId));
/** Rows still to apply: checked, not done, not failed. */
const pending = and(isNotNull(productImportRows.action), isNull(productImportRows.doneAt), isNull(productImportRows.failure));

function stateFilter(state: ProductImportRowState | undefined): SQL | undefined {
  switch (state) {
    case 'create':
    case 'update':
      return and(eq(productImportRows.action, state), isNull(productImportRows.doneAt), isNull(productImportRows.failure));
    case 'refused':
      return isNull(productImportRows.action);
    case 'done':
      return isNotNull(productImportRows.doneAt);
    case 'failed':
      return isNotNull(productImportRows.failure);
    default:
      return undefined;
  }
}

export interface ProductImportCounts {
  rows: number;
  create: number;
  update: number;
  done: number;
  failed: number;
}

const countColumns = {
  rows: sql<number>`count(*)::int`,
  create: sql<number>`(count(*) filter (where ${productImportRows.action} = 'create'))::int`,
  update: sql<number>`(count(*) filter (where ${productImportRows.action} = 'update'))::int`,
  done: sql<number>`(count(*) filter (where ${productImportRows.doneAt} is not null))::int`,
  failed: sql<number>`(count(*) filter (where ${productImportRows.failure} is not null))::int`,
};
const numbers = (r: Record<keyof typeof countColumns, number | string>): ProductImportCounts => ({
  rows: Number(r.rows),
  create: Number(r.create),
  update: Number(r.update),
  done: Number(r.done),
  failed: Number(r.failed),
});

/** What an upload's rows are checked against: the variants holding a batch's SKUs and barcodes. */
export interface KnownVariant {
  variantId: string;
  productId: string;
  sku: string | null;
  barcode: string | null;
  trackStock: boolean;
  optionValues: string[];
}

/** Product imports and their rows, and the catalogue lookups their checks need: SQL only, scoped by business. */
export const productImportsRepository = {
  async insert(db: Executor, row: typeof productImports.$inferInsert): Promise<void> {
    await db.insert(productImports).values(row);
  },

  async insertRows(db: Executor, rows: NewProductImportRow[]): Promise<void> {
    if (rows.length > 0) await db.insert(productImportRows).values(rows);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<ProductImportRecord | undefined> {
    const query = db
      .select()
      .from(productImports)
      .where(and(eq(productImports.businessId, businessId), eq(productImports.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<typeof productImports.$inferInsert>): Promise<void> {
    await db
      .update(productImports)
      .set(patch)
      .where(and(eq(productImports.businessId, businessId), eq(productImports.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, limit: number, cursor?: Cursor): Promise<ProductImportRecord[]> {
    return db
      .select()
      .from(productImports)
      .where(
        and(
          eq(productImports.businessId, businessId),
          cursor ? pastCursor('desc', productImports.createdAt, productImports.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(productImports.createdAt), desc(productImports.id))
      .limit(limit + 1);
  },

  async counts(db: Executor, businessId: string, importId: string): Promise<ProductImportCounts> {
    const [row] = await db.select(countColumns).from(productImportRows).where(rowsOf(businessId, importId));
    return numbers(row ?? { rows: 0, create: 0, update: 0, done: 0, failed: 0 });
  },

  async countsOf(db: Executor, businessId: string, importIds: string[]): Promise<Map<string, ProductImportCounts>> {
    if (importIds.length === 0) return new Map();
    const rows = await db
      .select({ importId: productImportRows.importId, ...countColumns })
      .from(productImportRows)
      .where(and(eq(productImportRows.businessId, businessId), inArray(productImportRows.importId, importIds)))
      .groupBy(productImportRows.importId);
    return new Map(rows.map((r) => [r.importId, numbers(r)]));
  },

  /** Rows in file order after `after`, of one state; reads `limit + 1`. */
  async rowsPage(db: Executor, businessId: string, importId: string, filter: { state?: ProductImportRowState; after?: number }, limit: number) {
    return db
      .select()
      .from(productImportRows)
      .where(
        and(rowsOf(businessId, importId), stateFilter(filter.state), filter.after === undefined ? undefined : gt(productImportRows.rowNumber, filter.after)),
      )
      .orderBy(asc(productImportRows.rowNumber))
      .limit(limit + 1);
  },

  /** Rows still to apply, in file order, after `after`. */
  async pendingRows(db: Executor, businessId: string, importId: string, after: number, limit: number): Promise<ProductImportRowRecord[]> {
    return db
      .select()
      .from(productImportRows)
      .where(and(rowsOf(businessId, importId), pending, gt(productImportRows.rowNumber, after)))
      .orderBy(asc(productImportRows.rowNumber))
      .limit(limit);
  },

  /** One row, locked until the transaction ends (two runs of the job never apply it twice). */
  async lockRow(db: Executor, businessId: string, importId: string, rowNumber: number): Promise<ProductImportRowRecord | undefined> {
    const [row] = await db
      .select()
      .from(productImportRows)
      .where(and(rowsOf(businessId, importId), eq(productImportRows.rowNumber, rowNumber)))
      .for('update');
    return row;
  },

  async updateRow(
    db: Executor,
    businessId: string,
    importId: string,
    rowNumber: number,
    patch: { productId?: string; doneAt?: Date; failure?: string },
  ): Promise<void> {
    await db
      .update(productImportRows)
      .set(patch)
      .where(and(rowsOf(businessId, importId), eq(productImportRows.rowNumber, rowNumber)));
  },

  /** The business's categories by lower-case name. */
  async categoriesByName(db: Executor, businessId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .where(eq(productCategories.businessId, businessId));
    return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  },

  /** The business's category names by id (the export writes names). */
  async categoryNames(db: Executor, businessId: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .where(eq(productCategories.businessId, businessId));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** The business's active locations by lower-case name. */
  async locationsByName(db: Executor, businessId: string): Promise<Map<string, { id: string; name: string }>> {
    const rows = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.businessId, businessId), eq(locations.status, 'active')))
      .orderBy(asc(locations.name));
    return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  },

  /** The variants holding any of these SKUs (any case) or barcodes, with their product's stock setting. */
  async variantsByCode(db: Executor, businessId: string, skus: string[], barcodes: string[]): Promise<KnownVariant[]> {
    const matches = [
      skus.length > 0
        ? inArray(
            sql`lower(${productVariants.sku})`,
            skus.map((s) => s.toLowerCase()),
          )
        : undefined,
      barcodes.length > 0 ? inArray(productVariants.barcode, barcodes) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    if (matches.length === 0) return [];
    return db
      .select({
        variantId: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        barcode: productVariants.barcode,
        trackStock: products.trackStock,
        optionValues: productVariants.optionValues,
      })
      .from(productVariants)
      .innerJoin(products, and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)))
      .where(and(eq(productVariants.businessId, businessId), sql`(${sql.join(matches, sql` or `)})`));
  },
};
