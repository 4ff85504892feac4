import { z } from 'zod';
import { defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { TAX_ROUNDINGS } from './statuses';
import {
  IdListSchema,
  PricingListQuerySchema,
  PricingNameSchema,
  PricingStatusSchema,
  RateSchema,
  checkLocationScope,
  locationScopeFields,
} from './pricing-fields';

/**
 * Taxes (docs/catalogue.md, "Built (part 3)"), Square's model: a rate, the locations it applies at (every one or the
 * named ones), and the products it applies to (every product, or the named products and categories). The business's
 * tax settings say whether prices include tax and how tax rounds; `pricing.prepareOrder` turns them into the order
 * arithmetic's input.
 */

export const TAX_APPLIES_TO = ['all_products', 'selected'] as const;

const taxFields = {
  name: PricingNameSchema,
  /** Basis points: 900 = 9 %, 825 = 8.25 %. */
  rate: RateSchema,
  ...locationScopeFields,
  applies_to: z.enum(TAX_APPLIES_TO, 'Choose every product or the named ones').default('all_products'),
  product_ids: IdListSchema('product').default([]),
  category_ids: IdListSchema('category', 100).default([]),
};

function checkTaxScope(
  t: { applies_to?: string | undefined; product_ids?: readonly string[] | undefined; category_ids?: readonly string[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (t.applies_to === 'selected' && (t.product_ids ?? []).length + (t.category_ids ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'Choose at least one product or category' });
  }
}

export const CreateTaxBodySchema = z.object(taxFields).superRefine((t, ctx) => {
  checkLocationScope(t, ctx);
  checkTaxScope(t, ctx);
});
export type CreateTaxBody = z.input<typeof CreateTaxBodySchema>;
export type CreateTaxFields = z.output<typeof CreateTaxBodySchema>;

/** A change: only the fields sent change (the scopes are checked again with the stored values). */
export const UpdateTaxBodySchema = z
  .object({
    name: taxFields.name.optional(),
    rate: taxFields.rate.optional(),
    all_locations: z.boolean('Say whether it applies at every location').optional(),
    location_ids: IdListSchema('location').optional(),
    applies_to: z.enum(TAX_APPLIES_TO, 'Choose every product or the named ones').optional(),
    product_ids: IdListSchema('product').optional(),
    category_ids: IdListSchema('category', 100).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.all_locations !== undefined && t.location_ids !== undefined) checkLocationScope(t, ctx);
    if (t.applies_to !== undefined && t.product_ids !== undefined && t.category_ids !== undefined) checkTaxScope(t, ctx);
  });
export type UpdateTaxBody = z.input<typeof UpdateTaxBodySchema>;
export type UpdateTaxFields = z.output<typeof UpdateTaxBodySchema>;

export const TaxSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  rate: z.number().int(),
  status: PricingStatusSchema,
  all_locations: z.boolean(),
  location_ids: z.array(z.uuid()),
  applies_to: z.enum(TAX_APPLIES_TO),
  product_ids: z.array(z.uuid()),
  category_ids: z.array(z.uuid()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tax = z.infer<typeof TaxSchema>;
export const TaxListSchema = z.object({ data: z.array(TaxSchema) });

export const TaxParamsSchema = BusinessParamsSchema.extend({ tax_id: z.uuid() });

/** Business-wide: prices include tax or not, and tax rounds per line or once per order. */
export const TaxSettingsSchema = z.object({
  prices_include_tax: z.boolean('Say whether prices include tax'),
  rounding: z.enum(TAX_ROUNDINGS, 'Choose rounding per line or per order'),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;
/** A business that has saved nothing: prices before tax, tax rounded per line. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = { prices_include_tax: false, rounding: 'line' };

const TAX_ERRORS = ['TAX_NOT_FOUND'] as const;
const read = { kind: 'business', permission: 'catalogue:view', standing: 'merchant' } as const;
const change = { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' } as const;

export const taxEndpoints = {
  list: defineEndpoint({
    id: 'taxes.list',
    method: 'GET',
    path: '/v1/business/:business_id/taxes',
    summary: 'Taxes by name, searched by name, active by default',
    access: read,
    params: BusinessParamsSchema,
    query: PricingListQuerySchema,
    response: TaxListSchema,
  }),
  get: defineEndpoint({
    id: 'taxes.get',
    method: 'GET',
    path: '/v1/business/:business_id/taxes/:tax_id',
    summary: 'One tax with its rate, locations and products',
    access: read,
    params: TaxParamsSchema,
    response: TaxSchema,
    errors: [...TAX_ERRORS],
  }),
  create: defineEndpoint({
    id: 'taxes.create',
    method: 'POST',
    path: '/v1/business/:business_id/taxes',
    summary: 'Add a tax (needs catalogue:pricing too)',
    access: change,
    params: BusinessParamsSchema,
    body: CreateTaxBodySchema,
    response: TaxSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'taxes.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/taxes/:tax_id',
    summary: 'Change a tax’s fields (only those sent; needs catalogue:pricing too)',
    access: change,
    params: TaxParamsSchema,
    body: UpdateTaxBodySchema,
    response: TaxSchema,
    errors: [...TAX_ERRORS],
  }),
  archive: defineEndpoint({
    id: 'taxes.archive',
    method: 'POST',
    path: '/v1/business/:business_id/taxes/:tax_id/archive',
    summary: 'Archive a tax: new sales no longer charge it (needs catalogue:pricing too)',
    access: change,
    params: TaxParamsSchema,
    response: TaxSchema,
    errors: [...TAX_ERRORS],
  }),
  unarchive: defineEndpoint({
    id: 'taxes.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/taxes/:tax_id/unarchive',
    summary: 'Bring an archived tax back (needs catalogue:pricing too)',
    access: change,
    params: TaxParamsSchema,
    response: TaxSchema,
    errors: [...TAX_ERRORS],
  }),
  settings: defineEndpoint({
    id: 'taxes.settings',
    method: 'GET',
    path: '/v1/business/:business_id/tax-settings',
    summary: 'The business-wide tax settings: prices include tax or not, rounding per line or per order',
    access: read,
    params: BusinessParamsSchema,
    response: TaxSettingsSchema,
  }),
  saveSettings: defineEndpoint({
    id: 'taxes.saveSettings',
    method: 'PUT',
    path: '/v1/business/:business_id/tax-settings',
    summary: 'Save the tax settings (needs catalogue:pricing too)',
    access: change,
    params: BusinessParamsSchema,
    body: TaxSettingsSchema,
    response: TaxSettingsSchema,
  }),
} as const;
