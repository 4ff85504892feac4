import { DISCOUNT_APPLIES_TO, DISCOUNT_CHANNELS, PRICING_STATUSES, SURCHARGE_KINDS, TAX_APPLIES_TO, TAX_ROUNDINGS } from '@merchant/catalogue';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * The catalogue's money settings (docs/catalogue.md, "Built (part 3)"): taxes and the tax settings, discounts with
 * their usage counters and redemptions, and surcharges. Every table is keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

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
