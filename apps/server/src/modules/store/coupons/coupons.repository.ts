import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { couponRedemptions, coupons } from '@/db/schema';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = typeof coupons.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const couponsRepository = {
  /** A business's coupons by code (at most 500), searched by part of the code. */
  async list(db: Executor, businessId: string, q: string | undefined): Promise<CouponRow[]> {
    const conditions = [eq(coupons.businessId, businessId), q ? ilike(coupons.code, `%${escapeLike(q)}%`) : undefined].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(coupons)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${coupons.code})`), asc(coupons.id))
      .limit(500);
  },

  async find(db: Executor, businessId: string, id: string, lock = false): Promise<CouponRow | null> {
    const query = db
      .select()
      .from(coupons)
      .where(and(eq(coupons.businessId, businessId), eq(coupons.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The coupon of this code whatever its case (the unique index `coupons_code_key` serves it). */
  async findByCode(db: Executor, businessId: string, code: string): Promise<CouponRow | null> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.businessId, businessId), sql`lower(${coupons.code}) = lower(${code})`))
      .limit(1);
    return row ?? null;
  },

  async insert(db: Executor, row: CouponInsert): Promise<void> {
    await db.insert(coupons).values(row);
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<CouponInsert>): Promise<void> {
    await db
      .update(coupons)
      .set(fields)
      .where(and(eq(coupons.businessId, businessId), eq(coupons.id, id)));
  },

  /**
   * Counts one more use when the coupon has uses left: one conditional update, which holds the coupon's row lock
   * until the transaction ends, so concurrent redemptions of one coupon take turns and never pass its limit.
   */
  async claimUse(db: Executor, businessId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(and(eq(coupons.businessId, businessId), eq(coupons.id, id), sql`(${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`))
      .returning({ id: coupons.id });
    return rows.length > 0;
  },

  async giveBackUse(db: Executor, businessId: string, id: string): Promise<void> {
    await db
      .update(coupons)
      .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
      .where(and(eq(coupons.businessId, businessId), eq(coupons.id, id)));
  },

  /** The orders of this customer (lower-case email) holding the coupon. */
  async customerUses(db: Executor, businessId: string, couponId: string, email: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.businessId, businessId), eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.customerEmail, email)));
    return row?.n ?? 0;
  },

  async redemptionOf(db: Executor, businessId: string, orderId: string) {
    const [row] = await db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.businessId, businessId), eq(couponRedemptions.orderId, orderId)))
      .limit(1);
    return row ?? null;
  },

  async insertRedemption(db: Executor, row: typeof couponRedemptions.$inferInsert): Promise<void> {
    await db.insert(couponRedemptions).values(row);
  },

  /** Removes the order's redemption; the coupon it held, or null when it held none. */
  async deleteRedemption(db: Executor, businessId: string, orderId: string): Promise<string | null> {
    const [row] = await db
      .delete(couponRedemptions)
      .where(and(eq(couponRedemptions.businessId, businessId), eq(couponRedemptions.orderId, orderId)))
      .returning({ couponId: couponRedemptions.couponId });
    return row?.couponId ?? null;
  },
};
