import { type OrderReport, type StoreReportExportQuery, type StoreReportQuery } from '@merchant/catalogue';
import { localDaysSpan } from '@merchant/core';
import type { BusinessRow } from '@/http/context';
import type { Executor } from '@/db/client';
import { assembleReport, breakdownCsv, byTotal, everyDay, mergeRows } from '@/lib/order-report';
import { storeReportReadModel as repo, type StoreOrderGrouping, type StoreReportScope } from '@/modules/store/orders/store-report.read-model';

/** The figures of the store's order-level rows, in the table's order (no tips or surcharges in the store). */
const ORDER_FIGURES = ['gross', 'discounts', 'refunds', 'net', 'shipping', 'taxes', 'total', 'orders'] as const;
/** A product's or category's rows: its units at their prices, what its lines brought in (after their share of the coupon, with their tax), the orders; a store refund is of money, not of lines. */
const LINE_FIGURES = ['gross', 'total', 'orders'] as const;
const DELIVERY_LABELS: Record<string, string> = { shipping: 'Shipping', pickup: 'Pickup' };

/**
 * The online store's sales report (docs/online-store.md, "Sales report"): the paid orders of a range of the business's
 * days by day, product, category, delivery method and coupon, with a CSV of each; the register's machinery.
 */
export function createStoreReportService(deps: { db: Executor }) {
  const { db } = deps;

  async function byOrder(scope: StoreReportScope, grouping: StoreOrderGrouping, label: (key: string | null) => string) {
    return mergeRows(await repo.orderSales(db, scope, grouping), await repo.orderRefunds(db, scope, grouping), label);
  }

  async function report(business: BusinessRow, query: StoreReportQuery): Promise<OrderReport> {
    const tz = business.timeZone;
    const span = localDaysSpan(query.from, query.to, tz);
    const scope: StoreReportScope = { businessId: business.id, currency: business.currency, start: span.start, end: span.end, tz };
    const days = everyDay(query.from, query.to, await byOrder(scope, 'day', (key) => key ?? ''), (day) => day);
    const lines = (grouping: 'product' | 'category', none: string) =>
      repo.lineSales(db, scope, grouping).then((rows) => mergeRows(rows, [], (key, named) => (key === null ? none : (named ?? 'Deleted'))).sort(byTotal));
    const products = await lines('product', 'Deleted product');
    const categories = await lines('category', 'No category');
    const delivery = (await byOrder(scope, 'delivery', (key) => DELIVERY_LABELS[key ?? ''] ?? 'Other')).sort(byTotal);
    const coupons = (await byOrder(scope, 'coupon', (key) => key ?? 'No coupon')).sort(byTotal);
    const breakdown = (group: string, label: string, figures: readonly OrderReport['figures'][number][], rows: OrderReport['by_day']) => ({
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
        breakdown('product', 'Product', LINE_FIGURES, products),
        breakdown('category', 'Category', LINE_FIGURES, categories),
        breakdown('delivery', 'Delivery', ORDER_FIGURES, delivery),
        breakdown('coupon', 'Coupon', ORDER_FIGURES, coupons),
      ],
    });
  }

  return {
    get: report,
    async exportCsv(business: BusinessRow, query: StoreReportExportQuery) {
      const data = await report(business, query);
      const breakdown = data.breakdowns.find((b) => b.group === query.group)!;
      return { filename: `store-sales-${business.identifier}-${query.from}-to-${query.to}-by-${query.group}.csv`, lines: breakdownCsv(data, breakdown) };
    },
  };
}

export type StoreReportService = ReturnType<typeof createStoreReportService>;
