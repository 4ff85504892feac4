import { sql } from 'drizzle-orm';
import { ACCOUNTING_TOOLS, JOURNAL_STATUSES, type JournalLine } from '@merchant/payments';
import { bigint, date, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * Accounting connections (docs/developers.md, "Accounting connections"): a business's link to Xero or QuickBooks.
 * At most one connected (`disconnected_at` null) per business and tool; a disconnected one is kept, so its journals
 * keep their connection. The mapping's five codes are null until the mapping is saved.
 */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    tool: text('tool', { enum: ACCOUNTING_TOOLS }).notNull(),
    /** The organisation (Xero) or company (QuickBooks) the provider authorised. */
    organisation: text('organisation').notNull(),
    externalTenantId: text('external_tenant_id').notNull(),
    salesAccount: text('sales_account'),
    feesAccount: text('fees_account'),
    refundsAccount: text('refunds_account'),
    clearingAccount: text('clearing_account'),
    bankAccount: text('bank_account'),
    connectedByUserId: uuid('connected_by_user_id'),
    connectedAt: ts('connected_at').notNull(),
    disconnectedAt: ts('disconnected_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('accounting_connections_active_key')
      .on(t.businessId, t.tool)
      .where(sql`disconnected_at is null`),
  ],
);

/**
 * One day's journal of a connection in one currency. The unique key (connection, day, currency) makes the daily
 * job post it exactly once: the row is inserted before the provider is called, in the same transaction, so a second
 * process waits on the key and then finds it; a crash before commit leaves nothing, and the retry's provider call
 * carries the same reference (`connection:day:currency`), which the provider dedupes.
 */
export const accountingJournals = pgTable(
  'accounting_journals',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: JOURNAL_STATUSES }).notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    payouts: bigint('payouts', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<JournalLine[]>().notNull(),
    externalId: text('external_id'),
    error: text('error'),
    postedAt: ts('posted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('accounting_journals_day_key').on(t.connectionId, t.day, t.currency),
    index('accounting_journals_business_day_idx').on(t.businessId, t.day),
  ],
);
