import { PRODUCT_IMPORT_ACTIONS, PRODUCT_IMPORT_STATUSES, type ProductHeaderMatch, type ProductImportProblem, type ReadProductRow } from '@merchant/catalogue';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/** What a checked row will do: its fields, with the category and locations it names resolved to ids. */
export interface ProductImportPlan extends Omit<ReadProductRow, 'category' | 'stock'> {
  /** The category to put the product in (resolved by name), when the row names one. */
  category_id?: string;
  stock: { location_id: string; on_hand: number }[];
  /** The variant the SKU matched (updates). */
  variant_id?: string;
}

/**
 * CSV imports of products (docs/catalogue.md, "Bulk: CSV import and export"), like the invoice imports: the file's
 * rows, each with what it will do (`action`, `plan`) or its problems. `done_at` is written in the transaction that
 * applies the row, so a row is applied at most once however often the job runs.
 */
export const productImports = pgTable(
  'product_imports',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    /** The currency the file's prices were read in (the business's at the upload). */
    currency: text('currency').notNull(),
    status: text('status', { enum: PRODUCT_IMPORT_STATUSES }).notNull().default('validated'),
    delimiter: text('delimiter', { enum: [',', ';', '\t'] }).notNull(),
    columns: jsonb('columns').$type<ProductHeaderMatch[]>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Who confirmed, and from where: the products are changed in their name. */
    confirmedByUserId: uuid('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedIp: text('confirmed_ip'),
    confirmedUserAgent: text('confirmed_user_agent'),
    confirmedAt: ts('confirmed_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('product_imports_created_idx').on(t.businessId, t.createdAt, t.id)],
);

export const productImportRows = pgTable(
  'product_import_rows',
  {
    businessId: uuid('business_id').notNull(),
    importId: uuid('import_id').notNull(),
    /** The row's number as a spreadsheet shows it (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    sku: text('sku').notNull(),
    name: text('name'),
    /** What the row does; null for a refused row. */
    action: text('action', { enum: PRODUCT_IMPORT_ACTIONS }),
    plan: jsonb('plan').$type<ProductImportPlan>(),
    problems: jsonb('problems').$type<ProductImportProblem[]>().notNull(),
    /** The product updated, or made when the row is applied. */
    productId: uuid('product_id'),
    doneAt: ts('done_at'),
    /** Why a checked row could not be applied (a rule checked when it was). */
    failure: text('failure'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.importId, t.rowNumber] }),
    foreignKey({ columns: [t.businessId, t.importId], foreignColumns: [productImports.businessId, productImports.id] }).onDelete('cascade'),
  ],
);
