import { PLATFORM_LINK_STATUSES } from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * A business linked to a platform business (docs/developers.md, "Platform accounts"). Keyed by the linked business
 * (`business_id`), whose consent it records; at most one invitation or link of a pair is live at a time.
 */
export const platformLinks = pgTable(
  'platform_links',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    platformBusinessId: uuid('platform_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PLATFORM_LINK_STATUSES }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: ts('invited_at').notNull(),
    respondedAt: ts('responded_at'),
    respondedByUserId: uuid('responded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: ts('linked_at'),
    endedAt: ts('ended_at'),
    endedByUserId: uuid('ended_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('platform_links_live_key')
      .on(t.businessId, t.platformBusinessId)
      .where(sql`status in ('pending', 'active')`),
    uniqueIndex('platform_links_id_key').on(t.id),
    index('platform_links_platform_idx').on(t.platformBusinessId, t.invitedAt),
    check('platform_links_self_check', sql`business_id <> platform_business_id`),
    check('platform_links_ended_check', sql`(status = 'ended') = (ended_at is not null)`),
  ],
);

/**
 * A platform fee earned on one payment of a linked business, written with the ledger postings in the payment's
 * transaction. Keyed by the platform (`business_id`), whose list it is; one row per payment.
 */
export const platformFees = pgTable(
  'platform_fees',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    linkId: uuid('link_id').notNull(),
    linkedBusinessId: uuid('linked_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    paymentAmount: minorAmount('payment_amount').notNull(),
    fee: minorAmount('fee').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('platform_fees_payment_key').on(t.linkedBusinessId, t.paymentId),
    index('platform_fees_link_idx').on(t.businessId, t.linkId),
    index('platform_fees_created_idx').on(t.businessId, t.createdAt),
    check('platform_fees_fee_check', sql`fee >= 0 and fee < payment_amount`),
  ],
);

/**
 * A platform's own settings (docs/developers.md, "Platform accounts"): its commission rate, in basis points of the
 * amount, the fee of a payment request its API key makes for a linked business without naming one (HitPay's
 * "Set Commission Rate"). Keyed by the platform; no row is a rate of 0.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    commissionBps: integer('commission_bps').notNull().default(0),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId] }), check('platform_settings_commission_check', sql`commission_bps >= 0 and commission_bps <= 5000`)],
);
