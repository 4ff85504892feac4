import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countRows, sumMinor } from '@/db/columns';
import { businessUsers, businesses, platformFees, platformLinks, platformSettings, users } from '@/db/schema';

export type PlatformLinkRow = typeof platformLinks.$inferSelect;
export type PlatformFeeRow = typeof platformFees.$inferSelect;

const linkedName = sql<string>`(select name from businesses b where b.id = ${platformLinks.businessId})`;
const linkedIdentifier = sql<string>`(select identifier from businesses b where b.id = ${platformLinks.businessId})`;
const platformName = sql<string>`(select name from businesses b where b.id = ${platformLinks.platformBusinessId})`;

const ofPlatformQuery = (db: Executor, platformBusinessId: string, id: string) =>
  db
    .select({ link: platformLinks, name: linkedName, identifier: linkedIdentifier })
    .from(platformLinks)
    .where(and(eq(platformLinks.platformBusinessId, platformBusinessId), eq(platformLinks.id, id)));

/** Platform links and platform fees (docs/developers.md, "Platform accounts"). */
export const platformAccountsRepository = {
  /** Businesses whose identifier is `text`, or whose active owner has the email `text` (without case). */
  async businessesNamed(db: Executor, text: string) {
    const byIdentifier = await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(eq(businesses.identifier, text));
    if (byIdentifier.length > 0) return byIdentifier;
    return db
      .selectDistinct({ id: businesses.id, name: businesses.name })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(
        and(sql`lower(${users.email}) = lower(${text})`, eq(businessUsers.role, 'owner'), eq(businessUsers.status, 'active'), eq(businesses.type, 'merchant')),
      );
  },

  async business(db: Executor, id: string) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    return row ?? null;
  },

  async insertLink(db: Executor, row: typeof platformLinks.$inferInsert): Promise<void> {
    await db.insert(platformLinks).values(row);
  },

  /** The live (pending or active) link of a pair, if any. */
  async liveLink(db: Executor, businessId: string, platformBusinessId: string) {
    const [row] = await db
      .select()
      .from(platformLinks)
      .where(
        and(
          eq(platformLinks.businessId, businessId),
          eq(platformLinks.platformBusinessId, platformBusinessId),
          inArray(platformLinks.status, ['pending', 'active']),
        ),
      );
    return row ?? null;
  },

  /** The platform's links, newest invitation first, with the linked business's name and identifier. */
  async linksOfPlatform(db: Executor, platformBusinessId: string) {
    return db
      .select({ link: platformLinks, name: linkedName, identifier: linkedIdentifier })
      .from(platformLinks)
      .where(eq(platformLinks.platformBusinessId, platformBusinessId))
      .orderBy(desc(platformLinks.invitedAt), desc(platformLinks.id));
  },

  /** One link of the platform. */
  async ofPlatform(db: Executor, platformBusinessId: string, id: string) {
    const [row] = await ofPlatformQuery(db, platformBusinessId, id);
    return row ?? null;
  },

  /** One link of the platform, locked for its change. */
  async lockOfPlatform(db: Executor, platformBusinessId: string, id: string) {
    const [row] = await ofPlatformQuery(db, platformBusinessId, id).for('update', { of: platformLinks });
    return row ?? null;
  },

  /** The linked business's links, newest first, with each platform's name. */
  async linksOfBusiness(db: Executor, businessId: string) {
    return db
      .select({ link: platformLinks, platformName })
      .from(platformLinks)
      .where(eq(platformLinks.businessId, businessId))
      .orderBy(desc(platformLinks.invitedAt), desc(platformLinks.id));
  },

  async lockOfBusiness(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ link: platformLinks, platformName })
      .from(platformLinks)
      .where(and(eq(platformLinks.businessId, businessId), eq(platformLinks.id, id)))
      .for('update', { of: platformLinks });
    return row ?? null;
  },

  /** One link read by the linked business and id (the payment's hook), locked in share mode so an end waits for it. */
  async linkForPayment(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select()
      .from(platformLinks)
      .where(and(eq(platformLinks.businessId, businessId), eq(platformLinks.id, id)))
      .for('share');
    return row ?? null;
  },

  async updateLink(db: Executor, businessId: string, id: string, patch: Partial<typeof platformLinks.$inferInsert>): Promise<void> {
    await db
      .update(platformLinks)
      .set(patch)
      .where(and(eq(platformLinks.businessId, businessId), eq(platformLinks.id, id)));
  },

  async insertFee(db: Executor, row: typeof platformFees.$inferInsert): Promise<void> {
    await db.insert(platformFees).values(row);
  },

  /** Gross, fees and count per link and currency of the platform's fees. */
  async totalsOfPlatform(db: Executor, platformBusinessId: string) {
    return db
      .select({
        linkId: platformFees.linkId,
        currency: platformFees.currency,
        volume: sumMinor(platformFees.paymentAmount),
        fees: sumMinor(platformFees.fee),
        count: countRows(),
      })
      .from(platformFees)
      .where(eq(platformFees.businessId, platformBusinessId))
      .groupBy(platformFees.linkId, platformFees.currency);
  },

  async recentFees(db: Executor, platformBusinessId: string, limit: number) {
    return db
      .select({ fee: platformFees, name: sql<string>`(select name from businesses b where b.id = ${platformFees.linkedBusinessId})` })
      .from(platformFees)
      .where(eq(platformFees.businessId, platformBusinessId))
      .orderBy(desc(platformFees.createdAt), desc(platformFees.id))
      .limit(limit);
  },

  /** The platform whose active link made a payment (its fee's row), if any: who hears of the payment's refunds. */
  async activePlatformOfPayment(db: Executor, linkedBusinessId: string, paymentId: string): Promise<string | null> {
    const [row] = await db
      .select({ platformBusinessId: platformLinks.platformBusinessId })
      .from(platformFees)
      .innerJoin(platformLinks, and(eq(platformLinks.businessId, platformFees.linkedBusinessId), eq(platformLinks.id, platformFees.linkId)))
      .where(and(eq(platformFees.linkedBusinessId, linkedBusinessId), eq(platformFees.paymentId, paymentId), eq(platformLinks.status, 'active')));
    return row?.platformBusinessId ?? null;
  },

  /** Whether a link of a business (any status) is the platform's. */
  async isPlatformsLink(db: Executor, platformBusinessId: string, businessId: string, linkId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: platformLinks.id })
      .from(platformLinks)
      .where(and(eq(platformLinks.businessId, businessId), eq(platformLinks.id, linkId), eq(platformLinks.platformBusinessId, platformBusinessId)));
    return row !== undefined;
  },

  /** The active link of a platform with a business (the public API's platform path), with the business's name. */
  async activeLink(db: Executor, platformBusinessId: string, businessId: string) {
    const [row] = await db
      .select({ link: platformLinks, name: linkedName })
      .from(platformLinks)
      .where(and(eq(platformLinks.businessId, businessId), eq(platformLinks.platformBusinessId, platformBusinessId), eq(platformLinks.status, 'active')));
    return row ?? null;
  },

  /** The platform's commission rate in basis points (0 without a setting). */
  async commissionBps(db: Executor, platformBusinessId: string): Promise<number> {
    const [row] = await db.select({ bps: platformSettings.commissionBps }).from(platformSettings).where(eq(platformSettings.businessId, platformBusinessId));
    return row?.bps ?? 0;
  },

  async setCommission(db: Executor, platformBusinessId: string, bps: number, userId: string, at: Date): Promise<void> {
    await db
      .insert(platformSettings)
      .values({ businessId: platformBusinessId, commissionBps: bps, updatedByUserId: userId, updatedAt: at })
      .onConflictDoUpdate({ target: platformSettings.businessId, set: { commissionBps: bps, updatedByUserId: userId, updatedAt: at } });
  },

  /** A page of the payments the platform made (its fees' rows), newest first, after the cursor's row. */
  async feesPage(db: Executor, platformBusinessId: string, limit: number, after: { createdAt: Date; id: string } | null) {
    return db
      .select({ fee: platformFees, name: sql<string>`(select name from businesses b where b.id = ${platformFees.linkedBusinessId})` })
      .from(platformFees)
      .where(
        and(
          eq(platformFees.businessId, platformBusinessId),
          after ? or(lt(platformFees.createdAt, after.createdAt), and(eq(platformFees.createdAt, after.createdAt), lt(platformFees.id, after.id))) : undefined,
        ),
      )
      .orderBy(desc(platformFees.createdAt), desc(platformFees.id))
      .limit(limit);
  },
};
