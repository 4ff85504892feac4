import { z } from 'zod';
import { CalendarDateSchema, CursorQuerySchema, MoneySchema, PositiveMinorAmountSchema, csvAnswer, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The online store's orders (docs/online-store.md, "Store orders"): placed on the storefront, paid on the hosted
 * checkout, then packed, shipped (carrier and tracking number) and delivered, or picked up at the store's location.
 */

export const STORE_ORDER_STATUSES = ['pending_payment', 'paid', 'cancelled'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];
export const STORE_ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = { pending_payment: 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled' };

export const STORE_FULFILMENT_STATUSES = ['unfulfilled', 'packed', 'shipped', 'delivered', 'picked_up'] as const;
export type StoreFulfilmentStatus = (typeof STORE_FULFILMENT_STATUSES)[number];
export const STORE_FULFILMENT_LABELS: Record<StoreFulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  picked_up: 'Picked up',
};

export const STORE_DELIVERY_METHODS = ['pickup', 'shipping'] as const;
export type StoreDeliveryMethod = (typeof STORE_DELIVERY_METHODS)[number];

/** The fulfilment steps a paid order may take from each state (pickup orders go straight to picked up, or via packed). */
export function nextFulfilment(method: StoreDeliveryMethod, from: StoreFulfilmentStatus): StoreFulfilmentStatus[] {
  if (method === 'pickup') return from === 'unfulfilled' ? ['packed', 'picked_up'] : from === 'packed' ? ['picked_up'] : [];
  return from === 'unfulfilled' ? ['packed', 'shipped'] : from === 'packed' ? ['shipped'] : from === 'shipped' ? ['delivered'] : [];
}

/** A cart's line: a variant, how many, and the chosen add-on choices. */
export interface StoreCartLine {
  variant_id: string;
  quantity: number;
  add_on_choice_ids: string[];
}

export interface StoreOrderAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
}

/** What the customer chose to be delivered by, copied when the order was placed (a rate of a shipping zone or a pickup point). */
export type StoreDeliveryChoice =
  { kind: 'rate'; id: string; name: string; estimate: string | null } | { kind: 'pickup'; id: string | null; name: string; address: string };

/** A sold line as the order keeps it: names and prices copied when it was placed. */
export interface StoreOrderLine {
  id: string;
  product_id: string;
  variant_id: string;
  name: string;
  variant: string | null;
  quantity: number;
  unit_price: number;
  add_ons: { id: string; name: string; price: number }[];
  total: number;
  /** Whether the order took this line's units off stock (a product that tracks stock). */
  stocked: boolean;
}

const StoreOrderAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
});

export const StoreOrderSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  fulfilment: z.enum(STORE_FULFILMENT_STATUSES),
  delivery_method: z.enum(STORE_DELIVERY_METHODS),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The customer's note at checkout (when the store asks for one). */
  note: z.string().nullable(),
  shipping_address: StoreOrderAddressSchema.nullable(),
  /** The shipping rate or pickup point chosen at the checkout (null: pickup at the store's location). */
  delivery_choice: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('rate'), id: z.string(), name: z.string(), estimate: z.string().nullable() }),
      z.object({ kind: z.literal('pickup'), id: z.string().nullable(), name: z.string(), address: z.string() }),
    ])
    .nullable(),
  lines: z.array(
    z.object({
      id: z.string(),
      product_id: z.uuid(),
      variant_id: z.uuid(),
      name: z.string(),
      variant: z.string().nullable(),
      quantity: z.number().int(),
      unit_price: MoneySchema,
      add_ons: z.array(z.object({ name: z.string(), price: MoneySchema })),
      total: MoneySchema,
    }),
  ),
  subtotal: MoneySchema,
  discount: MoneySchema,
  shipping: MoneySchema,
  tax: MoneySchema,
  total: MoneySchema,
  refunded: MoneySchema,
  coupon_code: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The payment's public id (the Transactions screen's), null until paid. */
  payment_id: z.string().nullable(),
  status_url: z.string(),
  next_fulfilment: z.array(z.enum(STORE_FULFILMENT_STATUSES)),
  created_at: z.iso.datetime(),
  paid_at: z.iso.datetime().nullable(),
  packed_at: z.iso.datetime().nullable(),
  shipped_at: z.iso.datetime().nullable(),
  delivered_at: z.iso.datetime().nullable(),
  cancelled_at: z.iso.datetime().nullable(),
});
export type StoreOrder = z.infer<typeof StoreOrderSchema>;

export const StoreOrderFiltersSchema = z.object({
  q: text().trim().max(100).optional(),
  status: z.enum(STORE_ORDER_STATUSES).optional(),
  fulfilment: z.enum(STORE_FULFILMENT_STATUSES).optional(),
});
export type StoreOrderFilters = z.infer<typeof StoreOrderFiltersSchema>;
export const ListStoreOrdersQuerySchema = CursorQuerySchema.extend(StoreOrderFiltersSchema.shape);
export type ListStoreOrdersQuery = z.infer<typeof ListStoreOrdersQuerySchema>;

export const StoreOrderParamsSchema = BusinessParamsSchema.extend({ order_id: z.uuid('Choose an order') });

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

export const FulfilStoreOrderBodySchema = z
  .object({
    step: z.enum(['packed', 'shipped', 'delivered', 'picked_up'], 'Choose packed, shipped, delivered or picked up'),
    carrier: optionalText(80),
    tracking_number: optionalText(120),
  })
  .superRefine((b, ctx) => {
    if (b.step !== 'shipped') return;
    if (!b.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'Enter the carrier' });
    if (!b.tracking_number) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Enter the tracking number' });
  });
export type FulfilStoreOrderBody = z.infer<typeof FulfilStoreOrderBodySchema>;

export const RefundStoreOrderBodySchema = z.object({ amount: PositiveMinorAmountSchema, reason: optionalText(200) });
export type RefundStoreOrderBody = z.infer<typeof RefundStoreOrderBodySchema>;

export const CancelStoreOrderBodySchema = z.object({
  reason: text().trim().min(1, 'Say why the order is cancelled').max(200, 'Use at most 200 characters'),
  restock: z.boolean('Say whether the units go back on stock').default(true),
  /** A paid order's payment is refunded in full (what is not refunded yet). */
  refund: z.boolean('Say whether the payment is refunded').default(true),
});
export type CancelStoreOrderBody = z.infer<typeof CancelStoreOrderBodySchema>;

/** The columns of the orders CSV, in the file's order (the export writes the chosen ones, all by default). */
export const STORE_ORDER_EXPORT_COLUMNS = [
  'reference',
  'placed',
  'status',
  'fulfilment',
  'delivery',
  'customer',
  'email',
  'phone',
  'note',
  'items',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'refunded',
  'currency',
  'carrier',
  'tracking_number',
] as const;
export type StoreOrderExportColumn = (typeof STORE_ORDER_EXPORT_COLUMNS)[number];
export const STORE_ORDER_EXPORT_COLUMN_LABELS: Record<StoreOrderExportColumn, string> = {
  reference: 'Reference',
  placed: 'Placed',
  status: 'Status',
  fulfilment: 'Fulfilment',
  delivery: 'Delivery',
  customer: 'Customer',
  email: 'Email',
  phone: 'Phone',
  note: 'Note',
  items: 'Items',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  refunded: 'Refunded',
  currency: 'Currency',
  carrier: 'Carrier',
  tracking_number: 'Tracking number',
};

/**
 * The export's query: the list's filters, a period of the business's days (both included, either optional) and the
 * columns (comma-separated keys; all when left out).
 */
export const StoreOrdersExportQuerySchema = StoreOrderFiltersSchema.extend({
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
  columns: text()
    .trim()
    .max(400)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [...STORE_ORDER_EXPORT_COLUMNS];
      const asked = v.split(',').map((c) => c.trim());
      const unknown = asked.filter((c) => !(STORE_ORDER_EXPORT_COLUMNS as readonly string[]).includes(c));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown columns: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return STORE_ORDER_EXPORT_COLUMNS.filter((c) => asked.includes(c));
    }),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end of the period is before its start' });
export type StoreOrdersExportQuery = z.output<typeof StoreOrdersExportQuerySchema>;
export type StoreOrdersExportQueryInput = z.input<typeof StoreOrdersExportQuerySchema>;

/** The most rows an export writes (X-Export-Truncated: true when more matched). */
export const STORE_ORDERS_EXPORT_ROW_LIMIT = 10_000;

const STORE_ORDER_ERRORS = ['STORE_ORDER_NOT_FOUND', 'STORE_ORDER_STATE'] as const;
const REFUND_ERRORS = ['PAYMENT_NOT_FOUND', 'REFUND_NOT_ALLOWED', 'REFUND_EXCEEDS_REMAINING', 'PAYMENT_PROCESSOR_UNAVAILABLE'] as const;

export const storeOrderEndpoints = {
  list: defineEndpoint({
    id: 'storeOrders.list',
    method: 'GET',
    path: '/v1/business/:business_id/store-orders',
    summary: 'Online store orders, newest first, searched by reference, customer name or email (cursor pages)',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListStoreOrdersQuerySchema,
    response: pageOf(StoreOrderSchema),
  }),
  export: defineEndpoint({
    id: 'storeOrders.export',
    method: 'GET',
    path: '/v1/business/:business_id/store-orders/export',
    summary:
      'The filtered orders of a period (the business’s days) as a CSV download with the chosen columns (text/csv, newest first, money in major units, at most 10000 rows)',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: StoreOrdersExportQuerySchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'storeOrders.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-orders/:order_id',
    summary: 'One online store order',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: StoreOrderParamsSchema,
    response: StoreOrderSchema,
    errors: [...STORE_ORDER_ERRORS],
  }),
  fulfil: defineEndpoint({
    id: 'storeOrders.fulfil',
    method: 'POST',
    path: '/v1/business/:business_id/store-orders/:order_id/fulfilment',
    summary: 'Move a paid order to its next fulfilment step (packed, shipped with carrier and tracking number, delivered, picked up); the customer is mailed',
    access: { kind: 'business', permission: 'store:manage', standing: 'merchant' },
    params: StoreOrderParamsSchema,
    body: FulfilStoreOrderBodySchema,
    response: StoreOrderSchema,
    errors: [...STORE_ORDER_ERRORS],
  }),
  refund: defineEndpoint({
    id: 'storeOrders.refund',
    method: 'POST',
    path: '/v1/business/:business_id/store-orders/:order_id/refunds',
    summary: "Refund part or all of a paid order through its payment's refund; the customer is mailed",
    access: { kind: 'business', permission: 'store:manage', standing: 'merchant' },
    params: StoreOrderParamsSchema,
    body: RefundStoreOrderBodySchema,
    response: StoreOrderSchema,
    errors: [...STORE_ORDER_ERRORS, ...REFUND_ERRORS],
    idempotent: true,
  }),
  cancel: defineEndpoint({
    id: 'storeOrders.cancel',
    method: 'POST',
    path: '/v1/business/:business_id/store-orders/:order_id/cancel',
    summary: 'Cancel an order that is not shipped or picked up: its units go back on stock and its payment is refunded; the customer is mailed',
    access: { kind: 'business', permission: 'store:manage', standing: 'merchant' },
    params: StoreOrderParamsSchema,
    body: CancelStoreOrderBodySchema,
    response: StoreOrderSchema,
    errors: [...STORE_ORDER_ERRORS, ...REFUND_ERRORS],
    idempotent: true,
  }),
} as const;
