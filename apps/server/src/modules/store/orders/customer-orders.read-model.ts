import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { locations, storeOrders } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export interface StoreCustomerOrderRow {
  id: string;
  reference: string;
  status: string;
  locationId: string;
  locationName: string;
  currency: string;
  total: number;
  refundedAmount: number;
  createdAt: Date;
}

/** The store's orders of one email (case-insensitive: the index `store_orders_customer_email_idx`). */
const conditions = (businessId: string, email: string, locationIds: readonly string[] | null): SQL[] =>
  [
    eq(storeOrders.businessId, businessId),
    sql`lower(${storeOrders.customerEmail}) = ${email.toLowerCase()}`,
    locationIds ? (locationIds.length > 0 ? inArray(storeOrders.locationId, locationIds) : sql`false`) : undefined,
  ].filter((c): c is SQL => c !== undefined);

/**
 * A customer's store orders (the customer's page, docs/catalogue.md "Customers"): matched by the customer's email, as
 * the store's checkout knows its buyers by email. Published by the store orders module.
 */
export const storeCustomerOrdersReadModel = {
  /** One page newest first, `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    email: string,
    locationIds: readonly string[] | null,
    limit: number,
    cursor?: Cursor,
  ): Promise<StoreCustomerOrderRow[]> {
    const where = [
      ...conditions(businessId, email, locationIds),
      ...(cursor ? [pastCursor('desc', storeOrders.createdAt, storeOrders.id, { key: cursor.createdAt, id: cursor.id })] : []),
    ];
    return db
      .select({
        id: storeOrders.id,
        reference: storeOrders.reference,
        status: storeOrders.status,
        locationId: storeOrders.locationId,
        locationName: locations.name,
        currency: storeOrders.currency,
        total: storeOrders.total,
        refundedAmount: storeOrders.refundedAmount,
        createdAt: storeOrders.createdAt,
      })
      .from(storeOrders)
      .innerJoin(locations, and(eq(locations.businessId, storeOrders.businessId), eq(locations.id, storeOrders.locationId)))
      .where(and(...where))
      .orderBy(desc(storeOrders.createdAt), desc(storeOrders.id))
      .limit(limit + 1);
  },

  /** The paid orders: how many and their total less refunds. */
  async totals(db: Executor, businessId: string, email: string, locationIds: readonly string[] | null): Promise<{ count: number; total: number }> {
    const [row] = await db
      .select({ count: count(), total: sql<string | number>`coalesce(sum(${storeOrders.total} - ${storeOrders.refundedAmount}), 0)` })
      .from(storeOrders)
      .where(and(...conditions(businessId, email, locationIds), eq(storeOrders.status, 'paid')));
    return { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
  },
};
