import { z } from 'zod';
import { CalendarDateSchema, laravelPageOf, text } from '@merchant/core';

/**
 * HitPay's orders in the public API (docs/developers.md, "Public API: orders and card readers"): the register's
 * orders in HitPay's names and shapes, amounts in major units as numbers, lists as Laravel's numbered pages.
 */
export const PUBLIC_ORDERS_PATHS = {
  orders: '/v1/orders',
  order: '/v1/orders/:order_id',
} as const;

/** HitPay's `statuses[]` values; the register's orders are all `completed` (paid when recorded). */
export const PUBLIC_ORDER_STATUSES = ['completed', 'sent', 'draft', 'expired', 'canceled'] as const;

const StatusList = z
  .union([z.enum(PUBLIC_ORDER_STATUSES, 'The selected status is invalid.'), z.array(z.enum(PUBLIC_ORDER_STATUSES, 'The selected status is invalid.')).max(5)])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

export const PublicOrderListQuerySchema = z
  .object({
    perPage: z.coerce
      .number('The per page must be an integer.')
      .int('The per page must be an integer.')
      .min(1)
      .max(100, 'The per page may not be greater than 100.')
      .default(25),
    page: z.coerce.number('The page must be an integer.').int('The page must be an integer.').min(1, 'The page must be at least 1.').max(100_000).default(1),
    version: z.enum(['1.0', '2.0'], 'The selected version is invalid.').optional(),
    /** The order number, or part of the customer's name or email. */
    keywords: text().trim().max(100, 'The keywords may not be greater than 100 characters.').optional(),
    /** HitPay writes `statuses[]=completed` (a list); a plain `statuses` is read too. */
    'statuses[]': StatusList,
    statuses: StatusList,
    /** Calendar days of the business's time zone, both included. */
    dateFrom: CalendarDateSchema.optional(),
    dateTo: CalendarDateSchema.optional(),
    /** `products`, `charges` or `products,charges`: the list's orders with those details. */
    with: text().trim().max(50).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The date to must be a date after or equal to date from.' });
  });
export type PublicOrderListQuery = z.output<typeof PublicOrderListQuerySchema>;

const amountOf = (field: string) =>
  z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^\d+(\.\d+)?$/, `The ${field} must be a number.`),
      ],
      { error: `The ${field} must be a number.` },
    )
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v >= 0, `The ${field} must be at least 0.`)
    .optional();
const optionalText = (field: string, max: number) => text().trim().max(max, `The ${field} may not be greater than ${max} characters.`).optional();

/** A catalogue line of a draft (ours: HitPay's document gives its orders no lines): a product's variant, its first when none is named. */
const DraftProductSchema = z.object({
  product_id: z.uuid('The products.product_id must be a valid product id.'),
  variation_id: z.uuid('The products.variation_id must be a valid variation id.').optional(),
  quantity: z
    .union([z.number(), text().trim().regex(/^\d+$/, 'The quantity must be an integer.')])
    .optional()
    .transform((v) => (v === undefined ? 1 : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 10_000, 'The quantity must be an integer from 1 to 10000.'),
});

/**
 * HitPay's create and update body (its document lists every field as required with a default: each is optional
 * here, as its defaults say). JSON or a form; numbers and booleans are read from text too. `products` is ours: a
 * draft's lines from the catalogue, at its prices (else `amount` is one custom line).
 */
export const PublicOrderBodySchema = z.object({
  amount: amountOf('amount'),
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be 3 letters.')
    .optional(),
  remark: optionalText('remark', 500),
  location_id: z.uuid('The selected location id is invalid.').optional(),
  customer_id: z.uuid('The selected customer id is invalid.').optional(),
  customer_pickup: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'], 'The customer pickup field must be true or false.')]).optional(),
  channel: z.enum(['point_of_sale', 'online_shop'], 'The selected channel is invalid.').optional(),
  business_user_id: optionalText('business user id', 100),
  discount_reason: optionalText('discount reason', 255),
  discount_amount: amountOf('discount amount'),
  version: z.enum(['1.0', '2.0'], 'The selected version is invalid.').optional(),
  products: z.array(DraftProductSchema).max(100, 'Use at most 100 products.').optional(),
});
export type PublicOrderBody = z.output<typeof PublicOrderBodySchema>;

export const PublicOrderParamsSchema = z.object({ order_id: text().max(100) });

const OrderFormField = z.object({ type: z.string(), title: z.string(), deleted: z.boolean(), include: z.boolean(), required: z.boolean() });

export const PublicOrderLineSchema = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  /** Major units. */
  price: z.number(),
  add_ons: z.array(z.object({ id: z.string().nullable(), name: z.string(), price: z.number() })),
  discount_amount: z.number(),
  tax_amount: z.number(),
  total: z.number(),
});

/** HitPay's order (its example's fields); amounts in major units as numbers; times `YYYY-MM-DDTHH:mm:ss` (UTC). */
export const PublicOrderSchema = z.object({
  id: z.string(),
  order_display_number: z.number().int(),
  business_id: z.string(),
  channel: z.literal('point_of_sale'),
  version: z.literal('1.0'),
  customer_id: z.string().nullable(),
  business_customer_id: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  customer_pickup: z.boolean(),
  currency: z.string(),
  order_discount_name: z.string().nullable(),
  status: z.enum(PUBLIC_ORDER_STATUSES),
  /** The order's note, else a quick sale's description; left out when it has neither. */
  remark: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  /** Ours: a draft paid at the register names the register order that paid it (left out otherwise). */
  paid_order_id: z.string().optional(),
  location_id: z.string().nullable(),
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The staff member who sold it. */
  business_user_id: z.string(),
  slot_date: z.null(),
  slot_time: z.null(),
  messages: z.null(),
  products: z.array(z.object({ id: z.string(), variant_id: z.string().nullable(), name: z.string(), quantity: z.number().int(), price: z.number() })),
  charges: z.array(
    z.object({
      id: z.string(),
      payment_id: z.string().nullable(),
      method: z.enum(['cash', 'card', 'paynow']),
      amount: z.number(),
      refunded_amount: z.number(),
    }),
  ),
  line_items: z.array(PublicOrderLineSchema),
  /** The register's order form, each field on it in HitPay's shape. */
  order_form: z.record(z.string(), OrderFormField),
  order_form_response: z.array(z.object({ field: z.string(), title: z.string(), value: z.string() })),
  coupon: z.null(),
  payment_status: z.enum(['paid', 'partially_refunded', 'refunded']).nullable(),
  fulfilment_status: z.string(),
  line_items_total: z.number(),
  order_discount_amount: z.number(),
  line_item_discount_amount: z.number(),
  line_item_tax_amount: z.number(),
  additional_discount_amount: z.number(),
  total_discount_amount: z.number(),
  line_item_price: z.number(),
  shipping_amount: z.number(),
  total_coupon_amount: z.number(),
  amount: z.number(),
  subtotal: z.number(),
});
export type PublicOrder = z.infer<typeof PublicOrderSchema>;

/** HitPay's document types `from` and a pager link's `url` a number and a string: 0 and left out where Laravel writes null. */
export const PublicOrderPageSchema = laravelPageOf(PublicOrderSchema, { typed: true });
