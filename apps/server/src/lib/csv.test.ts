import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, parseCsv } from './csv';

/** List separators of spreadsheet locales: comma, semicolon (much of Europe, Latin America), tab. */
const SEPARATORS = [',', ';', '\t'] as const;
/** What a spreadsheet would run as a formula (some strip leading whitespace and quotes first). */
const STARTS_FORMULA = /^[\s"]*[=+\-@]/;

/** Cell text made mostly of the characters that matter here: formula starts, separators, quotes, line breaks. */
const nastyCell = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('=', '+', '-', '@', ',', ';', '\t', '\r', '\n', '"', ' ', "'") },
    { weight: 2, arbitrary: fc.constantFrom('a', 'B', '1', '|', '!', '(', ')', 'é', '😀') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }) },
  ),
  maxLength: 24,
});
const rowsOf = (cell: fc.Arbitrary<string>) => fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 4 });
const read = (doc: string, separator = ',') => parseCsv(doc.replace(/^\uFEFF/, ''), separator);

describe('csvCell', () => {
  it('quotes cells holding a separator of any locale, a quote or a line break', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\rlines')).toBe('"two\rlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('neutralises spreadsheet formulas with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('  =1+1')).toBe("'  =1+1");
  });

  it('neutralises a formula after a separator or line break inside the cell (issue 6: x;=cmd)', () => {
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(csvCell('x,+1')).toBe(`"x,'+1"`);
    expect(csvCell('x\t-1')).toBe(`"x\t'-1"`);
    expect(csvCell('x\n@SUM(A1)')).toBe(`"x\n'@SUM(A1)"`);
    expect(csvCell('x; "=1')).toBe(`"x;' ""=1"`);
    expect(csvCell('a, b; c')).toBe('"a, b; c"');
  });
});

describe('csvDocument read by a spreadsheet of any locale', () => {
  it('never yields a field that starts a formula, whatever the cells and the separator of the reader', () => {
    fc.assert(
      fc.property(rowsOf(nastyCell), fc.array(nastyCell, { minLength: 3, maxLength: 3 }), (rows, header) => {
        const doc = csvDocument(header, rows);
        for (const separator of SEPARATORS) {
          for (const field of read(doc, separator).flat()) expect(field, JSON.stringify({ separator, field })).not.toMatch(STARTS_FORMULA);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the example of issue 6 stays one cell with a comma reader and starts no formula with a semicolon reader', () => {
    const doc = csvDocument(['Time', 'Person', 'Email'], [['2026-10-12T12:00:00.000Z', "x;=cmd|' /C calc'!A0", 'x@evil.test']]);
    expect(read(doc)[1]).toEqual(['2026-10-12T12:00:00.000Z', "x;'=cmd|' /C calc'!A0", 'x@evil.test']);
    expect(read(doc, ';')[1]).toEqual(['2026-10-12T12:00:00.000Z,"x', `'=cmd|' /C calc'!A0",x@evil.test`]);
  });
});

describe('parseCsv', () => {
  it('reads back every document csvDocument writes, cell for cell (cells that start no formula anywhere)', () => {
    const harmless = fc.string().filter((s) => !/(^|[,;\t\r\n])[\s"]*[=+\-@]|^[\t\r\n]/.test(s));
    fc.assert(
      fc.property(rowsOf(harmless), (rows) => {
        expect(read(csvDocument(['a', 'b', 'c'], rows))).toEqual([['a', 'b', 'c'], ...rows]);
      }),
    );
  });

  it('reads back any cell with only the guard quotes added: removing them gives the original', () => {
    const withoutQuoteMarks = nastyCell.filter((s) => !s.includes("'"));
    fc.assert(
      fc.property(rowsOf(withoutQuoteMarks), (rows) => {
        const back = read(csvDocument(['a', 'b', 'c'], rows));
        expect(back.slice(1).map((row) => row.map((cell) => cell.replaceAll("'", '')))).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });

  it('reads as a spreadsheet does: quotes only open a field at its start; a lone CR or LF ends the row', () => {
    expect(parseCsv('a,"b,c",d\r\n')).toEqual([['a', 'b,c', 'd']]);
    expect(parseCsv('a,x"b,c"\r\n')).toEqual([['a', 'x"b', 'c"']]);
    expect(parseCsv('"a""b"x,c\n1\r2')).toEqual([['a"bx', 'c'], ['1'], ['2']]);
    expect(parseCsv('a;b,c\r\n', ';')).toEqual([['a', 'b,c']]);
    expect(parseCsv('a\tb\r\n', '\t')).toEqual([['a', 'b']]);
  });
});
