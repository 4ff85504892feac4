import { API_KEY_ACCESS, INTEGRATION_PLATFORMS } from '@merchant/payments';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * HitPay's event webhooks (docs/developers.md, "Event webhooks"). An endpoint's salt signs its deliveries, so it is
 * sealed like a key's. `failing_since`: the first failed attempt since its last success (three days of it disables
 * the endpoint).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    saltSealed: text('salt_sealed').notNull(),
    saltLast4: text('salt_last4').notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull(),
    disabledReason: text('disabled_reason'),
    failingSince: ts('failing_since'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/** What happened, once per event, with the JSON body every delivery of it sends byte for byte. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('webhook_events_object_idx').on(t.businessId, t.objectType, t.objectId)],
);

/** One event to one endpoint: its id is the `Hitpay-Delivery-Id` of every attempt and resend. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    /**
     * The order of the deliveries (docs/developers.md, "In order per object"): of one endpoint and one object, a
     * delivery is attempted only when no delivery with a smaller `seq` is still pending.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('webhook_deliveries_pending_idx')
      .on(t.businessId, t.endpointId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    foreignKey({ columns: [t.businessId, t.endpointId], foreignColumns: [webhookEndpoints.businessId, webhookEndpoints.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.businessId, t.eventId], foreignColumns: [webhookEvents.businessId, webhookEvents.id] }).onDelete('cascade'),
    index('webhook_deliveries_endpoint_idx').on(t.businessId, t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery: the answer's status and first 1 KB, or the error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    deliveryId: uuid('delivery_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    attempt: integer('attempt').notNull(),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.deliveryId], foreignColumns: [webhookDeliveries.businessId, webhookDeliveries.id] }).onDelete('cascade'),
    index('webhook_attempts_delivery_idx').on(t.businessId, t.deliveryId, t.attempt),
    index('webhook_attempts_endpoint_idx').on(t.businessId, t.endpointId, t.createdAt),
  ],
);

/**
 * The public API's request log (docs/developers.md, "Request log"): one row per call a key authenticated on the API
 * host, written in batches after the answers (a process that dies loses at most its last second), deleted after 30
 * days by `developers.purge-request-log`. The path keeps its query string with secret-looking values redacted.
 */
export const apiRequestLogs = pgTable(
  'api_request_logs',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestId: text('request_id').notNull(),
    errorMessage: text('error_message'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // The screen's list, newest first, and its key filter.
    index('api_request_logs_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('api_request_logs_key_created_idx').on(t.businessId, t.apiKeyId, t.createdAt.desc(), t.id.desc()),
    // The retention's deletes, the only read across businesses.
    index('api_request_logs_created_idx').on(t.createdAt),
  ],
);
