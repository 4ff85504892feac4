import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, MinorAmountSchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The online store's coupons (docs/online-store.md, "Shipping and coupons"): a code the customer types at the
 * checkout (unique per business whatever its case) worth a percentage or a fixed amount, off the order or off named
 * products and categories, with a minimum order, limits of uses in total and per customer (by email), the days it
 * works on (the business's calendar days, both included) and active or not. A redeemed coupon becomes an
 * `OrderDiscount` of the order arithmetic.
 */

export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
};

const CODE = /^[A-Za-z0-9_-]+$/;

const Limit = z.number('Enter a number').int('Use a whole number').min(1, 'Enter 1 or more').max(1_000_000, 'Enter at most 1,000,000');

export const CouponValueSchema = z.discriminatedUnion(
  'type',
  [
    /** Basis points: 1000 is 10 %. */
    z.object({
      type: z.literal('percentage'),
      rate: z.number('Enter a percentage').int('Use at most two decimals').min(1, 'Enter more than 0 %').max(10_000, 'Enter at most 100 %'),
    }),
    z.object({ type: z.literal('fixed'), amount: PositiveMinorAmountSchema }),
  ],
  'Choose a percentage or a fixed amount',
);

export const CouponAppliesToSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('order') }),
    z
      .object({
        type: z.literal('items'),
        product_ids: z.array(z.uuid('Choose a product from the list')).max(500, 'Choose at most 500 products').default([]),
        category_ids: z.array(z.uuid('Choose a category from the list')).max(100, 'Choose at most 100 categories').default([]),
      })
      .refine((a) => a.product_ids.length + a.category_ids.length > 0, { message: 'Choose at least one product or category', path: ['product_ids'] }),
  ],
  'Choose the order or products',
);

export const CouponBodySchema = z
  .object({
    code: text().trim().min(3, 'Use at least 3 characters').max(40, 'Use at most 40 characters').regex(CODE, 'Use letters, digits, dashes and underscores'),
    value: CouponValueSchema,
    applies_to: CouponAppliesToSchema,
    /** The order's subtotal must reach it (before discounts). */
    minimum_subtotal: MinorAmountSchema.nullish().transform((v) => v || null),
    usage_limit: Limit.nullish().transform((v) => v ?? null),
    per_customer_limit: Limit.nullish().transform((v) => v ?? null),
    /** The business's calendar days it works on, both included; none: from now, and with no end. */
    starts_on: CalendarDateSchema.nullish().transform((v) => v ?? null),
    ends_on: CalendarDateSchema.nullish().transform((v) => v ?? null),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.starts_on && c.ends_on && c.ends_on < c.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The last day must be on or after the first' });
    if (c.usage_limit !== null && c.per_customer_limit !== null && c.per_customer_limit > c.usage_limit)
      ctx.addIssue({ code: 'custom', path: ['per_customer_limit'], message: 'A customer cannot use it more often than it may be used in total' });
  });
export type CouponBody = z.input<typeof CouponBodySchema>;
export type CouponFields = z.output<typeof CouponBodySchema>;

export const CouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  value: z.discriminatedUnion('type', [
    z.object({ type: z.literal('percentage'), rate: z.number() }),
    z.object({ type: z.literal('fixed'), amount: z.number() }),
  ]),
  applies_to: z.discriminatedUnion('type', [
    z.object({ type: z.literal('order') }),
    z.object({ type: z.literal('items'), product_ids: z.array(z.string()), category_ids: z.array(z.string()) }),
  ]),
  /** The currency of its amounts: the business's. */
  currency: CurrencyCodeSchema,
  minimum_subtotal: z.number().nullable(),
  usage_limit: z.number().nullable(),
  per_customer_limit: z.number().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  active: z.boolean(),
  /** Orders holding it now (a released order gives its use back). */
  used: z.number(),
  status: z.enum(COUPON_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponFiltersSchema = z.object({
  /** Part of the code. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum([...COUPON_STATUSES, 'all']).default('all'),
});
export type CouponFilters = z.input<typeof CouponFiltersSchema>;
export const CouponParamsSchema = BusinessParamsSchema.extend({ coupon_id: z.uuid() });

export const couponEndpoints = {
  list: defineEndpoint({
    id: 'coupons.list',
    method: 'GET',
    path: '/v1/business/:business_id/coupons',
    summary: 'Coupons by code, searched by part of the code, filtered by status (at most 500)',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: CouponFiltersSchema,
    response: z.object({ data: z.array(CouponSchema) }),
  }),
  get: defineEndpoint({
    id: 'coupons.get',
    method: 'GET',
    path: '/v1/business/:business_id/coupons/:coupon_id',
    summary: 'One coupon with its uses',
    access: { kind: 'business', permission: 'store:view', standing: 'merchant' },
    params: CouponParamsSchema,
    response: CouponSchema,
    errors: ['COUPON_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'coupons.create',
    method: 'POST',
    path: '/v1/business/:business_id/coupons',
    summary: 'Add a coupon (its code unique in the business whatever its case)',
    access: { kind: 'business', permission: 'store:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: CouponBodySchema,
    response: CouponSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'coupons.update',
    method: 'PUT',
    path: '/v1/business/:business_id/coupons/:coupon_id',
    summary: 'Change a coupon; its uses so far stay counted',
    access: { kind: 'business', permission: 'store:manage', standing: 'merchant' },
    params: CouponParamsSchema,
    body: CouponBodySchema,
    response: CouponSchema,
    errors: ['COUPON_NOT_FOUND'],
  }),
} as const;
