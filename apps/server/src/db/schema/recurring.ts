import {
  PLAN_INTERVALS,
  PLAN_STATUSES,
  SAVED_METHOD_KINDS,
  SUBSCRIPTION_CHARGE_OUTCOMES,
  SUBSCRIPTION_FINAL_ACTIONS,
  SUBSCRIPTION_SETUP_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';
import { customers } from './payments';

/**
 * Recurring billing (docs/payments.md, "recurring-plans"). A plan is what a subscription charges and how often;
 * archived, never deleted.
 */
export const recurringPlans = pgTable(
  'recurring_plans',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    /** Only for `every_n_days`. */
    intervalDays: integer('interval_days'),
    trialDays: integer('trial_days').notNull().default(0),
    /** How many charges in all; null: until cancelled. */
    cycles: integer('cycles'),
    /** The merchant's own reference (HitPay's `reference`), never shown to the customer. */
    reference: text('reference'),
    /** Where the customer is sent after saving a method for a subscription of this plan (copied onto it). */
    redirectUrl: text('redirect_url'),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('active'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('recurring_plans_created_idx').on(t.businessId, t.createdAt, t.id)],
);

/**
 * A customer's subscription (docs/payments.md, "subscriptions"): a plan's terms (or its own), copied at creation
 * so a plan edit changes only new subscriptions; a pending plan change applies from the next period. Period n
 * (1-based) starts at `anchor_at` + (n - `anchor_period`) intervals; `period` is the next period to charge.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    planId: uuid('plan_id'),
    /** The plan's name, or what the merchant called a custom subscription. */
    name: text('name').notNull(),
    /** Shown to the customer with the name (a plan's description, copied, or its own). */
    description: text('description'),
    /** The merchant's own reference (HitPay's `reference`). */
    reference: text('reference'),
    /** Where the customer is sent after saving a method (HitPay's `redirect_url`, with `reference` and `status`). */
    redirectUrl: text('redirect_url'),
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    intervalDays: integer('interval_days'),
    trialDays: integer('trial_days').notNull().default(0),
    /** How many charges in all; null: until cancelled. */
    cyclesTotal: integer('cycles_total'),
    cyclesDone: integer('cycles_done').notNull().default(0),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    trialEndAt: ts('trial_end_at'),
    anchorAt: ts('anchor_at'),
    anchorPeriod: integer('anchor_period').notNull().default(1),
    /** The next period to charge (1-based): with the attempt number, the key of a charge. */
    period: integer('period').notNull().default(1),
    /** Failed attempts of `period` so far (its next attempt is this + 1). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The last paid period. */
    currentPeriodStart: ts('current_period_start'),
    currentPeriodEnd: ts('current_period_end'),
    /** When the scheduler next acts on it (a charge, a retry, the end at period end); null: nothing planned. */
    nextChargeAt: ts('next_charge_at'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A plan taking over from the next period. */
    pendingPlanId: uuid('pending_plan_id'),
    /** The saved payment method: the provider's token and what may be shown of it, never a card number. */
    methodKind: text('method_kind', { enum: SAVED_METHOD_KINDS }),
    methodToken: text('method_token'),
    methodBrand: text('method_brand'),
    methodLast4: text('method_last4'),
    methodExpMonth: integer('method_exp_month'),
    methodExpYear: integer('method_exp_year'),
    pausedAt: ts('paused_at'),
    endedAt: ts('ended_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.customerId], foreignColumns: [customers.businessId, customers.id] }),
    foreignKey({ columns: [t.businessId, t.planId], foreignColumns: [recurringPlans.businessId, recurringPlans.id] }),
    index('subscriptions_created_idx').on(t.businessId, t.createdAt, t.id),
    index('subscriptions_customer_idx').on(t.businessId, t.customerId),
    index('subscriptions_plan_idx').on(t.businessId, t.planId),
    /** The scheduler's look for due work across businesses. */
    index('subscriptions_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
  ],
);

/**
 * One charge attempt of one period of a subscription: the key (subscription, period, attempt) is unique, and a
 * period has at most one succeeded attempt, so a period is charged once whatever runs at the same time.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    period: integer('period').notNull(),
    attempt: integer('attempt').notNull(),
    paymentId: uuid('payment_id'),
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: SUBSCRIPTION_CHARGE_OUTCOMES }).notNull(),
    failureCode: text('failure_code'),
    /** What was refunded of the period's payment since (its refunds add to it, in their transactions). */
    refundedAmount: minorAmount('refunded_amount').notNull().default(0),
    /** After a failure: when the next attempt is planned (null: none, the retries ran out). */
    nextRetryAt: ts('next_retry_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.subscriptionId], foreignColumns: [subscriptions.businessId, subscriptions.id] }).onDelete('cascade'),
    uniqueIndex('subscription_charges_attempt_key').on(t.businessId, t.subscriptionId, t.period, t.attempt),
    uniqueIndex('subscription_charges_paid_key')
      .on(t.businessId, t.subscriptionId, t.period)
      .where(sql`${t.outcome} = 'succeeded'`),
  ],
);

/** A business's retry schedule for failed subscription charges (defaults without a row: after 1, 3, 5 days, then cancel). */
export const subscriptionSettings = pgTable('subscription_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Days after the first failure of a period at which each retry runs, ascending. */
  retryDays: jsonb('retry_days').$type<number[]>().notNull(),
  finalAction: text('final_action', { enum: SUBSCRIPTION_FINAL_ACTIONS }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A link that saves a payment method for a subscription (hosted checkout `/s/{public_id}`): mailed when the
 * subscription is created and after a failed charge; used once, expires.
 */
export const subscriptionSetups = pgTable(
  'subscription_setups',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    publicId: text('public_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    kind: text('kind', { enum: SAVED_METHOD_KINDS }).notNull().default('card'),
    status: text('status', { enum: SUBSCRIPTION_SETUP_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.subscriptionId], foreignColumns: [subscriptions.businessId, subscriptions.id] }).onDelete('cascade'),
    uniqueIndex('subscription_setups_public_id_key').on(t.publicId),
  ],
);
