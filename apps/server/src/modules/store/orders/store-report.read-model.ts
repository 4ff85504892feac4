import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { RefundSums, SalesSums } from '@/lib/order-report';

/**
 * The online store's sales report (docs/online-store.md, "Sales report"): the paid orders placed in a span and the
 * refunds of their payments made in it, summed per key by the database. Orders are read through
 * `store_orders_list_idx` (business, created_at), refunds through `refunds_created_idx` (business, created_at) and
 * joined to their order by its payment.
 */

export interface StoreReportScope {
  businessId: string;
  currency: string;
  start: Date;
  end: Date;
  tz: string;
}

/** Groupings read from the order's own row. */
export type StoreOrderGrouping = 'day' | 'delivery' | 'coupon';
/** Groupings read from the order's lines. */
export type StoreLineGrouping = 'product' | 'category';

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Paid orders of the business in its currency (an order cancelled after it was paid stays a sale: its refund is a refund). */
const orderScope = (s: StoreReportScope) => sql`o.business_id = ${s.businessId} and o.currency = ${s.currency} and o.paid_at is not null`;
const inSpan = (column: SQL, s: StoreReportScope) =>
  sql`${column} >= ${s.start.toISOString()}::timestamptz and ${column} < ${s.end.toISOString()}::timestamptz`;

function orderKey(grouping: StoreOrderGrouping, time: SQL, tz: string): SQL {
  if (grouping === 'day') return sql`to_char(${time} at time zone ${tz}, 'YYYY-MM-DD')`;
  if (grouping === 'delivery') return sql`o.delivery_method`;
  return sql`upper(o.coupon_code)`;
}

const lineKey = (grouping: StoreLineGrouping) => (grouping === 'product' ? sql`l.value ->> 'product_id'` : sql`p.category_id::text`);
const lineLabel = (grouping: StoreLineGrouping) =>
  grouping === 'product'
    ? sql`coalesce((select p2.name from products p2 where p2.business_id = g.business_id and p2.id = g.key::uuid), g.line_name)`
    : sql`(select c.name from product_categories c where c.business_id = g.business_id and c.id = g.key::uuid)`;

export const storeReportReadModel = {
  /** The paid orders placed in the span per key: prices, coupon discounts, shipping, taxes, totals and count. */
  async orderSales(db: Executor, s: StoreReportScope, grouping: StoreOrderGrouping): Promise<SalesSums[]> {
    return rowsOf<SalesSums>(
      db,
      sql`select ${orderKey(grouping, sql`o.created_at`, s.tz)} as key,
          sum(o.subtotal) as gross, sum(o.discount) as discounts, sum(o.shipping) as shipping, sum(o.tax) as taxes,
          sum(o.total) as total, count(*) as orders
        from store_orders o
        where ${orderScope(s)} and ${inSpan(sql`o.created_at`, s)}
        group by 1`,
    );
  },

  /** The refunds of store orders' payments made in the span, per key (a day is the refund's). */
  async orderRefunds(db: Executor, s: StoreReportScope, grouping: StoreOrderGrouping): Promise<RefundSums[]> {
    return rowsOf<RefundSums>(
      db,
      sql`select ${orderKey(grouping, sql`r.created_at`, s.tz)} as key, sum(r.amount) as refunds
        from refunds r
        join store_orders o on o.business_id = r.business_id and o.payment_id = r.payment_id
        where r.business_id = ${s.businessId} and ${inSpan(sql`r.created_at`, s)} and ${orderScope(s)}
        group by 1`,
    );
  },

  /** The lines of the span's paid orders per product or category: units at their prices with add-ons, and the line's total (after its share of the coupon, with its tax). */
  async lineSales(db: Executor, s: StoreReportScope, grouping: StoreLineGrouping): Promise<SalesSums[]> {
    return rowsOf<SalesSums>(
      db,
      sql`select g.key, g.gross, g.total, g.orders, ${lineLabel(grouping)} as label from (
        select o.business_id, ${lineKey(grouping)} as key, min(l.value ->> 'name') as line_name,
          sum(((l.value ->> 'unit_price')::bigint
            + coalesce((select sum((a.value ->> 'price')::bigint) from jsonb_array_elements(l.value -> 'add_ons') a), 0))
            * (l.value ->> 'quantity')::int) as gross,
          sum((l.value ->> 'total')::bigint) as total, count(distinct o.id) as orders
        from store_orders o
        cross join lateral jsonb_array_elements(o.lines) l
        left join products p on p.business_id = o.business_id and p.id = (l.value ->> 'product_id')::uuid
        where ${orderScope(s)} and ${inSpan(sql`o.created_at`, s)}
        group by 1, 2
      ) g`,
    );
  },
};
