import { z } from 'zod';
import { CalendarDateSchema, defineEndpoint, MoneySchema } from '@merchant/core';
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

/** One row of a contest's leaderboard: other partners' names are masked; the viewer's own row says so. */
export const ContestStandingSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  /** The rule's figure: qualified merchants, or volume in US cents at the reference rates (`most_volume`). */
  score: z.number().int(),
  you: z.boolean(),
});
export type ContestStanding = z.infer<typeof ContestStandingSchema>;

/** How many partners the leaderboard shows (the viewer's row is always shown, below them when not among them). */
export const CONTEST_LEADERBOARD_SIZE = 10;

/**
 * A contest's rule: `most_verified` counts the merchants linked by the partner's referral link in the period that are
 * verified (now, or when the results were frozen); `most_volume` sums the captured payments of the partner's linked
 * merchants in the period (while linked), each currency turned into US cents at the reference rates.
 */
export const CONTEST_RULES = ['most_verified', 'most_volume'] as const;
export const ContestRuleSchema = z.enum(CONTEST_RULES);
export type ContestRule = z.infer<typeof ContestRuleSchema>;
export const CONTEST_RULE_TEXT: Record<ContestRule, string> = {
  most_verified: 'Businesses that signed up through your referral link during the contest and are verified. Partners with the same count share a rank.',
  most_volume:
    'Payments captured by your linked businesses during the contest, while linked, in US dollars at the reference rates. Partners with the same volume share a rank.',
};

/** A prize for a rank: a text, an amount, or both. */
export const ContestPrizeSchema = z.object({ rank: z.number().int().min(1), text: z.string().nullable(), amount: MoneySchema.nullable() });
export type ContestPrize = z.infer<typeof ContestPrizeSchema>;

export const CONTEST_STATES = ['upcoming', 'current', 'ended'] as const;

/** A contest as a partner sees it: its period, rule, prizes, its own standing and the leaderboard. */
export const ReferralContestSchema = z.object({
  id: z.string(),
  name: z.string(),
  rule: ContestRuleSchema,
  rule_text: z.string(),
  starts_at: z.string(),
  /** The end, exclusive. */
  ends_at: z.string(),
  state: z.enum(CONTEST_STATES),
  /** Whether the standings are the frozen results (an ended contest once the job froze it) rather than live figures. */
  frozen: z.boolean(),
  prizes: z.array(ContestPrizeSchema),
  you: z.object({ rank: z.number().int().nullable(), score: z.number().int() }),
  partners: z.number().int(),
  leaderboard: z.array(ContestStandingSchema),
});
export type ReferralContest = z.infer<typeof ReferralContestSchema>;

/** How many ended contests the screen lists (newest first), after the current and upcoming ones. */
export const PAST_CONTESTS_SHOWN = 6;

export const ReferralContestsSchema = z.object({ contests: z.array(ReferralContestSchema) });
export type ReferralContests = z.infer<typeof ReferralContestsSchema>;

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
    summary:
      "The referral contests, current and upcoming then the latest ended: prizes, the partner's rank and the leaderboard (other names masked; ended contests' frozen results)",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: ReferralContestsSchema,
  }),
};
