import { PAYOUT_SCHEDULES, PAYOUT_STATUSES, PAYOUT_TRIGGERS } from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A business's payout schedule and minimum (docs/payments.md, "payouts"); no row: manual, no minimum. */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    businessId: businessRef().primaryKey(),
    schedule: text('schedule', { enum: PAYOUT_SCHEDULES }).notNull(),
    /** ISO weekday, 1 (Monday) to 7, for the weekly schedule. */
    weeklyDay: smallint('weekly_day'),
    /** 1 to 31 for the monthly schedule (the month's last day when the month is shorter). */
    monthlyDay: smallint('monthly_day'),
    /** Minor units of the business currency. */
    minimumAmount: minorAmount('minimum_amount').notNull().default(0),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payout_settings_minimum_check', sql`${t.minimumAmount} >= 0`)],
);

/**
 * Payouts: money leaving the wallet's available balance for a bank account. The account is copied as it
 * was when the payout was sent. An automatic payout names its schedule day: one per business, currency and
 * day, whatever runs the scheduler.
 */
export const payouts = pgTable(
  'payouts',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    currency: text('currency').notNull(),
    amount: minorAmount('amount').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    trigger: text('trigger', { enum: PAYOUT_TRIGGERS }).notNull(),
    scheduledFor: date('scheduled_for'),
    bankAccountId: uuid('bank_account_id').notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    failureReason: text('failure_reason'),
    /** What its lines add up to, written with them (the detail's summary): the settled payments' gross and fees, and the refunds (negative). */
    linesCount: integer('lines_count').notNull().default(0),
    grossAmount: minorAmount('gross_amount').notNull().default(0),
    feeAmount: minorAmount('fee_amount').notNull().default(0),
    refundAmount: minorAmount('refund_amount').notNull().default(0),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    arrivesAt: ts('arrives_at').notNull(),
    paidAt: ts('paid_at'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('payouts_created_idx').on(t.businessId, t.createdAt, t.id),
    uniqueIndex('payouts_scheduled_key')
      .on(t.businessId, t.currency, t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null`),
    index('payouts_in_transit_idx')
      .on(t.arrivesAt)
      .where(sql`${t.status} = 'in_transit'`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Which available-balance ledger entries a payout contains, and how much of each (the whole entry, but for
 * the last one of a partial payout). The lines of a payout sum to its amount. A failed payout keeps its
 * lines; its entries count as free again for the next payout.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    businessId: businessRef(),
    payoutId: uuid('payout_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    amount: minorAmount('amount').notNull(),
    /** The entry's time: the lines list oldest first. */
    entryCreatedAt: ts('entry_created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.payoutId, t.entryId] }),
    index('payout_lines_order_idx').on(t.businessId, t.payoutId, t.entryCreatedAt, t.entryId),
    index('payout_lines_entry_idx').on(t.businessId, t.entryId),
  ],
);

/**
 * The payout mark of a business's wallet balance in one currency: every movement of its available account
 * whose entry's `seq` is at most `entry_seq` is wholly in payouts in transit or paid, so a payout reads only
 * the entries after it (docs/payments.md, "Payouts"). Moved forward by a payout, back when a payout fails
 * (its lines are free again); no row: 0, nothing paid out yet.
 */
export const payoutMarks = pgTable(
  'payout_marks',
  {
    businessId: businessRef(),
    currency: text('currency').notNull(),
    entrySeq: bigint('entry_seq', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.currency] })],
);
