import { describe, expect, it } from 'vitest';
import { IMPORT_TEMPLATE_HEADER, matchHeaders, normaliseHeader, readImportRow } from './invoice-imports';

const defaults = { currency: 'sgd', today: '2026-11-01' };
const good = { customer_email: 'ann@example.com', description: 'Design', unit_price: '150.00', due_date: '2026-11-30' };

describe('matchHeaders', () => {
  it('reads the template, other names of the columns, any case and order, and ignores the rest', () => {
    expect(matchHeaders(IMPORT_TEMPLATE_HEADER).problems).toEqual([]);
    const { matches, problems } = matchHeaders(['Due Date', 'E-mail', 'Unit Price', 'Item', 'Discount %', 'PO number']);
    expect(problems).toEqual([]);
    expect(matches.map((m) => m.column)).toEqual(['due_date', 'customer_email', 'unit_price', 'description', 'discount_percent', null]);
    expect(normaliseHeader('  Customer_E-mail ')).toBe('customer e mail');
  });

  it('names every missing required column and every column read twice', () => {
    expect(matchHeaders(['email', 'Email', 'price']).problems).toEqual([
      'The columns "email" and "Email" are both read as customer_email: keep one.',
      'The column description is missing.',
      'The column due_date is missing.',
    ]);
  });
});

describe('readImportRow', () => {
  it('makes the invoice the form would: defaults for blank cells, percentages in basis points, one tax', () => {
    const read = readImportRow({ ...good, quantity: '1.5', discount_percent: '12.5', tax_percent: '9', currency: 'JPY', unit_price: '1500' }, defaults);
    expect(read).toEqual({
      ok: true,
      value: {
        customer: { email: 'ann@example.com', name: null },
        invoice: {
          currency: 'jpy',
          issue_date: '2026-11-01',
          due_date: '2026-11-30',
          lines: [{ product_id: null, description: 'Design', quantity: 1.5, unit_price: 1500, discount_bps: 1250 }],
          taxes: [{ name: 'Tax', rate_bps: 900 }],
          notes: null,
          terms: null,
          allow_partial: false,
        },
      },
    });
  });

  it('answers every problem of a row at its column, with the invoice schema’s own words', () => {
    const read = readImportRow(
      { customer_email: 'nope', description: '', quantity: '-1', unit_price: '1.234', due_date: '2026-10-01', issue_date: '2026-11-02', tax_name: 'GST' },
      defaults,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual(
      expect.arrayContaining([
        { column: 'customer_email', message: 'Enter a valid email address' },
        { column: 'quantity', message: 'Enter a quantity such as 1 or 1.5 (up to three decimals)' },
        { column: 'unit_price', message: 'Enter a price such as 150.00, without the currency sign' },
        { column: 'tax_percent', message: 'Enter the rate of the tax' },
        { column: 'description', message: 'Describe the line' },
        { column: 'due_date', message: 'The due date cannot be before the issue date' },
      ]),
    );
  });

  it('refuses formulas in text cells and unknown currencies', () => {
    const read = readImportRow({ ...good, description: '=1+1', notes: '@SUM(A1)', currency: 'XYZ' }, defaults);
    expect(read.ok ? [] : read.problems.map((p) => p.column)).toEqual(['description', 'notes', 'currency']);
  });
});
