/**
 * CSV (RFC 4180) for downloads that people open in spreadsheets.
 *
 * Formula injection: a cell a spreadsheet reads as starting with = + - @ (or with a tab, carriage return
 * or line feed, which some strip first) runs as a formula in Excel, LibreOffice and Sheets. Spreadsheets
 * split a CSV on the separator of their locale: a comma, a semicolon (much of Europe and Latin America) or
 * a tab. Excel honours quotes only at the start of a field, so in a semicolon locale a quoted cell that is
 * not first in its row is cut at its semicolons, and its line breaks start new rows. Hence two rules:
 * - the formula guard: a `'` goes before a formula start at the start of the cell and after every
 *   separator or line break inside it (`x;=cmd` is written `x;'=cmd`), so no locale's split of the file
 *   yields a field that starts a formula;
 * - every cell holding a separator of any locale, a quote or a line break is quoted.
 */
/** Whitespace or quotes, then = + - @; or a tab, CR or LF as the first character. */
const FORMULA_START = /^(?:[\s"]*[=+\-@]|[\t\r\n])/;
/** A separator or line break inside the cell, followed by what would start a formula in the next field. */
const INNER_FORMULA_START = /([,;\t\r\n])(?=[\s"]*[=+\-@])/g;
/** Separators of every locale, quotes and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  text = text.replace(INNER_FORMULA_START, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',');
}

/** Rows joined with CRLF, with a UTF-8 byte-order mark so spreadsheets read accents right. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}

/**
 * Reads CSV the way a spreadsheet does (tests use it): a quote opens a quoted field only at the start of a
 * field (doubled quotes inside it are one quote); elsewhere a quote is an ordinary character; an unquoted
 * CR, LF or CRLF ends the row. `separator` is the list separator of the reader's locale (`,`, `;` or tab).
 * Reads back exactly what csvDocument writes.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
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
      rows.push(row);
      row = [];
      cell = '';
      atFieldStart = true;
    } else {
      cell += c;
      atFieldStart = false;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
