import { z } from 'zod';
import { defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { SURCHARGE_KINDS } from './statuses';
import {
  AdjustmentValueBodySchema,
  AdjustmentValueSchema,
  IdListSchema,
  PricingListQuerySchema,
  PricingNameSchema,
  PricingStatusSchema,
  checkLocationScope,
  locationScopeFields,
} from './pricing-fields';

/**
 * Surcharges (docs/catalogue.md, "Built (part 3)"): a service charge or a card surcharge, a percentage of the order
 * after discounts and before tax or a fixed amount, taxed or not (by the taxes it names, or, naming none, by the
 * lines' own taxes), at every location or the named ones.
 */

export const SurchargeKindSchema = z.enum(SURCHARGE_KINDS, 'Choose service charge or card surcharge');

/** A surcharge names at most this many taxes. */
export const MAX_SURCHARGE_TAXES = 10;

const surchargeFields = {
  name: PricingNameSchema,
  kind: SurchargeKindSchema,
  value: AdjustmentValueBodySchema,
  taxable: z.boolean('Say whether it is taxed').default(false),
  /** The taxes of a taxable surcharge; none: each line's taxes on its part. */
  tax_ids: IdListSchema('tax', MAX_SURCHARGE_TAXES).default([]),
  ...locationScopeFields,
};

export function checkSurchargeTaxes(s: { taxable?: boolean | undefined; tax_ids?: readonly string[] | undefined }, ctx: z.RefinementCtx): void {
  if (s.taxable === false && (s.tax_ids ?? []).length > 0)
    ctx.addIssue({ code: 'custom', path: ['tax_ids'], message: 'A surcharge that is not taxed names no taxes' });
}

export const CreateSurchargeBodySchema = z.object(surchargeFields).superRefine((s, ctx) => {
  checkLocationScope(s, ctx);
  checkSurchargeTaxes(s, ctx);
});
export type CreateSurchargeBody = z.input<typeof CreateSurchargeBodySchema>;
export type CreateSurchargeFields = z.output<typeof CreateSurchargeBodySchema>;

/** A change: only the fields sent change; the service checks the rules across fields on the merged surcharge. */
export const UpdateSurchargeBodySchema = z.object({
  name: surchargeFields.name.optional(),
  kind: surchargeFields.kind.optional(),
  value: surchargeFields.value.optional(),
  taxable: z.boolean('Say whether it is taxed').optional(),
  tax_ids: IdListSchema('tax', MAX_SURCHARGE_TAXES).optional(),
  all_locations: z.boolean('Say whether it applies at every location').optional(),
  location_ids: IdListSchema('location').optional(),
});
export type UpdateSurchargeBody = z.input<typeof UpdateSurchargeBodySchema>;
export type UpdateSurchargeFields = z.output<typeof UpdateSurchargeBodySchema>;

export const SurchargeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: PricingStatusSchema,
  kind: SurchargeKindSchema,
  value: AdjustmentValueSchema,
  taxable: z.boolean(),
  tax_ids: z.array(z.uuid()),
  all_locations: z.boolean(),
  location_ids: z.array(z.uuid()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Surcharge = z.infer<typeof SurchargeSchema>;
export const SurchargeListSchema = z.object({ data: z.array(SurchargeSchema) });

export const SurchargeParamsSchema = BusinessParamsSchema.extend({ surcharge_id: z.uuid() });

const SURCHARGE_ERRORS = ['SURCHARGE_NOT_FOUND'] as const;
const read = { kind: 'business', permission: 'catalogue:view', standing: 'merchant' } as const;
const change = { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' } as const;

export const surchargeEndpoints = {
  list: defineEndpoint({
    id: 'surcharges.list',
    method: 'GET',
    path: '/v1/business/:business_id/surcharges',
    summary: 'Surcharges by name, searched by name, active by default',
    access: read,
    params: BusinessParamsSchema,
    query: PricingListQuerySchema,
    response: SurchargeListSchema,
  }),
  get: defineEndpoint({
    id: 'surcharges.get',
    method: 'GET',
    path: '/v1/business/:business_id/surcharges/:surcharge_id',
    summary: 'One surcharge',
    access: read,
    params: SurchargeParamsSchema,
    response: SurchargeSchema,
    errors: [...SURCHARGE_ERRORS],
  }),
  create: defineEndpoint({
    id: 'surcharges.create',
    method: 'POST',
    path: '/v1/business/:business_id/surcharges',
    summary: 'Add a surcharge (needs catalogue:pricing too)',
    access: change,
    params: BusinessParamsSchema,
    body: CreateSurchargeBodySchema,
    response: SurchargeSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'surcharges.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/surcharges/:surcharge_id',
    summary: 'Change a surcharge’s fields (only those sent; needs catalogue:pricing too)',
    access: change,
    params: SurchargeParamsSchema,
    body: UpdateSurchargeBodySchema,
    response: SurchargeSchema,
    errors: [...SURCHARGE_ERRORS],
  }),
  archive: defineEndpoint({
    id: 'surcharges.archive',
    method: 'POST',
    path: '/v1/business/:business_id/surcharges/:surcharge_id/archive',
    summary: 'Archive a surcharge: no sale adds it any more (needs catalogue:pricing too)',
    access: change,
    params: SurchargeParamsSchema,
    response: SurchargeSchema,
    errors: [...SURCHARGE_ERRORS],
  }),
  unarchive: defineEndpoint({
    id: 'surcharges.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/surcharges/:surcharge_id/unarchive',
    summary: 'Bring an archived surcharge back (needs catalogue:pricing too)',
    access: change,
    params: SurchargeParamsSchema,
    response: SurchargeSchema,
    errors: [...SURCHARGE_ERRORS],
  }),
} as const;
