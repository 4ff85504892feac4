import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './common';
import { businesses } from './business';
import { users } from './identity';

/**
 * A business's referral code (its link is the register screen with `?ref=<code>`), made when first asked for: a
 * partner's links the businesses it brings; a merchant's (Refer and Earn) records a referral (`business_referrals`).
 */
export const partnerReferralCodes = pgTable(
  'partner_referral_codes',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_referral_codes_code_key').on(t.code)],
);

/**
 * A merchant business linked to a partner business (docs/decisions.md, "Partners and referrals"). Keyed by the
 * merchant (`business_id`), whose data it is; at most one link of a pair is live (not ended) at a time.
 */
export const partnerLinks = pgTable(
  'partner_links',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    partnerBusinessId: uuid('partner_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** How the link was made: the partner's referral link at sign-up, or an invitation the merchant accepted. */
    source: text('source', { enum: ['referral', 'invitation'] }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull(),
    linkedAt: ts('linked_at').notNull(),
    endedAt: ts('ended_at'),
    endedByUserId: uuid('ended_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('partner_links_live_key')
      .on(t.businessId, t.partnerBusinessId)
      .where(sql`status = 'active'`),
    index('partner_links_partner_idx').on(t.partnerBusinessId, t.linkedAt),
    check('partner_links_ended_check', sql`(status = 'ended') = (ended_at is not null)`),
  ],
);

/**
 * A partner's commission on one linked merchant's fees of one month and currency, accrued once by the monthly job
 * (the key makes a second run, or a second process, add nothing). Approved after the hold (`approved_at`), then paid
 * (`paid_at`) by the ledger transaction that credited the partner's balance; each step moves only rows still at the
 * step before, so it happens once.
 */
export const partnerCommissions = pgTable(
  'partner_commissions',
  {
    partnerBusinessId: uuid('partner_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    merchantBusinessId: uuid('merchant_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The merchant's calendar month, `YYYY-MM`. */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    /** The merchant's fees of the month from the ledger, minor units. */
    fees: bigint('fees', { mode: 'number' }).notNull(),
    shareBasisPoints: integer('share_basis_points').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['accrued', 'approved', 'paid'] })
      .notNull()
      .default('accrued'),
    approvedAt: ts('approved_at'),
    paidAt: ts('paid_at'),
    /** The partner's ledger transaction that credited it (one per payment of several commissions). */
    ledgerTransactionId: uuid('ledger_transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerBusinessId, t.merchantBusinessId, t.month, t.currency] }),
    index('partner_commissions_open_idx')
      .on(t.status, t.partnerBusinessId)
      .where(sql`status <> 'paid'`),
    check(
      'partner_commissions_status_check',
      sql`(status = 'accrued') = (approved_at is null) and (status = 'paid') = (paid_at is not null) and (status = 'paid') = (ledger_transaction_id is not null)`,
    ),
  ],
);

/**
 * A business that signed up with a merchant's referral code (Refer and Earn; docs/decisions.md, "Refer and Earn and the
 * referral contest"). Keyed by the referrer (`business_id`), whose list it is; a business is referred at most once.
 * The reward is claimed by setting `rewarded_at` where it is null, in the transaction that posts it to the referrer's
 * ledger, so it is credited once however often the job runs.
 */
export const businessReferrals = pgTable(
  'business_referrals',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    referredBusinessId: uuid('referred_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    signedUpAt: ts('signed_up_at').notNull(),
    rewardedAt: ts('rewarded_at'),
    rewardAmount: bigint('reward_amount', { mode: 'number' }),
    rewardCurrency: text('reward_currency'),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.referredBusinessId] }),
    uniqueIndex('business_referrals_referred_key').on(t.referredBusinessId),
    index('business_referrals_unrewarded_idx')
      .on(t.signedUpAt)
      .where(sql`rewarded_at is null`),
    check('business_referrals_self_check', sql`business_id <> referred_business_id`),
    check('business_referrals_reward_check', sql`(rewarded_at is null) = (reward_amount is null) and (rewarded_at is null) = (reward_currency is null)`),
  ],
);

/**
 * A partner's invitation of an existing merchant, by the email of one of its owners (docs/decisions.md, "Partner
 * invitations"). Any merchant business that person owns sees it; the one that accepts or declines is recorded
 * (`business_id`). Pending until answered, revoked by the partner, or past `expires_at` (then shown as expired and
 * marked so when the partner invites the same email again); at most one pending invitation per partner and email.
 */
export const partnerInvitations = pgTable(
  'partner_invitations',
  {
    id: uuid('id').primaryKey(),
    partnerBusinessId: uuid('partner_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked', 'expired'] }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    /** The merchant business that answered it (accepted or declined). */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    respondedByUserId: uuid('responded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_invitations_pending_key')
      .on(t.partnerBusinessId, t.email)
      .where(sql`status = 'pending'`),
    index('partner_invitations_email_idx')
      .on(t.email)
      .where(sql`status = 'pending'`),
    index('partner_invitations_partner_idx').on(t.partnerBusinessId, t.createdAt),
  ],
);

/** A contest prize: for a rank, a text ("A trip to Bali") or an amount (minor units), or both. */
export type ContestPrizeRow = { rank: number; text: string | null; amount: { amount: number; currency: string } | null };

/**
 * A referral contest among partners, made by the platform (docs/decisions.md, "Refer and Earn and the referral
 * contest"): a period (`starts_at` to before `ends_at`), a rule and prizes per rank. Once it ends, the scheduled job
 * freezes its results (`referral_contest_results`) and sets `frozen_at`, under this row's lock, once.
 */
export const referralContests = pgTable(
  'referral_contests',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    rule: text('rule', { enum: ['most_verified', 'most_volume'] }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    prizes: jsonb('prizes').$type<ContestPrizeRow[]>().notNull().default([]),
    frozenAt: ts('frozen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_contests_period_idx').on(t.endsAt, t.startsAt),
    check('referral_contests_period_check', sql`starts_at < ends_at`),
    check('referral_contests_rule_check', sql`rule in ('most_verified', 'most_volume')`),
  ],
);

/** A contest's frozen standings: one row per ranked partner, written once when the contest is frozen. */
export const referralContestResults = pgTable(
  'referral_contest_results',
  {
    contestId: uuid('contest_id')
      .notNull()
      .references(() => referralContests.id, { onDelete: 'cascade' }),
    partnerBusinessId: uuid('partner_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    /** The rule's figure: qualified merchants, or volume in US cents at the reference rates. */
    score: bigint('score', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.partnerBusinessId] }), index('referral_contest_results_rank_idx').on(t.contestId, t.rank)],
);
