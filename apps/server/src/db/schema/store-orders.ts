import {
  STORE_DELIVERY_METHODS,
  STORE_FULFILMENT_STATUSES,
  STORE_ORDER_STATUSES,
  type StoreCartLine,
  type StoreDeliveryChoice,
  type StoreOrderAddress,
  type StoreOrderLine,
} from '@merchant/catalogue';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * The online store (docs/online-store.md): the carts of the storefront's visitors and the orders they place.
 * Every table is keyed by business first.
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A visitor's cart, named by a signed cookie of the shop host; kept across visits. */
export const storeCarts = pgTable(
  'store_carts',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    lines: jsonb('lines')
      .$type<StoreCartLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /** The cart's last activity: a line added or changed, the email given, the order placed, the cart restored. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The email the checkout was given (docs/online-store.md, "Abandoned carts"); null until then. */
    customerEmail: text('customer_email'),
    /** The last order placed from the cart (its lines move to the order and the cart empties). */
    orderId: uuid('order_id'),
    /** When the one recovery mail was sent (set by a conditional update: at most once a cart). */
    recoveryMailSentAt: ts('recovery_mail_sent_at'),
    /** SHA-256 of the recovery link's random token (the link restores the cart). */
    recoveryTokenHash: text('recovery_token_hash'),
    /** When the recovery link was first opened. */
    recoveredAt: ts('recovered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('store_carts_recovery_token_key').on(t.recoveryTokenHash),
    // The dashboard's list (newest activity first) and the insight's count: only carts with an email can be abandoned.
    index('store_carts_email_idx')
      .on(t.businessId, t.updatedAt, t.id)
      .where(sql`${t.customerEmail} is not null`),
    // The recovery schedule's candidates.
    index('store_carts_unmailed_idx')
      .on(t.updatedAt)
      .where(sql`${t.customerEmail} is not null and ${t.recoveryMailSentAt} is null`),
  ],
);

/** An order placed on the storefront: what was sold at what price, how it is delivered, and its fulfilment. */
export const storeOrders = pgTable(
  'store_orders',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    /** The unguessable token of the customer's status page (`/orders/<token>` on the shop host). */
    token: text('token').notNull(),
    /** What the customer and the merchant call it: `#` and eight characters. */
    reference: text('reference').notNull(),
    status: text('status', { enum: STORE_ORDER_STATUSES }).notNull().default('pending_payment'),
    fulfilment: text('fulfilment', { enum: STORE_FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    deliveryMethod: text('delivery_method', { enum: STORE_DELIVERY_METHODS }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** Asked at the checkout when the store settings say so (null otherwise). */
    customerPhone: text('customer_phone'),
    /** The customer's note, when the store settings offer one. */
    note: text('note'),
    shippingAddress: jsonb('shipping_address').$type<StoreOrderAddress>(),
    /** The rate or pickup point chosen at the checkout, as it was then (null: pickup at the store's location, before pickup points). */
    deliveryChoice: jsonb('delivery_choice').$type<StoreDeliveryChoice>(),
    /** The location the order is picked up at and its stock taken from. */
    locationId: uuid('location_id').notNull(),
    lines: jsonb('lines').$type<StoreOrderLine[]>().notNull(),
    currency: text('currency').notNull(),
    subtotal: minorAmount('subtotal').notNull(),
    discount: minorAmount('discount').notNull(),
    shipping: minorAmount('shipping').notNull(),
    tax: minorAmount('tax').notNull(),
    total: minorAmount('total').notNull(),
    couponCode: text('coupon_code'),
    refundedAmount: minorAmount('refunded_amount').notNull().default(0),
    /** The payment that paid it (null until paid). */
    paymentId: uuid('payment_id'),
    /** Its public id (`pay_...`), as the Transactions screen names it. */
    paymentPublicId: text('payment_public_id'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    packedAt: ts('packed_at'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    cancelledAt: ts('cancelled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('store_orders_token_key').on(t.token),
    index('store_orders_list_idx').on(t.businessId, t.createdAt, t.id),
    // A customer's orders (the customer's page): matched by email, case-insensitive.
    index('store_orders_customer_email_idx').on(t.businessId, sql`lower(${t.customerEmail})`, t.createdAt, t.id),
    index('store_orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);
