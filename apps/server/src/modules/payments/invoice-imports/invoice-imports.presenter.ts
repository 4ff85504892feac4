import {
  IMPORT_TEMPLATE_HEADER,
  invoiceNumberLabel,
  invoiceTotals,
  type InvoiceImport,
  type InvoiceImportRow,
  type InvoiceImportRowState,
} from '@merchant/payments';
import { csvTable } from '@/lib/csv';
import type { ImportCounts, InvoiceImportRecord, InvoiceImportRowRecord } from './invoice-imports.repository';

export function presentImport(row: InvoiceImportRecord, counts: ImportCounts): InvoiceImport {
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    delimiter: row.delimiter,
    columns: row.columns,
    counts: {
      rows: counts.rows,
      valid: counts.valid,
      invalid: counts.rows - counts.valid,
      created: counts.created,
      failed: counts.failed,
      pending: counts.valid - counts.created - counts.failed,
    },
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function rowState(row: InvoiceImportRowRecord): InvoiceImportRowState {
  if (row.invoiceId) return 'created';
  if (row.failure) return 'failed';
  return row.invoice ? 'valid' : 'invalid';
}

/** A row's problems: the checks' at upload, or the reason it could not be created. */
export function rowProblems(row: InvoiceImportRowRecord) {
  return row.failure ? [...row.problems, { column: null, message: row.failure }] : row.problems;
}

export function presentRow(row: InvoiceImportRowRecord, invoiceNumber: number | null): InvoiceImportRow {
  const fields = row.invoice?.invoice;
  return {
    row: row.rowNumber,
    state: rowState(row),
    cells: row.cells,
    problems: rowProblems(row),
    total: fields && fields.currency ? { amount: invoiceTotals(fields.lines, fields.taxes).total, currency: fields.currency } : null,
    invoice: row.invoiceId && invoiceNumber !== null ? { id: row.invoiceId, number: invoiceNumberLabel(invoiceNumber) } : null,
  };
}

/** The problems report's header: the row, the template's columns (so the file can be corrected and uploaded again), why. */
export const PROBLEMS_CSV_HEADER = ['Row', ...IMPORT_TEMPLATE_HEADER, 'Problems'];
/**
 * The problems report as CSV: the row number is a number; the cells are the uploaded file's text as it was (an
 * amount the person typed included), formula-guarded like any text.
 */
export const PROBLEMS_CSV = csvTable(PROBLEMS_CSV_HEADER, ['Row']);
/** The template: its header only. */
export const TEMPLATE_CSV = csvTable(IMPORT_TEMPLATE_HEADER);

export function problemsCsvRow(row: InvoiceImportRowRecord): (string | number)[] {
  const why = rowProblems(row)
    .map((p) => (p.column ? `${p.column}: ${p.message}` : p.message))
    .join('; ');
  return [row.rowNumber, ...IMPORT_TEMPLATE_HEADER.map((column) => row.cells[column] ?? ''), why];
}
