import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { businesses, partnerCommissions, partnerLinks, partnerReferralCodes } from '@/db/schema';

export type PartnerLinkRow = typeof partnerLinks.$inferSelect;

/** Referral codes and partner links (docs/decisions.md, "Partners and referrals"). */
/** A merchant's links with each partner's name. */
const linksWithPartner = (db: Executor) =>
  db.select({ link: partnerLinks, partnerName: businesses.name }).from(partnerLinks).innerJoin(businesses, eq(businesses.id, partnerLinks.partnerBusinessId));

export const partnersRepository = {
  async codeOf(db: Executor, businessId: string): Promise<string | null> {
    const [row] = await db.select({ code: partnerReferralCodes.code }).from(partnerReferralCodes).where(eq(partnerReferralCodes.businessId, businessId));
    return row?.code ?? null;
  },

  /** Keeps the first code of a business: a second writer's insert does nothing. */
  async insertCode(db: Executor, businessId: string, code: string, now: Date): Promise<void> {
    await db.insert(partnerReferralCodes).values({ businessId, code, createdAt: now }).onConflictDoNothing();
  },

  /** The partner business of a referral code (codes are compared without case). */
  async partnerByCode(db: Executor, code: string) {
    const [row] = await db
      .select({ id: businesses.id, name: businesses.name, type: businesses.type })
      .from(partnerReferralCodes)
      .innerJoin(businesses, eq(businesses.id, partnerReferralCodes.businessId))
      .where(eq(partnerReferralCodes.code, code.toUpperCase()));
    return row ?? null;
  },

  async insertLink(db: Executor, row: typeof partnerLinks.$inferInsert): Promise<void> {
    await db.insert(partnerLinks).values(row);
  },

  /** The merchant's links, live ones first, with each partner's name. */
  async linksOfMerchant(db: Executor, businessId: string) {
    return linksWithPartner(db).where(eq(partnerLinks.businessId, businessId)).orderBy(asc(partnerLinks.status), desc(partnerLinks.linkedAt));
  },

  /** One link of the merchant, locked for its change. */
  async lockLink(db: Executor, businessId: string, id: string) {
    const [row] = await linksWithPartner(db)
      .where(and(eq(partnerLinks.businessId, businessId), eq(partnerLinks.id, id)))
      .for('update', { of: partnerLinks });
    return row ?? null;
  },

  /** Every link with its merchant's time zone (the months commissions are counted in). */
  async linksForAccrual(db: Executor) {
    return db
      .select({ link: partnerLinks, timeZone: businesses.timeZone })
      .from(partnerLinks)
      .innerJoin(businesses, eq(businesses.id, partnerLinks.businessId))
      .orderBy(asc(partnerLinks.linkedAt), asc(partnerLinks.id));
  },

  /** A month's commission, once: a second run (or a second process) adds nothing. */
  async insertCommission(db: Executor, row: typeof partnerCommissions.$inferInsert): Promise<void> {
    await db.insert(partnerCommissions).values(row).onConflictDoNothing();
  },

  /** The partner's commissions, of one month (YYYY-MM) when named. */
  async commissionsOf(db: Executor, partnerBusinessId: string, month?: string) {
    return db
      .select({ row: partnerCommissions, businessName: businesses.name })
      .from(partnerCommissions)
      .innerJoin(businesses, eq(businesses.id, partnerCommissions.merchantBusinessId))
      .where(and(eq(partnerCommissions.partnerBusinessId, partnerBusinessId), month ? eq(partnerCommissions.month, month) : undefined))
      .orderBy(desc(partnerCommissions.month), asc(businesses.name), asc(partnerCommissions.currency));
  },

  /** The partner's commissions summed per month, currency and status (the overview's figures and chart). */
  async commissionTotals(db: Executor, partnerBusinessId: string) {
    return db
      .select({
        month: partnerCommissions.month,
        currency: partnerCommissions.currency,
        status: partnerCommissions.status,
        amount: asNumber(sql`sum(${partnerCommissions.amount})`),
      })
      .from(partnerCommissions)
      .where(eq(partnerCommissions.partnerBusinessId, partnerBusinessId))
      .groupBy(partnerCommissions.month, partnerCommissions.currency, partnerCommissions.status);
  },

  async endLink(db: Executor, businessId: string, id: string, endedAt: Date, userId: string): Promise<void> {
    await db
      .update(partnerLinks)
      .set({ status: 'ended', endedAt, endedByUserId: userId })
      .where(and(eq(partnerLinks.businessId, businessId), eq(partnerLinks.id, id), sql`${partnerLinks.status} = 'active'`));
  },
};
