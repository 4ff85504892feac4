import { z } from 'zod';
import { CalendarDateSchema, defineEndpoint, MoneySchema, TimeZoneSchema } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/**
 * Refer and Earn (a merchant refers another business) and the partners' referral contest (issue 30; docs/decisions.md,
 * "Refer and Earn and the referral contest"). A merchant's referral code is made like a partner's (one code table, one
 * `?ref=` link); what a code does at sign-up follows its owner: a partner's links the new business to the partner, a
 * merchant's records a referral that may earn the referrer a reward. A referrer sees a referred business's name masked.
 */

/** The reward: a fixed amount in the referrer's currency (major units, turned into minor units by the currency helpers). */
export const REFERRAL_REWARD = {
  major: '50',
  /** The referred business must take its first payment within this many of its calendar days after signing up. */
  days: 90,
} as const;

/** How far a referred business has come, in order: signed up, verified, then verified and paid at least once. */
export const REFERRAL_STATUSES = ['signed_up', 'verified', 'first_payment'] as const;
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  signed_up: 'Signed up',
  verified: 'Verified',
  first_payment: 'First payment taken',
};

/** The reward of one referral: earned (credited to the balance), waiting (still inside its days), or missed. */
export const REFERRAL_REWARD_STATES = ['pending', 'credited', 'missed'] as const;
export const ReferralRewardStateSchema = z.enum(REFERRAL_REWARD_STATES);
export type ReferralRewardState = z.infer<typeof ReferralRewardStateSchema>;

/**
 * A name as another business may see it: each word's first letter and three dots whatever its length, so the length
 * tells nothing (`Acme Coffee` -> `A••• C•••`). Shown for the businesses a merchant referred and the other partners of a
 * contest's leaderboard.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]!}•••`)
    .join(' ');
}

/** One business the merchant referred, as the referrer sees it. */
export const ReferredBusinessSchema = z.object({
  /** The business's name, masked (maskName). */
  name: z.string(),
  signed_up_at: z.string(),
  status: ReferralStatusSchema,
  reward: ReferralRewardStateSchema,
  /** The last day (the referred business's calendar day) its first payment counts for the reward. */
  reward_deadline: CalendarDateSchema,
  rewarded_at: z.string().nullable(),
  reward_amount: MoneySchema.nullable(),
});
export type ReferredBusiness = z.infer<typeof ReferredBusinessSchema>;

export const ReferralProgramSchema = z.object({
  code: z.string(),
  /** The path of the referral link: the register screen with `?ref=`. */
  link_path: z.string(),
  /** The reward each qualifying referral earns, in the business's currency. */
  reward: MoneySchema,
  reward_days: z.number().int(),
  referred: z.array(ReferredBusinessSchema),
  /** Rewards credited so far (one entry: the business's currency). */
  earned: MoneySchema,
});
export type ReferralProgram = z.infer<typeof ReferralProgramSchema>;

/** One row of the contest's leaderboard: other partners' names are masked; the viewer's own row says so. */
export const ContestStandingSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  qualified: z.number().int(),
  you: z.boolean(),
});
export type ContestStanding = z.infer<typeof ContestStandingSchema>;

/** How many partners the leaderboard shows (the viewer's row is always shown, below them when not among them). */
export const CONTEST_LEADERBOARD_SIZE = 10;

export const ReferralContestSchema = z.object({
  /** The contest period: the calendar month in the viewer's time zone, `from` to `to` inclusive. */
  period: z.object({ month: z.string(), from: CalendarDateSchema, to: CalendarDateSchema, time_zone: TimeZoneSchema }),
  rule: z.string(),
  you: z.object({ rank: z.number().int().nullable(), qualified: z.number().int() }),
  partners: z.number().int(),
  leaderboard: z.array(ContestStandingSchema),
});
export type ReferralContest = z.infer<typeof ReferralContestSchema>;

export const CONTEST_RULE = 'Businesses that signed up through your referral link this month and are verified. Partners with the same count share a rank.';

export const referralEndpoints = {
  program: defineEndpoint({
    id: 'referral.program',
    method: 'GET',
    path: '/v1/business/:business_id/referral-program',
    summary: "Refer and Earn: the business's referral code and link, the reward, and the businesses it referred (names masked)",
    access: { kind: 'business', permission: 'referral:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: ReferralProgramSchema,
  }),
  contest: defineEndpoint({
    id: 'partner.referralContest',
    method: 'GET',
    path: '/v1/business/:business_id/partner/referral-contest',
    summary: "The referral contest of the current month: the partner's rank and count, and the leaderboard (other names masked)",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: ReferralContestSchema,
  }),
};
