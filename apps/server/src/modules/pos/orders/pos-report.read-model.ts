import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { RefundSums, SalesSums } from '@/lib/order-report';

/**
 * The register's sales report (docs/pos.md, "Sales report"): the orders of a span and the refunds made in it, summed
 * per key by the database. Orders are read through `pos_orders_created_idx` (business, created_at), refunds through
 * `pos_refunds_created_idx` (business, created_at), lines and tenders by their order's key.
 */

export interface PosReportScope {
  businessId: string;
  currency: string;
  start: Date;
  end: Date;
  tz: string;
  locationId?: string;
  staffId?: string;
}

/** Groupings read from the order's own row. */
export type OrderGrouping = 'day' | 'hour' | 'staff' | 'location';
/** Groupings read from the order's lines. */
export type LineGrouping = 'product' | 'category';

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The orders of the scope (alias `o`): the business, the currency, the filters; `time` is what falls in the span. */
function orderScope(s: PosReportScope): SQL {
  const parts = [sql`o.business_id = ${s.businessId}`, sql`o.currency = ${s.currency}`];
  if (s.locationId) parts.push(sql`o.location_id = ${s.locationId}`);
  if (s.staffId) parts.push(sql`o.staff_id = ${s.staffId}`);
  return sql.join(parts, sql` and `);
}
const inSpan = (column: SQL, s: PosReportScope) => sql`${column} >= ${s.start.toISOString()}::timestamptz and ${column} < ${s.end.toISOString()}::timestamptz`;

/** The key of an order-level grouping; `time` is the order's time for its sales and the refund's for refunds. */
function orderKey(grouping: OrderGrouping, time: SQL, tz: string): SQL {
  switch (grouping) {
    case 'day':
      return sql`to_char(${time} at time zone ${tz}, 'YYYY-MM-DD')`;
    case 'hour':
      return sql`to_char(${time} at time zone ${tz}, 'HH24')`;
    case 'staff':
      return sql`o.staff_id::text`;
    case 'location':
      return sql`o.location_id::text`;
  }
}

/** The name of a staff or location key (null for days and hours). */
function orderLabel(grouping: OrderGrouping): SQL {
  if (grouping === 'staff') return sql`(select u.name from users u where u.id = g.key::uuid)`;
  if (grouping === 'location') return sql`(select l.name from locations l where l.business_id = g.business_id and l.id = g.key::uuid)`;
  return sql`null::text`;
}

const lineKey = (grouping: LineGrouping) => (grouping === 'product' ? sql`l.product_id::text` : sql`p.category_id::text`);
const lineLabel = (grouping: LineGrouping) =>
  grouping === 'product'
    ? sql`coalesce((select p2.name from products p2 where p2.business_id = g.business_id and p2.id = g.key::uuid), g.line_name)`
    : sql`(select c.name from product_categories c where c.business_id = g.business_id and c.id = g.key::uuid)`;

export const posReportReadModel = {
  /** The orders made in the span per key: their prices, discounts, taxes, tips, surcharges, totals and count. */
  async orderSales(db: Executor, s: PosReportScope, grouping: OrderGrouping): Promise<SalesSums[]> {
    return rowsOf<SalesSums>(
      db,
      sql`select g.*, ${orderLabel(grouping)} as label from (
        select o.business_id, ${orderKey(grouping, sql`o.created_at`, s.tz)} as key,
          sum(o.subtotal) as gross, sum(o.discount) as discounts, sum(o.tax) as taxes, sum(o.tip) as tips,
          sum(o.total - o.tip - o.subtotal + o.discount - o.tax) as surcharges, sum(o.total) as total, count(*) as orders
        from pos_orders o
        where ${orderScope(s)} and ${inSpan(sql`o.created_at`, s)}
        group by 1, 2
      ) g`,
    );
  },

  /** The refunds made in the span per key (a day or hour is the refund's; staff and location are its order's). */
  async orderRefunds(db: Executor, s: PosReportScope, grouping: OrderGrouping): Promise<RefundSums[]> {
    return rowsOf<RefundSums>(
      db,
      sql`select g.*, ${orderLabel(grouping)} as label from (
        select o.business_id, ${orderKey(grouping, sql`r.created_at`, s.tz)} as key, sum(r.amount) as refunds
        from pos_refunds r
        join pos_orders o on o.business_id = r.business_id and o.id = r.order_id
        where r.business_id = ${s.businessId} and ${inSpan(sql`r.created_at`, s)} and ${orderScope(s)}
        group by 1, 2
      ) g`,
    );
  },

  /** The lines of the span's orders per product or category: what the line's total holds besides its price, discount and tax is its surcharges' share. */
  async lineSales(db: Executor, s: PosReportScope, grouping: LineGrouping): Promise<SalesSums[]> {
    return rowsOf<SalesSums>(
      db,
      sql`select g.key, g.gross, g.discounts, g.taxes, g.surcharges, g.total, g.orders, ${lineLabel(grouping)} as label from (
        select o.business_id, ${lineKey(grouping)} as key, min(l.name) as line_name,
          sum(l.gross) as gross, sum(l.discount) as discounts, sum(l.tax) as taxes,
          sum(l.total - l.gross + l.discount - l.tax) as surcharges, sum(l.total) as total, count(distinct o.id) as orders
        from pos_orders o
        join pos_order_lines l on l.business_id = o.business_id and l.order_id = o.id
        left join products p on p.business_id = l.business_id and p.id = l.product_id
        where ${orderScope(s)} and ${inSpan(sql`o.created_at`, s)}
        group by 1, 2
      ) g`,
    );
  },

  /** The refunds made in the span per product or category, from the refunded lines (a refunded tip is of no line). */
  async lineRefunds(db: Executor, s: PosReportScope, grouping: LineGrouping): Promise<RefundSums[]> {
    return rowsOf<RefundSums>(
      db,
      sql`select g.key, g.refunds, ${lineLabel(grouping)} as label from (
        select o.business_id, ${lineKey(grouping)} as key, min(l.name) as line_name, sum((e.value ->> 'amount')::bigint) as refunds
        from pos_refunds r
        join pos_orders o on o.business_id = r.business_id and o.id = r.order_id
        cross join lateral jsonb_array_elements(r.lines) e
        join pos_order_lines l on l.business_id = r.business_id and l.order_id = r.order_id and l.line_id = e.value ->> 'line_id'
        left join products p on p.business_id = l.business_id and p.id = l.product_id
        where r.business_id = ${s.businessId} and ${inSpan(sql`r.created_at`, s)} and ${orderScope(s)}
        group by 1, 2
      ) g`,
    );
  },

  /**
   * The refunds made in the span per tender kind, from each refund's tender parts (docs/pos.md, "Refunds to the
   * tenders"); what a refund paid beyond its parts (refunds from before the parts were kept) was paid in cash.
   */
  async tenderRefunds(db: Executor, s: PosReportScope): Promise<RefundSums[]> {
    const from = sql`pos_refunds r join pos_orders o on o.business_id = r.business_id and o.id = r.order_id`;
    const where = sql`r.business_id = ${s.businessId} and ${inSpan(sql`r.created_at`, s)} and ${orderScope(s)}`;
    return rowsOf<RefundSums>(
      db,
      sql`select p.kind as key, sum(p.amount) as refunds from (
        select e.value ->> 'kind' as kind, (e.value ->> 'amount')::bigint as amount
        from ${from} cross join lateral jsonb_array_elements(r.tenders) e
        where ${where}
        union all
        select 'cash', r.amount - coalesce((select sum((e.value ->> 'amount')::bigint) from jsonb_array_elements(r.tenders) e), 0)
        from ${from}
        where ${where}
      ) p
      group by 1
      having sum(p.amount) <> 0`,
    );
  },

  /** What each tender kind took on the span's orders, and the orders it paid (a split order counts under each). */
  async tenderSales(db: Executor, s: PosReportScope): Promise<SalesSums[]> {
    return rowsOf<SalesSums>(
      db,
      sql`select t.kind as key, sum(t.amount) as total, count(distinct o.id) as orders
        from pos_orders o
        join pos_order_tenders t on t.business_id = o.business_id and t.order_id = o.id
        where ${orderScope(s)} and ${inSpan(sql`o.created_at`, s)}
        group by 1`,
    );
  },
};
