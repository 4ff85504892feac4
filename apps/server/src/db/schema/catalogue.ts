import {
  DISCOUNT_APPLIES_TO,
  DISCOUNT_CHANNELS,
  LOCATION_STATUSES,
  PRICING_STATUSES,
  SURCHARGE_KINDS,
  TAX_APPLIES_TO,
  TAX_ROUNDINGS,
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
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'products_category_fk', columns: [t.businessId, t.categoryId], foreignColumns: [productCategories.businessId, productCategories.id] }),
    index('products_created_idx').on(t.businessId, t.createdAt, t.id),
    index('products_name_idx').on(t.businessId, t.name, t.id),
    index('products_category_idx').on(t.businessId, t.categoryId),
    // Search by part of the name (`ILIKE '%q%'`), as the payments search does.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
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
 * Taxes (docs/catalogue.md, "Built (part 3)"): a rate in basis points, at every location or the named ones, on every
 * product or the named products and categories. The named ids are kept as arrays: a tax is read whole, and few
 * exist per business (the scope is matched in TypeScript when an order is prepared).
 */
export const taxes = pgTable(
  'taxes',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    rate: integer('rate').notNull(),
    status: text('status', { enum: PRICING_STATUSES }).notNull().default('active'),
    allLocations: boolean('all_locations').notNull().default(true),
    locationIds: uuid('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    appliesTo: text('applies_to', { enum: TAX_APPLIES_TO }).notNull().default('all_products'),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('taxes_name_idx').on(t.businessId, t.name, t.id),
    check('taxes_rate_in_range', sql`${t.rate} between 0 and 10000`),
  ],
);

/** The business-wide tax settings; no row: prices before tax, rounded per line. */
export const taxSettings = pgTable('tax_settings', {
  businessId: businessRef().primaryKey(),
  pricesIncludeTax: boolean('prices_include_tax').notNull(),
  rounding: text('rounding', { enum: TAX_ROUNDINGS }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Discounts: a percentage (`rate`) or a fixed amount (`amount`), never both. */
export const discounts = pgTable(
  'discounts',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: PRICING_STATUSES }).notNull().default('active'),
    valueType: text('value_type', { enum: ['percentage', 'fixed'] }).notNull(),
    rate: integer('rate'),
    amount: minorAmount('amount'),
    appliesTo: text('applies_to', { enum: DISCOUNT_APPLIES_TO }).notNull(),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    minimumSpend: minorAmount('minimum_spend'),
    channels: text('channels', { enum: DISCOUNT_CHANNELS }).array().notNull(),
    allLocations: boolean('all_locations').notNull().default(true),
    locationIds: uuid('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('discounts_name_idx').on(t.businessId, t.name, t.id),
    check(
      'discounts_value_one_kind',
      sql`(${t.valueType} = 'percentage' and ${t.rate} between 1 and 10000 and ${t.amount} is null) or (${t.valueType} = 'fixed' and ${t.amount} > 0 and ${t.rate} is null)`,
    ),
    check('discounts_schedule_in_order', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A discount's usage counter: one row per discount, made with it. A sale redeems with one conditional
 * `update ... set used = used + 1 where usage_limit is null or used < usage_limit`, so concurrent sales never take
 * it past its limit; the check constraint holds the same rule in the database.
 */
export const discountUsage = pgTable(
  'discount_usage',
  {
    businessId: businessRef(),
    discountId: uuid('discount_id').notNull(),
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.discountId] }),
    foreignKey({ name: 'discount_usage_discount_fk', columns: [t.businessId, t.discountId], foreignColumns: [discounts.businessId, discounts.id] }).onDelete(
      'cascade',
    ),
    check('discount_usage_within_limit', sql`${t.used} >= 0 and (${t.usageLimit} is null or ${t.used} <= ${t.usageLimit})`),
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

/**
 * Each use of a usage-limited discount an order took (docs/catalogue.md, "Usage limit"): given back once, by deleting
 * its row, when the order is wholly refunded or voided (POS) or cancelled (store).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    businessId: businessRef(),
    /** `pos_order` or `store_order`. */
    orderType: text('order_type', { enum: ['pos_order', 'store_order'] }).notNull(),
    orderId: uuid('order_id').notNull(),
    discountId: uuid('discount_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.orderType, t.orderId, t.discountId] }),
    foreignKey({
      name: 'discount_redemptions_discount_fk',
      columns: [t.businessId, t.discountId],
      foreignColumns: [discounts.businessId, discounts.id],
    }).onDelete('cascade'),
  ],
);

/** Surcharges: a service charge or card surcharge, a percentage or a fixed amount, taxed or not. */
export const surcharges = pgTable(
  'surcharges',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: PRICING_STATUSES }).notNull().default('active'),
    kind: text('kind', { enum: SURCHARGE_KINDS }).notNull(),
    valueType: text('value_type', { enum: ['percentage', 'fixed'] }).notNull(),
    rate: integer('rate'),
    amount: minorAmount('amount'),
    taxable: boolean('taxable').notNull().default(false),
    taxIds: uuid('tax_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    allLocations: boolean('all_locations').notNull().default(true),
    locationIds: uuid('location_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('surcharges_name_idx').on(t.businessId, t.name, t.id),
    check(
      'surcharges_value_one_kind',
      sql`(${t.valueType} = 'percentage' and ${t.rate} between 1 and 10000 and ${t.amount} is null) or (${t.valueType} = 'fixed' and ${t.amount} > 0 and ${t.rate} is null)`,
    ),
  ],
);
