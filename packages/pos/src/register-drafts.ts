import { z } from 'zod';
import { MoneySchema, defineEndpoint } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Draft orders on the register (docs/pos.md, "Draft orders on the register"): the drafts kept through the public API
 * (`POST /v1/orders`) that are still open, listed for the register's location; the register loads one into its cart
 * and the sale that names it (`draft_id`) pays it, in the sale's own transaction, once.
 */

/** A draft's line as the register loads it: the catalogue's variant as it sells now, or the draft's custom amount. */
export const RegisterDraftLineSchema = z.object({
  line_id: z.string(),
  /** Null for a custom amount (the register rings it up as a quick sale). */
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  category_id: z.uuid().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** The price the draft was kept at. */
  draft_unit_price: MoneySchema,
  /** The catalogue's price now (the sale is priced with it); null for a custom amount or a product the register no longer sells. */
  unit_price: MoneySchema.nullable(),
  /** Whether the register sells the variant now (active, on the point of sale, in the business's currency). */
  sellable: z.boolean(),
});

export const RegisterDraftSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  customer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  /** The draft's discount off the order (a fixed amount), with its reason. */
  discount: MoneySchema,
  discount_reason: z.string().nullable(),
  subtotal: MoneySchema,
  total: MoneySchema,
  lines: z.array(RegisterDraftLineSchema),
  created_at: z.string(),
});
export type RegisterDraft = z.infer<typeof RegisterDraftSchema>;

export const RegisterDraftsQuerySchema = z.object({ location_id: z.uuid('Choose a location from the list') });
export const RegisterDraftParamsSchema = BusinessParamsSchema.extend({ draft_id: z.uuid() });

const use = { kind: 'business', permission: 'pos:use', standing: 'merchant' } as const;
const base = '/v1/business/:business_id/pos/draft-orders';

export const registerDraftEndpoints = {
  list: defineEndpoint({
    id: 'registerDrafts.list',
    method: 'GET',
    path: base,
    summary: 'The open draft orders of a location (and those kept for no location), oldest first, for the register',
    access: use,
    params: BusinessParamsSchema,
    query: RegisterDraftsQuerySchema,
    response: z.object({ data: z.array(RegisterDraftSchema) }),
    errors: ['LOCATION_NOT_FOUND', 'LOCATION_NOT_ALLOWED'],
  }),
  remove: defineEndpoint({
    id: 'registerDrafts.remove',
    method: 'DELETE',
    path: `${base}/:draft_id`,
    summary: 'Delete an open draft order from the register (audited); a paid draft stays (409)',
    access: use,
    params: RegisterDraftParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['POS_ORDER_NOT_FOUND', 'POS_DRAFT_ALREADY_PAID', 'LOCATION_NOT_ALLOWED'],
  }),
} as const;
