import { READER_CONNECTIONS, READER_MODELS, READER_STATUSES, TERMINAL_ORDER_STATUSES } from '@merchant/pos';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * Card terminals (docs/pos.md, "Card terminals"): orders of readers with their timeline, the codes readers show to be
 * paired, the paired readers, and the reader payments (each a payment of source `pos` whose source id is the reader).
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** One line of an order: a model, its unit price when ordered, how many. */
export interface TerminalOrderLine {
  model: (typeof READER_MODELS)[number];
  quantity: number;
  unitPrice: number;
}

export interface ShippingAddress {
  recipient: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string;
}

export const terminalOrders = pgTable(
  'terminal_orders',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    status: text('status', { enum: TERMINAL_ORDER_STATUSES }).notNull().default('placed'),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<TerminalOrderLine[]>().notNull(),
    total: minorAmount('total').notNull(),
    shipping: jsonb('shipping').$type<ShippingAddress>().notNull(),
    trackingNumber: text('tracking_number'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('terminal_orders_created_idx').on(t.businessId, t.createdAt, t.id),
    check('terminal_orders_total_check', sql`${t.total} >= 0`),
  ],
);

/** An order's timeline: one row per status it reached (append-only). */
export const terminalOrderEvents = pgTable(
  'terminal_order_events',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    status: text('status', { enum: TERMINAL_ORDER_STATUSES }).notNull(),
    trackingNumber: text('tracking_number'),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('terminal_order_events_order_idx').on(t.businessId, t.orderId, t.at)],
);

/** A code a reader shows until someone of the business enters it: valid for minutes, used once. */
export const terminalPairingCodes = pgTable(
  'terminal_pairing_codes',
  {
    businessId: businessRef(),
    code: text('code').notNull(),
    model: text('model', { enum: READER_MODELS }).notNull(),
    serialNumber: text('serial_number').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.code] })],
);

export const terminalReaders = pgTable(
  'terminal_readers',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    model: text('model', { enum: READER_MODELS }).notNull(),
    serialNumber: text('serial_number').notNull(),
    status: text('status', { enum: READER_STATUSES }).notNull().default('paired'),
    connection: text('connection', { enum: READER_CONNECTIONS }).notNull().default('online'),
    /** A location of the catalogue (checked by the service: an active one when assigned). */
    locationId: uuid('location_id'),
    lastSeenAt: ts('last_seen_at'),
    pairedAt: ts('paired_at').notNull(),
    unpairedAt: ts('unpaired_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // A reader is paired to one business at a time.
    uniqueIndex('terminal_readers_serial_key')
      .on(t.serialNumber)
      .where(sql`${t.status} = 'paired'`),
    index('terminal_readers_name_idx').on(t.businessId, t.name),
  ],
);

/**
 * A payment taken on a reader: its id is the payment's (the charge a POS order names). `requestKey`: the hashed
 * Idempotency-Key of the request that started it, so its retry resumes the same payment.
 */
export const terminalReaderPayments = pgTable(
  'terminal_reader_payments',
  {
    businessId: businessRef(),
    paymentId: uuid('payment_id').notNull(),
    readerId: uuid('reader_id').notNull(),
    paymentPublicId: text('payment_public_id').notNull(),
    requestKey: text('request_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.paymentId] }),
    uniqueIndex('terminal_reader_payments_request_key').on(t.businessId, t.requestKey),
    index('terminal_reader_payments_reader_idx').on(t.businessId, t.readerId, t.createdAt),
  ],
);
