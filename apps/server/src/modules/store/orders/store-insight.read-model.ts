import { sql } from 'drizzle-orm';
import type { StoreOrderStatus } from '@merchant/catalogue';
import type { Executor } from '@/db/client';

/**
 * The store's overview (docs/online-store.md, "Shop insight"): the orders placed in a span, summed by the database
 * through `store_orders_list_idx` (business, created_at). Sales are the paid orders, as in the sales report (an order
 * cancelled after it was paid stays a sale); the statuses count every order placed.
 */
export interface StoreInsightScope {
  businessId: string;
  currency: string;
  start: Date;
  end: Date;
}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const inSpan = (s: StoreInsightScope) =>
  sql`o.business_id = ${s.businessId} and o.created_at >= ${s.start.toISOString()}::timestamptz and o.created_at < ${s.end.toISOString()}::timestamptz`;
const paid = (s: StoreInsightScope) => sql`o.paid_at is not null and o.currency = ${s.currency}`;

export const storeInsightReadModel = {
  /** The span's paid orders: how many, their subtotals and their totals. */
  async sales(db: Executor, s: StoreInsightScope): Promise<{ orders: number; gross: number; total: number }> {
    const [row] = await rowsOf<{ orders: unknown; gross: unknown; total: unknown }>(
      db,
      sql`select count(*) as orders, coalesce(sum(o.subtotal), 0) as gross, coalesce(sum(o.total), 0) as total
        from store_orders o where ${inSpan(s)} and ${paid(s)}`,
    );
    return { orders: Number(row?.orders ?? 0), gross: Number(row?.gross ?? 0), total: Number(row?.total ?? 0) };
  },

  /**
   * The span's paid orders by the business's day they were placed on (days with none are left out): how many and
   * their totals. The day is the local date in `zone`, as the span's own days are.
   */
  async salesByDay(db: Executor, s: StoreInsightScope, zone: string): Promise<{ day: string; orders: number; total: number }[]> {
    const rows = await rowsOf<{ day: string; orders: unknown; total: unknown }>(
      db,
      sql`select to_char(o.created_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as orders, coalesce(sum(o.total), 0) as total
        from store_orders o where ${inSpan(s)} and ${paid(s)} group by 1 order by 1`,
    );
    return rows.map((r) => ({ day: r.day, orders: Number(r.orders), total: Number(r.total) }));
  },

  /** Every order placed in the span by its status. */
  async byStatus(db: Executor, s: StoreInsightScope): Promise<{ status: StoreOrderStatus; orders: number }[]> {
    const rows = await rowsOf<{ status: StoreOrderStatus; orders: unknown }>(
      db,
      sql`select o.status, count(*) as orders from store_orders o where ${inSpan(s)} group by 1 order by 1`,
    );
    return rows.map((r) => ({ status: r.status, orders: Number(r.orders) }));
  },

  /** The products the span's paid orders sold most units of (their lines' product and name), at most `limit`. */
  async topProducts(db: Executor, s: StoreInsightScope, limit: number): Promise<{ productId: string | null; name: string; units: number; total: number }[]> {
    const rows = await rowsOf<{ product_id: string | null; name: string; units: unknown; total: unknown }>(
      db,
      sql`select g.product_id,
          coalesce((select p.name from products p where p.business_id = ${s.businessId} and p.id = g.product_id::uuid), g.line_name) as name,
          g.units, g.total
        from (
          select l.value ->> 'product_id' as product_id, min(l.value ->> 'name') as line_name,
            sum((l.value ->> 'quantity')::int) as units, sum((l.value ->> 'total')::bigint) as total
          from store_orders o cross join lateral jsonb_array_elements(o.lines) l
          where ${inSpan(s)} and ${paid(s)}
          group by 1
        ) g
        order by g.units desc, g.total desc, 2 asc
        limit ${limit}`,
    );
    return rows.map((r) => ({ productId: r.product_id, name: r.name, units: Number(r.units), total: Number(r.total) }));
  },

  /** Whether the business ever had a store order. */
  async everOrdered(db: Executor, businessId: string): Promise<boolean> {
    const rows = await rowsOf<{ one: unknown }>(db, sql`select 1 as one from store_orders o where o.business_id = ${businessId} limit 1`);
    return rows.length > 0;
  },
};
