import { DRAWER_MOVEMENT_KINDS, DRAWER_STATUSES, ORDER_KINDS, ORDER_STATUSES, TENDER_KINDS, type OrderFormSettings } from '@merchant/catalogue';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * The point of sale (docs/pos.md): drawer sessions and their cash movements, register orders with their lines,
 * tenders and refunds, the order number counter, the order form's settings and each person's POS PIN.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const posDrawerSessions = pgTable(
  'pos_drawer_sessions',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: DRAWER_STATUSES }).notNull().default('open'),
    currency: text('currency').notNull(),
    openingFloat: minorAmount('opening_float').notNull(),
    countedCash: minorAmount('counted_cash'),
    /** The expected cash when it was closed (the sum of its movements then). */
    expectedCash: minorAmount('expected_cash'),
    note: text('note'),
    openedAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // One open drawer per person and business.
    uniqueIndex('pos_drawer_sessions_open_key')
      .on(t.businessId, t.staffId)
      .where(sql`${t.status} = 'open'`),
    index('pos_drawer_sessions_opened_idx').on(t.businessId, t.openedAt, t.id),
    check('pos_drawer_sessions_amounts_check', sql`${t.openingFloat} >= 0 and (${t.countedCash} is null or ${t.countedCash} >= 0)`),
  ],
);

/** Every cash movement of a drawer, signed (into the drawer positive); the expected cash is their sum. */
export const posDrawerMovements = pgTable(
  'pos_drawer_movements',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    kind: text('kind', { enum: DRAWER_MOVEMENT_KINDS }).notNull(),
    amount: minorAmount('amount').notNull(),
    reason: text('reason'),
    orderId: uuid('order_id'),
    actorUserId: uuid('actor_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('pos_drawer_movements_session_idx').on(t.businessId, t.sessionId, t.createdAt)],
);

export const posOrderCounters = pgTable('pos_order_counters', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const posOrders = pgTable(
  'pos_orders',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    number: integer('number'),
    /** The sale's idempotency key (kept for good: the offline queue may sync days later) and its body's hash. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('completed'),
    sessionId: uuid('session_id').notNull(),
    locationId: uuid('location_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    customerId: uuid('customer_id'),
    tableNumber: text('table_number'),
    note: text('note'),
    description: text('description'),
    currency: text('currency').notNull(),
    subtotal: minorAmount('subtotal').notNull(),
    discount: minorAmount('discount').notNull(),
    tax: minorAmount('tax').notNull(),
    tip: minorAmount('tip').notNull(),
    total: minorAmount('total').notNull(),
    refundedAmount: minorAmount('refunded_amount').notNull().default(0),
    tipRefunded: minorAmount('tip_refunded').notNull().default(0),
    /** The order-level discounts and the taxes as priced: `[{ id, name, amount }]`, `[{ id, name, rate, amount }]`. */
    discounts: jsonb('discounts').$type<{ id: string; name: string; amount: number }[]>().notNull(),
    taxes: jsonb('taxes').$type<{ id: string; name: string; rate: number; amount: number }[]>().notNull(),
    /** The tender kinds, for the list's filter. */
    tenderKinds: text('tender_kinds').array().notNull(),
    /**
     * A sale taken offline and synced later (docs/pos.md, "Offline allowance"): the register device, when the cashier
     * took it, and whether the device was allowed to sell offline then (false: recorded, and flagged for a manager).
     */
    offlineDeviceId: uuid('offline_device_id'),
    offlineTakenAt: ts('offline_taken_at'),
    offlineAllowed: boolean('offline_allowed'),
    /** A refund of the order under way (its card and PayNow parts at the processor): one refund at a time. */
    refundStartedAt: ts('refund_started_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('pos_orders_key').on(t.businessId, t.idempotencyKey),
    uniqueIndex('pos_orders_number_key').on(t.businessId, t.number),
    index('pos_orders_created_idx').on(t.businessId, t.createdAt, t.id),
    index('pos_orders_staff_idx').on(t.businessId, t.staffId, t.createdAt),
    // A customer's orders (the customer's page).
    index('pos_orders_customer_idx')
      .on(t.businessId, t.customerId, t.createdAt, t.id)
      .where(sql`${t.customerId} is not null`),
    check('pos_orders_amounts_check', sql`${t.total} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
  ],
);

/**
 * Draft orders made through the public API (HitPay's `POST /v1/orders`; docs/developers.md): kept to be paid later,
 * numbered from the register's counter, priced from the catalogue (or one custom amount). A draft moves no stock and
 * posts nothing to the ledger; it is no register order (no drawer, no tender) until it is paid.
 */
export const posDraftOrders = pgTable(
  'pos_draft_orders',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    locationId: uuid('location_id'),
    customerId: uuid('customer_id'),
    /** The staff member it is for (HitPay's `business_user_id`), else the key's maker. */
    staffId: uuid('staff_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    currency: text('currency').notNull(),
    remark: text('remark'),
    customerPickup: boolean('customer_pickup').notNull().default(true),
    discountReason: text('discount_reason'),
    /** The lines as priced when kept: `[{ line_id, product_id, variant_id, name, quantity, unit_price, total }]`. */
    lines: jsonb('lines')
      .$type<{ line_id: string; product_id: string | null; variant_id: string | null; name: string; quantity: number; unit_price: number; total: number }[]>()
      .notNull(),
    subtotal: minorAmount('subtotal').notNull(),
    discount: minorAmount('discount').notNull(),
    total: minorAmount('total').notNull(),
    /** The register sale that paid it (in the sale's transaction); null while it is open. */
    paidOrderId: uuid('paid_order_id'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('pos_draft_orders_number_key').on(t.businessId, t.number),
    /** A sale pays one draft at most. */
    uniqueIndex('pos_draft_orders_paid_order_key').on(t.businessId, t.paidOrderId),
    index('pos_draft_orders_created_idx').on(t.businessId, t.createdAt, t.id),
    check(
      'pos_draft_orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.total} = ${t.subtotal} - ${t.discount}`,
    ),
  ],
);

export const posOrderLines = pgTable(
  'pos_order_lines',
  {
    businessId: businessRef(),
    orderId: uuid('order_id').notNull(),
    /** `l1`, `l2`... in the order of the sale: refunds name the line by it. */
    lineId: text('line_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    unitPrice: minorAmount('unit_price').notNull(),
    addOns: jsonb('add_ons').$type<{ id: string | null; name: string; price: number }[]>().notNull(),
    gross: minorAmount('gross').notNull(),
    discount: minorAmount('discount').notNull(),
    tax: minorAmount('tax').notNull(),
    total: minorAmount('total').notNull(),
    refundedAmount: minorAmount('refunded_amount').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.orderId, t.lineId] }),
    check('pos_order_lines_refund_check', sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`),
  ],
);

export const posOrderTenders = pgTable(
  'pos_order_tenders',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: TENDER_KINDS }).notNull(),
    amount: minorAmount('amount').notNull(),
    tendered: minorAmount('tendered'),
    change: minorAmount('change'),
    paymentId: uuid('payment_id'),
    /** What refunds of the order gave back through this tender (a card or PayNow tender: refunds of its payment). */
    refunded: minorAmount('refunded').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('pos_order_tenders_order_idx').on(t.businessId, t.orderId),
    // A card payment pays one tender of one order.
    uniqueIndex('pos_order_tenders_payment_key')
      .on(t.businessId, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);

export const posRefunds = pgTable(
  'pos_refunds',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** The drawer the cash part left; null for a refund without a cash part (it needs no open drawer). */
    sessionId: uuid('session_id'),
    amount: minorAmount('amount').notNull(),
    tip: minorAmount('tip').notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<{ line_id: string; quantity: number; amount: number }[]>().notNull(),
    /** How the refund was paid back: each tender's part (cash from the drawer, a card or PayNow tender through its payment's refund). */
    tenders: jsonb('tenders')
      .$type<{ tender_id: string; kind: string; amount: number; payment_refund_id: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    staffId: uuid('staff_id').notNull(),
    approvedBy: uuid('approved_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('pos_refunds_order_idx').on(t.businessId, t.orderId, t.createdAt),
    // The sales report reads the refunds made in a span.
    index('pos_refunds_created_idx').on(t.businessId, t.createdAt),
  ],
);

export const posOrderFormSettings = pgTable('pos_order_form_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<OrderFormSettings>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Each person's POS PIN (argon2), the same in every business they belong to. */
export const posPins = pgTable('pos_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The register's devices (docs/pos.md, "Offline allowance"): a browser that keeps its id in its storage and reports it
 * when the register opens. Selling offline on it is allowed only once a manager switched it on (audited).
 */
export const posDevices = pgTable(
  'pos_devices',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    offlineAllowed: boolean('offline_allowed').notNull().default(false),
    offlineChangedBy: uuid('offline_changed_by'),
    offlineChangedAt: ts('offline_changed_at'),
    registeredBy: uuid('registered_by').notNull(),
    /** Where the register last said it sells (a location of the business), and the register's version then. */
    locationId: uuid('location_id'),
    appVersion: text('app_version'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);
