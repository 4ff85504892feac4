import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './common';
import { businesses } from './business';
import { users } from './identity';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** Secrets of the server made at first start and shared by every app process (e.g. the guest token key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Append-only: a database trigger refuses UPDATE and DELETE (see the migrations). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    /** Whose account the entry is about (the user's own audit log). */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    description: text('description').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    meta: jsonb('meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_business_idx').on(t.businessId, t.createdAt), index('audit_logs_subject_idx').on(t.subjectUserId, t.createdAt)],
);

/** Every mail the product sends; the outbox's deliverer marks sent_at (SMTP, or the dev mailbox without SMTP). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Set once the mail has been handed to SMTP (or kept in the dev mailbox). */
    sentAt: ts('sent_at'),
    /**
     * A delivery attempt holds the mail until then; one that died leaves it to the next attempt after. A failed
     * attempt sets it to when the mail may be tried again (its backoff).
     */
    claimedUntil: ts('claimed_until'),
    /** Delivery attempts so far (each claim counts one); the deliverer stops at its limit, the error kept. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    // What the deliverer claims: mail not sent yet, oldest first (delivered mail, nearly all rows, is left out).
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Binary data: node-postgres reads a Buffer, the embedded database a Uint8Array; both are read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The files a kept mail is sent with (an invoice's PDF), in order. The bytes are the ones the mail was written
 * with, so what the customer receives matches the mail's text whenever its delivery runs (docs/payments.md,
 * "invoices"). Listing the outbox never reads them.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);

/**
 * Stored answers of idempotent endpoints (http/idempotency.ts): one row per caller scope and
 * `Idempotency-Key`. A row without a status is a request still running, held by its owner's lease; rows
 * live 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: the user, and for business endpoints the business too. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the endpoint and its parsed input: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /**
     * The request that holds (or held) the key: its process (host, PID, start) and a number of its own.
     * Only this owner may store the answer or free the key.
     */
    owner: text('owner').notNull(),
    /**
     * Until when the owner holds a key it has not answered: renewed while its request runs; once it has
     * passed (its process died), a retry of the same request takes the key over and runs it.
     */
    leaseExpiresAt: ts('lease_expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
