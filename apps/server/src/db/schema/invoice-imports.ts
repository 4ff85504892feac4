import { INVOICE_IMPORT_STATUSES, type ImportedInvoice, type ImportProblem, type HeaderMatch } from '@merchant/payments';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * CSV imports of invoices (docs/payments.md, "invoice imports"): the uploaded file's rows, each with its
 * problems or the invoice it makes. A file is stored once per business (its SHA-256): uploading it again
 * answers the first import. A row's `invoice_id` is written in the transaction that creates the invoice,
 * so a row makes at most one invoice however often the job runs.
 */
export const invoiceImports = pgTable(
  'invoice_imports',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes, hex. */
    contentHash: text('content_hash').notNull(),
    status: text('status', { enum: INVOICE_IMPORT_STATUSES }).notNull().default('validated'),
    delimiter: text('delimiter', { enum: [',', ';', '\t'] }).notNull(),
    columns: jsonb('columns').$type<HeaderMatch[]>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Who confirmed, and from where: the invoices are created in their name. */
    confirmedByUserId: uuid('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedIp: text('confirmed_ip'),
    confirmedUserAgent: text('confirmed_user_agent'),
    confirmedAt: ts('confirmed_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('invoice_imports_content_key').on(t.businessId, t.contentHash),
    index('invoice_imports_created_idx').on(t.businessId, t.createdAt, t.id),
  ],
);

export const invoiceImportRows = pgTable(
  'invoice_import_rows',
  {
    businessId: uuid('business_id').notNull(),
    importId: uuid('import_id').notNull(),
    /** The row's number as a spreadsheet shows it (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    /** The row's cells by the column they were read as. */
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    /** What a valid row makes; null for a row with problems. */
    invoice: jsonb('invoice').$type<ImportedInvoice>(),
    problems: jsonb('problems').$type<ImportProblem[]>().notNull(),
    /** The invoice made of the row, written with it. */
    invoiceId: uuid('invoice_id'),
    /** Why a valid row could not be created (a rule checked when it was). */
    failure: text('failure'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.importId, t.rowNumber] }),
    foreignKey({ columns: [t.businessId, t.importId], foreignColumns: [invoiceImports.businessId, invoiceImports.id] }).onDelete('cascade'),
    uniqueIndex('invoice_import_rows_invoice_key').on(t.businessId, t.invoiceId),
  ],
);
