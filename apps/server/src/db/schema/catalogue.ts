import {
  LOCATION_STATUSES,
  PRODUCT_LOG_KINDS,
  PRODUCT_STATUSES,
  SALES_CHANNELS,
  STOCK_REASONS,
  type OpeningHours,
  type ProductOption,
} from '@merchant/catalogue';
import type { BusinessAddress } from '@merchant/business';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { SEARCH_INDEX_STORAGE } from '../search';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * The catalogue (docs/catalogue.md): products with their variants, categories, add-on groups and the product log.
 * Payment links, invoices, the register and the store sell from it. Every table is keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const productCategories = pgTable(
  'product_categories',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Its place in the merchant's order, from 0. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('product_categories_name_key').on(t.businessId, sql`lower(${t.name})`),
    index('product_categories_position_idx').on(t.businessId, t.position),
  ],
);

export const products = pgTable(
  'products',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The currency of its variants' prices: the business's when it was made. */
    currency: text('currency').notNull(),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    channels: text('channels', { enum: SALES_CHANNELS })
      .array()
      .notNull()
      .default(sql`'{payments,pos,online_store}'`),
    categoryId: uuid('category_id'),
    trackStock: boolean('track_stock').notNull().default(false),
    /** A tracked product that may go below zero. */
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    /** Up to three options with their values, in order; a variant holds one value of each. */
    options: jsonb('options')
      .$type<ProductOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Its variants' SKUs (lower case) and barcodes, each after a space (` bn-0421 2000042100`), written with the
     * variants: the search for the start of a code is one `LIKE '% q%'` on this row, which its trigram index serves.
     */
    codes: text('codes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'products_category_fk', columns: [t.businessId, t.categoryId], foreignColumns: [productCategories.businessId, productCategories.id] }),
    index('products_created_idx').on(t.businessId, t.createdAt, t.id),
    index('products_name_idx').on(t.businessId, t.name, t.id),
    // A storefront category's pages by keyset, by name or newest first (they serve the category's other reads too).
    index('products_category_name_idx').on(t.businessId, t.categoryId, t.name, t.id),
    index('products_category_created_idx').on(t.businessId, t.categoryId, t.createdAt, t.id),
    // Search by part of the name (`ILIKE '%q%'`), as the payments search does.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(SEARCH_INDEX_STORAGE),
    index('products_codes_trgm_idx').using('gin', t.codes.op('gin_trgm_ops')).with(SEARCH_INDEX_STORAGE),
    // The storefront's products on sale by id, with when each changed: the sitemap's files read from it alone, by keyset
    // (where each starts: one pass over it; a file: its range), never the table (migration 0080).
    index('products_on_sale_id_idx')
      .on(t.businessId, t.id, t.updatedAt)
      .where(sql`${t.status} = 'active' and ${t.channels} @> '{online_store}'`),
    // The storefront's search: every word in the name or the description (`ILIKE '%word%'` on this text, whose space
    // no word holds), so a rare word reads its few rows instead of scanning the store's products (migration 0080).
    index('products_search_trgm_idx')
      .using('gin', sql`(${t.name} || ' ' || coalesce(${t.description}, '')) gin_trgm_ops`)
      .with(SEARCH_INDEX_STORAGE),
  ],
);

/** What is sold and stocked: a product without options has exactly one. */
export const productVariants = pgTable(
  'product_variants',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Its order among the product's variants, from 0. */
    position: smallint('position').notNull(),
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'`),
    price: minorAmount('price').notNull(),
    compareAtPrice: minorAmount('compare_at_price'),
    cost: minorAmount('cost'),
    sku: text('sku'),
    barcode: text('barcode'),
    /** What one unit weighs, for the online store's shipping rates by weight; null: not given. */
    weightGrams: integer('weight_grams'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'product_variants_product_fk', columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      'cascade',
    ),
    index('product_variants_product_idx').on(t.businessId, t.productId, t.position),
    // Unique per business across variants (SKUs whatever their case); the same indexes serve the prefix search.
    uniqueIndex('product_variants_sku_key')
      .on(t.businessId, sql`lower(${t.sku}) text_pattern_ops`)
      .where(sql`${t.sku} is not null`),
    uniqueIndex('product_variants_barcode_key')
      .on(t.businessId, sql`${t.barcode} text_pattern_ops`)
      .where(sql`${t.barcode} is not null`),
    check('product_variants_price_positive', sql`${t.price} > 0`),
    check('product_variants_weight_positive', sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check('product_variants_compare_at_above_price', sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`),
  ],
);

export const addOnGroups = pgTable(
  'add_on_groups',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    minChoices: smallint('min_choices').notNull(),
    maxChoices: smallint('max_choices').notNull(),
    required: boolean('required').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('add_on_groups_name_idx').on(t.businessId, t.name),
    check('add_on_groups_choices_in_order', sql`${t.minChoices} >= 0 and ${t.minChoices} <= ${t.maxChoices}`),
  ],
);

export const addOnChoices = pgTable(
  'add_on_choices',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    groupId: uuid('group_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    price: minorAmount('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'add_on_choices_group_fk', columns: [t.businessId, t.groupId], foreignColumns: [addOnGroups.businessId, addOnGroups.id] }).onDelete(
      'cascade',
    ),
    index('add_on_choices_group_idx').on(t.businessId, t.groupId, t.position),
    check('add_on_choices_price_not_negative', sql`${t.price} >= 0`),
  ],
);

/** Which add-on groups a product offers, in order. */
export const productAddOnGroups = pgTable(
  'product_add_on_groups',
  {
    businessId: businessRef(),
    productId: uuid('product_id').notNull(),
    groupId: uuid('group_id').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.productId, t.groupId] }),
    foreignKey({ name: 'product_add_on_groups_product_fk', columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'product_add_on_groups_group_fk',
      columns: [t.businessId, t.groupId],
      foreignColumns: [addOnGroups.businessId, addOnGroups.id],
    }).onDelete('cascade'),
    index('product_add_on_groups_group_idx').on(t.businessId, t.groupId),
  ],
);

/** Every change to a product's price, availability, name and stock, written in the change's transaction. */
export const productLog = pgTable(
  'product_log',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    /** The location of a stock row. */
    locationId: uuid('location_id'),
    kind: text('kind', { enum: PRODUCT_LOG_KINDS }).notNull(),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'product_log_product_fk', columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      'cascade',
    ),
    index('product_log_created_idx').on(t.businessId, t.createdAt, t.id),
    index('product_log_product_idx').on(t.businessId, t.productId, t.createdAt, t.id),
  ],
);

/** Where the register sells and stock is kept; archived, never deleted. */
export const locations = pgTable(
  'locations',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: LOCATION_STATUSES }).notNull().default('active'),
    address: jsonb('address').$type<BusinessAddress>().notNull(),
    phone: text('phone'),
    /** Each weekday's opening and closing time (`HH:MM`), null on the days it is closed. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    timeZone: text('time_zone').notNull(),
    receiptHeader: text('receipt_header'),
    receiptFooter: text('receipt_footer'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('locations_name_key').on(t.businessId, sql`lower(${t.name})`),
    index('locations_name_idx').on(t.businessId, t.name, t.id),
  ],
);

/** The business-wide location settings: the location the online store sells from. One row per business, when set. */
export const locationSettings = pgTable(
  'location_settings',
  {
    businessId: businessRef().primaryKey(),
    onlineStoreLocationId: uuid('online_store_location_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'location_settings_online_store_fk',
      columns: [t.businessId, t.onlineStoreLocationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);

/** A variant's stock at a location: the sum its movements keep in one row. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    businessId: businessRef(),
    variantId: uuid('variant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Below zero only for a product that allows backorders (the service's conditional update holds it). */
    onHand: integer('on_hand').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.variantId, t.locationId] }),
    foreignKey({
      name: 'stock_levels_variant_fk',
      columns: [t.businessId, t.variantId],
      foreignColumns: [productVariants.businessId, productVariants.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'stock_levels_location_fk', columns: [t.businessId, t.locationId], foreignColumns: [locations.businessId, locations.id] }),
    index('stock_levels_product_idx').on(t.businessId, t.productId),
    // The list's low-stock filter reads only the levels that have a threshold.
    index('stock_levels_low_idx')
      .on(t.businessId, t.productId)
      .where(sql`${t.lowStockThreshold} is not null and ${t.onHand} <= ${t.lowStockThreshold}`),
    check('stock_levels_threshold_not_negative', sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`),
  ],
);

/** Every change of a stock level: by how much, why, by whom, and the level it left. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    variantId: uuid('variant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'stock_movements_level_fk',
      columns: [t.businessId, t.variantId, t.locationId],
      foreignColumns: [stockLevels.businessId, stockLevels.variantId, stockLevels.locationId],
    }).onDelete('cascade'),
    index('stock_movements_level_idx').on(t.businessId, t.variantId, t.locationId, t.createdAt),
  ],
);

/**
 * The locations a member of the business is limited to (docs/roles.md, "Locations"): none means every location.
 * Owned by the staff module, which sets them; the register, orders, drawers, readers and stock read them.
 */
export const staffLocations = pgTable(
  'staff_locations',
  {
    businessId: businessRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId, t.locationId] }),
    foreignKey({ name: 'staff_locations_location_fk', columns: [t.businessId, t.locationId], foreignColumns: [locations.businessId, locations.id] }).onDelete(
      'cascade',
    ),
  ],
);
