import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorConfirmedAt: ts('two_factor_confirmed_at'),
    /** Last accepted TOTP time step: each code is usable once. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Sessions live in the database: app processes stay stateless. The id is stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set between a correct password and the two-factor checkpoint. */
    pendingUserId: uuid('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_activity_idx').on(t.lastActivityAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)],
);

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

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['merchant', 'partner'] }).notNull().default('merchant'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    onboardingStatus: text('onboarding_status', {
      enum: ['questionnaire', 'pending_verification', 'blocked', 'completed'],
    })
      .notNull()
      .default('questionnaire'),
    logoUrl: text('logo_url'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressPostalCode: text('address_postal_code'),
    /** Every member must have two-factor on to work in the business (owner/admin setting). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    stripeEnabled: boolean('stripe_enabled').notNull().default(false),
    xenditEnabled: boolean('xendit_enabled').notNull().default(false),
    activeProviders: jsonb('active_providers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    features: jsonb('features').$type<{ send_money: boolean }>().notNull().default(sql`'{"send_money": false}'::jsonb`),
    platformEnabled: boolean('platform_enabled').notNull().default(false),
    customDomain: text('custom_domain'),
    customDomainVerified: boolean('custom_domain_verified').notNull().default(false),
    storefrontCacheVersions: jsonb('storefront_cache_versions')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('businesses_identifier_key').on(t.identifier)],
);

export const businessUsers = pgTable(
  'business_users',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'manager', 'cashier'] }).notNull(),
    status: text('status', { enum: ['active', 'deactivated'] }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('business_users_member_key').on(t.businessId, t.userId),
    index('business_users_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'manager', 'cashier'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    expiresAt: ts('expires_at').notNull(),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_email_idx').on(t.email),
  ],
);

export const businessWarnings = pgTable(
  'business_warnings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    style: text('style', { enum: ['info', 'danger', 'warning'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    ctaTitle: text('cta_title'),
    ctaUrl: text('cta_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

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
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_business_idx').on(t.businessId, t.createdAt),
    index('audit_logs_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);

/** Every mail the product sends; SMTP delivery (when configured) marks sent_at. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: ts('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Saved answers of the onboarding questionnaire, one row per step (issue 3). */
export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ['business', 'owner', 'address', 'sales'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.step] })],
);

/** Uploaded verification documents; the bytes live on disk under <DATA_DIR>/uploads/<business_id>/<id>. */
export const onboardingDocuments = pgTable(
  'onboarding_documents',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['business_registration', 'owner_id'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: ['application/pdf', 'image/png', 'image/jpeg'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/**
 * The verification history of a business: each submission and each review decision. The queue's
 * "submitted at" is the latest submission; `warning_id` is the banner a request for changes raised.
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['submitted', 'approved', 'changes_requested', 'blocked'] }).notNull(),
    message: text('message'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    warningId: uuid('warning_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('verification_events_created_idx').on(t.businessId, t.createdAt)],
);

/** Who is mailed about each business event; an event without a row uses its defaults (packages/business). */
export const businessNotificationSettings = pgTable(
  'business_notification_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    roles: jsonb('roles').$type<('owner' | 'admin' | 'manager' | 'cashier')[]>().notNull(),
    emails: jsonb('emails').$type<string[]>().notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.event] })],
);

/** A business's own wording of a customer-facing mail; a template without a row uses the default. */
export const businessEmailTemplates = pgTable(
  'business_email_templates',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.template] })],
);

/**
 * Stored answers of idempotent endpoints (http/idempotency.ts): one row per caller scope and
 * `Idempotency-Key`. A row without a status is a request still running; rows live 24 hours.
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
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
