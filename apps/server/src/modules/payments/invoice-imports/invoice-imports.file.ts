import { AppError, fieldError } from '@merchant/core';
import { MAX_IMPORT_ROWS, matchHeaders, type HeaderMatch, type ImportColumn } from '@merchant/payments';
import { parseCsv } from '@/lib/csv';
import { blankRecord, decodeCsv, detectDelimiter, type Delimiter } from '@/lib/csv-upload';

export type { Delimiter };

export interface ReadFile {
  delimiter: Delimiter;
  columns: HeaderMatch[];
  rows: { rowNumber: number; cells: Partial<Record<ImportColumn, string>> }[];
}

const notCsv = (message: string) => fieldError('INVOICE_IMPORT_FILE_INVALID', 'file', message);
const blank = blankRecord;

/**
 * Reads an uploaded CSV of invoices: its header matched to our columns, then each non-blank row's cells by
 * column, numbered as a spreadsheet numbers them. Refuses (422 on `file`) what cannot be read as a whole.
 */
export function readImportFile(bytes: Buffer): ReadFile {
  const text = decodeCsv(bytes, 'INVOICE_IMPORT_FILE_INVALID');
  const delimiter = detectDelimiter(text);
  const records = parseCsv(text, delimiter);
  const headerIndex = records.findIndex((r) => !blank(r));
  if (headerIndex < 0) throw notCsv('The file is empty. Download the template, add a row per invoice and upload it.');
  const { matches, problems } = matchHeaders(records[headerIndex]!.map((h) => h.trim()));
  if (problems.length > 0) {
    throw new AppError(
      'INVOICE_IMPORT_COLUMNS_INVALID',
      `The columns do not fit: ${problems.join(' ')}`,
      problems.map((message) => ({ path: 'file', message })),
    );
  }
  const rows: ReadFile['rows'] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (blank(record)) continue;
    if (rows.length === MAX_IMPORT_ROWS) {
      throw fieldError('INVOICE_IMPORT_TOO_MANY_ROWS', 'file', `The file has more than ${MAX_IMPORT_ROWS} rows: split it into several files.`);
    }
    const cells: Partial<Record<ImportColumn, string>> = {};
    matches.forEach((m, index) => {
      if (m.column) cells[m.column] = record[index] ?? '';
    });
    rows.push({ rowNumber: i + 1, cells });
  }
  if (rows.length === 0) throw notCsv('The file has a header but no rows: add a row per invoice.');
  return { delimiter, columns: matches, rows };
}
