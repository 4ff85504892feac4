import { z } from 'zod';
import { CurrencyCodeSchema, MinorAmountSchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import { BusinessAddressSchema, BusinessParamsSchema, CountryCodeSchema } from '@merchant/business';
import { OpeningHoursSchema, WeekdaySchema } from './locations';
import { formatPostcodePattern, parsePostcodePattern } from './postcodes';

/**
 * The online store's delivery (docs/online-store.md, "Shipping and coupons"): shipping zones (countries and optional
 * postcode patterns) with their rates, and pickup points at the catalogue's locations. The checkout asks the server
 * for the rates of an address (`quoteDelivery`) and the active pickups.
 */

export const SHIPPING_RATE_KINDS = ['flat', 'weight', 'value'] as const;
export type ShippingRateKind = (typeof SHIPPING_RATE_KINDS)[number];
export const MAX_ZONE_RATES = 20;
export const MAX_RATE_BANDS = 20;

const name = (max: number) => text().trim().min(1, 'Enter a name').max(max, `Use at most ${max} characters`);
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A band: the rate's amount for a weight (grams) or an order value (minor units) up to and including `up_to`;
 * `null` on the last band: no upper limit. Bands go up in order; beyond the last bound the rate is not offered.
 */
export const RateBandSchema = z.object({
  up_to: z.number('Enter a number').int('Use a whole number').min(1, 'Enter more than 0').max(Number.MAX_SAFE_INTEGER).nullable(),
  amount: MinorAmountSchema,
});
export type RateBand = z.infer<typeof RateBandSchema>;

const Bands = z
  .array(RateBandSchema)
  .min(1, 'Add at least one band')
  .max(MAX_RATE_BANDS, `Use at most ${MAX_RATE_BANDS} bands`)
  .superRefine((bands, ctx) => {
    bands.forEach((band, i) => {
      const before = bands[i - 1];
      if (band.up_to === null && i < bands.length - 1)
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: 'Only the last band may have no upper limit' });
      if (before && before.up_to !== null && band.up_to !== null && band.up_to <= before.up_to)
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: 'Each band must go higher than the one before' });
    });
  });

const rateCommon = {
  /** Kept when the zone is saved again: the checkout's chosen rate stays the same rate. */
  id: z.uuid().optional(),
  name: name(80),
  /** Shown beside the price: "2 to 4 working days". */
  estimate: optionalText(80),
  /** The rate is free when the order's subtotal reaches this amount. */
  free_over: PositiveMinorAmountSchema.nullish().transform((v) => v ?? null),
};

export const ShippingRateBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...rateCommon, kind: z.literal('flat'), amount: MinorAmountSchema }),
    z.object({ ...rateCommon, kind: z.literal('weight'), bands: Bands }),
    z.object({ ...rateCommon, kind: z.literal('value'), bands: Bands }),
  ],
  'Choose flat, by weight or by order value',
);
export type ShippingRateBody = z.input<typeof ShippingRateBodySchema>;
export type ShippingRateFields = z.output<typeof ShippingRateBodySchema>;

const PostcodePatternSchema = text()
  .trim()
  .superRefine((value, ctx) => {
    const parsed = parsePostcodePattern(value);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .transform((value) => {
    const parsed = parsePostcodePattern(value);
    return 'error' in parsed ? value : formatPostcodePattern(parsed);
  });

export const ShippingZoneBodySchema = z.object({
  name: name(80),
  countries: z
    .array(CountryCodeSchema)
    .min(1, 'Choose at least one country')
    .max(250, 'Choose at most 250 countries')
    .transform((cs) => [...new Set(cs)]),
  /** Exact postcodes, prefixes (`12*`) or ranges (`10000-19999`); none: the whole of its countries. */
  postcodes: z
    .array(PostcodePatternSchema)
    .max(500, 'Use at most 500 postcode patterns')
    .default([])
    .transform((ps) => [...new Set(ps)]),
  rates: z.array(ShippingRateBodySchema).min(1, 'Add at least one rate').max(MAX_ZONE_RATES, `Use at most ${MAX_ZONE_RATES} rates`),
});
export type ShippingZoneBody = z.input<typeof ShippingZoneBodySchema>;
export type ShippingZoneFields = z.output<typeof ShippingZoneBodySchema>;

export const ShippingRateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  estimate: z.string().nullable(),
  kind: z.enum(SHIPPING_RATE_KINDS),
  /** Minor units of the zone's currency: the flat amount (null for banded rates). */
  amount: z.number().nullable(),
  bands: z.array(z.object({ up_to: z.number().nullable(), amount: z.number() })),
  free_over: z.number().nullable(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

export const ShippingZoneSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Lower-case ISO 3166 codes. */
  countries: z.array(z.string()),
  postcodes: z.array(z.string()),
  /** The currency of its rates' amounts: the business's. */
  currency: CurrencyCodeSchema,
  rates: z.array(ShippingRateSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

export const ShippingZoneFiltersSchema = z.object({ q: text().trim().max(100, 'Use at most 100 characters').optional() });
export const ShippingZoneParamsSchema = BusinessParamsSchema.extend({ zone_id: z.uuid() });

export const PickupBodySchema = z.object({
  location_id: z.uuid('Choose a location from the list'),
  name: name(80),
  hours: OpeningHoursSchema,
  /** Shown to the customer: where to go, what to bring. */
  instructions: optionalText(1000),
  active: z.boolean().default(true),
});
export type PickupBody = z.input<typeof PickupBodySchema>;
export type PickupFields = z.output<typeof PickupBodySchema>;

export const PickupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.object({ id: z.uuid(), name: z.string(), address: BusinessAddressSchema }),
  hours: z.record(WeekdaySchema, z.object({ opens: z.string(), closes: z.string() }).nullable()),
  instructions: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pickup = z.infer<typeof PickupSchema>;
export const PickupFiltersSchema = z.object({
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export const PickupParamsSchema = BusinessParamsSchema.extend({ pickup_id: z.uuid() });

const SHOW = { kind: 'business', permission: 'store:view', standing: 'merchant' } as const;
const MANAGE = { kind: 'business', permission: 'store:manage', standing: 'merchant' } as const;

export const shippingEndpoints = {
  listZones: defineEndpoint({
    id: 'shipping.listZones',
    method: 'GET',
    path: '/v1/business/:business_id/shipping-zones',
    summary: 'Shipping zones by name with their rates, searched by name',
    access: SHOW,
    params: BusinessParamsSchema,
    query: ShippingZoneFiltersSchema,
    response: z.object({ data: z.array(ShippingZoneSchema) }),
  }),
  getZone: defineEndpoint({
    id: 'shipping.getZone',
    method: 'GET',
    path: '/v1/business/:business_id/shipping-zones/:zone_id',
    summary: 'One shipping zone with its rates',
    access: SHOW,
    params: ShippingZoneParamsSchema,
    response: ShippingZoneSchema,
    errors: ['SHIPPING_ZONE_NOT_FOUND'],
  }),
  createZone: defineEndpoint({
    id: 'shipping.createZone',
    method: 'POST',
    path: '/v1/business/:business_id/shipping-zones',
    summary: 'Add a shipping zone with its rates',
    access: MANAGE,
    params: BusinessParamsSchema,
    body: ShippingZoneBodySchema,
    response: ShippingZoneSchema,
    status: 201,
  }),
  updateZone: defineEndpoint({
    id: 'shipping.updateZone',
    method: 'PUT',
    path: '/v1/business/:business_id/shipping-zones/:zone_id',
    summary: 'Replace a shipping zone and its rates (a rate sent with its id keeps it)',
    access: MANAGE,
    params: ShippingZoneParamsSchema,
    body: ShippingZoneBodySchema,
    response: ShippingZoneSchema,
    errors: ['SHIPPING_ZONE_NOT_FOUND'],
  }),
  removeZone: defineEndpoint({
    id: 'shipping.removeZone',
    method: 'DELETE',
    path: '/v1/business/:business_id/shipping-zones/:zone_id',
    summary: 'Delete a shipping zone and its rates',
    access: MANAGE,
    params: ShippingZoneParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['SHIPPING_ZONE_NOT_FOUND'],
  }),
  listPickups: defineEndpoint({
    id: 'shipping.listPickups',
    method: 'GET',
    path: '/v1/business/:business_id/pickups',
    summary: 'Pickup points by name, searched by name or instructions, filtered by active or not',
    access: SHOW,
    params: BusinessParamsSchema,
    query: PickupFiltersSchema,
    response: z.object({ data: z.array(PickupSchema) }),
  }),
  getPickup: defineEndpoint({
    id: 'shipping.getPickup',
    method: 'GET',
    path: '/v1/business/:business_id/pickups/:pickup_id',
    summary: 'One pickup point',
    access: SHOW,
    params: PickupParamsSchema,
    response: PickupSchema,
    errors: ['PICKUP_NOT_FOUND'],
  }),
  createPickup: defineEndpoint({
    id: 'shipping.createPickup',
    method: 'POST',
    path: '/v1/business/:business_id/pickups',
    summary: 'Add a pickup point at an active location',
    access: MANAGE,
    params: BusinessParamsSchema,
    body: PickupBodySchema,
    response: PickupSchema,
    status: 201,
  }),
  updatePickup: defineEndpoint({
    id: 'shipping.updatePickup',
    method: 'PUT',
    path: '/v1/business/:business_id/pickups/:pickup_id',
    summary: 'Change a pickup point (its location, hours, instructions, active or not)',
    access: MANAGE,
    params: PickupParamsSchema,
    body: PickupBodySchema,
    response: PickupSchema,
    errors: ['PICKUP_NOT_FOUND'],
  }),
} as const;
