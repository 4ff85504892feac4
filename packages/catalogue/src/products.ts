import { z } from 'zod';
import { CursorQuerySchema, MinorAmountSchema, MoneySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { StockLevelSchema } from './stock';
import { ImageSchema, MAX_PRODUCT_IMAGES } from './media';
import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, PRODUCT_STATUSES, SALES_CHANNELS } from './statuses';

/**
 * The catalogue's products (docs/catalogue.md): a product has one or more variants (what is sold: price, SKU,
 * barcode); a product without options has exactly one. Prices are integer minor units of the business's currency.
 * Payment links, invoices, the register and the store pick from it; what they sell keeps its own copy of the name
 * and price. A product is archived and brought back, never deleted.
 */

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);
export const SalesChannelSchema = z.enum(SALES_CHANNELS);

/** A SKU or barcode: printable characters without spaces, unique per business across variants (SKUs ignore case). */
const codeSchema = (what: string) =>
  text()
    .trim()
    .max(64, 'Use at most 64 characters')
    .regex(/^[\x21-\x7e]*$/, `A ${what} has letters, digits and signs, without spaces`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalAmount = MinorAmountSchema.nullish().transform((v) => v ?? null);

export const ProductOptionSchema = z.object({
  name: text().trim().min(1, 'Enter a name').max(40, 'Use at most 40 characters'),
  values: z
    .array(text().trim().min(1, 'Enter a value').max(60, 'Use at most 60 characters'))
    .min(1, 'Add at least one value')
    .max(MAX_OPTION_VALUES, `Use at most ${MAX_OPTION_VALUES} values`),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

export const VariantBodySchema = z.object({
  /** A variant of the product to keep (its id stays, so sales and stock keep pointing at it); none for a new one. */
  id: z.uuid().optional(),
  /** One value of each option, in the options' order; empty for a product without options. */
  option_values: z.array(text().trim().min(1, 'Enter a value').max(60)).max(MAX_PRODUCT_OPTIONS).default([]),
  price: PositiveMinorAmountSchema,
  /** The "was" price shown struck through: above the price. */
  compare_at_price: optionalAmount,
  cost: optionalAmount,
  sku: codeSchema('SKU'),
  barcode: codeSchema('barcode'),
  /** What one unit weighs, for the online store's rates by weight; null: none; left out of a change: kept. */
  weight_grams: z.number('Enter a weight in grams').int('Use whole grams').min(1, 'Enter more than 0 g').max(1_000_000, 'Enter at most 1,000,000 g').nullish(),
});
export type VariantBody = z.input<typeof VariantBodySchema>;
export type VariantFields = z.output<typeof VariantBodySchema>;

const productFields = {
  name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  description: text()
    .trim()
    .max(1000, 'Use at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  channels: z
    .array(SalesChannelSchema)
    .min(1, 'Choose where it is sold')
    .max(SALES_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, 'Name each channel once'),
  category_id: z.uuid('Choose a category from the list').nullable(),
  /** Whether sales count stock (the stock part of the catalogue reads it). */
  track_stock: z.boolean(),
  /** Whether a tracked product may sell and be adjusted below zero (Shopify's "continue selling when out of stock"). */
  allow_backorder: z.boolean(),
  options: z.array(ProductOptionSchema).max(MAX_PRODUCT_OPTIONS, `Use at most ${MAX_PRODUCT_OPTIONS} options`),
  variants: z.array(VariantBodySchema).min(1, 'Add a variant with its price').max(MAX_PRODUCT_VARIANTS, `Use at most ${MAX_PRODUCT_VARIANTS} variants`),
};

type Issues = z.RefinementCtx;
const lower = (s: string) => s.toLowerCase();

/** The rules between options and variants that one field's schema cannot hold. */
function checkVariants(options: ProductOption[], variants: VariantFields[], ctx: Issues) {
  const names = options.map((o) => lower(o.name));
  names.forEach((n, i) => {
    if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: 'Another option has this name' });
  });
  options.forEach((o, i) => {
    const values = o.values.map(lower);
    values.forEach((v, j) => {
      if (values.indexOf(v) !== j) ctx.addIssue({ code: 'custom', path: ['options', i, 'values', j], message: 'This value repeats' });
    });
  });
  if (options.length === 0 && variants.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'A product without options has exactly one variant' });
  }
  const ids = variants.map((v) => v.id);
  ids.forEach((id, i) => {
    if (id && ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['variants', i, 'id'], message: 'This variant is already in the list' });
  });
  const seen = new Map<string, number>();
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  variants.forEach((v, i) => {
    if (v.option_values.length !== options.length) {
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_values'], message: `Choose one value for each of the ${options.length} options` });
    } else {
      v.option_values.forEach((value, j) => {
        if (!options[j]!.values.some((known) => lower(known) === lower(value))) {
          ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_values', j], message: `Choose a value of ${options[j]!.name}` });
        }
      });
      const key = v.option_values.map(lower).join('\u0000');
      // Without options, the one-variant rule above says it.
      const first = options.length > 0 ? seen.get(key) : undefined;
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['variants', i, 'option_values'], message: `Variant ${first + 1} has these values` });
      else seen.set(key, i);
    }
    if (v.compare_at_price !== null && v.compare_at_price <= v.price) {
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'compare_at_price'], message: 'The compare-at price must be above the price' });
    }
    for (const [code, map, label] of [
      [v.sku ? lower(v.sku) : null, skus, 'sku'],
      [v.barcode, barcodes, 'barcode'],
    ] as const) {
      if (code === null) continue;
      if (map.has(code))
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, label],
          message: `Variant ${map.get(code)! + 1} has this ${label === 'sku' ? 'SKU' : 'barcode'}`,
        });
      else map.set(code, i);
    }
  });
}

export const CreateProductBodySchema = z
  .object({
    ...productFields,
    channels: productFields.channels.default([...SALES_CHANNELS]),
    category_id: productFields.category_id.default(null),
    track_stock: productFields.track_stock.default(false),
    allow_backorder: productFields.allow_backorder.default(false),
    options: productFields.options.default([]),
  })
  .superRefine((body, ctx) => checkVariants(body.options, body.variants, ctx));
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;
export type CreateProductFields = z.output<typeof CreateProductBodySchema>;

/**
 * A change: only the fields sent change. Options and variants travel together and replace the product's whole
 * set at once (variants sent with their id are kept, those left out are removed), all or nothing.
 */
export const UpdateProductBodySchema = z
  .object({
    name: productFields.name.optional(),
    description: productFields.description.optional(),
    channels: productFields.channels.optional(),
    category_id: productFields.category_id.optional(),
    track_stock: productFields.track_stock.optional(),
    allow_backorder: productFields.allow_backorder.optional(),
    options: productFields.options.optional(),
    variants: productFields.variants.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.variants && !body.options) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Send the options with the variants' });
    if (body.options && !body.variants) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Send the variants with the options' });
    if (body.options && body.variants) checkVariants(body.options, body.variants, ctx);
  });
export type UpdateProductBody = z.input<typeof UpdateProductBodySchema>;
export type UpdateProductFields = z.output<typeof UpdateProductBodySchema>;

export const VariantSchema = z.object({
  id: z.uuid(),
  option_values: z.array(z.string()),
  price: MoneySchema,
  compare_at_price: MoneySchema.nullable(),
  cost: MoneySchema.nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Grams per unit, for shipping by weight; null when not given. */
  weight_grams: z.number().nullable(),
  /** Its stock at each location that has a level (none counts as zero); empty while the product does not track stock. */
  stock: z.array(StockLevelSchema),
});
export type Variant = z.infer<typeof VariantSchema>;

export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: ProductStatusSchema,
  channels: z.array(SalesChannelSchema),
  category_id: z.uuid().nullable(),
  track_stock: z.boolean(),
  allow_backorder: z.boolean(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(VariantSchema),
  /** The lowest price of its variants: the price of a product without options. */
  price: MoneySchema,
  add_on_group_ids: z.array(z.uuid()),
  /** Its images in order, from the media library; the first is the primary one (lists, tiles, the store's grid). */
  images: z.array(ImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Which products the list shows: the active ones unless asked otherwise. */
export const PRODUCT_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];
export const PRODUCT_SORTS = ['newest', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const ProductFiltersSchema = z.object({
  /** Part of the name, or the start of a SKU or barcode. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum(PRODUCT_STATUS_FILTERS).default('active'),
  /** A category's id, or `none` for the products in no category. */
  category: z.union([z.literal('none'), z.uuid('Choose a category from the list')]).optional(),
  channel: SalesChannelSchema.optional(),
  /** `low`: products with a variant at or below its low-stock threshold somewhere. */
  stock: z.enum(['low']).optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
});
export type ProductFilters = z.input<typeof ProductFiltersSchema>;
export const ListProductsQuerySchema = ProductFiltersSchema.extend(CursorQuerySchema.shape);
export type ListProductsQuery = z.output<typeof ListProductsQuerySchema>;

export const ProductParamsSchema = BusinessParamsSchema.extend({ product_id: z.uuid() });

export const productEndpoints = {
  list: defineEndpoint({
    id: 'products.list',
    method: 'GET',
    path: '/v1/business/:business_id/products',
    summary: 'Products, newest first or by name, searched by name or SKU/barcode prefix, filtered by status, category, channel and low stock (cursor pages)',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListProductsQuerySchema,
    response: pageOf(ProductSchema),
  }),
  get: defineEndpoint({
    id: 'products.get',
    method: 'GET',
    path: '/v1/business/:business_id/products/:product_id',
    summary: 'One product with its options, variants and add-on groups',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'products.create',
    method: 'POST',
    path: '/v1/business/:business_id/products',
    summary: 'Add a product with its variants (setting prices needs catalogue:pricing)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: CreateProductBodySchema,
    response: ProductSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'products.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/products/:product_id',
    summary: "Change a product's fields, options and variants in one go (a price change needs catalogue:pricing)",
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: ProductParamsSchema,
    body: UpdateProductBodySchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  archive: defineEndpoint({
    id: 'products.archive',
    method: 'POST',
    path: '/v1/business/:business_id/products/:product_id/archive',
    summary: 'Archive a product: it leaves the pickers but is never deleted',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  unarchive: defineEndpoint({
    id: 'products.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/products/:product_id/unarchive',
    summary: 'Bring an archived product back to the catalogue',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  setAddOnGroups: defineEndpoint({
    id: 'products.setAddOnGroups',
    method: 'PUT',
    path: '/v1/business/:business_id/products/:product_id/add-on-groups',
    summary: 'Attach add-on groups to a product, in the order they are offered (replaces the list)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: ProductParamsSchema,
    body: z.object({
      group_ids: z
        .array(z.uuid('Choose an add-on group from the list'))
        .max(20, 'Attach at most 20 groups')
        .refine((ids) => new Set(ids).size === ids.length, 'Attach each group once'),
    }),
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  setImages: defineEndpoint({
    id: 'products.setImages',
    method: 'PUT',
    path: '/v1/business/:business_id/products/:product_id/images',
    summary: "Set a product's images from the media library, in order (the first is the primary one; replaces the list)",
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: ProductParamsSchema,
    body: z.object({
      media_ids: z
        .array(z.uuid('Choose an image from the library'))
        .max(MAX_PRODUCT_IMAGES, `Use at most ${MAX_PRODUCT_IMAGES} images`)
        .refine((ids) => new Set(ids).size === ids.length, 'Use each image once'),
    }),
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
} as const;
