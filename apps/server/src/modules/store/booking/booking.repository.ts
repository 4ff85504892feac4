import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { bookingServices, bookingStaff, bookingTimeOff, bookings, businesses, businessUsers, users } from '@/db/schema';

export type BookingServiceRow = typeof bookingServices.$inferSelect;
export type BookingServiceInsert = typeof bookingServices.$inferInsert;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingInsert = typeof bookings.$inferInsert;
export type TimeOffRow = typeof bookingTimeOff.$inferSelect;
export type StaffRanges = (typeof bookingStaff.$inferSelect)['ranges'];

export interface BookingBusiness {
  id: string;
  timeZone: string;
  currency: string;
  name: string;
  identifier: string;
  customDomain: string | null;
  customDomainVerified: boolean;
}

/** A span of time a booking or a time off covers: `[start, end)`. */
export interface Span {
  start: Date;
  end: Date;
}

export const bookingRepository = {
  /** The business's time zone and currency (businesses is shared for reading). */
  async businessOf(db: Executor, businessId: string): Promise<BookingBusiness | null> {
    const [row] = await db
      .select({
        id: businesses.id,
        timeZone: businesses.timeZone,
        currency: businesses.currency,
        name: businesses.name,
        identifier: businesses.identifier,
        customDomain: businesses.customDomain,
        customDomainVerified: businesses.customDomainVerified,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1);
    return row ?? null;
  },

  /** The business's active members by name (the staff who may give services). */
  async members(db: Executor, businessId: string): Promise<{ id: string; name: string; email: string }[]> {
    return db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active')))
      .orderBy(asc(users.name), asc(users.id));
  },

  /** One active member of the business (null: not a member, or not active). */
  async member(db: Executor, businessId: string, userId: string): Promise<{ id: string; name: string; email: string } | null> {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), eq(businessUsers.status, 'active')))
      .limit(1);
    return row ?? null;
  },

  async services(db: Executor, businessId: string, onlyActive = false): Promise<BookingServiceRow[]> {
    return db
      .select()
      .from(bookingServices)
      .where(and(eq(bookingServices.businessId, businessId), onlyActive ? eq(bookingServices.active, true) : undefined))
      .orderBy(asc(bookingServices.name), asc(bookingServices.id))
      .limit(200);
  },

  async findService(db: Executor, businessId: string, id: string, lock = false): Promise<BookingServiceRow | null> {
    const query = db
      .select()
      .from(bookingServices)
      .where(and(eq(bookingServices.businessId, businessId), eq(bookingServices.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertService(db: Executor, row: BookingServiceInsert): Promise<void> {
    await db.insert(bookingServices).values(row);
  },

  async updateService(db: Executor, businessId: string, id: string, patch: Partial<BookingServiceInsert>): Promise<void> {
    await db
      .update(bookingServices)
      .set(patch)
      .where(and(eq(bookingServices.businessId, businessId), eq(bookingServices.id, id)));
  },

  /** Every staff member's weekly hours of the business, by user id. */
  async hours(db: Executor, businessId: string): Promise<Map<string, StaffRanges>> {
    const rows = await db
      .select({ userId: bookingStaff.userId, ranges: bookingStaff.ranges })
      .from(bookingStaff)
      .where(eq(bookingStaff.businessId, businessId));
    return new Map(rows.map((r) => [r.userId, r.ranges]));
  },

  async setHours(db: Executor, businessId: string, userId: string, ranges: StaffRanges, at: Date): Promise<void> {
    await db
      .insert(bookingStaff)
      .values({ businessId, userId, ranges, updatedAt: at })
      .onConflictDoUpdate({ target: [bookingStaff.businessId, bookingStaff.userId], set: { ranges, updatedAt: at } });
  },

  /**
   * Locks the staff member's row until the transaction ends (their hours; null: they have none, so no slots). Every
   * booking of that member takes this lock before it reads their bookings: two bookings of one member take turns.
   */
  async lockStaff(db: Executor, businessId: string, userId: string): Promise<StaffRanges | null> {
    const [row] = await db
      .select({ ranges: bookingStaff.ranges })
      .from(bookingStaff)
      .where(and(eq(bookingStaff.businessId, businessId), eq(bookingStaff.userId, userId)))
      .for('update');
    return row?.ranges ?? null;
  },

  /** Time off of these staff members that overlaps the span (or ends after `span.start` when no end). */
  async timeOff(db: Executor, businessId: string, userIds: string[], span: Span): Promise<TimeOffRow[]> {
    if (userIds.length === 0) return [];
    return db
      .select()
      .from(bookingTimeOff)
      .where(
        and(
          eq(bookingTimeOff.businessId, businessId),
          inArray(bookingTimeOff.userId, userIds),
          lt(bookingTimeOff.startsAt, span.end),
          gt(bookingTimeOff.endsAt, span.start),
        ),
      )
      .orderBy(asc(bookingTimeOff.startsAt))
      .limit(1000);
  },

  async insertTimeOff(db: Executor, row: typeof bookingTimeOff.$inferInsert): Promise<void> {
    await db.insert(bookingTimeOff).values(row);
  },

  async removeTimeOff(db: Executor, businessId: string, userId: string, id: string): Promise<boolean> {
    const gone = await db
      .delete(bookingTimeOff)
      .where(and(eq(bookingTimeOff.businessId, businessId), eq(bookingTimeOff.userId, userId), eq(bookingTimeOff.id, id)))
      .returning({ id: bookingTimeOff.id });
    return gone.length > 0;
  },

  /** Confirmed bookings of these staff members whose time (with its buffer) overlaps the span; `except` left out. */
  async busy(db: Executor, businessId: string, userIds: string[], span: Span, except?: string): Promise<BookingRow[]> {
    if (userIds.length === 0) return [];
    return db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, businessId),
          inArray(bookings.staffUserId, userIds),
          eq(bookings.status, 'confirmed'),
          lt(bookings.startsAt, span.end),
          gt(bookings.blockedUntil, span.start),
          except ? ne(bookings.id, except) : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(5000);
  },

  async insertBooking(db: Executor, row: BookingInsert): Promise<void> {
    await db.insert(bookings).values(row);
  },

  async updateBooking(db: Executor, businessId: string, id: string, patch: Partial<BookingInsert>): Promise<BookingRow> {
    const [row] = await db
      .update(bookings)
      .set(patch)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
      .returning();
    return row!;
  },

  async findBooking(db: Executor, businessId: string, id: string, lock = false): Promise<BookingRow | null> {
    const query = db
      .select()
      .from(bookings)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async bookingByToken(db: Executor, tokenHash: string, lock = false): Promise<BookingRow | null> {
    const query = db.select().from(bookings).where(eq(bookings.tokenHash, tokenHash)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Bookings by start (then id), filtered, past the cursor. Reads `limit + 1` rows. */
  async page(
    db: Executor,
    businessId: string,
    filters: { since?: Date | undefined; until?: Date | undefined; staffId?: string | undefined; status?: 'confirmed' | 'cancelled' | undefined },
    limit: number,
    cursor?: { key: Date; id: string },
  ): Promise<BookingRow[]> {
    const conditions = [
      eq(bookings.businessId, businessId),
      filters.since ? gte(bookings.startsAt, filters.since) : undefined,
      filters.until ? lt(bookings.startsAt, filters.until) : undefined,
      filters.staffId ? eq(bookings.staffUserId, filters.staffId) : undefined,
      filters.status ? eq(bookings.status, filters.status) : undefined,
      cursor ? pastCursor('asc', bookings.startsAt, bookings.id, cursor) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select()
      .from(bookings)
      .where(and(...conditions))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(limit + 1);
  },

  /** Confirmed bookings starting in `[from, until)` not reminded yet, claimed (marked reminded) in one statement. */
  async claimReminders(db: Executor, from: Date, until: Date, at: Date, limit: number): Promise<BookingRow[]> {
    return db
      .update(bookings)
      .set({ remindedAt: at })
      .where(
        and(
          sql`(${bookings.businessId}, ${bookings.id}) in (select business_id, id from bookings where status = 'confirmed' and reminded_at is null and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${until.toISOString()}::timestamptz order by starts_at limit ${limit} for update skip locked)`,
          isNull(bookings.remindedAt),
        ),
      )
      .returning();
  },

  /** Whether the business has an active service (the storefront links its booking page then). */
  async hasActiveService(db: Executor, businessId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: bookingServices.id })
      .from(bookingServices)
      .where(and(eq(bookingServices.businessId, businessId), eq(bookingServices.active, true)))
      .limit(1);
    return row !== undefined;
  },
};
