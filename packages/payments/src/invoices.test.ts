import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR_AMOUNT, minorToMajorString, parseMajorToMinor } from '@merchant/core';
import {
  amountDue,
  BASIS_POINTS,
  InvoiceBodySchema,
  invoicePayableRange,
  invoiceTotals,
  lineTotals,
  QUANTITY_SCALE,
  statusAfterPayment,
  type InvoiceLineAmounts,
} from './invoices';
import { INVOICE_STATUSES } from './statuses';

/** Exact rational value as numerator over denominator, compared with a rounded integer: |rounded - n/d| <= 1/2. */
function withinHalf(rounded: number, n: bigint, d: bigint): boolean {
  const diff = BigInt(rounded) * d * 2n - n * 2n;
  return (diff < 0n ? -diff : diff) <= d;
}

/** Currencies with 0, 2 and 3 decimals: the rules work in their minor units whatever the exponent. */
const currency = fc.constantFrom('jpy', 'krw', 'sgd', 'usd', 'kwd', 'bhd');
const quantity = fc.integer({ min: 1, max: 1_000_000 }).map((m) => m / QUANTITY_SCALE);
const line: fc.Arbitrary<InvoiceLineAmounts> = fc.record({
  quantity: fc.oneof(quantity, fc.integer({ min: 1, max: 1000 })),
  unit_price: fc.integer({ min: 0, max: 10_000_000 }),
  discount_bps: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: BASIS_POINTS })),
});
const taxes = fc.array(fc.record({ rate_bps: fc.integer({ min: 0, max: BASIS_POINTS }) }), { maxLength: 5 });

describe('invoice money rules', () => {
  it('round each line, discount and tax half up to a whole minor unit, never off by more than half of one', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), taxes, (lines, rates) => {
        const totals = invoiceTotals(lines, rates);
        lines.forEach((l, i) => {
          const t = totals.lines[i]!;
          for (const v of [t.gross, t.discount, t.net]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          expect(withinHalf(t.gross, BigInt(l.unit_price) * BigInt(Math.round(l.quantity * QUANTITY_SCALE)), BigInt(QUANTITY_SCALE))).toBe(true);
          expect(withinHalf(t.discount, BigInt(t.gross) * BigInt(l.discount_bps), BigInt(BASIS_POINTS))).toBe(true);
          expect(t.net).toBe(t.gross - t.discount);
        });
        rates.forEach((r, i) => expect(withinHalf(totals.taxes[i]!, BigInt(totals.subtotal) * BigInt(r.rate_bps), BigInt(BASIS_POINTS))).toBe(true));
        expect(totals.subtotal).toBe(totals.lines.reduce((s, l) => s + l.net, 0));
        expect(totals.tax_total).toBe(totals.taxes.reduce((s, t) => s + t, 0));
        expect(totals.total).toBe(totals.subtotal + totals.tax_total);
      }),
    );
  });

  it('keep whole quantities exact and a full discount at zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (qty, price) => {
        expect(lineTotals({ quantity: qty, unit_price: price, discount_bps: 0 })).toEqual({ gross: qty * price, discount: 0, net: qty * price });
        expect(lineTotals({ quantity: qty, unit_price: price, discount_bps: BASIS_POINTS }).net).toBe(0);
      }),
    );
  });

  it('give a total that every currency shows and reads back to the same minor units', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), taxes, currency, (lines, rates, code) => {
        const { total } = invoiceTotals(lines, rates);
        expect(parseMajorToMinor(minorToMajorString(total, code), code)).toBe(total);
      }),
    );
  });

  it('round the worked examples as a person would', () => {
    // 3 x 333 at 10 % off: 999 - 99.9 -> 100 off; 9 % GST on 899 is 80.91 -> 81.
    expect(invoiceTotals([{ quantity: 3, unit_price: 333, discount_bps: 1000 }], [{ rate_bps: 900 }])).toEqual({
      lines: [{ gross: 999, discount: 100, net: 899 }],
      subtotal: 899,
      taxes: [81],
      tax_total: 81,
      total: 980,
    });
    // 1.5 hours at 1.005 KWD (1005 fils) is 1507.5 fils -> 1508; the same in yen.
    expect(lineTotals({ quantity: 1.5, unit_price: 1005, discount_bps: 0 }).gross).toBe(1508);
    // Half a minor unit of tax rounds up: 5 % of 10 is 0.5 -> 1.
    expect(invoiceTotals([{ quantity: 1, unit_price: 10, discount_bps: 0 }], [{ rate_bps: 500 }]).total).toBe(11);
  });
});

describe('paying an invoice', () => {
  const status = fc.constantFrom(...INVOICE_STATUSES);
  it('never asks more than is due, and the whole due amount unless partial payments are allowed', () => {
    fc.assert(
      fc.property(status, fc.integer({ min: 1, max: MAX_MINOR_AMOUNT }), fc.nat(), fc.boolean(), (s, total, paidSeed, partial) => {
        const paid = paidSeed % (total + 1);
        const range = invoicePayableRange({ status: s, total, amount_paid: paid, allow_partial: partial });
        const payable = s === 'sent' || s === 'partially_paid' || s === 'overdue';
        expect(range).toEqual(payable && paid < total ? { min: partial ? 1 : total - paid, max: total - paid } : null);
      }),
    );
  });
  it('moves to partially paid, then paid; a void or draft invoice keeps its status', () => {
    expect(statusAfterPayment('sent', 100, 40)).toBe('partially_paid');
    expect(statusAfterPayment('overdue', 100, 40)).toBe('partially_paid');
    expect(statusAfterPayment('partially_paid', 100, 100)).toBe('paid');
    expect(statusAfterPayment('sent', 100, 0)).toBe('sent');
    expect(statusAfterPayment('void', 100, 100)).toBe('void');
    expect(amountDue(100, 130)).toBe(0);
  });
});

describe('the invoice form', () => {
  const base = {
    customer_id: '6b1f1f8e-2f0a-4f55-9a57-6f3f0d1f0b11',
    issue_date: '2026-11-01',
    due_date: '2026-11-30',
    lines: [{ description: 'Design', quantity: 2, unit_price: 10_000 }],
  };
  it('takes a valid invoice with defaults', () => {
    expect(InvoiceBodySchema.parse(base)).toMatchObject({ taxes: [], allow_partial: false, notes: null, lines: [{ product_id: null, discount_bps: 0 }] });
  });
  it('refuses a zero or negative quantity, a due date before the issue date and a total over the limit, each at its field', () => {
    const bad = InvoiceBodySchema.safeParse({
      ...base,
      due_date: '2026-10-31',
      lines: [
        { description: 'A', quantity: 0, unit_price: 1 },
        { description: 'B', quantity: -1, unit_price: 1 },
        { description: 'C', quantity: 1.0005, unit_price: 1 },
      ],
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['due_date', 'lines.0.quantity', 'lines.1.quantity', 'lines.2.quantity']);
    const late = InvoiceBodySchema.safeParse({ ...base, due_date: '2026-10-31' });
    expect(late.error?.issues.map((i) => i.path.join('.'))).toEqual(['due_date']);
    const huge = InvoiceBodySchema.safeParse({ ...base, lines: [{ description: 'A', quantity: 1_000_000, unit_price: MAX_MINOR_AMOUNT }] });
    expect(huge.error?.issues.map((i) => i.path.join('.'))).toEqual(['lines']);
  });
});
