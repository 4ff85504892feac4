import { BANK_DECISIONS, MANDATE_STATUSES } from '@merchant/payments';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { customers } from './payments';

/**
 * Direct-debit mandates (docs/payments.md, "Direct debit"): a customer's authorisation for the business to
 * debit a bank account. Only the bank's name and the account's last 4 are kept, with the provider's token once
 * the mandate is confirmed. `bank_decision` is the test bank's answer until the redirection screen confirms it.
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    publicId: text('public_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    status: text('status', { enum: MANDATE_STATUSES }).notNull(),
    accountHolder: text('account_holder'),
    bankName: text('bank_name'),
    accountLast4: text('account_last4'),
    providerRef: text('provider_ref'),
    bankDecision: text('bank_decision', { enum: BANK_DECISIONS }),
    providerToken: text('provider_token'),
    returnUrl: text('return_url').notNull(),
    /** The subscription setup (hosted checkout `/s/{public_id}`) an active mandate completes; null: set up from the portal. */
    setupPublicId: text('setup_public_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    activatedAt: ts('activated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('direct_debit_mandates_public_id_key').on(t.publicId),
    index('direct_debit_mandates_customer_idx').on(t.businessId, t.customerId, t.createdAt),
    foreignKey({ columns: [t.businessId, t.customerId], foreignColumns: [customers.businessId, customers.id] }).onDelete('cascade'),
  ],
);
