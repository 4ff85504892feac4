import { z } from 'zod';
import { MoneySchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { DISCOUNT_CHANNELS } from './statuses';
import {
  AdjustmentValueBodySchema,
  AdjustmentValueSchema,
  IdListSchema,
  MinimumSpendSchema,
  PricingListQuerySchema,
  PricingNameSchema,
  PricingStatusSchema,
  checkLocationScope,
  locationScopeFields,
} from './pricing-fields';

/**
 * Discounts (docs/catalogue.md, "Built (part 3)"): a percentage or a fixed amount off the order or off each unit of
 * the named products and categories, with a minimum spend, the channels and locations that offer it, an optional
 * schedule in the business's time zone, applied automatically or by the cashier, and an optional total usage limit
 * (a counter row incremented with a conditional update when a sale redeems it: never exceeded).
 */

export const DiscountChannelSchema = z.enum(DISCOUNT_CHANNELS, 'Choose the register or the online store');
export const DISCOUNT_APPLIES_TO = ['order', 'items'] as const;

/** A wall-clock time of the business's time zone: `2026-12-24T18:00`. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
export const LocalDateTimeSchema = text()
  .trim()
  .regex(LOCAL_DATE_TIME, 'Enter a date and time as YYYY-MM-DDTHH:MM')
  .refine((v) => {
    const m = LOCAL_DATE_TIME.exec(v);
    if (!m) return true;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    return y >= 2000 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  }, 'Enter a real date between 2000 and 2999');

/** The most a usage limit may be. */
export const MAX_USAGE_LIMIT = 1_000_000_000;

const discountFields = {
  name: PricingNameSchema,
  value: AdjustmentValueBodySchema,
  applies_to: z.enum(DISCOUNT_APPLIES_TO, 'Choose the order or named products').default('order'),
  product_ids: IdListSchema('product').default([]),
  category_ids: IdListSchema('category', 100).default([]),
  /** The discount applies when what it applies to comes to at least this, before discounts (minor units). */
  minimum_spend: MinimumSpendSchema.default(null),
  channels: z.array(DiscountChannelSchema).min(1, 'Choose at least one channel').max(2).default(['pos', 'online_store']),
  ...locationScopeFields,
  /** In the business's time zone; none: from now on, and for ever. */
  starts_at: LocalDateTimeSchema.nullable().default(null),
  ends_at: LocalDateTimeSchema.nullable().default(null),
  /** Applied to every sale it fits by itself, or chosen by the cashier. */
  automatic: z.boolean('Say whether it applies by itself').default(false),
  /** How many sales may use it, in all; none for no limit. */
  usage_limit: z
    .number('Enter a number')
    .int('Use a whole number')
    .min(1, 'Allow at least one use')
    .max(MAX_USAGE_LIMIT, 'The limit is too large')
    .nullable()
    .default(null),
};

type ScopeInput = {
  value?: { type: string; amount?: number } | undefined;
  applies_to?: string | undefined;
  product_ids?: readonly string[] | undefined;
  category_ids?: readonly string[] | undefined;
  channels?: readonly string[] | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
};

/** The rules across fields, on a whole discount (a change is checked merged with the stored one). */
export function checkDiscount(d: ScopeInput, ctx: z.RefinementCtx): void {
  if (d.applies_to === 'items' && (d.product_ids ?? []).length + (d.category_ids ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'Choose at least one product or category' });
  }
  if (d.channels && new Set(d.channels).size !== d.channels.length) ctx.addIssue({ code: 'custom', path: ['channels'], message: 'Name each channel once' });
  if (d.starts_at && d.ends_at && d.ends_at <= d.starts_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
}

export const CreateDiscountBodySchema = z.object(discountFields).superRefine((d, ctx) => {
  checkLocationScope(d, ctx);
  checkDiscount(d, ctx);
});
export type CreateDiscountBody = z.input<typeof CreateDiscountBodySchema>;
export type CreateDiscountFields = z.output<typeof CreateDiscountBodySchema>;

/** A change: only the fields sent change; the service checks the rules across fields on the merged discount. */
export const UpdateDiscountBodySchema = z.object({
  name: discountFields.name.optional(),
  value: discountFields.value.optional(),
  applies_to: z.enum(DISCOUNT_APPLIES_TO, 'Choose the order or named products').optional(),
  product_ids: IdListSchema('product').optional(),
  category_ids: IdListSchema('category', 100).optional(),
  minimum_spend: MinimumSpendSchema.optional(),
  channels: z.array(DiscountChannelSchema).min(1, 'Choose at least one channel').max(2).optional(),
  all_locations: z.boolean('Say whether it applies at every location').optional(),
  location_ids: IdListSchema('location').optional(),
  starts_at: LocalDateTimeSchema.nullable().optional(),
  ends_at: LocalDateTimeSchema.nullable().optional(),
  automatic: z.boolean('Say whether it applies by itself').optional(),
  usage_limit: discountFields.usage_limit.unwrap().unwrap().nullable().optional(),
});
export type UpdateDiscountBody = z.input<typeof UpdateDiscountBodySchema>;
export type UpdateDiscountFields = z.output<typeof UpdateDiscountBodySchema>;

export const DiscountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: PricingStatusSchema,
  value: AdjustmentValueSchema,
  applies_to: z.enum(DISCOUNT_APPLIES_TO),
  product_ids: z.array(z.uuid()),
  category_ids: z.array(z.uuid()),
  minimum_spend: MoneySchema.nullable(),
  channels: z.array(DiscountChannelSchema),
  all_locations: z.boolean(),
  location_ids: z.array(z.uuid()),
  /** Wall-clock times of the business's time zone (`YYYY-MM-DDTHH:MM`). */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  automatic: z.boolean(),
  usage_limit: z.number().int().nullable(),
  /** Sales that redeemed it (counted for a discount with a usage limit). */
  times_used: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;
export const DiscountListSchema = z.object({ data: z.array(DiscountSchema) });

export const DiscountParamsSchema = BusinessParamsSchema.extend({ discount_id: z.uuid() });

const DISCOUNT_ERRORS = ['DISCOUNT_NOT_FOUND'] as const;
const read = { kind: 'business', permission: 'catalogue:view', standing: 'merchant' } as const;
const change = { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' } as const;

export const discountEndpoints = {
  list: defineEndpoint({
    id: 'discounts.list',
    method: 'GET',
    path: '/v1/business/:business_id/discounts',
    summary: 'Discounts by name, searched by name, active by default',
    access: read,
    params: BusinessParamsSchema,
    query: PricingListQuerySchema,
    response: DiscountListSchema,
  }),
  get: defineEndpoint({
    id: 'discounts.get',
    method: 'GET',
    path: '/v1/business/:business_id/discounts/:discount_id',
    summary: 'One discount with its rules and how often it was used',
    access: read,
    params: DiscountParamsSchema,
    response: DiscountSchema,
    errors: [...DISCOUNT_ERRORS],
  }),
  create: defineEndpoint({
    id: 'discounts.create',
    method: 'POST',
    path: '/v1/business/:business_id/discounts',
    summary: 'Add a discount (needs catalogue:pricing too)',
    access: change,
    params: BusinessParamsSchema,
    body: CreateDiscountBodySchema,
    response: DiscountSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'discounts.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/discounts/:discount_id',
    summary: 'Change a discount’s fields (only those sent; needs catalogue:pricing too)',
    access: change,
    params: DiscountParamsSchema,
    body: UpdateDiscountBodySchema,
    response: DiscountSchema,
    errors: [...DISCOUNT_ERRORS],
  }),
  archive: defineEndpoint({
    id: 'discounts.archive',
    method: 'POST',
    path: '/v1/business/:business_id/discounts/:discount_id/archive',
    summary: 'Archive a discount: no sale takes it any more (needs catalogue:pricing too)',
    access: change,
    params: DiscountParamsSchema,
    response: DiscountSchema,
    errors: [...DISCOUNT_ERRORS],
  }),
  unarchive: defineEndpoint({
    id: 'discounts.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/discounts/:discount_id/unarchive',
    summary: 'Bring an archived discount back (needs catalogue:pricing too)',
    access: change,
    params: DiscountParamsSchema,
    response: DiscountSchema,
    errors: [...DISCOUNT_ERRORS],
  }),
} as const;
