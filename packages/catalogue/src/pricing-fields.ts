import { z } from 'zod';
import { FULL_RATE, MinorAmountSchema, MoneySchema, PositiveMinorAmountSchema, text } from '@merchant/core';
import { PRICING_STATUSES } from './statuses';

/**
 * Fields shared by taxes, discounts and surcharges (docs/catalogue.md, "Built (part 3)"): a name, where they apply
 * (every location or the named ones), a status, and a value that is a percentage (basis points: 900 = 9 %) or a fixed
 * amount in minor units.
 */

export const PricingStatusSchema = z.enum(PRICING_STATUSES);

export const PRICING_STATUS_FILTERS = ['active', 'archived', 'all'] as const;

/** The list's filters: part of the name, and the status (active by default). */
export const PricingListQuerySchema = z.object({
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum(PRICING_STATUS_FILTERS).default('active'),
});
export type PricingListQuery = z.output<typeof PricingListQuerySchema>;

export const PricingNameSchema = text().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters');

/** At most this many ids in one list of locations, products or categories. */
export const MAX_SCOPE_IDS = 500;

const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;
export const IdListSchema = (what: string, max = MAX_SCOPE_IDS) =>
  z
    .array(z.uuid(`Choose a ${what} from the list`))
    .max(max, `Choose at most ${max}`)
    .refine(uniqueIds, `Name each ${what} once`);

/** A rate in basis points: 0 to 100 %. */
export const RateSchema = z
  .number('Enter a rate')
  .int('Use at most two decimals (8.25 %)')
  .min(0, 'A rate cannot be negative')
  .max(FULL_RATE, 'A rate is at most 100 %');

/** A percentage (more than 0 %) or a fixed amount (more than zero), as bodies send it. */
export const AdjustmentValueBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('percentage'), rate: RateSchema.min(1, 'A rate is more than 0 %') }),
    z.object({ type: z.literal('fixed'), amount: PositiveMinorAmountSchema }),
  ],
  'Choose a percentage or a fixed amount',
);
export type AdjustmentValueBody = z.infer<typeof AdjustmentValueBodySchema>;

/** The same in answers: the fixed amount with its currency. */
export const AdjustmentValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percentage'), rate: z.number().int() }),
  z.object({ type: z.literal('fixed'), amount: MoneySchema }),
]);
export type AdjustmentValue = z.infer<typeof AdjustmentValueSchema>;

/** Where it applies: every location (`all_locations`, new ones too) or only the named ones. */
export const locationScopeFields = {
  all_locations: z.boolean('Say whether it applies at every location').default(true),
  location_ids: IdListSchema('location').default([]),
};

/** Checks a location scope: the named locations only when not every location. */
export function checkLocationScope(s: { all_locations?: boolean | undefined; location_ids?: readonly string[] | undefined }, ctx: z.RefinementCtx): void {
  if (s.all_locations === false && (s.location_ids ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['location_ids'], message: 'Choose at least one location, or every location' });
  }
}

export const MinimumSpendSchema = MinorAmountSchema.nullable();

/** A rate in basis points as people read it: 900 → "9 %", 825 → "8.25 %". */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
}
