import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { businessUsers, customers, locations, posDraftOrders } from '@/db/schema';

export type DraftOrderRow = typeof posDraftOrders.$inferSelect;
export type DraftOrderInsert = typeof posDraftOrders.$inferInsert;
/** A draft with the names of its location and customer. */
export type NamedDraftOrderRow = { draft: DraftOrderRow; locationName: string | null; customerName: string | null; customerEmail: string | null };

const named = {
  draft: posDraftOrders,
  locationName: locations.name,
  customerName: customers.name,
  customerEmail: customers.email,
};

/** The drafts joined to their location's and customer's names. */
const selectNamed = (db: Executor) =>
  db
    .select(named)
    .from(posDraftOrders)
    .leftJoin(locations, and(eq(locations.businessId, posDraftOrders.businessId), eq(locations.id, posDraftOrders.locationId)))
    .leftJoin(customers, and(eq(customers.businessId, posDraftOrders.businessId), eq(customers.id, posDraftOrders.customerId)));

/** The point of sale's draft orders (docs/developers.md, "Public API: orders and card readers"). */
export const draftOrdersRepository = {
  /** The business's next draft number (drafts are numbered apart from the register's sales, whose numbers never skip). */
  async nextNumber(db: Executor, businessId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${posDraftOrders.number}), 0) + 1`.mapWith(Number) })
      .from(posDraftOrders)
      .where(eq(posDraftOrders.businessId, businessId));
    return row!.n;
  },

  async insert(db: Executor, row: DraftOrderInsert): Promise<void> {
    await db.insert(posDraftOrders).values(row);
  },

  async find(db: Executor, businessId: string, id: string): Promise<NamedDraftOrderRow | null> {
    const [row] = await selectNamed(db).where(and(eq(posDraftOrders.businessId, businessId), eq(posDraftOrders.id, id)));
    return row ?? null;
  },

  /** Takes the draft for a change (concurrent changes of one draft wait for each other). */
  async lock(db: Executor, businessId: string, id: string): Promise<DraftOrderRow | null> {
    const [row] = await db
      .select()
      .from(posDraftOrders)
      .where(and(eq(posDraftOrders.businessId, businessId), eq(posDraftOrders.id, id)))
      .for('update');
    return row ?? null;
  },

  async update(db: Executor, businessId: string, id: string, changes: Partial<DraftOrderInsert>): Promise<void> {
    await db
      .update(posDraftOrders)
      .set(changes)
      .where(and(eq(posDraftOrders.businessId, businessId), eq(posDraftOrders.id, id)));
  },

  /**
   * Changes the draft only while it is open and kept for the location or none (the register saving its cart into it):
   * null when it is not (gone, paid meanwhile, another location's). Answers its number.
   */
  async updateOpen(db: Executor, businessId: string, id: string, locationId: string, changes: Partial<DraftOrderInsert>): Promise<{ number: number } | null> {
    const rows = await db
      .update(posDraftOrders)
      .set(changes)
      .where(
        and(
          eq(posDraftOrders.businessId, businessId),
          eq(posDraftOrders.id, id),
          isNull(posDraftOrders.paidOrderId),
          or(eq(posDraftOrders.locationId, locationId), isNull(posDraftOrders.locationId)),
        ),
      )
      .returning({ number: posDraftOrders.number });
    return rows[0] ?? null;
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(posDraftOrders).where(and(eq(posDraftOrders.businessId, businessId), eq(posDraftOrders.id, id)));
  },

  /** A numbered page of the open drafts, newest first, and how many there are. */
  async page(db: Executor, businessId: string, limit: number, offset: number): Promise<{ rows: NamedDraftOrderRow[]; total: number }> {
    const where = and(eq(posDraftOrders.businessId, businessId), isNull(posDraftOrders.paidOrderId));
    const rows = await selectNamed(db).where(where).orderBy(desc(posDraftOrders.createdAt), desc(posDraftOrders.id)).limit(limit).offset(offset);
    const [counted] = await db.select({ n: countRows() }).from(posDraftOrders).where(where);
    return { rows, total: counted?.n ?? 0 };
  },

  /** The open (unpaid) drafts kept for the location or for no location, oldest first (the register's list). */
  async openAt(db: Executor, businessId: string, locationId: string): Promise<NamedDraftOrderRow[]> {
    return selectNamed(db)
      .where(
        and(
          eq(posDraftOrders.businessId, businessId),
          isNull(posDraftOrders.paidOrderId),
          or(eq(posDraftOrders.locationId, locationId), isNull(posDraftOrders.locationId)),
        ),
      )
      .orderBy(asc(posDraftOrders.createdAt), asc(posDraftOrders.id))
      .limit(200);
  },

  /**
   * Marks the draft paid by the sale, in the sale's transaction: only while it is open and kept for the sale's location
   * (or none). A concurrent sale of the same draft waits on the row and then finds it paid: null. Answers its number.
   */
  async markPaid(db: Executor, businessId: string, id: string, paid: { orderId: string; locationId: string; at: Date }): Promise<number | null> {
    const rows = await db
      .update(posDraftOrders)
      .set({ paidOrderId: paid.orderId, paidAt: paid.at, updatedAt: paid.at })
      .where(
        and(
          eq(posDraftOrders.businessId, businessId),
          eq(posDraftOrders.id, id),
          isNull(posDraftOrders.paidOrderId),
          or(eq(posDraftOrders.locationId, paid.locationId), isNull(posDraftOrders.locationId)),
        ),
      )
      .returning({ number: posDraftOrders.number });
    return rows[0]?.number ?? null;
  },

  /** Whether the user is an active member of the business (HitPay's `business_user_id`). */
  async isMember(db: Executor, businessId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: businessUsers.id })
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), eq(businessUsers.status, 'active')));
    return row !== undefined;
  },
};
