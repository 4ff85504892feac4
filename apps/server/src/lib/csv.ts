/**
 * CSV (RFC 4180) for downloads that people open in spreadsheets.
 *
 * Every file is a `csvTable`: its header and which of its columns hold numbers. The two kinds of cell are
 * written differently, decided by the column and never guessed from the text:
 * - a number column's cells are amounts and counts the server itself formats (`-16.00`, `1500`, `0.125`). They go
 *   out as they are, so a spreadsheet reads numbers and can sum them (a `'` in front of `-16.00` would make it text).
 *   A plain decimal number is no formula in any spreadsheet. Anything else given to a number column is refused with
 *   an error, so text (a customer's name, say) can never leave unguarded through one;
 * - every other cell is text, and goes through the formula guard below, whatever it holds (a customer named
 *   `-16.00` or `=1+1` is written `'-16.00`, `'=1+1`).
 *
 * Formula injection: a cell a spreadsheet reads as starting with = + - @ or | (or with a tab, carriage return or
 * line feed, which some strip first) runs as a formula in Excel, LibreOffice and Sheets (`|` starts a DDE call in
 * some). Spreadsheets split a CSV on the separator of their locale: a comma, a semicolon (much of Europe and Latin
 * America) or a tab. Excel honours quotes only at the start of a field, so in a semicolon locale a quoted cell that
 * is not first in its row is cut at its semicolons, and its line breaks start new rows. Hence two rules for text:
 * - the formula guard: a `'` goes before a formula start at the start of the cell and after every
 *   separator or line break inside it (`x;=cmd` is written `x;'=cmd`), so no locale's split of the file
 *   yields a field that starts a formula;
 * - every cell holding a separator of any locale, a quote or a line break is quoted.
 */
/** Whitespace or quotes, then = + - @ |; or a tab, CR or LF as the first character. */
const FORMULA_START = /^(?:[\s"]*[=+\-@|]|[\t\r\n])/;
/** A separator or line break inside the cell, followed by what would start a formula in the next field. */
const INNER_FORMULA_START = /([,;\t\r\n])(?=[\s"]*[=+\-@|])/g;
/** Separators of every locale, quotes and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;
/** What a number column holds: an optional minus, digits, and optionally a point and more digits. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export type CsvValue = string | number | null | undefined;

/** A text cell: formula-guarded and quoted as needed. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  text = text.replace(INNER_FORMULA_START, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A number cell, written as it is: a finite JS number or a plain decimal string (`-16.00`, as `minorToMajorString`
 * writes amounts); empty for null, undefined or ''. Anything else is a bug of the export, not a cell: it throws.
 */
export function csvNumberCell(value: CsvValue, column = 'a number column'): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? String(value) : value;
  if (!PLAIN_NUMBER.test(text)) throw new TypeError(`The CSV column ${column} holds numbers only, and was given something else`);
  return text;
}

/** A CSV file's columns: the header and, per column, whether its cells are text or numbers. */
export interface CsvTable<H extends string = string> {
  readonly header: readonly H[];
  /** The header names of the number columns. */
  readonly numbers: ReadonlySet<H>;
  /** The first piece of a download: the UTF-8 byte-order mark (so spreadsheets read accents right) and the header line. */
  head(): string;
  /** One row, in the header's order, ending in CRLF. */
  line(values: readonly CsvValue[]): string;
  /** A whole file: `head()` and every row's `line`. */
  document(rows: readonly (readonly CsvValue[])[]): string;
}

/**
 * The columns of one CSV download: `numbers` names the columns whose cells are numbers the server formats
 * (amounts, counts); every other column is text.
 */
export function csvTable<const H extends string>(header: readonly H[], numbers: readonly NoInfer<H>[] = []): CsvTable<H> {
  const numberSet = new Set<H>(numbers);
  const isNumber = header.map((h) => numberSet.has(h));
  const row = (values: readonly CsvValue[]): string => {
    if (values.length !== header.length) throw new RangeError(`A CSV row has ${values.length} cells for ${header.length} columns`);
    return values.map((v, i) => (isNumber[i] ? csvNumberCell(v, JSON.stringify(header[i])) : csvCell(v))).join(',');
  };
  const head = () => `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  const line = (values: readonly CsvValue[]) => `${row(values)}\r\n`;
  return {
    header,
    numbers: numberSet,
    head,
    line,
    document: (rows) => head() + rows.map(line).join(''),
  };
}

/**
 * Reads CSV the way a spreadsheet does (tests use it): a quote opens a quoted field only at the start of a
 * field (doubled quotes inside it are one quote); elsewhere a quote is an ordinary character; an unquoted
 * CR, LF or CRLF ends the row. `separator` is the list separator of the reader's locale (`,`, `;` or tab).
 * Reads back exactly what a `csvTable` writes.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  return [...csvRecords(text, separator)];
}

/**
 * The same reading one record at a time (`parseCsv` is this, collected): an upload's rows are checked and stored
 * as they are read, so only the file's text and the batch being stored are held, never every row as objects.
 */
export function* csvRecords(text: string, separator = ','): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (c === separator) {
      row.push(cell);
      cell = '';
      atFieldStart = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
      atFieldStart = true;
    } else {
      cell += c;
      atFieldStart = false;
    }
  }
  if (cell !== '' || row.length > 0) yield [...row, cell];
}
