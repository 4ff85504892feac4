import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * The online store's content pages and its visits (docs/online-store.md, "Pages" and "Shop insight").
 * Keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A page the merchant writes (about us, FAQ...), served at `/pages/<slug>` on the storefront once published. */
export const storePages = pgTable(
  'store_pages',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    /** Lower-case letters, digits and dashes; unique in the store. */
    slug: text('slug').notNull(),
    /** Plain text with a small markdown subset, rendered (and escaped) by the storefront. */
    body: text('body').notNull().default(''),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('store_pages_slug_key').on(t.businessId, t.slug),
    index('store_pages_title_idx').on(t.businessId, t.title, t.id),
    check('store_pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Storefront page views per business and day (the business's days): one upsert per HTML page served. */
export const storeVisits = pgTable(
  'store_visits',
  {
    businessId: businessRef(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);

/**
 * The store's themes (docs/online-store.md, "Store design"): the draft the designer saves (its `version` moves on at
 * each save, so a stale save is refused) and the content last published; at most one theme per business is live.
 */
export const storeThemes = pgTable(
  'store_themes',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    preset: text('preset').notNull(),
    /** `ThemeContent` of `@merchant/catalogue`, checked by its schema on the way in. */
    draft: jsonb('draft').notNull(),
    published: jsonb('published'),
    version: integer('version').notNull().default(1),
    live: boolean('live').notNull().default(false),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('store_themes_live_key')
      .on(t.businessId)
      .where(sql`${t.live}`),
    check('store_themes_live_published', sql`not ${t.live} or ${t.published} is not null`),
  ],
);
