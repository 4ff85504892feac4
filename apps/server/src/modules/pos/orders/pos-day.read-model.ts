import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { posOrders, posOrderTenders, posRefunds } from '@/db/schema';

/** An order of a day at a location, as a mall's sales file needs it (minor units; cash without the change). */
export interface DayOrderFigures {
  createdAt: Date;
  subtotal: number;
  discount: number;
  tax: number;
  tip: number;
  total: number;
  cash: number;
  card: number;
}

/** A refund made in a day (of an order of the location, whatever day it was sold). */
export interface DayRefundFigures {
  createdAt: Date;
  amount: number;
}

/**
 * The register's orders and refunds of a location in a span of time, for mall sales reporting
 * (docs/pos.md, "Mall sales reporting"): read here, by the owner of the tables, for the mall module.
 */
export const posDayReadModel = {
  /** The location's orders made in [start, end), each with its cash and card tenders. */
  async dayOrders(db: Executor, businessId: string, locationId: string, start: Date, end: Date): Promise<DayOrderFigures[]> {
    const tender = (kind: 'cash' | 'card') =>
      asNumber(
        sql`(select sum(${posOrderTenders.amount}) from ${posOrderTenders} where ${posOrderTenders.businessId} = ${posOrders.businessId} and ${posOrderTenders.orderId} = ${posOrders.id} and ${posOrderTenders.kind} = ${kind})`,
      );
    return db
      .select({
        createdAt: posOrders.createdAt,
        subtotal: posOrders.subtotal,
        discount: posOrders.discount,
        tax: posOrders.tax,
        tip: posOrders.tip,
        total: posOrders.total,
        cash: tender('cash'),
        card: tender('card'),
      })
      .from(posOrders)
      .where(and(eq(posOrders.businessId, businessId), eq(posOrders.locationId, locationId), gte(posOrders.createdAt, start), lt(posOrders.createdAt, end)))
      .orderBy(asc(posOrders.createdAt), asc(posOrders.id));
  },

  /** Refunds made in [start, end) of the location's orders. */
  async dayRefunds(db: Executor, businessId: string, locationId: string, start: Date, end: Date): Promise<DayRefundFigures[]> {
    return db
      .select({ createdAt: posRefunds.createdAt, amount: posRefunds.amount })
      .from(posRefunds)
      .innerJoin(posOrders, and(eq(posOrders.businessId, posRefunds.businessId), eq(posOrders.id, posRefunds.orderId)))
      .where(and(eq(posRefunds.businessId, businessId), eq(posOrders.locationId, locationId), gte(posRefunds.createdAt, start), lt(posRefunds.createdAt, end)))
      .orderBy(asc(posRefunds.createdAt), asc(posRefunds.id));
  },
};
