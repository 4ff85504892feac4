import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InvoiceImportRowState } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { invoiceImportRows, invoiceImports } from '@/db/schema';
import { pastCursor } from '@/db/keyset';
import type { Cursor } from '@/lib/cursor';

export type InvoiceImportRecord = typeof invoiceImports.$inferSelect;
export type NewInvoiceImport = typeof invoiceImports.$inferInsert;
export type InvoiceImportRowRecord = typeof invoiceImportRows.$inferSelect;
export type NewInvoiceImportRow = typeof invoiceImportRows.$inferInsert;

/** Rows written per statement when a file is stored. */
const INSERT_BATCH = 200;

const rowsOf = (businessId: string, importId: string) => and(eq(invoiceImportRows.businessId, businessId), eq(invoiceImportRows.importId, importId));

/** Rows still to create: valid, without an invoice and without a failure. */
const pending = and(isNotNull(invoiceImportRows.invoice), isNull(invoiceImportRows.invoiceId), isNull(invoiceImportRows.failure));

function stateFilter(state: InvoiceImportRowState | undefined) {
  switch (state) {
    case 'invalid':
      return isNull(invoiceImportRows.invoice);
    case 'created':
      return isNotNull(invoiceImportRows.invoiceId);
    case 'failed':
      return isNotNull(invoiceImportRows.failure);
    case 'valid':
      return pending;
    default:
      return undefined;
  }
}

export interface ImportCounts {
  rows: number;
  valid: number;
  created: number;
  failed: number;
}

/** Invoice imports and their rows: SQL only, every query scoped by business. */
export const invoiceImportsRepository = {
  /** Stores the import unless the business already has this file; answers whether it did. */
  async insert(db: Executor, row: NewInvoiceImport): Promise<boolean> {
    const inserted = await db.insert(invoiceImports).values(row).onConflictDoNothing().returning({ id: invoiceImports.id });
    return inserted.length > 0;
  },

  async insertRows(db: Executor, rows: NewInvoiceImportRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await db.insert(invoiceImportRows).values(rows.slice(i, i + INSERT_BATCH));
  },

  async find(db: Executor, businessId: string, id: string): Promise<InvoiceImportRecord | undefined> {
    const [row] = await db
      .select()
      .from(invoiceImports)
      .where(and(eq(invoiceImports.businessId, businessId), eq(invoiceImports.id, id)));
    return row;
  },

  async findByHash(db: Executor, businessId: string, contentHash: string): Promise<InvoiceImportRecord | undefined> {
    const [row] = await db
      .select()
      .from(invoiceImports)
      .where(and(eq(invoiceImports.businessId, businessId), eq(invoiceImports.contentHash, contentHash)));
    return row;
  },

  /** The import's row, locked until the transaction ends. */
  async lock(db: Executor, businessId: string, id: string): Promise<InvoiceImportRecord | undefined> {
    const [row] = await db
      .select()
      .from(invoiceImports)
      .where(and(eq(invoiceImports.businessId, businessId), eq(invoiceImports.id, id)))
      .for('update');
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<NewInvoiceImport>): Promise<void> {
    await db
      .update(invoiceImports)
      .set(patch)
      .where(and(eq(invoiceImports.businessId, businessId), eq(invoiceImports.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, limit: number, cursor?: Cursor): Promise<InvoiceImportRecord[]> {
    return db
      .select()
      .from(invoiceImports)
      .where(
        and(
          eq(invoiceImports.businessId, businessId),
          cursor ? pastCursor('desc', invoiceImports.createdAt, invoiceImports.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(invoiceImports.createdAt), desc(invoiceImports.id))
      .limit(limit + 1);
  },

  /** The counts of several imports in one query, by import id. */
  async countsOf(db: Executor, businessId: string, importIds: string[]): Promise<Map<string, ImportCounts>> {
    if (importIds.length === 0) return new Map();
    const rows = await db
      .select({
        importId: invoiceImportRows.importId,
        rows: sql<number>`count(*)::int`,
        valid: sql<number>`(count(*) filter (where ${invoiceImportRows.invoice} is not null))::int`,
        created: sql<number>`(count(*) filter (where ${invoiceImportRows.invoiceId} is not null))::int`,
        failed: sql<number>`(count(*) filter (where ${invoiceImportRows.failure} is not null))::int`,
      })
      .from(invoiceImportRows)
      .where(and(eq(invoiceImportRows.businessId, businessId), inArray(invoiceImportRows.importId, importIds)))
      .groupBy(invoiceImportRows.importId);
    return new Map(rows.map((r) => [r.importId, { rows: Number(r.rows), valid: Number(r.valid), created: Number(r.created), failed: Number(r.failed) }]));
  },

  async counts(db: Executor, businessId: string, importId: string): Promise<ImportCounts> {
    const [row] = await db
      .select({
        rows: sql<number>`count(*)::int`,
        valid: sql<number>`(count(*) filter (where ${invoiceImportRows.invoice} is not null))::int`,
        created: sql<number>`(count(*) filter (where ${invoiceImportRows.invoiceId} is not null))::int`,
        failed: sql<number>`(count(*) filter (where ${invoiceImportRows.failure} is not null))::int`,
      })
      .from(invoiceImportRows)
      .where(rowsOf(businessId, importId));
    return { rows: Number(row?.rows ?? 0), valid: Number(row?.valid ?? 0), created: Number(row?.created ?? 0), failed: Number(row?.failed ?? 0) };
  },

  /** Rows in file order after `after`; reads `limit + 1`. */
  async rowsPage(db: Executor, businessId: string, importId: string, filter: { state?: InvoiceImportRowState; after?: number }, limit: number) {
    return db
      .select()
      .from(invoiceImportRows)
      .where(
        and(rowsOf(businessId, importId), stateFilter(filter.state), filter.after === undefined ? undefined : gt(invoiceImportRows.rowNumber, filter.after)),
      )
      .orderBy(asc(invoiceImportRows.rowNumber))
      .limit(limit + 1);
  },

  /** Rows still to create, in file order, after `after`. */
  async pendingRows(db: Executor, businessId: string, importId: string, after: number, limit: number): Promise<{ rowNumber: number }[]> {
    return db
      .select({ rowNumber: invoiceImportRows.rowNumber })
      .from(invoiceImportRows)
      .where(and(rowsOf(businessId, importId), pending, gt(invoiceImportRows.rowNumber, after)))
      .orderBy(asc(invoiceImportRows.rowNumber))
      .limit(limit);
  },

  /** Refused and failed rows in file order. */
  async problemRows(db: Executor, businessId: string, importId: string): Promise<InvoiceImportRowRecord[]> {
    return db
      .select()
      .from(invoiceImportRows)
      .where(and(rowsOf(businessId, importId), sql`(${invoiceImportRows.invoice} is null or ${invoiceImportRows.failure} is not null)`))
      .orderBy(asc(invoiceImportRows.rowNumber));
  },

  /** One row, locked until the transaction ends (two runs of the job never create it twice). */
  async lockRow(db: Executor, businessId: string, importId: string, rowNumber: number): Promise<InvoiceImportRowRecord | undefined> {
    const [row] = await db
      .select()
      .from(invoiceImportRows)
      .where(and(rowsOf(businessId, importId), eq(invoiceImportRows.rowNumber, rowNumber)))
      .for('update');
    return row;
  },

  async updateRow(db: Executor, businessId: string, importId: string, rowNumber: number, patch: { invoiceId?: string; failure?: string }): Promise<void> {
    await db
      .update(invoiceImportRows)
      .set(patch)
      .where(and(rowsOf(businessId, importId), eq(invoiceImportRows.rowNumber, rowNumber)));
  },
};
