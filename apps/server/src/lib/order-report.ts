import {
  ORDER_REPORT_FIGURE_LABELS,
  type OrderReport,
  type OrderReportBreakdown,
  type OrderReportFigure,
  type OrderReportFigures,
  type OrderReportRow,
} from '@merchant/catalogue';
import { datesFrom, minorToMajorString } from '@merchant/core';
import { csvTable } from '@/lib/csv';

/**
 * The machinery the register's and the store's sales reports share (docs/pos.md, "Sales report"): the read-models
 * sum sales and refunds per key in SQL, and this merges them into rows, fills the days, totals and writes the CSV.
 */

/** What a read-model sums per key for the sales of the span (any figure it has no column for is left out). */
export interface SalesSums {
  key: string | null;
  label?: string | null;
  gross?: number;
  discounts?: number;
  taxes?: number;
  tips?: number;
  surcharges?: number;
  shipping?: number;
  /** What customers paid for the row (before refunds). */
  total?: number;
  orders?: number;
}

/** What a read-model sums per key for the refunds made in the span. */
export interface RefundSums {
  key: string | null;
  label?: string | null;
  refunds: number;
}

export const ZERO_FIGURES: OrderReportFigures = {
  gross: 0,
  discounts: 0,
  refunds: 0,
  net: 0,
  taxes: 0,
  tips: 0,
  surcharges: 0,
  shipping: 0,
  total: 0,
  orders: 0,
};

/** Both drivers answer numbers of sums as text or numbers (int8 is text from pg): every figure becomes a number. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Sales and refunds merged per key: net = gross - discounts - refunds, total = what was paid - refunds. */
export function mergeRows(sales: SalesSums[], refunds: RefundSums[], label: (key: string | null, named?: string | null) => string): OrderReportRow[] {
  const rows = new Map<string | null, OrderReportRow>();
  const at = (key: string | null, named?: string | null) => {
    let row = rows.get(key);
    if (!row) {
      row = { key, label: label(key, named), ...ZERO_FIGURES };
      rows.set(key, row);
    }
    return row;
  };
  for (const s of sales) {
    const row = at(s.key, s.label);
    row.gross += num(s.gross);
    row.discounts += num(s.discounts);
    row.taxes += num(s.taxes);
    row.tips += num(s.tips);
    row.surcharges += num(s.surcharges);
    row.shipping += num(s.shipping);
    row.total += num(s.total);
    row.orders += num(s.orders);
  }
  for (const r of refunds) {
    const row = at(r.key, r.label);
    row.refunds += num(r.refunds);
    row.total -= num(r.refunds);
  }
  for (const row of rows.values()) row.net = row.gross - row.discounts - row.refunds;
  return [...rows.values()];
}

/** Largest total first, then by label. */
export const byTotal = (a: OrderReportRow, b: OrderReportRow) => b.total - a.total || b.refunds - a.refunds || a.label.localeCompare(b.label);

export function sumFigures(rows: OrderReportFigures[]): OrderReportFigures {
  const sum = { ...ZERO_FIGURES };
  for (const row of rows) for (const k of Object.keys(sum) as (keyof OrderReportFigures)[]) sum[k] += row[k];
  return sum;
}

/** Every day of the range, in order, zero days included. */
export function everyDay(from: string, to: string, perDay: OrderReportRow[], label: (day: string) => string): OrderReportRow[] {
  const byKey = new Map(perDay.map((r) => [r.key, r]));
  return datesFrom(from, to).map((date) => byKey.get(date) ?? { key: date, label: label(date), ...ZERO_FIGURES });
}

/** The report's answer from its days and breakdowns; the average order is the orders' totals (before refunds) per order. */
export function assembleReport(input: {
  range: OrderReport['range'];
  currency: string;
  figures: OrderReportFigure[];
  byDay: OrderReportRow[];
  breakdowns: OrderReportBreakdown[];
}): OrderReport {
  const totals = sumFigures(input.byDay);
  const paid = totals.total + totals.refunds;
  return {
    range: input.range,
    currency: input.currency,
    totals: { ...totals, average: totals.orders > 0 ? Math.round(paid / totals.orders) : 0 },
    figures: input.figures,
    by_day: input.byDay,
    breakdowns: input.breakdowns,
  };
}

/** One breakdown as CSV lines: its own column, the currency, then its figures (amounts in major units, counts as counts). */
export function breakdownCsv(report: OrderReport, breakdown: OrderReportBreakdown): string[] {
  const headers = breakdown.figures.map((f) => ORDER_REPORT_FIGURE_LABELS[f]);
  const csv = csvTable([breakdown.label, 'Currency', ...headers], headers);
  const cell = (row: OrderReportRow, f: OrderReportFigure) => (f === 'orders' ? row.orders : minorToMajorString(row[f], report.currency));
  return [csv.head(), ...breakdown.rows.map((row) => csv.line([row.label, report.currency.toUpperCase(), ...breakdown.figures.map((f) => cell(row, f))]))];
}
