import { SHIPPING_RATE_KINDS, type OpeningHours, type RateBand } from '@merchant/catalogue';
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { locations } from './catalogue';
import { createdAt, ts } from './common';

/**
 * The online store's delivery and coupons (docs/online-store.md, "Shipping and coupons"): shipping zones with their
 * rates, pickup points at the catalogue's locations, coupons and their redemptions. Keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const shippingZones = pgTable(
  'shipping_zones',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Lower-case ISO 3166 codes. */
    countries: text('countries').array().notNull(),
    /** Patterns as stored: `018956`, `12*`, `10000-19999`; empty: the whole of its countries. */
    postcodes: text('postcodes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('shipping_zones_name_key').on(t.businessId, sql`lower(${t.name})`),
    index('shipping_zones_countries_idx').using('gin', t.countries),
  ],
);

export const shippingRates = pgTable(
  'shipping_rates',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    zoneId: uuid('zone_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    estimate: text('estimate'),
    kind: text('kind', { enum: SHIPPING_RATE_KINDS }).notNull(),
    /** The flat amount; null for banded rates. */
    amount: minorAmount('amount'),
    /** Weight (grams) or order value (minor units) bands, ascending. */
    bands: jsonb('bands')
      .$type<RateBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    freeOver: minorAmount('free_over'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'shipping_rates_zone_fk', columns: [t.businessId, t.zoneId], foreignColumns: [shippingZones.businessId, shippingZones.id] }).onDelete(
      'cascade',
    ),
    index('shipping_rates_zone_idx').on(t.businessId, t.zoneId, t.position),
    check('shipping_rates_flat_amount', sql`(${t.kind} = 'flat') = (${t.amount} is not null)`),
  ],
);

export const pickups = pgTable(
  'pickups',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    hours: jsonb('hours').$type<OpeningHours>().notNull(),
    instructions: text('instructions'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ name: 'pickups_location_fk', columns: [t.businessId, t.locationId], foreignColumns: [locations.businessId, locations.id] }),
    index('pickups_name_idx').on(t.businessId, t.name, t.id),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    valueType: text('value_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Basis points of a percentage coupon. */
    rate: integer('rate'),
    /** Minor units of a fixed coupon. */
    amount: minorAmount('amount'),
    currency: text('currency').notNull(),
    appliesTo: text('applies_to', { enum: ['order', 'items'] }).notNull(),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    minimumSubtotal: minorAmount('minimum_subtotal'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Orders holding it now: raised by a conditional update under the limit, lowered by a release. */
    used: integer('used').notNull().default(0),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The instants of those days in the business's time zone when the coupon was saved. */
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('coupons_code_key').on(t.businessId, sql`lower(${t.code})`),
    check('coupons_used_within_limit', sql`${t.used} >= 0 and (${t.usageLimit} is null or ${t.used} <= ${t.usageLimit})`),
    check('coupons_value', sql`(${t.valueType} = 'percentage' and ${t.rate} between 1 and 10000) or (${t.valueType} = 'fixed' and ${t.amount} > 0)`),
  ],
);

/** One row per order holding a coupon: an order holds at most one; a release deletes it. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    businessId: businessRef(),
    orderId: uuid('order_id').notNull(),
    couponId: uuid('coupon_id').notNull(),
    /** Lower case. */
    customerEmail: text('customer_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.orderId] }),
    foreignKey({ name: 'coupon_redemptions_coupon_fk', columns: [t.businessId, t.couponId], foreignColumns: [coupons.businessId, coupons.id] }),
    index('coupon_redemptions_customer_idx').on(t.businessId, t.couponId, t.customerEmail),
  ],
);
