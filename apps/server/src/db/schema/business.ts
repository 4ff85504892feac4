import { ROLES, type Permission, type Role } from '@merchant/core';
import { BUSINESS_TYPES, INVITATION_STATUSES, MEMBER_STATUSES, ONBOARDING_STATUSES, WARNING_STYLES } from '@merchant/business';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './common';
import { users } from './identity';

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: BUSINESS_TYPES }).notNull().default('merchant'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** The IANA time zone of the business's days (docs/payments.md, "Time zone"); from its country at first. */
    timeZone: text('time_zone').notNull().default('UTC'),
    onboardingStatus: text('onboarding_status', {
      enum: ONBOARDING_STATUSES,
    })
      .notNull()
      .default('questionnaire'),
    /** While blocked: the status the block interrupted, which unblocking restores (null otherwise). */
    statusBeforeBlock: text('status_before_block', { enum: ONBOARDING_STATUSES }),
    logoUrl: text('logo_url'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressPostalCode: text('address_postal_code'),
    /** The business's tax registration (GST, VAT...) number, printed on its invoices; null when not given. */
    taxNumber: text('tax_number'),
    /** Every member must have two-factor on to work in the business (owner/admin setting). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    stripeEnabled: boolean('stripe_enabled').notNull().default(false),
    xenditEnabled: boolean('xendit_enabled').notNull().default(false),
    activeProviders: jsonb('active_providers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    features: jsonb('features')
      .$type<{ send_money: boolean }>()
      .notNull()
      .default(sql`'{"send_money": false}'::jsonb`),
    platformEnabled: boolean('platform_enabled').notNull().default(false),
    customDomain: text('custom_domain'),
    customDomainVerified: boolean('custom_domain_verified').notNull().default(false),
    /** The value of the TXT record that proves the business controls its custom domain (new with each domain). */
    customDomainToken: text('custom_domain_token'),
    /** When the domain's DNS records were last looked up, and what was wrong then (null: passed, or never checked). */
    customDomainCheckedAt: ts('custom_domain_checked_at'),
    customDomainProblem: text('custom_domain_problem'),
    storefrontCacheVersions: jsonb('storefront_cache_versions')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('businesses_identifier_key').on(t.identifier),
    // One business holds a domain, whatever its case (docs/online-store.md, "Domain").
    uniqueIndex('businesses_custom_domain_key').on(sql`lower(${t.customDomain})`),
  ],
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
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
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
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The locations the member will be limited to once they accept (empty: every location). */
    locationIds: uuid('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    expiresAt: ts('expires_at').notNull(),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), uniqueIndex('invitations_token_key').on(t.tokenHash), index('invitations_email_idx').on(t.email)],
);

export const businessWarnings = pgTable(
  'business_warnings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    style: text('style', { enum: WARNING_STYLES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    ctaTitle: text('cta_title'),
    ctaUrl: text('cta_url'),
    /** The permission the call to action needs (the server's role rules): only who holds it is offered the button. */
    ctaPermission: text('cta_permission').$type<Permission>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/** Who is mailed about each business event; an event without a row uses its defaults (packages/business). */
export const businessNotificationSettings = pgTable(
  'business_notification_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    roles: jsonb('roles').$type<Role[]>().notNull(),
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
