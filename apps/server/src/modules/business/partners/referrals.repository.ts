import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { businesses, businessReferrals, partnerLinks, referralContestResults, referralContests } from '@/db/schema';

export type BusinessReferralRow = typeof businessReferrals.$inferSelect;
export type ReferralContestRow = typeof referralContests.$inferSelect;

const referred = alias(businesses, 'referred');
const referrer = alias(businesses, 'referrer');

/** Refer and Earn's referrals and the referral contest's counts (docs/decisions.md, "Refer and Earn and the referral contest"). */
export const referralsRepository = {
  async insert(db: Executor, row: typeof businessReferrals.$inferInsert): Promise<void> {
    await db.insert(businessReferrals).values(row);
  },

  /** The businesses a merchant referred, newest first, with what the referrer's list needs of each. */
  async referredBy(db: Executor, businessId: string) {
    return db
      .select({ referral: businessReferrals, name: referred.name, onboardingStatus: referred.onboardingStatus, timeZone: referred.timeZone })
      .from(businessReferrals)
      .innerJoin(referred, eq(referred.id, businessReferrals.referredBusinessId))
      .where(eq(businessReferrals.businessId, businessId))
      .orderBy(desc(businessReferrals.signedUpAt), asc(businessReferrals.referredBusinessId));
  },

  /**
   * Referrals not rewarded yet whose referred business is verified and signed up after `since` (a cheap bound: the
   * reward's own deadline, in the referred business's days, is checked by the caller), with the referrer's currency.
   */
  async rewardCandidates(db: Executor, since: Date) {
    return db
      .select({
        referral: businessReferrals,
        name: referred.name,
        timeZone: referred.timeZone,
        referrerCurrency: referrer.currency,
        referrerType: referrer.type,
      })
      .from(businessReferrals)
      .innerJoin(referred, eq(referred.id, businessReferrals.referredBusinessId))
      .innerJoin(referrer, eq(referrer.id, businessReferrals.businessId))
      .where(and(isNull(businessReferrals.rewardedAt), gte(businessReferrals.signedUpAt, since), eq(referred.onboardingStatus, 'completed')))
      .orderBy(asc(businessReferrals.signedUpAt), asc(businessReferrals.referredBusinessId));
  },

  /**
   * Claims a referral's reward: sets it where none is set yet. True for the one caller that set it; a second run,
   * or a second process (which waits on the row's lock, then finds it set), gets false and posts nothing.
   */
  async claimReward(db: Executor, businessId: string, referredBusinessId: string, reward: { at: Date; amount: number; currency: string }) {
    const rows = await db
      .update(businessReferrals)
      .set({ rewardedAt: reward.at, rewardAmount: reward.amount, rewardCurrency: reward.currency })
      .where(
        and(eq(businessReferrals.businessId, businessId), eq(businessReferrals.referredBusinessId, referredBusinessId), isNull(businessReferrals.rewardedAt)),
      )
      .returning({ id: businessReferrals.referredBusinessId });
    return rows.length === 1;
  },

  async setLedgerTransaction(db: Executor, businessId: string, referredBusinessId: string, ledgerTransactionId: string): Promise<void> {
    await db
      .update(businessReferrals)
      .set({ ledgerTransactionId })
      .where(and(eq(businessReferrals.businessId, businessId), eq(businessReferrals.referredBusinessId, referredBusinessId)));
  },

  /**
   * The contest's counts: per partner business, the merchants linked by its referral link from `from` to before `to`
   * that are verified now; partners with none are left out. Highest first, then by partner id (a stable order).
   */
  async contestCounts(db: Executor, from: Date, to: Date) {
    const merchant = alias(businesses, 'merchant');
    const qualified = countRows();
    return db
      .select({ partnerBusinessId: partnerLinks.partnerBusinessId, name: businesses.name, qualified })
      .from(partnerLinks)
      .innerJoin(merchant, eq(merchant.id, partnerLinks.businessId))
      .innerJoin(businesses, eq(businesses.id, partnerLinks.partnerBusinessId))
      .where(
        and(
          eq(partnerLinks.source, 'referral'),
          gte(partnerLinks.linkedAt, from),
          lt(partnerLinks.linkedAt, to),
          eq(merchant.onboardingStatus, 'completed'),
          eq(businesses.type, 'partner'),
        ),
      )
      .groupBy(partnerLinks.partnerBusinessId, businesses.name)
      .orderBy(desc(sql`count(*)`), asc(partnerLinks.partnerBusinessId));
  },

  /** How many partner businesses there are (the contest's field). */
  async partnerCount(db: Executor): Promise<number> {
    const [row] = await db.select({ n: countRows() }).from(businesses).where(eq(businesses.type, 'partner'));
    return row?.n ?? 0;
  },

  async insertContest(db: Executor, row: typeof referralContests.$inferInsert): Promise<void> {
    await db.insert(referralContests).values(row);
  },

  /** The contests a partner sees: those not ended at `now` (soonest first), then the latest `past` ended ones. */
  async contestsAt(db: Executor, now: Date, past: number): Promise<ReferralContestRow[]> {
    const open = await db
      .select()
      .from(referralContests)
      .where(gt(referralContests.endsAt, now))
      .orderBy(asc(referralContests.startsAt), asc(referralContests.name), asc(referralContests.id));
    const ended = await db
      .select()
      .from(referralContests)
      .where(lte(referralContests.endsAt, now))
      .orderBy(desc(referralContests.endsAt), desc(referralContests.id))
      .limit(past);
    return [...open, ...ended];
  },

  /** Ended contests whose results are not frozen yet (the freezing job's work). */
  async dueForFreezing(db: Executor, now: Date): Promise<string[]> {
    const rows = await db
      .select({ id: referralContests.id })
      .from(referralContests)
      .where(and(lte(referralContests.endsAt, now), isNull(referralContests.frozenAt)))
      .orderBy(asc(referralContests.endsAt));
    return rows.map((r) => r.id);
  },

  /** A contest still to freeze, locked: a second process waits here, then finds it frozen (null). */
  async lockUnfrozen(db: Executor, id: string): Promise<ReferralContestRow | null> {
    const [row] = await db
      .select()
      .from(referralContests)
      .where(and(eq(referralContests.id, id), isNull(referralContests.frozenAt)))
      .for('update');
    return row ?? null;
  },

  async insertResults(db: Executor, rows: (typeof referralContestResults.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(referralContestResults).values(rows).onConflictDoNothing();
  },

  async setFrozen(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(referralContests).set({ frozenAt: at }).where(eq(referralContests.id, id));
  },

  /** A frozen contest's results with each partner's name, by rank then partner. */
  async results(db: Executor, contestId: string) {
    return db
      .select({
        partnerBusinessId: referralContestResults.partnerBusinessId,
        name: businesses.name,
        score: referralContestResults.score,
        rank: referralContestResults.rank,
      })
      .from(referralContestResults)
      .innerJoin(businesses, eq(businesses.id, referralContestResults.partnerBusinessId))
      .where(eq(referralContestResults.contestId, contestId))
      .orderBy(asc(referralContestResults.rank), asc(referralContestResults.partnerBusinessId));
  },

  /** Links to partner businesses live at some time from `from` to before `to`: whose volume a `most_volume` contest sums. */
  async linksLiveIn(db: Executor, from: Date, to: Date) {
    return db
      .select({
        partnerBusinessId: partnerLinks.partnerBusinessId,
        name: businesses.name,
        businessId: partnerLinks.businessId,
        linkedAt: partnerLinks.linkedAt,
        endedAt: partnerLinks.endedAt,
      })
      .from(partnerLinks)
      .innerJoin(businesses, eq(businesses.id, partnerLinks.partnerBusinessId))
      .where(and(eq(businesses.type, 'partner'), lt(partnerLinks.linkedAt, to), or(isNull(partnerLinks.endedAt), gt(partnerLinks.endedAt, from))));
  },
};
