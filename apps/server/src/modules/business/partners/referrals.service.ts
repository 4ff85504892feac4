import { addDays, formatMoneyWithCode, localDate, monthStartDate, parseMajorToMinor, startOfLocalDay, type CalendarDate } from '@merchant/core';
import {
  CONTEST_LEADERBOARD_SIZE,
  CONTEST_RULE,
  maskName,
  REFERRAL_REWARD,
  type ContestStanding,
  type ReferralContest,
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
import { referralsRepository as repo } from './referrals.repository';

/** The reward of a referrer whose currency is `currency`, minor units (the currency helpers, never a scaling). */
export const rewardIn = (currency: string): number => parseMajorToMinor(REFERRAL_REWARD.major, currency)!;

/** The last calendar day (the referred business's) whose first payment earns the reward. */
export const rewardDeadline = (signedUpAt: Date, zone: string): CalendarDate => addDays(localDate(signedUpAt, zone), REFERRAL_REWARD.days);

/** The instant the reward's days end: the start of the day after the deadline, in the referred business's zone. */
const deadlineEnd = (signedUpAt: Date, zone: string): Date => startOfLocalDay(rewardDeadline(signedUpAt, zone), zone, 1);

/** The first day of the month after the one of `day`. */
const nextMonthStart = (day: CalendarDate): CalendarDate => monthStartDate(addDays(monthStartDate(day), 31));

/**
 * Competition ranks (1, 2, 2, 4) over counts sorted highest first: partners with the same count share a rank.
 */
export function ranked<T extends { qualified: number }>(rows: readonly T[]): (T & { rank: number })[] {
  let rank = 0;
  let previous: number | null = null;
  return rows.map((row, i) => {
    if (row.qualified !== previous) rank = i + 1;
    previous = row.qualified;
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
     * The contest of the viewer's calendar month (its time zone): every partner counted over the same instants, ranked
     * by qualified referrals; names other than the viewer's masked.
     */
    async contest(ctx: BusinessContext): Promise<ReferralContest> {
      const me = ctx.business.row;
      const zone = me.timeZone;
      const from = monthStartDate(localDate(clock.now(), zone));
      const next = nextMonthStart(from);
      const counts = ranked(await repo.contestCounts(db, startOfLocalDay(from, zone), startOfLocalDay(next, zone)));
      const present = (row: (typeof counts)[number]): ContestStanding => {
        const you = row.partnerBusinessId === me.id;
        return { rank: row.rank, name: you ? row.name : maskName(row.name), qualified: row.qualified, you };
      };
      const mine = counts.find((row) => row.partnerBusinessId === me.id);
      const leaderboard = counts.slice(0, CONTEST_LEADERBOARD_SIZE).map(present);
      if (mine && !leaderboard.some((row) => row.you)) leaderboard.push(present(mine));
      return {
        period: { month: from.slice(0, 7), from, to: addDays(next, -1), time_zone: zone },
        rule: CONTEST_RULE,
        you: { rank: mine?.rank ?? null, qualified: mine?.qualified ?? 0 },
        partners: await repo.partnerCount(db),
        leaderboard,
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
