import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, MoneySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PRODUCT_STATUSES } from './statuses';

/**
 * The payments catalogue (docs/payments.md, "products"): what payment links and invoices pick from.
 * A product is archived (hidden from pickers) and brought back, never deleted: past links and invoices
 * keep pointing at it.
 */

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);

export const ProductBodySchema = z.object({
  name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  description: text()
    .trim()
    .max(1000, 'Use at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  price: z.object({ amount: PositiveMinorAmountSchema, currency: CurrencyCodeSchema }),
});
export type ProductBody = z.input<typeof ProductBodySchema>;
export type ProductFields = z.output<typeof ProductBodySchema>;

export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: MoneySchema,
  status: ProductStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Which products the list shows: the active ones unless asked otherwise. */
export const PRODUCT_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];

export const ProductFiltersSchema = z.object({
  /** Part of the name. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum(PRODUCT_STATUS_FILTERS).default('active'),
});
export type ProductFilters = z.input<typeof ProductFiltersSchema>;
export const ListProductsQuerySchema = ProductFiltersSchema.extend(CursorQuerySchema.shape);

export const ProductParamsSchema = BusinessParamsSchema.extend({ product_id: z.uuid() });

export const productEndpoints = {
  list: defineEndpoint({
    id: 'products.list',
    method: 'GET',
    path: '/v1/business/:business_id/products',
    summary: 'Products, newest first, searched by name and filtered by status (active by default; cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListProductsQuerySchema,
    response: pageOf(ProductSchema),
  }),
  get: defineEndpoint({
    id: 'products.get',
    method: 'GET',
    path: '/v1/business/:business_id/products/:product_id',
    summary: 'One product',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'products.create',
    method: 'POST',
    path: '/v1/business/:business_id/products',
    summary: 'Add a product to the catalogue',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: ProductBodySchema,
    response: ProductSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'products.update',
    method: 'PUT',
    path: '/v1/business/:business_id/products/:product_id',
    summary: "Change a product's name, description and price",
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: ProductParamsSchema,
    body: ProductBodySchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  archive: defineEndpoint({
    id: 'products.archive',
    method: 'POST',
    path: '/v1/business/:business_id/products/:product_id/archive',
    summary: 'Archive a product: it leaves the pickers but is never deleted',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
  unarchive: defineEndpoint({
    id: 'products.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/products/:product_id/unarchive',
    summary: 'Bring an archived product back to the catalogue',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: ProductParamsSchema,
    response: ProductSchema,
    errors: ['PRODUCT_NOT_FOUND'],
  }),
} as const;
