import { z } from 'zod';
import {
  CalendarDateSchema,
  CursorQuerySchema,
  MAX_LINE_QUANTITY,
  MinorAmountSchema,
  MoneySchema,
  PositiveMinorAmountSchema,
  csvAnswer,
  defineEndpoint,
  pageOf,
  text,
  type OrderDiscount,
} from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PricingContextSchema } from './pricing-context';

/**
 * Register sales, orders and their refunds (docs/pos.md). A sale is priced on the server by the order arithmetic
 * (`priceOrder`); it is paid by tenders (cash with change, a card charge taken by the card reader) that add up to
 * its total; it names an idempotency key, so a replay (the offline queue syncing) answers the first sale and posts
 * nothing twice. Refunds and voids give back whole orders or units of lines, restock tracked stock and pay cash out
 * of the refunder's drawer; a role without `pos:manage` needs a manager's POS PIN.
 */

export const ORDER_KINDS = ['sale', 'quick_sale'] as const;
export const ORDER_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;
export const ORDER_STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  completed: 'Completed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};
export const TENDER_KINDS = ['cash', 'card', 'paynow'] as const;
export type TenderKind = (typeof TENDER_KINDS)[number];
export const TENDER_LABELS: Record<TenderKind, string> = { cash: 'Cash', card: 'Card', paynow: 'PayNow QR' };
/** Tenders paid through a payment of the business (refunded through that payment's refund). */
export const PAYMENT_TENDER_KINDS = ['card', 'paynow'] as const;
export const ORDER_FORM_FIELDS = ['customer', 'table_number', 'note'] as const;
export const ORDER_FORM_MODES = ['off', 'optional', 'required'] as const;
export type OrderFormField = (typeof ORDER_FORM_FIELDS)[number];
export type OrderFormMode = (typeof ORDER_FORM_MODES)[number];

const Rate = z.number('Enter a rate').int('Use whole basis points (10 % is 1000)').min(1, 'A rate is more than 0 %').max(10_000, 'A rate is at most 100 %');
/** A discount the cashier enters: a percentage, or a fixed amount (off each unit on a line; off the order on the order). */
export const CashierDiscountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percentage'), rate: Rate }),
  z.object({ type: z.literal('fixed'), amount: PositiveMinorAmountSchema }),
]);
export type CashierDiscount = z.infer<typeof CashierDiscountSchema>;

const cashierValue = (d: CashierDiscount): OrderDiscount['value'] =>
  d.type === 'percentage' ? { type: 'percentage', rate: d.rate } : { type: 'fixed', amount: d.amount };

/**
 * The register's discounts as the order arithmetic's (the server and the register both price a sale with these): a
 * line discount names its line (`lineIds`), so two lines of one product are discounted apart; the order discount
 * applies to the order. They go in as `extraDiscounts`, after the catalogue's.
 */
export function cashierDiscounts(lines: readonly { id: string; discount: CashierDiscount | null }[], orderDiscount: CashierDiscount | null): OrderDiscount[] {
  const discounts: OrderDiscount[] = lines.flatMap((l) =>
    l.discount
      ? [
          {
            id: `d-${l.id}`,
            name: 'Line discount',
            value: cashierValue(l.discount),
            appliesTo: { type: 'items' as const, productIds: [], categoryIds: [], lineIds: [l.id] },
          },
        ]
      : [],
  );
  if (orderDiscount) discounts.push({ id: 'd-order', name: 'Order discount', value: cashierValue(orderDiscount), appliesTo: { type: 'order' } });
  return discounts;
}

const OptionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const SaleLineBodySchema = z.object({
  variant_id: z.uuid('Choose a product from the list'),
  quantity: z.number('Enter a quantity').int('Use a whole quantity').min(1, 'The quantity is at least 1').max(MAX_LINE_QUANTITY, 'The quantity is too large'),
  /** Chosen add-on choices by id (from the product's add-on groups). */
  add_on_ids: z.array(z.uuid('Choose an add-on from the list')).max(50, 'Choose at most 50 add-ons').default([]),
  discount: CashierDiscountSchema.nullish(),
});

export const TenderBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cash'),
    /** The part of the total paid in cash. */
    amount: PositiveMinorAmountSchema,
    /** The cash handed over (at least `amount`); the change is the difference. */
    tendered: MinorAmountSchema.optional(),
  }),
  z.object({
    kind: z.literal('card'),
    amount: PositiveMinorAmountSchema,
    /** A succeeded card payment of this business for exactly `amount`, taken by the card reader. */
    payment_id: z.uuid('Name the card payment'),
  }),
  z.object({
    kind: z.literal('paynow'),
    amount: PositiveMinorAmountSchema,
    /** A succeeded PayNow payment of this business for exactly `amount`, from the register's QR. */
    payment_id: z.uuid('Name the PayNow payment'),
  }),
]);
export type TenderBody = z.infer<typeof TenderBodySchema>;

export const CreateSaleBodySchema = z
  .object({
    /** Names the sale across retries and the offline queue: the same key answers the first sale. */
    idempotency_key: text()
      .trim()
      .min(1, 'Enter an idempotency key')
      .max(255, 'Use at most 255 characters')
      .regex(/^[\x21-\x7e]+$/, 'Use visible ASCII characters'),
    location_id: z.uuid('Choose a location from the list'),
    lines: z.array(SaleLineBodySchema).max(500, 'A sale has at most 500 lines').default([]),
    /** A quick sale: an amount with a description instead of lines. */
    quick_sale: z
      .object({ amount: PositiveMinorAmountSchema, description: text().trim().min(1, 'Enter a description').max(200, 'Use at most 200 characters') })
      .nullish(),
    order_discount: CashierDiscountSchema.nullish(),
    tip: MinorAmountSchema.default(0),
    customer_id: z.uuid('Choose a customer from the list').nullish(),
    table_number: OptionalText(20),
    note: OptionalText(500),
    tenders: z.array(TenderBodySchema).min(1, 'Add a tender').max(10, 'At most 10 tenders'),
    /** An open draft order this sale pays (docs/pos.md, "Draft orders on the register"): it is paid with the sale, once. */
    draft_id: z.uuid('Choose a draft order from the list').nullish(),
    /**
     * A sale taken offline and sent when the network returned: the register device and when it was taken. The server
     * records it, flagged when the device was not allowed to sell offline (docs/pos.md, "Offline allowance").
     */
    offline: z
      .object({
        device_id: z.uuid('The device id is a UUID'),
        taken_at: z.iso.datetime({ offset: true, error: 'Enter the time the sale was taken' }),
      })
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.quick_sale && b.lines.length > 0) ctx.addIssue({ code: 'custom', path: ['quick_sale'], message: 'A quick sale has no lines' });
    if (!b.quick_sale && b.lines.length === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Add at least one line' });
    b.tenders.forEach((t, i) => {
      if (t.kind === 'cash' && t.tendered !== undefined && t.tendered < t.amount)
        ctx.addIssue({ code: 'custom', path: ['tenders', i, 'tendered'], message: 'The cash handed over is less than the amount' });
    });
  });
export type CreateSaleBody = z.input<typeof CreateSaleBodySchema>;
export type CreateSaleFields = z.output<typeof CreateSaleBodySchema>;

const Money = MoneySchema;

export const OrderLineSchema = z.object({
  id: z.string(),
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  unit_price: Money,
  add_ons: z.array(z.object({ id: z.string().nullable(), name: z.string(), price: Money })),
  gross: Money,
  discount: Money,
  tax: Money,
  total: Money,
});

export const OrderTenderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TENDER_KINDS),
  amount: Money,
  tendered: Money.nullable(),
  change: Money.nullable(),
  payment_id: z.uuid().nullable(),
  /** What refunds gave back through this tender. */
  refunded: Money,
});

export const OrderRefundSchema = z.object({
  id: z.uuid(),
  amount: Money,
  reason: z.string(),
  lines: z.array(z.object({ line_id: z.string(), quantity: z.number().int(), amount: Money })),
  /** How it was paid back: cash from the drawer, or a card or PayNow tender's payment refunded (`payment_refund_id`). */
  tenders: z.array(z.object({ tender_id: z.uuid(), kind: z.enum(TENDER_KINDS), amount: Money, payment_refund_id: z.uuid().nullable() })),
  tip: Money,
  staff: z.object({ id: z.uuid(), name: z.string() }),
  approved_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});

export const OrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  location: z.object({ id: z.uuid(), name: z.string() }),
  staff: z.object({ id: z.uuid(), name: z.string() }),
  customer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  tenders: z.array(z.enum(TENDER_KINDS)),
  total: Money,
  refunded: Money,
  /** Null: taken online. `flagged`: taken offline by a device not allowed to sell offline (a manager should look). */
  offline_sale: z.enum(['allowed', 'flagged']).nullable(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** An order in full: `offline` says what the list's `offline_sale` says, with the device and the time. */
export const OrderSchema = OrderSummarySchema.omit({ offline_sale: true }).extend({
  drawer_id: z.uuid(),
  /** Taken offline and sent later: on which device, when, and whether that device was allowed to sell offline then. */
  offline: z.object({ device_id: z.uuid(), taken_at: z.string(), allowed: z.boolean() }).nullable(),
  table_number: z.string().nullable(),
  note: z.string().nullable(),
  description: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  discounts: z.array(z.object({ id: z.string(), name: z.string(), amount: Money })),
  taxes: z.array(z.object({ id: z.string(), name: z.string(), rate: z.number().int(), amount: Money })),
  subtotal: Money,
  discount: Money,
  tax: Money,
  tip: Money,
  tendered: Money,
  change: Money,
  order_tenders: z.array(OrderTenderSchema),
  refunds: z.array(OrderRefundSchema),
  timeline: z.array(z.object({ at: z.string(), kind: z.enum(['sold', 'refunded']), text: z.string() })),
});
export type Order = z.infer<typeof OrderSchema>;

/** A manager's override: the person (owner, admin or manager) and their POS PIN. */
export const OverrideBodySchema = z.object({
  manager_id: z.uuid('Choose the manager'),
  pin: text().regex(/^\d{4,6}$/, 'Enter the 4 to 6 digit PIN'),
});

export const RefundOrderBodySchema = z
  .object({
    /** Everything not refunded yet, the tip included; else `lines`. */
    whole: z.boolean().default(false),
    lines: z
      .array(z.object({ line_id: text().trim().min(1).max(40), quantity: z.number().int('Use a whole quantity').min(1, 'The quantity is at least 1') }))
      .max(500)
      .default([]),
    reason: text().trim().min(1, 'Enter a reason').max(200, 'Use at most 200 characters'),
    override: OverrideBodySchema.nullish(),
    /**
     * How to pay it back, tender by tender (each at most what is left on it; together the refund's amount). Left out:
     * each tender gives back its share of what is left on the order (docs/pos.md, "Refunds to the tenders").
     */
    tenders: z
      .array(z.object({ tender_id: z.uuid('Choose a tender of this order'), amount: PositiveMinorAmountSchema }))
      .max(10)
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (!b.whole && b.lines.length === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose the lines to refund, or the whole order' });
    if (b.whole && b.lines.length > 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A whole refund names no lines' });
  });
export type RefundOrderBody = z.input<typeof RefundOrderBodySchema>;

/** Mail the order's receipt: to `email`, or (left out) to the order's customer. */
export const ReceiptMailBodySchema = z.object({
  email: text().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254, 'Use at most 254 characters')).nullish(),
});
export const ReceiptMailAnswerSchema = z.object({ sent_to: z.string() });
/** How many receipts of one order may be mailed in an hour. */
export const RECEIPT_MAILS_PER_HOUR = 5;

export const OFFLINE_FILTERS = ['taken', 'flagged'] as const;

export const OrderFiltersSchema = z
  .object({
    /** The order number, or part of the customer's name or email. */
    q: text().trim().max(100, 'Use at most 100 characters').optional(),
    /** Calendar days of the business's time zone, both ends included. */
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    location_id: z.uuid('Choose a location from the list').optional(),
    staff_id: z.uuid('Choose a staff member from the list').optional(),
    tender: z.enum(TENDER_KINDS).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    /** `taken`: every sale taken offline and sent later; `flagged`: those a device not allowed to sell offline took. */
    offline: z.enum(OFFLINE_FILTERS).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  });
export type OrderFilters = z.output<typeof OrderFiltersSchema>;
export const ListOrdersQuerySchema = OrderFiltersSchema.safeExtend(CursorQuerySchema.shape);
export type ListOrdersQuery = z.output<typeof ListOrdersQuerySchema>;

export const ORDERS_EXPORT_MAX_ROWS = 10_000;

export const OrderParamsSchema = BusinessParamsSchema.extend({ order_id: z.uuid() });

export const OrderFormSettingsSchema = z.object(
  Object.fromEntries(ORDER_FORM_FIELDS.map((f) => [f, z.enum(ORDER_FORM_MODES, 'Choose off, optional or required')])) as Record<
    OrderFormField,
    z.ZodEnum<{ [K in OrderFormMode]: K }>
  >,
);
export type OrderFormSettings = z.infer<typeof OrderFormSettingsSchema>;
export const DEFAULT_ORDER_FORM: OrderFormSettings = { customer: 'optional', table_number: 'off', note: 'optional' };

export const PosPinBodySchema = z.object({
  pin: text()
    .regex(/^\d{4,6}$/, 'Enter 4 to 6 digits')
    .nullable(),
});
export const PosPinStatusSchema = z.object({ pin_set: z.boolean() });

/** Who may approve an override in this business (owners, admins and managers with a POS PIN): the register's PIN dialog lists them. */
export const OverrideManagerSchema = z.object({ id: z.uuid(), name: z.string() });

/** The register's location: the pricing context is that location's. */
export const PosPricingQuerySchema = z.object({ location_id: z.uuid('Choose a location from the list') });

const POS_USE = { kind: 'business', permission: 'pos:use', standing: 'merchant' } as const;

export const posOrderEndpoints = {
  createSale: defineEndpoint({
    id: 'posOrders.createSale',
    method: 'POST',
    path: '/v1/business/:business_id/pos/orders',
    summary: 'Record a register sale or quick sale, priced on the server and paid by its tenders (idempotent by its key)',
    access: POS_USE,
    params: BusinessParamsSchema,
    body: CreateSaleBodySchema,
    response: OrderSchema,
    status: 201,
    errors: ['DRAWER_NOT_OPEN', 'STOCK_INSUFFICIENT', 'POS_SALE_KEY_REUSED', 'CUSTOMER_NOT_FOUND', 'LOCATION_NOT_ALLOWED', 'POS_DRAFT_ALREADY_PAID'],
  }),
  pricing: defineEndpoint({
    id: 'posOrders.pricing',
    method: 'GET',
    path: '/v1/business/:business_id/pos/pricing',
    summary:
      'What the register prices a sale at this location with, now: tax settings, taxes, surcharges and automatic discounts (kept offline; `assembleOrder` + `priceOrder`)',
    access: POS_USE,
    params: BusinessParamsSchema,
    query: PosPricingQuerySchema,
    response: PricingContextSchema,
    errors: ['LOCATION_NOT_FOUND'],
  }),
  list: defineEndpoint({
    id: 'posOrders.list',
    method: 'GET',
    path: '/v1/business/:business_id/pos/orders',
    summary:
      'Orders, newest first, filtered by days, location, staff, tender and status, searched by number or customer (cursor pages; a cashier sees their own)',
    access: POS_USE,
    params: BusinessParamsSchema,
    query: ListOrdersQuerySchema,
    response: pageOf(OrderSummarySchema),
  }),
  export: defineEndpoint({
    id: 'posOrders.export',
    method: 'GET',
    path: '/v1/business/:business_id/pos/orders/export',
    summary: `The filtered orders as a CSV download (newest first, money in major units, at most ${ORDERS_EXPORT_MAX_ROWS} rows; X-Export-Truncated: true when more matched)`,
    access: POS_USE,
    params: BusinessParamsSchema,
    query: OrderFiltersSchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'posOrders.get',
    method: 'GET',
    path: '/v1/business/:business_id/pos/orders/:order_id',
    summary: 'One order with its lines, add-ons, discounts, taxes, tenders, refunds and timeline',
    access: POS_USE,
    params: OrderParamsSchema,
    response: OrderSchema,
    errors: ['POS_ORDER_NOT_FOUND'],
  }),
  refund: defineEndpoint({
    id: 'posOrders.refund',
    method: 'POST',
    path: '/v1/business/:business_id/pos/orders/:order_id/refunds',
    summary:
      'Refund or void an order, whole or by line quantities: cash from the caller’s drawer, card and PayNow tenders through their payments’ refunds; restocks tracked stock (a cashier needs a manager’s PIN)',
    access: POS_USE,
    params: OrderParamsSchema,
    body: RefundOrderBodySchema,
    response: OrderSchema,
    status: 201,
    errors: [
      'POS_ORDER_NOT_FOUND',
      'DRAWER_NOT_OPEN',
      'POS_OVERRIDE_REQUIRED',
      'POS_PIN_INVALID',
      'AUTH_ACCOUNT_LOCKED',
      'POS_ORDER_CHANGED',
      'POS_REFUND_UNDER_WAY',
      'REFUND_EXCEEDS_REMAINING',
    ],
  }),
  mailReceipt: defineEndpoint({
    id: 'posOrders.mailReceipt',
    method: 'POST',
    path: '/v1/business/:business_id/pos/orders/:order_id/receipt-mails',
    summary: `Mail the order's receipt (lines, taxes, tenders, the location's header and footer) to an address or the order's customer (at most ${RECEIPT_MAILS_PER_HOUR} an hour per order)`,
    access: POS_USE,
    params: OrderParamsSchema,
    body: ReceiptMailBodySchema,
    response: ReceiptMailAnswerSchema,
    errors: ['POS_ORDER_NOT_FOUND', 'POS_RECEIPT_MAIL_LIMITED'],
  }),
  overrideManagers: defineEndpoint({
    id: 'posOrders.overrideManagers',
    method: 'GET',
    path: '/v1/business/:business_id/pos/override-managers',
    summary: 'The people who can approve an override with their POS PIN (owners, admins and managers who set one)',
    access: POS_USE,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(OverrideManagerSchema) }),
  }),
  orderForm: defineEndpoint({
    id: 'posOrders.orderForm',
    method: 'GET',
    path: '/v1/business/:business_id/pos/order-form',
    summary: 'Which fields the register asks for (customer, table number, note) and which are required',
    access: POS_USE,
    params: BusinessParamsSchema,
    response: OrderFormSettingsSchema,
  }),
  saveOrderForm: defineEndpoint({
    id: 'posOrders.saveOrderForm',
    method: 'PUT',
    path: '/v1/business/:business_id/pos/order-form',
    summary: 'Choose which fields the register asks for and which are required',
    access: { kind: 'business', permission: 'pos:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: OrderFormSettingsSchema,
    response: OrderFormSettingsSchema,
  }),
} as const;

export const posPinEndpoints = {
  status: defineEndpoint({
    id: 'posPin.status',
    method: 'GET',
    path: '/v1/user/pos-pin',
    summary: 'Whether the signed-in person has set a POS PIN',
    access: { kind: 'user' },
    response: PosPinStatusSchema,
  }),
  save: defineEndpoint({
    id: 'posPin.save',
    method: 'PUT',
    path: '/v1/user/pos-pin',
    summary: 'Set (4 to 6 digits, stored hashed) or remove (null) the signed-in person’s POS PIN, used to approve register overrides',
    access: { kind: 'user' },
    body: PosPinBodySchema,
    response: PosPinStatusSchema,
  }),
} as const;
