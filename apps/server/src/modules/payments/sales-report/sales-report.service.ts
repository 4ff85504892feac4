import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
  SALES_REPORT_CSV_FIGURES,
  type PaymentMethod,
  type PaymentSource,
  type SalesFigures,
  type SalesReport,
  type SalesReportCurrency,
  type SalesReportGroup,
  type SalesReportQuery,
} from '@merchant/payments';
import { datesFrom, localDaysSpan, minorToMajorString } from '@merchant/core';
import type { BusinessRow } from '@/http/context';
import type { Executor } from '@/db/client';
import { csvTable } from '@/lib/csv';
import { byBusinessCurrency } from '../overview/overview.service';
import { salesFiguresReadModel as repo, type SalesGrouping, type Span } from '../charges/sales-figures.read-model';

const ZERO: SalesFigures = { gross: 0, refunds: 0, fees: 0, net: 0, count: 0, refund_count: 0 };
/** The figures (major units; a day of refunds only has a net below zero) and the counts are numbers. */
const CSV_NUMBERS = ['Gross', 'Refunds', 'Fees', 'Net', 'Payments', 'Refunds made'] as const;

const add = (a: SalesFigures, b: SalesFigures): SalesFigures => ({
  gross: a.gross + b.gross,
  refunds: a.refunds + b.refunds,
  fees: a.fees + b.fees,
  net: a.net + b.net,
  count: a.count + b.count,
  refund_count: a.refund_count + b.refund_count,
});

type Captured = Awaited<ReturnType<typeof repo.captured>>[number];
type Refunded = Awaited<ReturnType<typeof repo.refunded>>[number];

/** One currency's figures per key: sales and refunds merged, net = gross - refunds - fees. */
function figuresByKey(currency: string, sales: Captured[], refunds: Refunded[]): Map<string | null, SalesFigures> {
  const rows = new Map<string | null, SalesFigures>();
  for (const s of sales.filter((r) => r.currency === currency)) {
    rows.set(s.key, add(rows.get(s.key) ?? ZERO, { ...ZERO, gross: s.gross, fees: s.fees, net: s.gross - s.fees, count: s.count }));
  }
  for (const r of refunds.filter((x) => x.currency === currency)) {
    rows.set(r.key, add(rows.get(r.key) ?? ZERO, { ...ZERO, refunds: r.amount, net: -r.amount, refund_count: r.count }));
  }
  return rows;
}

export function createSalesReportService(deps: { db: Executor }) {
  const { db } = deps;

  async function grouped(businessId: string, span: Span, grouping: SalesGrouping, currency: string | undefined) {
    const sales = await repo.captured(db, businessId, span, grouping, currency);
    const refunds = await repo.refunded(db, businessId, span, grouping, currency);
    return { sales, refunds };
  }

  async function report(business: BusinessRow, query: SalesReportQuery): Promise<SalesReport> {
    const { from, to, currency } = query;
    const tz = query.tz ?? business.timeZone;
    const span: Span = localDaysSpan(from, to, tz);
    const day = await grouped(business.id, span, { by: 'day', tz }, currency);
    const method = await grouped(business.id, span, { by: 'method' }, currency);
    const source = await grouped(business.id, span, { by: 'source' }, currency);
    const currencies = [...new Set([...day.sales, ...day.refunds].map((r) => r.currency))].sort(byBusinessCurrency(business.currency));
    const dates = datesFrom(from, to);

    const blocks: SalesReportCurrency[] = currencies.map((c) => {
      const perDay = figuresByKey(c, day.sales, day.refunds);
      const byDay = dates.map((date) => ({ date, ...(perDay.get(date) ?? ZERO) }));
      const byGross = (a: SalesFigures, b: SalesFigures) => b.gross - a.gross || b.refunds - a.refunds;
      return {
        currency: c,
        totals: byDay.reduce<SalesFigures>((sum, { date: _date, ...row }) => add(sum, row), ZERO),
        by_day: byDay,
        by_method: [...figuresByKey(c, method.sales, method.refunds)].map(([key, f]) => ({ method: key as PaymentMethod | null, ...f })).sort(byGross),
        by_source: [...figuresByKey(c, source.sales, source.refunds)].map(([key, f]) => ({ source: key as PaymentSource, ...f })).sort(byGross),
      };
    });
    return { range: { from, to, tz, days: dates.length }, currencies: blocks };
  }

  /** One grouping's rows as CSV lines: its own column, then the currency and the figures (major units). */
  function csvLines(data: SalesReport, group: SalesReportGroup): string[] {
    const figures = (currency: string, f: SalesFigures) => {
      const major = (amount: number) => minorToMajorString(amount, currency);
      return [currency.toUpperCase(), major(f.gross), major(f.refunds), major(f.fees), major(f.net), f.count, f.refund_count];
    };
    const first = group === 'day' ? `Date (${data.range.tz})` : group === 'method' ? 'Method' : 'Source';
    const rows = data.currencies.flatMap((block) => {
      if (group === 'day') return block.by_day.map((r) => [r.date, ...figures(block.currency, r)]);
      if (group === 'method') return block.by_method.map((r) => [r.method ? PAYMENT_METHOD_LABELS[r.method] : 'Other', ...figures(block.currency, r)]);
      return block.by_source.map((r) => [PAYMENT_SOURCE_LABELS[r.source], ...figures(block.currency, r)]);
    });
    const csv = csvTable([first, ...SALES_REPORT_CSV_FIGURES], CSV_NUMBERS);
    return [csv.head(), ...rows.map((r) => csv.line(r))];
  }

  return {
    get: report,

    /**
     * The report's rows of one grouping as CSV (one table per file, so a spreadsheet can sort and pivot it):
     * at most a year of days per currency, sent line by line.
     */
    async exportCsv(business: BusinessRow, query: SalesReportQuery & { group: SalesReportGroup }) {
      const data = await report(business, query);
      const name = query.currency ? `${query.group}-${query.currency}` : query.group;
      return { filename: `sales-report-${business.identifier}-${query.from}-to-${query.to}-by-${name}.csv`, lines: csvLines(data, query.group) };
    },
  };
}

export type SalesReportService = ReturnType<typeof createSalesReportService>;
