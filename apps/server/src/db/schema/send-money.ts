import { BANK_ACCOUNT_TYPES, BENEFICIARY_STATUSES, TRANSFER_EVENT_TYPES, TRANSFER_STATUSES } from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * Send money (docs/payments.md, "send money"): beneficiaries, quotes, transfers with their timeline, and the
 * approval rule. Money is integer minor units; rates are integer millionths.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** Who a business sends money to; deleting closes the row (its transfers keep pointing at it: `transfers_beneficiary_fk`). */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    type: text('type', { enum: BANK_ACCOUNT_TYPES }).notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    swiftCode: text('swift_code'),
    accountNumber: text('account_number').notNull(),
    isIban: boolean('is_iban').notNull(),
    email: text('email'),
    /** HitPay's beneficiary fields (docs/developers.md): a short name of the merchant's own, a note, a favourite flag. */
    nickname: text('nickname'),
    remark: text('remark'),
    isFavourite: boolean('is_favourite').notNull().default(false),
    status: text('status', { enum: BENEFICIARY_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('beneficiaries_created_idx').on(t.businessId, t.createdAt, t.id)],
);

/** A priced transfer, usable once until `expires_at`. */
export const transferQuotes = pgTable(
  'transfer_quotes',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    createdBy: uuid('created_by').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    targetCurrency: text('target_currency').notNull(),
    sendAmount: minorAmount('send_amount').notNull(),
    receiveAmount: minorAmount('receive_amount').notNull(),
    fee: minorAmount('fee').notNull(),
    rateMicros: minorAmount('rate_micros').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/**
 * A transfer keeps its own copy of where it went (the beneficiary may be edited or closed later). The partial
 * index on awaiting transfers serves the sidebar's count in the business read.
 */
export const transfers = pgTable(
  'transfers',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    beneficiaryId: uuid('beneficiary_id').notNull(),
    quoteId: uuid('quote_id'),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sendAmount: minorAmount('send_amount').notNull(),
    fee: minorAmount('fee').notNull(),
    targetCurrency: text('target_currency').notNull(),
    receiveAmount: minorAmount('receive_amount').notNull(),
    rateMicros: minorAmount('rate_micros').notNull(),
    reference: text('reference'),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryBank: text('beneficiary_bank').notNull(),
    accountNumber: text('account_number').notNull(),
    needsApproval: boolean('needs_approval').notNull(),
    requestedBy: uuid('requested_by'),
    requestedByName: text('requested_by_name'),
    reviewedBy: uuid('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('transfers_created_idx').on(t.businessId, t.createdAt, t.id),
    index('transfers_beneficiary_idx').on(t.businessId, t.beneficiaryId, t.createdAt),
    // The product closes a beneficiary, never deletes it; deleting one that has transfers is refused (no action:
    // checked at the statement's end, so deleting the business, which removes both, still goes through).
    foreignKey({ name: 'transfers_beneficiary_fk', columns: [t.businessId, t.beneficiaryId], foreignColumns: [beneficiaries.businessId, beneficiaries.id] }),
    index('transfers_awaiting_idx')
      .on(t.businessId)
      .where(sql`${t.status} = 'awaiting_review'`),
    uniqueIndex('transfers_quote_key')
      .on(t.businessId, t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    check('transfers_amounts_check', sql`${t.sendAmount} > 0 and ${t.fee} >= 0 and ${t.receiveAmount} > 0`),
  ],
);

/** Every step of a transfer, oldest first: its timeline. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    transferId: uuid('transfer_id').notNull(),
    type: text('type', { enum: TRANSFER_EVENT_TYPES }).notNull(),
    message: text('message').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('transfer_events_transfer_idx').on(t.businessId, t.transferId, t.createdAt)],
);

/** The approval rule of a business (no row: no transfer waits). */
export const transferSettings = pgTable('transfer_settings', {
  businessId: businessRef().primaryKey(),
  /** Minor units of the business currency; null: no approvals. */
  approvalThreshold: minorAmount('approval_threshold'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
