import { CURRENCY_DISPLAYS, PHONE_FIELD_MODES, type StoreMailEvent } from '@merchant/catalogue';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { users } from './identity';
import { ts } from './common';

/**
 * The online store's settings (docs/online-store.md, "Store settings, domain and onboarding"): one row per business,
 * written the first time it saves them (until then the defaults of `DEFAULT_STORE_SETTINGS` apply).
 */
export const storeSettings = pgTable('store_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Null: the business's name. */
  storeName: text('store_name'),
  /** An https image address; null: the business's logo. */
  logoUrl: text('logo_url'),
  currencyDisplay: text('currency_display', { enum: CURRENCY_DISPLAYS }).notNull().default('code'),
  phoneField: text('phone_field', { enum: PHONE_FIELD_MODES }).notNull().default('hidden'),
  noteField: boolean('note_field').notNull().default(false),
  refundPolicy: text('refund_policy').notNull().default(''),
  privacyPolicy: text('privacy_policy').notNull().default(''),
  termsPolicy: text('terms_policy').notNull().default(''),
  isOpen: boolean('is_open').notNull().default(true),
  closedMessage: text('closed_message'),
  customerMails: jsonb('customer_mails')
    .$type<StoreMailEvent[]>()
    .notNull()
    .default(sql`'["order_placed","shipped","ready_for_pickup","cancelled","refunded"]'::jsonb`),
  merchantMails: jsonb('merchant_mails')
    .$type<StoreMailEvent[]>()
    .notNull()
    .default(sql`'["order_placed"]'::jsonb`),
  /** Whether an abandoned cart's customer gets the one recovery mail (docs/online-store.md, "Abandoned carts"). */
  recoveryMails: boolean('recovery_mails').notNull().default(true),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
