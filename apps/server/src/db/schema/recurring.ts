import { PLAN_INTERVALS, PLAN_STATUSES } from '@merchant/payments';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

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
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('active'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('recurring_plans_created_idx').on(t.businessId, t.createdAt, t.id)],
);
