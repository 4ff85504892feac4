import { BANK_ACCOUNT_TYPES } from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * Payout bank accounts (docs/payments.md, "balances and bank accounts"). The account number (an IBAN where
 * `is_iban`) is stored whole for payouts and answered only as its last four characters. At most one default
 * per business and currency: a partial unique index, so no race can leave two.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
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
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('bank_accounts_currency_idx').on(t.businessId, t.currency, t.createdAt),
    uniqueIndex('bank_accounts_one_default_key')
      .on(t.businessId, t.currency)
      .where(sql`${t.isDefault}`),
  ],
);
