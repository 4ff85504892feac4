import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { locations, posOrders } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { committedNumber } from './orders.repository';

/** Which of a customer's register orders the caller may see: a cashier's own, a member limited to locations theirs. */
export interface PosOrderScope {
  staffId?: string | undefined;
  /** Null: every location. */
  locationIds: readonly string[] | null;
}

export interface PosCustomerOrderRow {
  id: string;
  number: number;
  status: string;
  locationId: string;
  locationName: string;
  currency: string;
  total: number;
  refundedAmount: number;
  createdAt: Date;
}

const conditions = (businessId: string, customerId: string, scope: PosOrderScope): SQL[] =>
  [
    eq(posOrders.businessId, businessId),
    eq(posOrders.customerId, customerId),
    scope.staffId ? eq(posOrders.staffId, scope.staffId) : undefined,
    scope.locationIds ? (scope.locationIds.length > 0 ? inArray(posOrders.locationId, scope.locationIds) : sql`false`) : undefined,
  ].filter((c): c is SQL => c !== undefined);

/** A customer's register orders (the customer's page, docs/catalogue.md "Customers"), published by the orders module. */
export const posCustomerOrdersReadModel = {
  /** One page newest first, `limit + 1` rows. */
  async page(db: Executor, businessId: string, customerId: string, scope: PosOrderScope, limit: number, cursor?: Cursor): Promise<PosCustomerOrderRow[]> {
    const where = [
      ...conditions(businessId, customerId, scope),
      ...(cursor ? [pastCursor('desc', posOrders.createdAt, posOrders.id, { key: cursor.createdAt, id: cursor.id })] : []),
    ];
    const rows = await db
      .select({
        id: posOrders.id,
        number: posOrders.number,
        status: posOrders.status,
        locationId: posOrders.locationId,
        locationName: locations.name,
        currency: posOrders.currency,
        total: posOrders.total,
        refundedAmount: posOrders.refundedAmount,
        createdAt: posOrders.createdAt,
      })
      .from(posOrders)
      .innerJoin(locations, and(eq(locations.businessId, posOrders.businessId), eq(locations.id, posOrders.locationId)))
      .where(and(...where))
      .orderBy(desc(posOrders.createdAt), desc(posOrders.id))
      .limit(limit + 1);
    return rows.map((row) => ({ ...row, number: committedNumber(row) }));
  },

  /** How many orders and their total less refunds. */
  async totals(db: Executor, businessId: string, customerId: string, scope: PosOrderScope): Promise<{ count: number; total: number }> {
    const [row] = await db
      .select({ count: count(), total: sql<string | number>`coalesce(sum(${posOrders.total} - ${posOrders.refundedAmount}), 0)` })
      .from(posOrders)
      .where(and(...conditions(businessId, customerId, scope)));
    return { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
  },
};
