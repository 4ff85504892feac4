import { addDays, currencyDecimals, formatMoneyWithCode, localDate, parseMajorToMinor, startOfLocalDay, type CalendarDate } from '@merchant/core';
import { usdRateMicros } from '@merchant/payments';
import {
  CONTEST_LEADERBOARD_SIZE,
  CONTEST_RULE_TEXT,
  maskName,
  PAST_CONTESTS_SHOWN,
  REFERRAL_REWARD,
  type ContestPrize,
  type ContestRule,
  type ContestStanding,
  type ReferralContest,
  type ReferralContests,
  type ReferralProgram,
  type ReferralRewardState,
  type ReferralStatus,
} from '@merchant/business';
import type { Executor } from '@/db/client';
import { UNATTENDED, type BusinessContext, type RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { Mailer } from '@/mail/mailer';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import { referralPaymentsReadModel } from '@/modules/payments/charges/referral-payments.read-model';
import type { PartnersService } from './partners.service';
import { newId } from '@/lib/crypto';
import { contestVolumeReadModel } from '@/modules/payments/ledger/contest-volume.read-model';
import { referralsRepository as repo, type ReferralContestRow } from './referrals.repository';

/** The reward of a referrer whose currency is `currency`, minor units (the currency helpers, never a scaling). */
export const rewardIn = (currency: string): number => parseMajorToMinor(REFERRAL_REWARD.major, currency)!;

/** The last calendar day (the referred business's) whose first payment earns the reward. */
export const rewardDeadline = (signedUpAt: Date, zone: string): CalendarDate => addDays(localDate(signedUpAt, zone), REFERRAL_REWARD.days);

/** The instant the reward's days end: the start of the day after the deadline, in the referred business's zone. */
const deadlineEnd = (signedUpAt: Date, zone: string): Date => startOfLocalDay(rewardDeadline(signedUpAt, zone), zone, 1);

/**
 * A volume in minor units of `currency` as US cents at the reference rate (rounded down); a currency without a rate
 * counts nothing. Contests compare currencies this way (docs/decisions.md, "Refer and Earn and the referral contest").
 */
export function usdCentsOf(amount: number, currency: string): number {
  const micros = usdRateMicros(currency);
  if (micros === null || amount <= 0) return 0;
  return Number((BigInt(amount) * 100n * 1_000_000n) / (micros * 10n ** BigInt(currencyDecimals(currency))));
}

/**
 * Competition ranks (1, 2, 2, 4) over counts sorted highest first: partners with the same count share a rank.
 */
export function ranked<T extends { score: number }>(rows: readonly T[]): (T & { rank: number })[] {
  let rank = 0;
  let previous: number | null = null;
  return rows.map((row, i) => {
    if (row.score !== previous) rank = i + 1;
    previous = row.score;
    return { ...row, rank };
  });
}

/**
 * Refer and Earn and the partners' referral contest (issue 30; docs/decisions.md, "Refer and Earn and the referral
 * contest"): a merchant's referrals, the reward credited to its balance once per referred business, and the contest.
 */
export function createReferralsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  mailer: Mailer;
  notificationSettings: Pick<NotificationSettingsService, 'ownerEmails'>;
  partners: Pick<PartnersService, 'codeFor'>;
}) {
  const { db, clock, audit, ledger, mailer } = deps;

  /** Credits one referral's reward in its own transaction, once: the claim, the posting and the owners' mail commit together. */
  async function credit(referrerId: string, referredId: string, name: string, currency: string, now: Date): Promise<boolean> {
    const amount = rewardIn(currency);
    return db.transaction(async (tx) => {
      if (!(await repo.claimReward(tx, referrerId, referredId, { at: now, amount, currency }))) return false;
      const description = `Refer and Earn reward: ${maskName(name)} was verified and took its first payment`;
      const transactionId = await ledger.post(tx, referrerId, {
        kind: 'referral_reward',
        balance: 'wallet',
        description,
        entries: [
          { account: 'merchant_available', currency, amount },
          { account: 'platform_rewards', currency, amount: -amount },
        ],
      });
      await repo.setLedgerTransaction(tx, referrerId, referredId, transactionId);
      await audit.record(tx, UNATTENDED, {
        action: 'referral.rewarded',
        description,
        actorUserId: null,
        businessId: referrerId,
        objectType: 'business_referral',
        objectId: transactionId,
      });
      const money = formatMoneyWithCode(amount, currency);
      const subject = `You earned a referral reward of ${money}`;
      const text = `${maskName(name)}, a business you referred, was verified and took its first payment. ${money} was credited to your available balance on ${now.toUTCString()}; it is paid out with your balance.`;
      for (const to of await deps.notificationSettings.ownerEmails(referrerId, tx)) await mailer.send(tx, { to, subject, text });
      return true;
    });
  }

  /**
   * A contest's live standings: each partner's score under the rule over the contest's period, partners without any
   * left out, ranked highest first (ties share a rank), then by partner id (a stable order).
   */
  async function standings(tx: Executor, contest: ReferralContestRow) {
    const from = contest.startsAt;
    const to = contest.endsAt;
    if (contest.rule === 'most_verified') {
      const counts = await repo.contestCounts(tx, from, to);
      return ranked(counts.map((c) => ({ partnerBusinessId: c.partnerBusinessId, name: c.name, score: c.qualified })));
    }
    const byPartner = new Map<string, { partnerBusinessId: string; name: string; score: number }>();
    // One sum per link, over the part of the period it was live: a merchant linked to two partners in turn counts for
    // each only while linked to it.
    for (const link of await repo.linksLiveIn(tx, from, to)) {
      const window = {
        businessId: link.businessId,
        from: new Date(Math.max(from.getTime(), link.linkedAt.getTime())),
        to: new Date(Math.min(to.getTime(), link.endedAt?.getTime() ?? Infinity)),
      };
      const volume = await contestVolumeReadModel.volumeOfMany(tx, [window]);
      const entry = byPartner.get(link.partnerBusinessId) ?? { partnerBusinessId: link.partnerBusinessId, name: link.name, score: 0 };
      entry.score += volume.reduce((sum, v) => sum + usdCentsOf(v.amount, v.currency), 0);
      byPartner.set(link.partnerBusinessId, entry);
    }
    const rows = [...byPartner.values()].filter((r) => r.score > 0);
    rows.sort((a, b) => b.score - a.score || a.partnerBusinessId.localeCompare(b.partnerBusinessId));
    return ranked(rows);
  }

  return {
    /** In the sign-up's transaction: the new business signed up with the merchant `referrer`'s code. */
    async recordReferred(tx: Executor, where: RequestMeta, referrer: { id: string; name: string }, business: { id: string; name: string }, userId: string) {
      const now = clock.now();
      await repo.insert(tx, { businessId: referrer.id, referredBusinessId: business.id, signedUpAt: now, createdAt: now });
      await audit.record(tx, where, {
        action: 'referral.signed_up',
        description: `${maskName(business.name)} signed up with the business's referral code`,
        actorUserId: null,
        businessId: referrer.id,
        objectType: 'business_referral',
        objectId: business.id,
      });
      await audit.record(tx, where, {
        action: 'referral.signed_up',
        description: `Signed up with the referral code of ${referrer.name}`,
        actorUserId: userId,
        businessId: business.id,
        objectType: 'business_referral',
        objectId: business.id,
      });
    },

    /**
     * The scheduled job: every referral whose business is verified and took its first payment within the reward's
     * days gets its reward, credited to the referrer's available balance. Answers how many were credited.
     */
    async accrueRewards(now: Date = clock.now()): Promise<number> {
      // A bound on sign-up for the read only (a day of margin either side of any zone); the deadline is exact below.
      const since = new Date(now.getTime() - (REFERRAL_REWARD.days + 2) * 86_400_000);
      const candidates = await repo.rewardCandidates(db, since);
      const firsts = await referralPaymentsReadModel.firstCaptured(db, [...new Set(candidates.map((c) => c.referral.referredBusinessId))]);
      let credited = 0;
      for (const { referral, name, timeZone, referrerCurrency, referrerType } of candidates) {
        const first = firsts.get(referral.referredBusinessId);
        if (referrerType !== 'merchant' || !first || first >= deadlineEnd(referral.signedUpAt, timeZone)) continue;
        if (await credit(referral.businessId, referral.referredBusinessId, name, referrerCurrency, clock.now())) credited += 1;
      }
      return credited;
    },

    /** Refer and Earn: the code and link, the reward, and each referred business as the referrer may see it. */
    async program(ctx: BusinessContext): Promise<ReferralProgram> {
      const business = ctx.business.row;
      const code = await deps.partners.codeFor(business.id);
      const rows = await repo.referredBy(db, business.id);
      const firsts = await referralPaymentsReadModel.firstCaptured(
        db,
        rows.map((r) => r.referral.referredBusinessId),
      );
      const now = clock.now();
      let earned = 0;
      const referred = rows.map(({ referral, name, onboardingStatus, timeZone }) => {
        const verified = onboardingStatus === 'completed';
        const first = firsts.get(referral.referredBusinessId);
        const status: ReferralStatus = verified && first ? 'first_payment' : verified ? 'verified' : 'signed_up';
        const end = deadlineEnd(referral.signedUpAt, timeZone);
        const reward: ReferralRewardState = referral.rewardedAt ? 'credited' : now >= end && !(first && first < end) ? 'missed' : 'pending';
        if (referral.rewardedAt && referral.rewardCurrency === business.currency) earned += referral.rewardAmount ?? 0;
        return {
          name: maskName(name),
          signed_up_at: referral.signedUpAt.toISOString(),
          status,
          reward,
          reward_deadline: rewardDeadline(referral.signedUpAt, timeZone),
          rewarded_at: referral.rewardedAt?.toISOString() ?? null,
          reward_amount:
            referral.rewardAmount !== null && referral.rewardCurrency ? { amount: referral.rewardAmount, currency: referral.rewardCurrency } : null,
        };
      });
      return {
        code,
        link_path: `/register?ref=${code}`,
        reward: { amount: rewardIn(business.currency), currency: business.currency },
        reward_days: REFERRAL_REWARD.days,
        referred,
        earned: { amount: earned, currency: business.currency },
      };
    },

    /**
     * The contests a partner sees: current and upcoming ones, then the latest ended. A current contest, and an ended one
     * not frozen yet, is counted live; a frozen one shows its results. Every name but the viewer's is masked.
     */
    async contests(ctx: BusinessContext): Promise<ReferralContests> {
      const me = ctx.business.row;
      const now = clock.now();
      const partners = await repo.partnerCount(db);
      const contests: ReferralContest[] = [];
      for (const contest of await repo.contestsAt(db, now, PAST_CONTESTS_SHOWN)) {
        const state = now < contest.startsAt ? 'upcoming' : now < contest.endsAt ? 'current' : 'ended';
        const frozen = contest.frozenAt !== null;
        const rows = state === 'upcoming' ? [] : frozen ? await repo.results(db, contest.id) : await standings(db, contest);
        const present = (row: (typeof rows)[number]): ContestStanding => {
          const you = row.partnerBusinessId === me.id;
          return { rank: row.rank, name: you ? row.name : maskName(row.name), score: row.score, you };
        };
        const mine = rows.find((row) => row.partnerBusinessId === me.id);
        const leaderboard = rows.slice(0, CONTEST_LEADERBOARD_SIZE).map(present);
        if (mine && !leaderboard.some((row) => row.you)) leaderboard.push(present(mine));
        contests.push({
          id: contest.id,
          name: contest.name,
          rule: contest.rule,
          rule_text: CONTEST_RULE_TEXT[contest.rule],
          starts_at: contest.startsAt.toISOString(),
          ends_at: contest.endsAt.toISOString(),
          state,
          frozen,
          prizes: [...contest.prizes].sort((a, b) => a.rank - b.rank),
          you: { rank: mine?.rank ?? null, score: mine?.score ?? 0 },
          partners,
          leaderboard,
        });
      }
      return { contests };
    },

    /**
     * The scheduled job: freezes every ended contest's results once. Each contest in its own transaction under its row's
     * lock (`for update` where not frozen): a second process waits, then finds it frozen and writes nothing.
     */
    async freezeEnded(now: Date = clock.now()): Promise<number> {
      let frozen = 0;
      for (const id of await repo.dueForFreezing(db, now)) {
        const done = await db.transaction(async (tx) => {
          const contest = await repo.lockUnfrozen(tx, id);
          if (!contest) return false;
          const rows = await standings(tx, contest);
          await repo.insertResults(
            tx,
            rows.map((r) => ({ contestId: id, partnerBusinessId: r.partnerBusinessId, rank: r.rank, score: r.score, createdAt: now })),
          );
          await repo.setFrozen(tx, id, now);
          return true;
        });
        if (done) frozen += 1;
      }
      return frozen;
    },

    /** A contest made by the platform (the demo seed, an operator's script, tests): no screen makes one. */
    async createContest(input: { name: string; rule: ContestRule; startsAt: Date; endsAt: Date; prizes?: ContestPrize[] }): Promise<string> {
      const id = newId();
      await repo.insertContest(db, {
        id,
        name: input.name,
        rule: input.rule,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        prizes: input.prizes ?? [],
        createdAt: clock.now(),
      });
      return id;
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
