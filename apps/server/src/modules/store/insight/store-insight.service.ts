import type { StoreInsight, StoreInsightPeriod, StoreReportQuery } from '@merchant/catalogue';
import { addDays, datesFrom, daysFrom, localDaysSpan } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import { storeInsightReadModel as repo } from '@/modules/store/orders/store-insight.read-model';
import type { AbandonedCartsService } from '@/modules/store/orders/abandoned-carts.service';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';

const TOP_PRODUCTS = 5;

/**
 * The store's overview, "Shop insight" (docs/online-store.md): a range of the business's days: paid orders, gross and
 * total sales, average order, page views and conversion, the top products by units and every order by status; the
 * same headline figures for the previous period of equal length, and the range day by day.
 */
export function createStoreInsightService(deps: {
  db: Executor;
  pages: Pick<StorePagesService, 'views' | 'viewsByDay'>;
  abandoned: Pick<AbandonedCartsService, 'counts'>;
}) {
  const { db } = deps;

  /** The headline figures of the business's days `from`..`to` (both included), and whether it was ever visited. */
  async function figures(
    business: BusinessRow,
    from: string,
    to: string,
  ): Promise<{ period: StoreInsightPeriod; recoveredCarts: number; everVisited: boolean }> {
    const span = localDaysSpan(from, to, business.timeZone);
    const sales = await repo.sales(db, { businessId: business.id, currency: business.currency, start: span.start, end: span.end });
    const visits = await deps.pages.views(business.id, from, to);
    const carts = await deps.abandoned.counts(business.id, span.start, span.end);
    return {
      period: {
        range: { from, to },
        orders: sales.orders,
        gross_sales: sales.gross,
        total_sales: sales.total,
        average_order: sales.orders > 0 ? Math.round(sales.total / sales.orders) : null,
        visits: visits.views,
        conversion_bp: visits.views > 0 ? Math.round((sales.orders * 10_000) / visits.views) : null,
        abandoned_carts: carts.abandoned,
      },
      recoveredCarts: carts.recovered,
      everVisited: visits.ever,
    };
  }

  return {
    async get(business: BusinessRow, query: StoreReportQuery): Promise<StoreInsight> {
      const tz = business.timeZone;
      const span = localDaysSpan(query.from, query.to, tz);
      const scope = { businessId: business.id, currency: business.currency, start: span.start, end: span.end };
      const current = await figures(business, query.from, query.to);
      // The previous period: as many days as the range, ending the day before it starts.
      const days = daysFrom(query.from, query.to) + 1;
      const previous = await figures(business, addDays(query.from, -days), addDays(query.from, -1));
      const byStatus = await repo.byStatus(db, scope);
      const top = await repo.topProducts(db, scope, TOP_PRODUCTS);
      const salesByDay = new Map((await repo.salesByDay(db, scope, tz)).map((d) => [d.day, d]));
      const viewsByDay = new Map((await deps.pages.viewsByDay(business.id, query.from, query.to)).map((d) => [d.day, d.views]));
      const everOrdered = byStatus.length > 0 || (await repo.everOrdered(db, business.id));
      const { range: _range, ...now } = current.period;
      return {
        range: { from: query.from, to: query.to, tz },
        currency: business.currency,
        ...now,
        top_products: top.map((p) => ({ product_id: p.productId, name: p.name, units: p.units, total: p.total })),
        by_status: byStatus,
        recovered_carts: current.recoveredCarts,
        has_activity: everOrdered || current.everVisited,
        previous: previous.period,
        daily: datesFrom(query.from, query.to).map((date) => {
          const sales = salesByDay.get(date);
          return { date, orders: sales?.orders ?? 0, total_sales: sales?.total ?? 0, visits: viewsByDay.get(date) ?? 0 };
        }),
      };
    },
  };
}

export type StoreInsightService = ReturnType<typeof createStoreInsightService>;
