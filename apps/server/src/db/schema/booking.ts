import { sql } from 'drizzle-orm';
import type { Weekday } from '@merchant/catalogue';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { users } from './identity';
import { createdAt, ts } from './common';

/**
 * Booking (docs/online-store.md, "Booking"): services, the weekly hours and time off of the staff who give them, and
 * the bookings customers make on the storefront. Keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const bookingServices = pgTable(
  'booking_services',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Minor units of `currency`; 0 is free. Paid at the appointment. */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The user ids of the business members who give it. */
    staffIds: jsonb('staff_ids').$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('booking_services_name_idx').on(t.businessId, t.name),
    check('booking_services_duration', sql`${t.durationMinutes} between 5 and 480`),
    check('booking_services_buffer', sql`${t.bufferMinutes} between 0 and 240`),
    check('booking_services_price', sql`${t.price} >= 0`),
  ],
);

/**
 * A staff member's weekly hours (`{ weekday, start, end }[]`, the business's time zone). The row is also the lock
 * every booking of that member takes (`for update`) before it checks for an overlap and inserts.
 */
export const bookingStaff = pgTable(
  'booking_staff',
  {
    businessId: businessRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ranges: jsonb('ranges').$type<{ weekday: Weekday; start: string; end: string }[]>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] })],
);

export const bookingTimeOff = pgTable(
  'booking_time_off',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('booking_time_off_staff_idx').on(t.businessId, t.userId, t.endsAt),
    check('booking_time_off_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    serviceId: uuid('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    staffUserId: uuid('staff_user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** The end and the service's buffer after it: no other booking of the staff member starts before it. */
    blockedUntil: ts('blocked_until').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    status: text('status', { enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** SHA-256 of the customer's manage token (the token itself is only in the mail). */
    tokenHash: text('token_hash').notNull(),
    remindedAt: ts('reminded_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('bookings_token_key').on(t.tokenHash),
    index('bookings_staff_idx').on(t.businessId, t.staffUserId, t.startsAt),
    index('bookings_start_idx').on(t.businessId, t.startsAt, t.id),
    index('bookings_remind_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.remindedAt} is null`),
    check('bookings_span', sql`${t.endsAt} > ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`),
  ],
);
