import { AppError, fieldError } from '@merchant/core';
import { MAX_IMPORT_ROWS, matchHeaders, type HeaderMatch, type ImportColumn } from '@merchant/payments';
import { parseCsv } from '@/lib/csv';

export type Delimiter = ',' | ';' | '\t';

export interface ReadFile {
  delimiter: Delimiter;
  columns: HeaderMatch[];
  rows: { rowNumber: number; cells: Partial<Record<ImportColumn, string>> }[];
}

const notCsv = (message: string) => fieldError('INVOICE_IMPORT_FILE_INVALID', 'file', message);
/** A control character no text file holds (tab, line feed, form feed and carriage return are fine); NUL above all. */
function holdsBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The file's text. Spreadsheets save CSV as UTF-8 (with or without a byte-order mark), as UTF-16 with a mark
 * ("Unicode text", tab-separated) or, on Windows, as Windows-1252; anything holding control characters
 * (NUL bytes above all) is not a text file and is refused.
 */
export function decodeCsv(bytes: Buffer): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (holdsBinary(text)) throw notCsv('This is not a CSV file: it holds binary data. Save the sheet as CSV and upload that.');
  return text;
}

/** The separator of the header line: the most frequent of comma, semicolon and tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  return (['\t', ';'] as const).reduce<Delimiter>((best, d) => (counts[d] > counts[best] ? d : best), ',');
}

const blank = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * Reads an uploaded CSV of invoices: its header matched to our columns, then each non-blank row's cells by
 * column, numbered as a spreadsheet numbers them. Refuses (422 on `file`) what cannot be read as a whole.
 */
export function readImportFile(bytes: Buffer): ReadFile {
  const text = decodeCsv(bytes);
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
