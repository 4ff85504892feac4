import type { StoreCartLine, StoreOrderFilters } from '@merchant/catalogue';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { businesses, storeCarts, storeOrders } from '@/db/schema';
import { storeBusiness, type StoreBusiness } from '@/modules/store/settings/store-business.read-model';

export type StoreOrderRow = typeof storeOrders.$inferSelect;
export type StoreOrderInsert = typeof storeOrders.$inferInsert;
export type StoreOrderPatch = Partial<Omit<StoreOrderInsert, 'businessId' | 'id'>>;

export type { StoreBusiness };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const storeRepository = {
  businessByIdentifier: (db: Executor, identifier: string): Promise<StoreBusiness | null> => storeBusiness(db, eq(businesses.identifier, identifier)),

  /** The business whose verified custom domain this is (compared without case); an unverified one answers nothing. */
  businessByDomain: (db: Executor, domain: string): Promise<StoreBusiness | null> =>
    storeBusiness(db, and(sql`lower(${businesses.customDomain}) = ${domain.toLowerCase()}`, eq(businesses.customDomainVerified, true))!),

  businessById: (db: Executor, id: string): Promise<StoreBusiness | null> => storeBusiness(db, eq(businesses.id, id)),

  async cart(db: Executor, businessId: string, id: string, lock = false): Promise<StoreCartLine[] | null> {
    const query = db
      .select({ lines: storeCarts.lines })
      .from(storeCarts)
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ? row.lines : null;
  },

  async saveCart(db: Executor, businessId: string, id: string, lines: StoreCartLine[], now: Date): Promise<void> {
    await db
      .insert(storeCarts)
      .values({ businessId, id, lines, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [storeCarts.businessId, storeCarts.id], set: { lines, updatedAt: now } });
  },

  /** The cart's order is placed: its lines moved to the order, the cart emptied and naming the order (abandoned carts). */
  async placedCart(db: Executor, businessId: string, id: string, orderId: string, now: Date): Promise<void> {
    await db
      .update(storeCarts)
      .set({ lines: [], orderId, updatedAt: now })
      .where(and(eq(storeCarts.businessId, businessId), eq(storeCarts.id, id)));
  },

  async insertOrder(db: Executor, row: StoreOrderInsert): Promise<StoreOrderRow> {
    const [inserted] = await db.insert(storeOrders).values(row).returning();
    return inserted!;
  },

  async orderByToken(db: Executor, token: string): Promise<StoreOrderRow | null> {
    const [row] = await db.select().from(storeOrders).where(eq(storeOrders.token, token)).limit(1);
    return row ?? null;
  },

  async order(db: Executor, businessId: string, id: string, lock = false): Promise<StoreOrderRow | null> {
    const query = db
      .select()
      .from(storeOrders)
      .where(and(eq(storeOrders.businessId, businessId), eq(storeOrders.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async updateOrder(db: Executor, businessId: string, id: string, patch: StoreOrderPatch): Promise<StoreOrderRow> {
    const [row] = await db
      .update(storeOrders)
      .set(patch)
      .where(and(eq(storeOrders.businessId, businessId), eq(storeOrders.id, id)))
      .returning();
    return row!;
  },

  /** Orders newest first, filtered, after the cursor (created, id). Reads `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    filters: StoreOrderFilters & { since?: Date; until?: Date },
    limit: number,
    cursor?: { key: Date; id: string },
  ): Promise<StoreOrderRow[]> {
    const q = filters.q?.replace(/^#/, '');
    const conditions = [
      eq(storeOrders.businessId, businessId),
      filters.status ? eq(storeOrders.status, filters.status) : undefined,
      filters.fulfilment ? eq(storeOrders.fulfilment, filters.fulfilment) : undefined,
      filters.since ? gte(storeOrders.createdAt, filters.since) : undefined,
      filters.until ? lt(storeOrders.createdAt, filters.until) : undefined,
      q
        ? or(
            ilike(storeOrders.reference, `%${escapeLike(q)}%`),
            ilike(storeOrders.customerName, `%${escapeLike(q)}%`),
            ilike(storeOrders.customerEmail, `%${escapeLike(q)}%`),
          )
        : undefined,
      cursor ? pastCursor('desc', storeOrders.createdAt, storeOrders.id, cursor) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(storeOrders)
      .where(and(...conditions))
      .orderBy(desc(storeOrders.createdAt), desc(storeOrders.id))
      .limit(limit + 1);
  },

  /** Unpaid orders placed before `before`, oldest first (their held stock goes back). */
  async unpaidBefore(db: Executor, before: Date, limit: number): Promise<{ businessId: string; id: string }[]> {
    return db
      .select({ businessId: storeOrders.businessId, id: storeOrders.id })
      .from(storeOrders)
      .where(and(eq(storeOrders.status, 'pending_payment'), lt(storeOrders.createdAt, before)))
      .orderBy(storeOrders.createdAt)
      .limit(limit);
  },

  /** Whether the business has any order (the purge test and the overview). */
  count: async (db: Executor, businessId: string): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(storeOrders)
      .where(eq(storeOrders.businessId, businessId));
    return Number(row?.n ?? 0);
  },
};
