import { z } from 'zod';
import { MAX_LINE_QUANTITY, MinorAmountSchema, MoneySchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { CashierDiscountSchema } from '@merchant/catalogue';

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

/**
 * A line of the register's cart kept in an open order: the variant, its quantity and the unit price the cart shows. A
 * draft keeps neither add-ons nor a discount of its own per line: a line with either is refused (422 on the line's
 * `add_on_ids` or `discount`), never kept without them.
 */
export const SaveRegisterDraftLineSchema = z.object({
  variant_id: z.uuid('Choose a product from the list'),
  quantity: z.number('Enter a quantity').int('Use a whole quantity').min(1, 'The quantity is at least 1').max(MAX_LINE_QUANTITY, 'The quantity is too large'),
  unit_price: MinorAmountSchema,
  add_on_ids: z.array(z.uuid('Choose an add-on from the list')).max(50, 'Choose at most 50 add-ons').default([]),
  discount: CashierDiscountSchema.nullish(),
});

export const ADD_ONS_NOT_KEPT = 'An open order keeps no add-ons: charge this line now, or ring it up without them to save the cart.';
export const LINE_DISCOUNT_NOT_KEPT =
  'An open order keeps no discount per line: charge this line now, or take its discount off (a discount on the order is kept).';

/**
 * The register's cart saved as an open order (Square's "Save", Shopify POS's "Save cart"): its lines, customer, note
 * and order discount, kept for the register's location (docs/pos.md, "Saving the cart as an open order").
 */
export const SaveRegisterDraftBodySchema = z
  .object({
    location_id: z.uuid('Choose a location from the list'),
    lines: z.array(SaveRegisterDraftLineSchema).min(1, 'Add at least one line').max(200, 'An open order has at most 200 lines'),
    customer_id: z.uuid('Choose a customer from the list').nullish(),
    note: text()
      .trim()
      .max(500, 'Use at most 500 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The cart's discount on the order: a fixed amount is kept as it is, a percentage as its amount off the lines. */
    order_discount: CashierDiscountSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    b.lines.forEach((l, i) => {
      if (l.add_on_ids.length > 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'add_on_ids'], message: ADD_ONS_NOT_KEPT });
      if (l.discount) ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: LINE_DISCOUNT_NOT_KEPT });
    });
  });
export type SaveRegisterDraftBody = z.input<typeof SaveRegisterDraftBodySchema>;
export type SaveRegisterDraftFields = z.output<typeof SaveRegisterDraftBodySchema>;

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
  save: defineEndpoint({
    id: 'registerDrafts.save',
    method: 'POST',
    path: base,
    summary: 'Save the register’s cart as an open draft order of its location (audited); it is listed, opened and paid as any draft',
    access: use,
    params: BusinessParamsSchema,
    body: SaveRegisterDraftBodySchema,
    response: RegisterDraftSchema,
    status: 201,
    errors: ['LOCATION_NOT_ALLOWED'],
  }),
  update: defineEndpoint({
    id: 'registerDrafts.update',
    method: 'PUT',
    path: `${base}/:draft_id`,
    summary: 'Save the register’s cart into the open draft order it was opened from (audited); a draft paid meanwhile stays (409)',
    access: use,
    params: RegisterDraftParamsSchema,
    body: SaveRegisterDraftBodySchema,
    response: RegisterDraftSchema,
    errors: ['POS_ORDER_NOT_FOUND', 'POS_DRAFT_ALREADY_PAID', 'LOCATION_NOT_ALLOWED'],
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
