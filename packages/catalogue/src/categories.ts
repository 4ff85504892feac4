import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { ImageSchema } from './media';

/** Product categories (docs/catalogue.md): ordered by the merchant; a product is in at most one. */

export const CategoryBodySchema = z.object({
  name: text().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters'),
  /** An image of the media library; null takes it off; left out: kept. */
  image_media_id: z.uuid('Choose an image from the library').nullish(),
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const CategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Its place in the list, from 0. */
  position: z.number().int(),
  /** Products in it, archived ones included. */
  product_count: z.number().int(),
  image: ImageSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryParamsSchema = BusinessParamsSchema.extend({ category_id: z.uuid() });
const CategoryListSchema = z.object({ data: z.array(CategorySchema) });

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const categoryEndpoints = {
  list: defineEndpoint({
    id: 'categories.list',
    method: 'GET',
    path: '/v1/business/:business_id/product-categories',
    summary: 'Product categories in their order, with how many products each holds',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: CategoryListSchema,
  }),
  get: defineEndpoint({
    id: 'categories.get',
    method: 'GET',
    path: '/v1/business/:business_id/product-categories/:category_id',
    summary: 'One product category',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: CategoryParamsSchema,
    response: CategorySchema,
    errors: ['CATEGORY_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'categories.create',
    method: 'POST',
    path: '/v1/business/:business_id/product-categories',
    summary: 'Add a category at the end of the list',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: CategoryBodySchema,
    response: CategorySchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'categories.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/product-categories/:category_id',
    summary: 'Rename a category or change its image',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: CategoryParamsSchema,
    body: CategoryBodySchema,
    response: CategorySchema,
    errors: ['CATEGORY_NOT_FOUND'],
  }),
  reorder: defineEndpoint({
    id: 'categories.reorder',
    method: 'PUT',
    path: '/v1/business/:business_id/product-categories/order',
    summary: "Put the categories in a new order (every category's id, once)",
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: z.object({
      category_ids: z.array(z.uuid()).max(500).refine(uniqueIds, 'Name each category once'),
    }),
    response: CategoryListSchema,
  }),
  remove: defineEndpoint({
    id: 'categories.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/product-categories/:category_id',
    summary: 'Delete a category: refused while it holds products, unless they move to another category or to none (`move_to`)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: CategoryParamsSchema,
    query: z.object({ move_to: z.union([z.literal('none'), z.uuid('Choose a category from the list')]).optional() }),
    response: z.object({ removed: z.literal(true), moved: z.number().int() }),
    errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_NOT_EMPTY'],
  }),
  assign: defineEndpoint({
    id: 'categories.assign',
    method: 'POST',
    path: '/v1/business/:business_id/product-categories/assign',
    summary: 'Put many products in one category at once, or in none (the "all products" screen)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: z.object({
      category_id: z.uuid('Choose a category from the list').nullable(),
      product_ids: z.array(z.uuid()).min(1, 'Choose at least one product').max(500, 'Choose at most 500 products').refine(uniqueIds, 'Name each product once'),
    }),
    response: z.object({ updated: z.number().int() }),
  }),
} as const;
