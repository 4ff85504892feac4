import { TENDER_LABELS, type OrderReport, type OrderReportBreakdown, type PosReportExportQuery, type PosReportQuery } from '@merchant/catalogue';
import { localDaysSpan } from '@merchant/core';
import type { BusinessRow } from '@/http/context';
import type { Executor } from '@/db/client';
import { assembleReport, breakdownCsv, byTotal, everyDay, mergeRows } from '@/lib/order-report';
import { posReportReadModel as repo, type LineGrouping, type OrderGrouping, type PosReportScope } from '@/modules/pos/orders/pos-report.read-model';

/** The figures of the register's order-level rows, in the table's order. */
const ORDER_FIGURES = ['gross', 'discounts', 'refunds', 'net', 'taxes', 'tips', 'surcharges', 'total', 'orders'] as const;
/** A product's or category's rows: tips belong to no line. */
const LINE_FIGURES = ['gross', 'discounts', 'refunds', 'net', 'taxes', 'surcharges', 'total', 'orders'] as const;
/** A tender's rows: what it took, the refunds paid back through it, what was kept, the orders it paid. */
const TENDER_FIGURES = ['refunds', 'total', 'orders'] as const;

const hourLabel = (hour: string | null) => `${hour ?? '00'}:00`;

/**
 * The register's sales report (docs/pos.md, "Sales report"): the orders of a range of the business's days, in the
 * business's currency, by day, hour, product, category, staff, location and tender, with a CSV of each.
 */
export function createPosReportService(deps: { db: Executor }) {
  const { db } = deps;

  async function byOrder(scope: PosReportScope, grouping: OrderGrouping, label: (key: string | null, named?: string | null) => string) {
    return mergeRows(await repo.orderSales(db, scope, grouping), await repo.orderRefunds(db, scope, grouping), label);
  }
  async function byLine(scope: PosReportScope, grouping: LineGrouping, none: string) {
    return mergeRows(await repo.lineSales(db, scope, grouping), await repo.lineRefunds(db, scope, grouping), (key, named) =>
      key === null ? none : (named ?? 'Deleted'),
    ).sort(byTotal);
  }

  async function report(business: BusinessRow, query: PosReportQuery): Promise<OrderReport> {
    const tz = business.timeZone;
    const span = localDaysSpan(query.from, query.to, tz);
    const scope: PosReportScope = {
      businessId: business.id,
      currency: business.currency,
      start: span.start,
      end: span.end,
      tz,
      locationId: query.location_id,
      staffId: query.staff_id,
    };
    const days = everyDay(query.from, query.to, await byOrder(scope, 'day', (key) => key ?? ''), (day) => day);
    const hours = (await byOrder(scope, 'hour', hourLabel)).sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));
    const products = await byLine(scope, 'product', 'Quick sales');
    const categories = await byLine(scope, 'category', 'No category');
    const staff = (await byOrder(scope, 'staff', (_key, named) => named ?? 'Former staff')).sort(byTotal);
    const locations = (await byOrder(scope, 'location', (_key, named) => named ?? 'Deleted location')).sort(byTotal);
    // Refunds go back the way the money came (docs/pos.md, "Refunds to the tenders"): each counts against its tenders.
    const tenders = mergeRows(await repo.tenderSales(db, scope), await repo.tenderRefunds(db, scope), (key) =>
      key && key in TENDER_LABELS ? TENDER_LABELS[key as keyof typeof TENDER_LABELS] : (key ?? 'Other'),
    ).sort(byTotal);

    const breakdown = (group: string, label: string, figures: readonly OrderReportBreakdown['figures'][number][], rows: OrderReportBreakdown['rows']) => ({
      group,
      label,
      figures: [...figures],
      rows,
    });
    return assembleReport({
      range: { from: query.from, to: query.to, tz, days: days.length },
      currency: business.currency,
      figures: [...ORDER_FIGURES],
      byDay: days,
      breakdowns: [
        breakdown('day', `Date (${tz})`, ORDER_FIGURES, days),
        breakdown('hour', 'Hour', ORDER_FIGURES, hours),
        breakdown('product', 'Product', LINE_FIGURES, products),
        breakdown('category', 'Category', LINE_FIGURES, categories),
        breakdown('staff', 'Staff', ORDER_FIGURES, staff),
        breakdown('location', 'Location', ORDER_FIGURES, locations),
        breakdown('tender', 'Tender', TENDER_FIGURES, tenders),
      ],
    });
  }

  return {
    get: report,
    /** One breakdown of the report as CSV lines. */
    async exportCsv(business: BusinessRow, query: PosReportExportQuery) {
      const data = await report(business, query);
      const breakdown = data.breakdowns.find((b) => b.group === query.group)!;
      return { filename: `pos-sales-${business.identifier}-${query.from}-to-${query.to}-by-${query.group}.csv`, lines: breakdownCsv(data, breakdown) };
    },
  };
}

export type PosReportService = ReturnType<typeof createPosReportService>;
