import type { StoreCartLine, StoreOrderLine } from '@merchant/catalogue';
import { and, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { storeCarts, storeOrders } from '@/db/schema';

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): one definition, read by the recovery schedule, the
 * dashboard's list and the insight's figure. A cart is abandoned when it has the checkout's email, its last activity
 * is at or before `cutoff`, and it still holds items, or its order (placed, the cart emptied) was never paid.
 */
export function abandonedAt(cutoff: Date): SQL {
  return and(
    isNotNull(storeCarts.customerEmail),
    lte(storeCarts.updatedAt, cutoff),
    or(
      sql`jsonb_array_length(${storeCarts.lines}) > 0`,
      // Qualified by hand: inside an UPDATE the columns would otherwise be written bare (and name the subquery's).
      sql`exists (select 1 from store_orders o where o.business_id = "store_carts"."business_id" and o.id = "store_carts"."order_id" and o.paid_at is null)`,
    ),
  )!;
}

/** Listed: abandoned now, or mailed once (whatever became of it since: a recovered cart stays, marked so). */
const listed = (cutoff: Date) => and(isNotNull(storeCarts.customerEmail), or(isNotNull(storeCarts.recoveryMailSentAt), abandonedAt(cutoff)))!;

/** A recovered cart: its link was opened and its order, placed after that, is paid. */
const recoveredSql = sql<boolean>`(${storeCarts.recoveredAt} is not null and ${storeOrders.paidAt} is not null and ${storeOrders.createdAt} >= ${storeCarts.recoveredAt})`;

export type AbandonedCartRow = {
  businessId: string;
  id: string;
  email: string;
  lines: StoreCartLine[];
  updatedAt: Date;
  recoveryMailSentAt: Date | null;
  recovered: boolean;
  order: { reference: string; paid: boolean; total: number; currency: string; lines: StoreOrderLine[] } | null;
};

const columns = {
  businessId: storeCarts.businessId,
  id: storeCarts.id,
  email: sql<string>`${storeCarts.customerEmail}`,
  lines: storeCarts.lines,
  updatedAt: storeCarts.updatedAt,
  recoveryMailSentAt: storeCarts.recoveryMailSentAt,
  recovered: recoveredSql,
  orderReference: storeOrders.reference,
  orderPaidAt: storeOrders.paidAt,
  orderTotal: storeOrders.total,
  orderCurrency: storeOrders.currency,
  orderLines: storeOrders.lines,
};

type Selected = {
  businessId: string;
  id: string;
  email: string;
  lines: StoreCartLine[];
  updatedAt: Date;
  recoveryMailSentAt: Date | null;
  recovered: boolean;
  orderReference: string | null;
  orderPaidAt: Date | null;
  orderTotal: number | null;
  orderCurrency: string | null;
  orderLines: StoreOrderLine[] | null;
};

function rowOf(r: Selected): AbandonedCartRow {
  return {
    businessId: r.businessId,
    id: r.id,
    email: r.email,
    lines: r.lines,
    updatedAt: r.updatedAt,
    recoveryMailSentAt: r.recoveryMailSentAt,
    recovered: Boolean(r.recovered),
    order:
      r.orderReference !== null
        ? { reference: r.orderReference, paid: r.orderPaidAt !== null, total: Number(r.orderTotal), currency: r.orderCurrency ?? '', lines: r.orderLines ?? [] }
        : null,
  };
}

const orderJoin = and(eq(storeOrders.businessId, storeCarts.businessId), eq(storeOrders.id, storeCarts.orderId));

export const abandonedCartsRepository = {
  /** The checkout's email, kept on a cart that holds items (its last activity too). */
  async captureEmail(db: Executor, businessId: string, cartId: string, email: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(storeCarts)
      .set({ customerEmail: email, updatedAt: now })
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, cartId), sql`jsonb_array_length(${storeCarts.lines}) > 0`))
      .returning({ id: storeCarts.id });
    return rows.length > 0;
  },

  /** Abandoned carts not mailed yet whose last activity is between `oldest` and `cutoff`, oldest first, with their lines. */
  async unmailed(db: Executor, cutoff: Date, oldest: Date, limit: number): Promise<{ businessId: string; id: string; lines: StoreCartLine[] }[]> {
    return db
      .select({ businessId: storeCarts.businessId, id: storeCarts.id, lines: storeCarts.lines })
      .from(storeCarts)
      .where(and(isNull(storeCarts.recoveryMailSentAt), gt(storeCarts.updatedAt, oldest), abandonedAt(cutoff)))
      .orderBy(storeCarts.updatedAt)
      .limit(limit);
  },

  /**
   * Claims a cart's one recovery mail: a conditional update (not mailed yet, still abandoned), so of two workers
   * only one gets the row. Answers the cart as mailed, or null when another worker (or a paid order) came first.
   */
  async claimMail(tx: Executor, businessId: string, cartId: string, cutoff: Date, tokenHash: string, now: Date): Promise<AbandonedCartRow | null> {
    const claimed = await tx
      .update(storeCarts)
      .set({ recoveryMailSentAt: now, recoveryTokenHash: tokenHash })
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, cartId), isNull(storeCarts.recoveryMailSentAt), abandonedAt(cutoff)))
      .returning({ id: storeCarts.id });
    if (claimed.length === 0) return null;
    const [row] = await tx
      .select(columns)
      .from(storeCarts)
      .leftJoin(storeOrders, orderJoin)
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, cartId)));
    return row ? rowOf(row as Selected) : null;
  },

  /** The cart a recovery link names (by its token's hash), locked. */
  async byTokenHash(tx: Executor, tokenHash: string): Promise<AbandonedCartRow | null> {
    const [found] = await tx
      .select({ businessId: storeCarts.businessId, id: storeCarts.id })
      .from(storeCarts)
      .where(eq(storeCarts.recoveryTokenHash, tokenHash))
      .limit(1)
      .for('update');
    if (!found) return null;
    const [row] = await tx
      .select(columns)
      .from(storeCarts)
      .leftJoin(storeOrders, orderJoin)
      .where(and(eq(storeCarts.businessId, found.businessId), eq(storeCarts.id, found.id)));
    return row ? rowOf(row as Selected) : null;
  },

  /** The recovery link was opened: the cart's items back (when given) and the first opening kept. */
  async restored(tx: Executor, businessId: string, cartId: string, lines: StoreCartLine[] | null, now: Date): Promise<void> {
    await tx
      .update(storeCarts)
      .set({ ...(lines ? { lines } : {}), recoveredAt: sql`coalesce(${storeCarts.recoveredAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, cartId)));
  },

  /** The dashboard's list: latest activity first, after the cursor. Reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, cutoff: Date, limit: number, cursor?: { key: Date; id: string }): Promise<AbandonedCartRow[]> {
    const rows = await db
      .select(columns)
      .from(storeCarts)
      .leftJoin(storeOrders, orderJoin)
      .where(and(eq(storeCarts.businessId, businessId), listed(cutoff), cursor ? pastCursor('desc', storeCarts.updatedAt, storeCarts.id, cursor) : undefined))
      .orderBy(desc(storeCarts.updatedAt), desc(storeCarts.id))
      .limit(limit + 1);
    return rows.map((r) => rowOf(r as Selected));
  },

  /** The insight's figure: carts listed whose last activity is in [since, until), and how many were recovered. */
  async counts(db: Executor, businessId: string, cutoff: Date, since: Date, until: Date): Promise<{ abandoned: number; recovered: number }> {
    const [row] = await db
      .select({ abandoned: sql<number>`count(*)::int`, recovered: sql<number>`count(*) filter (where ${recoveredSql})::int` })
      .from(storeCarts)
      .leftJoin(storeOrders, orderJoin)
      .where(and(eq(storeCarts.businessId, businessId), listed(cutoff), gte(storeCarts.updatedAt, since), lt(storeCarts.updatedAt, until)));
    return { abandoned: Number(row?.abandoned ?? 0), recovered: Number(row?.recovered ?? 0) };
  },
};
