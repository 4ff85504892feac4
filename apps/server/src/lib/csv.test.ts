import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, parseCsv } from './csv';

/** Reads one CSV line back (quoted cells, doubled quotes): enough to check round trips. */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else cell += line[i++];
      }
      cells.push(cell);
      i++;
    } else {
      const end = line.indexOf(',', i);
      cells.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

describe('csv', () => {
  it('quotes cells with quotes, commas and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises spreadsheet formulas with a leading quote', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('round-trips any single-line cell text (formula starts gain one quote)', () => {
    fc.assert(
      fc.property(fc.array(fc.string().filter((s) => !/[\r\n]/.test(s)), { minLength: 1, maxLength: 5 }), (cells) => {
        const doc = csvDocument(['h'], [cells]);
        const line = doc.slice(1).split('\r\n')[1]!;
        const back = parseLine(line);
        expect(back).toEqual(cells.map((c) => (/^[=+\-@\t]/.test(c) ? `'${c}` : c)));
        for (const cell of back) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe('parseCsv', () => {
  it('reads back every document csvDocument writes (cells a spreadsheet would not treat as formulas)', () => {
    const plainCell = fc.string().filter((s) => !/^[=+\-@\t\r']/.test(s));
    fc.assert(
      fc.property(fc.array(fc.tuple(plainCell, plainCell), { maxLength: 5 }), (rows) => {
        const parsed = parseCsv(csvDocument(['a', 'b'], rows).replace(/^\uFEFF/, ''));
        expect(parsed).toEqual([['a', 'b'], ...rows]);
      }),
    );
  });
});
