import { API_KEY_ACCESS, INTEGRATION_PLATFORMS } from '@merchant/payments';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * The public API's keys (docs/developers.md). Only a hash of a key is kept: a request finds its row by the key's
 * first 16 characters (`lookup`, unique) and compares the SHA-256 of the whole key in constant time. The salt
 * signs the legacy webhooks, so it is kept sealed (AES-256-GCM with a server secret), never in clear. A rotated
 * key has `expires_at` (it works until then beside its successor); a revoked one `revoked_at`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    access: text('access', { enum: API_KEY_ACCESS }).notNull(),
    lookup: text('lookup').notNull(),
    keyHash: text('key_hash').notNull(),
    keyLast4: text('key_last4').notNull(),
    saltSealed: text('salt_sealed').notNull(),
    saltLast4: text('salt_last4').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    replacesId: uuid('replaces_id'),
    /** The plugin integration this key belongs to (docs/developers.md, "Plugin integrations"); null: a key of the Developers screen. */
    integrationId: uuid('integration_id'),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('api_keys_lookup_key').on(t.lookup),
    index('api_keys_business_created_idx').on(t.businessId, t.createdAt),
  ],
);

/**
 * Plugin integrations (docs/developers.md, "Plugin integrations"): a named integration of an e-commerce platform
 * with its own key and salt (rows of `api_keys` with its `integration_id`: the key authenticates the public API as
 * a business key does) and a callback URL (the legacy webhook of the payment requests its key makes without one).
 * Deleted ones keep their row (`deleted_at`): the payments they tagged keep their name.
 */
export const integrations = pgTable(
  'integrations',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    platform: text('platform', { enum: INTEGRATION_PLATFORMS }).notNull(),
    callbackUrl: text('callback_url'),
    enabled: boolean('enabled').notNull().default(true),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('integrations_business_created_idx').on(t.businessId, t.createdAt)],
);
