import type { StoreInsight, StoreReportQuery } from '@merchant/catalogue';
import { localDaysSpan } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import { storeInsightReadModel as repo } from '@/modules/store/orders/store-insight.read-model';
import type { AbandonedCartsService } from '@/modules/store/orders/abandoned-carts.service';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';

const TOP_PRODUCTS = 5;

/**
 * The store's overview, "Shop insight" (docs/online-store.md): a range of the business's days: paid orders, gross and
 * total sales, average order, page views and conversion, the top products by units and every order by status.
 */
export function createStoreInsightService(deps: { db: Executor; pages: Pick<StorePagesService, 'views'>; abandoned: Pick<AbandonedCartsService, 'counts'> }) {
  const { db } = deps;
  return {
    async get(business: BusinessRow, query: StoreReportQuery): Promise<StoreInsight> {
      const tz = business.timeZone;
      const span = localDaysSpan(query.from, query.to, tz);
      const scope = { businessId: business.id, currency: business.currency, start: span.start, end: span.end };
      const sales = await repo.sales(db, scope);
      const byStatus = await repo.byStatus(db, scope);
      const top = await repo.topProducts(db, scope, TOP_PRODUCTS);
      const visits = await deps.pages.views(business.id, query.from, query.to);
      const carts = await deps.abandoned.counts(business.id, span.start, span.end);
      const everOrdered = byStatus.length > 0 || (await repo.everOrdered(db, business.id));
      return {
        range: { from: query.from, to: query.to, tz },
        currency: business.currency,
        orders: sales.orders,
        gross_sales: sales.gross,
        total_sales: sales.total,
        average_order: sales.orders > 0 ? Math.round(sales.total / sales.orders) : null,
        visits: visits.views,
        conversion_bp: visits.views > 0 ? Math.round((sales.orders * 10_000) / visits.views) : null,
        top_products: top.map((p) => ({ product_id: p.productId, name: p.name, units: p.units, total: p.total })),
        by_status: byStatus,
        abandoned_carts: carts.abandoned,
        recovered_carts: carts.recovered,
        has_activity: everOrdered || visits.ever,
      };
    },
  };
}

export type StoreInsightService = ReturnType<typeof createStoreInsightService>;
