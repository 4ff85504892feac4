import {
  BALANCE_KINDS,
  FAILURE_CODES,
  LEDGER_ACCOUNTS,
  LEDGER_TRANSACTION_KINDS,
  PAYMENT_EVENT_TYPES,
  PAYMENT_LINK_STATUSES,
  CHECKOUT_METHODS,
  PAYMENT_METHODS,
  PAYMENT_SOURCES,
  PAYMENT_STATUSES,
  PROVIDER_CONNECTION_STATUSES,
  REFUND_REASONS,
  STATIC_QR_STATUSES,
} from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { SEARCH_INDEX_STORAGE, searchIndex } from '../search';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * Payments (docs/payments.md). Every table is keyed by business first. Public ids (`public_id`) are the
 * unguessable ids customers see in checkout and receipt URLs; `id` never leaves the dashboard.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const customers = pgTable(
  'customers',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('customers_created_idx').on(t.businessId, t.createdAt, t.id),
    index('customers_email_idx').on(t.businessId, sql`lower(${t.email})`),
    // The customer list's and the invoice list's search: word prefixes of the name, email and phone (the stored
    // column `search`, migration 0083; db/search.ts).
    searchIndex('customers_search_idx'),
  ],
);

/** A payment link ("payment request" in the spec's routes): a checkout URL asking for an amount. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    publicId: text('public_id').notNull(),
    /** Null: the customer chooses the amount. */
    amount: minorAmount('amount'),
    currency: text('currency').notNull(),
    purpose: text('purpose').notNull(),
    reference: text('reference'),
    productId: uuid('product_id'),
    customerId: uuid('customer_id'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    collectEmail: boolean('collect_email').notNull().default(true),
    collectPhone: boolean('collect_phone').notNull().default(false),
    collectNote: boolean('collect_note').notNull().default(false),
    singleUse: boolean('single_use').notNull().default(true),
    redirectUrl: text('redirect_url'),
    expiresAt: ts('expires_at'),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('active'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Made through the public API (docs/developers.md): the key whose salt signs the legacy webhook's `hmac`. */
    apiKeyId: uuid('api_key_id'),
    /** The buyer's name HitPay's payment request carries (public API only). */
    customerName: text('customer_name'),
    /** HitPay's legacy `webhook`: posted form-encoded with its `hmac` after a payment (public API only). */
    webhookUrl: text('webhook_url'),
    /** Made with a plugin integration's key (docs/developers.md): its payments are tagged with it. */
    integrationId: uuid('integration_id'),
    /** Made by a linked platform (docs/developers.md, "Platform accounts"): its link and the fee it keeps of each payment. */
    platformLinkId: uuid('platform_link_id'),
    platformFee: minorAmount('platform_fee'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('payment_links_public_key').on(t.publicId),
    check('payment_links_platform_check', sql`(platform_link_id is null) = (platform_fee is null)`),
    index('payment_links_created_idx').on(t.businessId, t.createdAt, t.id),
  ],
);

export const staticQrCodes = pgTable(
  'static_qr_codes',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    /** Null: the customer types the amount after scanning. */
    amount: minorAmount('amount'),
    currency: text('currency').notNull(),
    locationLabel: text('location_label'),
    status: text('status', { enum: STATIC_QR_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('static_qr_codes_public_key').on(t.publicId),
    index('static_qr_codes_created_idx').on(t.businessId, t.createdAt, t.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    /** In the checkout and receipt URLs; unguessable. */
    publicId: text('public_id').notNull(),
    sourceType: text('source_type', { enum: PAYMENT_SOURCES }).notNull(),
    sourceId: uuid('source_id'),
    customerId: uuid('customer_id'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment_method'),
    /** Gross: what the customer pays (the fee passed on to them included). */
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    /** The part of `amount` that is a fee passed on to the customer (checkout customisation). */
    customerFee: minorAmount('customer_fee').notNull().default(0),
    fee: minorAmount('fee').notNull().default(0),
    net: minorAmount('net').notNull().default(0),
    refundedAmount: minorAmount('refunded_amount').notNull().default(0),
    method: text('method', { enum: PAYMENT_METHODS }),
    provider: text('provider').notNull().default('test'),
    providerRef: text('provider_ref'),
    /** A provider token for the card, never the number or the CVC. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    /** A direct debit's bank (as the customer named it on the mandate) and the account's last 4 digits. */
    bankName: text('bank_name'),
    bankLast4: text('bank_last4'),
    failureCode: text('failure_code', { enum: FAILURE_CODES }),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    customerNote: text('customer_note'),
    reference: text('reference'),
    description: text('description'),
    /** The plugin integration whose payment request it paid (docs/developers.md), set when it succeeds. */
    integrationId: uuid('integration_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    succeededAt: ts('succeeded_at'),
    /** When the net amount moves from pending to available (succeeded_at + the settlement delay). */
    availableOn: ts('available_on'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('payments_public_key').on(t.publicId),
    // Ascending: a backward scan serves `created_at desc` (desc nulls first). An index declared `desc` is
    // `desc nulls last` and serves neither newest nor oldest first (the planner read every row; migration 0009).
    index('payments_created_idx').on(t.businessId, t.createdAt, t.id),
    index('payments_status_idx').on(t.businessId, t.status, t.createdAt),
    index('payments_source_idx').on(t.businessId, t.sourceType, t.sourceId, t.createdAt),
    index('payments_customer_idx').on(t.businessId, t.customerId, t.createdAt),
    // The transactions list's `integration_id` filter (partial: only an integration's payments have one).
    index('payments_integration_idx')
      .on(t.businessId, t.integrationId, t.createdAt, t.id)
      .where(sql`${t.integrationId} is not null`),
    // Sorting by amount walks this and stops after a page (docs/payments.md, "## transactions").
    index('payments_amount_idx').on(t.businessId, t.amount, t.id),
    // Search (`q`, docs/payments.md, "Search"): the words of the reference, name and email and their prefixes
    // (the stored column `search`, migration 0083; db/search.ts) for word-prefix search; the reference's trigrams
    // (pg_trgm) for a part from its middle, asked only when no word matches; the last-4 branch a b-tree.
    searchIndex('payments_search_idx'),
    index('payments_reference_trgm_idx').using('gin', t.reference.op('gin_trgm_ops')).with(SEARCH_INDEX_STORAGE),
    index('payments_card_last4_idx').on(t.businessId, t.cardLast4),
    // The search's last-4 branch for a direct debit's account (partial: only direct-debit payments have one).
    index('payments_bank_last4_idx')
      .on(t.businessId, t.bankLast4)
      .where(sql`${t.bankLast4} is not null`),
    // Payments waiting for their confirm (partial: they are few, since they expire a day after their start): the
    // checkout's start limit per link or QR code counts a source's, and the expiry schedule finds the old ones.
    index('payments_incomplete_idx')
      .on(t.businessId, t.sourceType, t.sourceId, t.createdAt)
      .where(sql`${t.status} = 'requires_payment_method'`),
    index('payments_settle_idx')
      .on(t.availableOn)
      .where(sql`${t.settledAt} is null and ${t.availableOn} is not null`),
    check('payments_amounts_check', sql`${t.amount} >= 0 and ${t.fee} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): every step of a payment's lifecycle. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    businessId: businessRef(),
    /** UUIDv7: events of one millisecond list in the order they were written. */
    id: uuid('id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    type: text('type', { enum: PAYMENT_EVENT_TYPES }).notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    actorUserId: uuid('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('payment_events_payment_idx').on(t.businessId, t.paymentId, t.id)],
);

export const refunds = pgTable(
  'refunds',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    note: text('note'),
    providerRef: text('provider_ref'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('refunds_payment_idx').on(t.businessId, t.paymentId),
    // The sales report reads a range's refunds (docs/payments.md, "## sales-report").
    index('refunds_created_idx').on(t.businessId, t.createdAt, t.id),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Payments per UTC day, currency, method and source: the captured ones' count and sums, and the failed
 * ones' count (the Overview's figures, docs/payments.md "## overview"). Derived, never written by the app: a
 * trigger on `payments` (migration 0011) moves each row's share in the same transaction as its insert or
 * state change, so it is exact whenever a transaction can see it. Each key is spread over `ROLLUP_SLOTS`
 * rows (`slot`, chosen per transaction by the trigger, migration 0019), so concurrent payments of one
 * business and day do not queue for one row: readers sum over the slots.
 */
export const paymentsDaily = pgTable(
  'payments_daily',
  {
    businessId: businessRef(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }),
    sourceType: text('source_type', { enum: PAYMENT_SOURCES }).notNull(),
    captured: integer('captured').notNull().default(0),
    gross: minorAmount('gross').notNull().default(0),
    fee: minorAmount('fee').notNull().default(0),
    net: minorAmount('net').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [unique('payments_daily_key').on(t.businessId, t.day, t.currency, t.sourceType, t.method, t.slot).nullsNotDistinct()],
);

/**
 * The ledger: double entry, append-only. A transaction's entries sum to zero per currency (a deferred
 * constraint trigger checks it at commit); balances are sums of entries (`ledger_balances` keeps them per account, by trigger).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    paymentId: uuid('payment_id'),
    refundId: uuid('refund_id'),
    /** Later capabilities (payouts, transfers) reference their own rows here. */
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('ledger_transactions_payment_idx').on(t.businessId, t.paymentId),
    index('ledger_transactions_created_idx').on(t.businessId, t.createdAt, t.id),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the account's balance, negative debits it. */
    amount: minorAmount('amount').notNull(),
    /**
     * The balance the entry counts in (wallet, card or xendit: `balanceOfProvider` of its transaction's
     * payment; wallet without a payment), set once at posting so the rollups and the statement are keyed by it.
     */
    balance: text('balance', { enum: BALANCE_KINDS }).notNull().default('wallet'),
    createdAt: createdAt(),
    /**
     * The order entries were written in, from a database sequence (never a clock). A posting to the wallet's
     * available balance draws it while holding the currency's balance lock in shared mode, so no entry can
     * commit behind a payout's mark (docs/payments.md, "Payouts").
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('ledger_entries_transaction_idx').on(t.businessId, t.transactionId),
    // The statement of one balance's account, newest first, and a running balance's day range (docs/payments.md).
    index('ledger_entries_statement_idx').on(t.businessId, t.account, t.currency, t.balance, t.createdAt, t.id),
    // A payout's scan: the wallet's available entries of a currency past the payout mark.
    index('ledger_entries_payout_idx')
      .on(t.businessId, t.currency, t.seq)
      .where(sql`${t.account} = 'merchant_available' and ${t.balance} = 'wallet'`),
    check('ledger_entries_nonzero_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * The sum of every entry per account and currency (the balances, docs/payments.md "## The ledger"). Derived,
 * never written by the app: a trigger on `ledger_entries` (append-only) adds each entry in the same
 * transaction as its posting (migration 0011), so the balance a transaction reads is the sum of the entries
 * it can see. Like `payments_daily`, each balance is spread over `ROLLUP_SLOTS` rows (`slot`, migration
 * 0019): a balance is the sum of its account's rows, never one row.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    businessId: businessRef(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    currency: text('currency').notNull(),
    balance: text('balance', { enum: BALANCE_KINDS }).notNull().default('wallet'),
    amount: minorAmount('amount').notNull().default(0),
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.account, t.currency, t.balance, t.slot] })],
);

/**
 * The sum of each account's entries per balance, currency and UTC day (migration 0024_ledger_balance_kind): the statement's running
 * balance at any row is the sum of the days before it plus that day's entries up to the row, never a scan of
 * the account. Kept like `ledger_balances` by the same trigger, over `ROLLUP_SLOTS` rows per key.
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    businessId: businessRef(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    currency: text('currency').notNull(),
    balance: text('balance', { enum: BALANCE_KINDS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: minorAmount('amount').notNull().default(0),
    slot: smallint('slot').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.account, t.currency, t.balance, t.day, t.slot] })],
);

/** Which methods a business offers at checkout, in which order, and whether the fee is passed on. */
export const paymentMethodSettings = pgTable(
  'payment_method_settings',
  {
    businessId: businessRef(),
    method: text('method', { enum: CHECKOUT_METHODS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
    passFeeToCustomer: boolean('pass_fee_to_customer').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.method] })],
);

/** A business's account with a payment provider (payment-methods/{slug}); settings hold no secrets in clear. */
export const providerConnections = pgTable(
  'provider_connections',
  {
    businessId: businessRef(),
    provider: text('provider').notNull(),
    status: text('status', { enum: PROVIDER_CONNECTION_STATUSES }).notNull().default('pending'),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.provider] })],
);

/** Payments settings of a business: checkout look and settlement. */
export const checkoutSettings = pgTable('checkout_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  brandColor: text('brand_color').notNull().default('#1c7ed6'),
  /** Days after a successful payment before its net amount becomes available. */
  settlementDelayDays: smallint('settlement_delay_days').notNull().default(2),
  sendReceipts: boolean('send_receipts').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
