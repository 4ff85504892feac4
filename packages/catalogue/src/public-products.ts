import { z } from 'zod';
import { laravelPageOf, optionalText, requiredText, text } from '@merchant/core';

/**
 * HitPay's products and product categories in the public API (docs/developers.md, "Public API: customers, products,
 * staff, account status, notifications"): the one catalogue under HitPay's names. Bodies are JSON or a form; a form
 * sends every value as text and its lists as `a[]` or `a[0][b]`, read here into the same object as JSON's.
 */
export const PUBLIC_PRODUCTS_PATHS = {
  products: '/v1/products',
  product: '/v1/products/:product_id',
  categories: '/v1/product-category',
} as const;

/** HitPay's channels: `invoice` is what this product calls `payments` (payment links and invoices pick from it). */
export const PUBLIC_PRODUCT_CHANNELS = ['online_store', 'pos', 'invoice'] as const;

/** A form's `a[0]`, `a[1]` (or a query's `a[]`) as the list `a`, in index order; other names stay as they are. */
export function laravelLists(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  const lists: Record<string, { index: number; value: unknown }[]> = {};
  for (const [key, value] of Object.entries(input)) {
    const match = /^(\w+)\[(\d*)\]$/.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const index = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]);
    for (const one of Array.isArray(value) ? value : [value]) (lists[match[1]!] ??= []).push({ index, value: one });
  }
  for (const [name, items] of Object.entries(lists)) {
    const before = out[name] === undefined ? [] : Array.isArray(out[name]) ? (out[name] as unknown[]) : [out[name]];
    out[name] = [...before, ...items.sort((a, b) => a.index - b.index).map((i) => i.value)];
  }
  return out;
}

/** One value or a list of them (a query's `a=x` or `a[]=x&a[]=y`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? (v as z.output<T>[]) : [v as z.output<T>]));

/** HitPay's `"1"` / `"0"` flags (`true` / `false` too). */
const flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'], { error: 'The field must be 1 or 0.' })])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true'));

/** A price in major units (`15`, `"15.50"`), kept as text until the currency is known. */
const PriceSchema = z
  .union([z.number(), text().trim().min(1, 'The price field is required.')], { error: 'The price field is required.' })
  .transform((v) => String(v))
  .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The price must be a number.');

/** A whole number of units or grams (`150`, `"150"`). */
const count = z
  .union([z.number(), text().trim()], { error: 'The field must be an integer.' })
  .transform((v) => (v === '' ? undefined : Number(v)))
  .refine((v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 1_000_000_000), 'The field must be a whole number of 0 or more.')
  .optional();

/** Not kept by this product: a value is refused (422), an empty one accepted. */
const unkept = z.unknown().optional();

const variationValues = {
  variation_value_1: optionalText(60),
  variation_value_2: optionalText(60),
  variation_value_3: optionalText(60),
};

export const PublicVariationBodySchema = z.object({
  price: PriceSchema,
  quantity: count,
  quantity_alert_level: count,
  product_variation_weight: count,
  stock_keeping_unit: optionalText(64),
  ...variationValues,
  image: unkept,
});

const productFields = {
  name: requiredText('name').trim().min(1, 'The name field is required.').max(120, 'The name may not be greater than 120 characters.'),
  description: optionalText(1000),
  headline: optionalText(255),
  quantity: count,
  quantity_alert_level: count,
  currency: optionalText(3),
  price: PriceSchema,
  category_ids: listOf(z.uuid('The category ids must be valid UUIDs.')),
  is_manageable: flag,
  is_pinned: flag,
  product_weight: count,
  delivery_method_required: flag,
  publish: flag,
};

/** `POST /v1/products`: `name` and `price` required; `variations` make a product with options (`variation_key_n` names them). */
export const PublicProductFieldsSchema = z.object({
  ...productFields,
  barcode: optionalText(64),
  stock_keeping_unit: optionalText(64),
  channels: listOf(z.enum(PUBLIC_PRODUCT_CHANNELS, { error: 'The channels must be online_store, pos or invoice.' })),
  variations: z.array(PublicVariationBodySchema).max(100, 'The variations may not have more than 100 items.').optional(),
  variation_key_1: optionalText(40),
  variation_key_2: optionalText(40),
  variation_key_3: optionalText(40),
  open_amount: flag,
  location_ids: unkept,
  locations: unkept,
  image: unkept,
});
export const PublicProductBodySchema = z.preprocess(laravelLists, PublicProductFieldsSchema);
export type PublicProductBody = z.output<typeof PublicProductBodySchema>;

/** `POST /v1/products/{product_id}` (HitPay updates with POST, `_method=PATCH`): `name` and `price` required. */
export const PublicProductUpdateFieldsSchema = z.object({
  ...productFields,
  existing_variation: z
    .array(PublicVariationBodySchema.extend({ id: z.uuid('The id must be a variation of the product.') }))
    .max(100)
    .optional(),
  images: unkept,
  _method: z.string().max(10).optional(),
});
export const PublicProductUpdateSchema = z.preprocess(laravelLists, PublicProductUpdateFieldsSchema);
export type PublicProductUpdate = z.output<typeof PublicProductUpdateSchema>;

/** `GET /v1/products`'s filters: the ones this product can answer (docs/developers.md). */
export const PublicProductQuerySchema = z.preprocess(
  laravelLists,
  z.object({
    statuses: listOf(z.enum(['draft', 'published'], { error: 'The statuses must be draft or published.' })),
    categories: listOf(z.uuid('The categories must be valid UUIDs.')),
    source: listOf(z.enum(['shopify', 'wooCommerce'], { error: 'The source must be shopify or wooCommerce.' })),
    channels: listOf(z.enum(PUBLIC_PRODUCT_CHANNELS, { error: 'The channels must be online_store, pos or invoice.' })),
    keywords: listOf(text().trim().max(100)),
    inventory: unkept,
    location_ids: unkept,
    per_page: z.coerce.number('The per page must be a number.').int().min(1).max(100).default(10),
    page: z.coerce.number('The page must be a number.').int().min(1).optional(),
    cursor: z.string().max(300).optional(),
  }),
);
export type PublicProductQuery = z.output<typeof PublicProductQuerySchema>;

export const PublicCategoryQuerySchema = z.object({
  perPage: z.coerce.number('The per page must be a number.').int().min(1).max(100).default(20),
  page: z.coerce.number('The page must be a number.').int().min(1).default(1),
  active: z.enum(['true', 'false', '1', '0'], { error: 'The active field must be true or false.' }).optional(),
  parent_id: z.string().max(100).optional(),
  keywords: text().trim().max(100).optional(),
});
export type PublicCategoryQuery = z.output<typeof PublicCategoryQuerySchema>;

const nullableText = z.string().nullable();

export const PublicVariationSchema = z.object({
  id: z.string(),
  stock_keeping_unit: nullableText,
  description: z.string(),
  weight: nullableText,
  length: nullableText,
  width: nullableText,
  depth: nullableText,
  price: z.number(),
  price_display: z.string(),
  price_stored: z.number().int(),
  quantity: z.number().int(),
  quantity_alert_level: z.number().int(),
  /** Grams; left out when the variation has none. */
  product_variation_weight: z.number().int().optional(),
  variation_value_1: z.string(),
  variation_value_2: nullableText,
  variation_value_3: nullableText,
});

export const PublicImageSchema = z.object({
  id: z.string(),
  caption: nullableText,
  url: z.string(),
  other_dimensions: z.array(z.object({ size: z.string(), path: z.string() })),
});

/** HitPay's product (its published schema). */
export const PublicProductSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  category_id: z.array(z.string()),
  name: z.string(),
  headline: nullableText,
  description: z.string(),
  /** Upper case, as HitPay's example. */
  currency: z.string(),
  /** The lowest price of its variations, major units. */
  price: z.number(),
  price_display: z.string(),
  price_stored: z.number().int(),
  tax_id: nullableText,
  is_manageable: z.number().int(),
  is_pinned: z.boolean(),
  status: z.enum(['draft', 'published']),
  /** Grams; left out when the product has none. */
  product_weight: z.number().int().optional(),
  delivery_method_required: z.boolean(),
  has_variations: z.boolean(),
  is_shopify: z.boolean(),
  product_url: z.string(),
  variations_count: z.number().int(),
  variations: z.array(PublicVariationSchema),
  variation_key_1: nullableText,
  variation_key_2: nullableText,
  variation_key_3: nullableText,
  images: z.array(PublicImageSchema),
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  starts_at: nullableText,
  ends_at: nullableText,
});
export type PublicProduct = z.infer<typeof PublicProductSchema>;
export type PublicVariation = z.infer<typeof PublicVariationSchema>;

/** `next` is left out on the last page (HitPay's schema types it as a string only). */
const PageLinksSchema = z.object({ first: z.string(), last: z.string(), prev: nullableText, next: z.string().optional() });

/** The products list: Laravel's page, moved by `cursor` (`links.next`); `total` and `last_page` are not counted. */
export const PublicProductListSchema = z.object({
  data: z.array(PublicProductSchema),
  links: z.object({ prev: nullableText, next: nullableText }),
  meta: z.object({ path: z.string(), per_page: z.number().int(), next_cursor: nullableText }),
});

/** HitPay's product category: categories here are flat (no children) and have no emoji or colour. */
export const PublicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableText,
  is_active: z.boolean(),
  order: z.number().int(),
  children: z.array(z.object({})),
  is_parent: z.boolean(),
  image: z
    .object({ id: z.string(), caption: z.string(), url: z.string(), other_dimensions: z.array(z.object({ size: z.string(), path: z.string() })) })
    .nullable(),
  emoji: nullableText,
  pos_color: nullableText,
});

/** Laravel's length-aware page, as HitPay lists categories (its document types `from`, `to` and `next` without null). */
export const PublicCategoryListSchema = laravelPageOf(PublicCategorySchema, { typed: true }).extend({ links: PageLinksSchema });
