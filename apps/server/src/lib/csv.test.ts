import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, minorToMajorString, parseMajorToMinor } from '@merchant/core';
import { csvCell, csvNumberCell, csvTable, parseCsv } from './csv';

/** List separators of spreadsheet locales: comma, semicolon (much of Europe, Latin America), tab. */
const SEPARATORS = [',', ';', '\t'] as const;
/** What a spreadsheet would run as a formula (some strip leading whitespace and quotes first). */
const STARTS_FORMULA = /^[\s"]*[=+\-@|]/;

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
const csvDocument = (header: readonly string[], rows: readonly (readonly string[])[]) => csvTable(header).document(rows);

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
    expect(csvCell('|calc')).toBe("'|calc");
    expect(csvCell(' |calc')).toBe("' |calc");
    expect(csvCell('x;|calc')).toBe(`"x;'|calc"`);
  });

  it('guards text that looks like a number: a customer named -16.00 is text, not an amount', () => {
    expect(csvCell('-16.00')).toBe("'-16.00");
    expect(csvCell(-16)).toBe("'-16");
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
    const harmless = fc.string().filter((s) => !/(^|[,;\t\r\n])[\s"]*[=+\-@|]|^[\t\r\n]/.test(s));
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

/** Currencies of 0, 2 and 3 decimals. */
const CURRENCIES = ['jpy', 'krw', 'sgd', 'usd', 'eur', 'kwd', 'bhd'] as const;
const amountIn = fc
  .constantFrom(...CURRENCIES)
  .chain((currency) => fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).map((minor) => ({ currency, minor })));

describe('number columns', () => {
  it('write amounts and counts as they are: negative, zero, decimals, empty for none', () => {
    expect(csvNumberCell('-16.00')).toBe('-16.00');
    expect(csvNumberCell('0.125')).toBe('0.125');
    expect(csvNumberCell('1500')).toBe('1500');
    expect(csvNumberCell(-3)).toBe('-3');
    expect(csvNumberCell(0)).toBe('0');
    expect(csvNumberCell(null)).toBe('');
    expect(csvNumberCell(undefined)).toBe('');
    expect(csvNumberCell('')).toBe('');
  });

  it('refuse anything but a plain number: text never leaves unguarded through a number column', () => {
    for (const bad of ['=1+1', "'-16.00", '-16.00 ', ' 5', '+5', '.5', '5.', '1,000.00', '1e5', '-', '|5', '@5', '\t5', 'NaN', '0x10']) {
      expect(() => csvNumberCell(bad), JSON.stringify(bad)).toThrow(TypeError);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21]) expect(() => csvNumberCell(bad), String(bad)).toThrow(TypeError);
  });

  it('are chosen by header; the header line and text columns stay guarded; a row must fill every column', () => {
    const table = csvTable(['-Name', 'Net', 'Count'], ['Net', 'Count']);
    expect(table.head()).toBe("\uFEFF'-Name,Net,Count\r\n");
    expect(table.line(['-16.00', '-16.00', 2])).toBe("'-16.00,-16.00,2\r\n");
    expect(table.line(['=1+1', null, ''])).toBe("'=1+1,,\r\n");
    expect(() => table.line(['x', '=1+1', 1])).toThrow(TypeError);
    expect(() => table.line(['x', '1'])).toThrow(RangeError);
    expect(table.document([['a', '1.00', 1]])).toBe("\uFEFF'-Name,Net,Count\r\na,1.00,1\r\n");
  });

  it('sum, as a spreadsheet reads them, exactly to the total of the amounts, in any currency', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(nastyCell, amountIn), { maxLength: 30 }), (rows) => {
        const table = csvTable(['Customer', 'Currency', 'Amount'], ['Amount']);
        const doc = table.document(rows.map(([name, { currency, minor }]) => [name, currency.toUpperCase(), minorToMajorString(minor, currency)]));
        const back = read(doc).slice(1);
        expect(back).toHaveLength(rows.length);
        const sums = new Map<string, number>();
        for (const [i, [, currency, amount]] of back.entries()) {
          const code = currency!.toLowerCase();
          const decimals = currencyDecimals(code);
          // A plain number (what a spreadsheet sums), never text such as '-16.00.
          expect(amount).toMatch(decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`));
          expect(parseMajorToMinor(amount!, code)).toBe(rows[i]![1].minor);
          sums.set(code, (sums.get(code) ?? 0) + parseMajorToMinor(amount!, code)!);
        }
        const expected = new Map<string, number>();
        for (const [, { currency, minor }] of rows) expected.set(currency, (expected.get(currency) ?? 0) + minor);
        expect(sums).toEqual(expected);
        // Whatever the separator of the reader, each field is a plain number (no formula) or starts no formula.
        for (const separator of SEPARATORS) {
          for (const field of read(doc, separator).flat()) {
            if (!/^-?\d+(\.\d+)?$/.test(field)) expect(field, JSON.stringify({ separator, field })).not.toMatch(STARTS_FORMULA);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
