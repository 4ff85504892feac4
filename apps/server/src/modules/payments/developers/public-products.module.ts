import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_PRODUCTS_PATHS,
  PublicCategoryListSchema,
  PublicCategoryQuerySchema,
  PublicProductBodySchema,
  PublicProductFieldsSchema,
  PublicProductListSchema,
  PublicProductQuerySchema,
  PublicProductSchema,
  PublicProductUpdateFieldsSchema,
  PublicProductUpdateSchema,
  type PublicCategoryQuery,
  type PublicProductBody,
  type PublicProductQuery,
  type PublicProductUpdate,
} from '@merchant/catalogue';
import { defineModule, type Platform } from '@/modules/module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';
import { publicApiScope } from './public-api.scope';
import { pathOf } from './public-resources';
import type { PublicApiService } from './public-api.service';
import { createPublicProductsApi } from './public-products.service';

const ProductParamsSchema = z.object({ product_id: z.string().max(100) });
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof ProductParamsSchema>).product_id;

const query = (name: string, schema: Record<string, unknown>) => ({ name, in: 'query', schema });
const listParameter = (name: string, items: Record<string, unknown>) => query(name, { type: 'array', items });

/** HitPay's products and categories in the public API's own document. */
function publicProductsPaths(): PublicApiPaths {
  const product = json(PublicProductSchema, 'The product');
  const missing = error('No product of this id in the business');
  return {
    [inDocument(PUBLIC_PRODUCTS_PATHS.products)]: {
      get: {
        operationId: 'get-all-products',
        summary: 'Get All Products (newest first; `cursor` from `meta.next_cursor`; one category and one channel at a time)',
        parameters: [
          listParameter('statuses', { type: 'string', enum: ['draft', 'published'] }),
          listParameter('categories', { type: 'string', format: 'uuid' }),
          listParameter('source', { type: 'string', enum: ['shopify', 'wooCommerce'] }),
          listParameter('channels', { type: 'string', enum: ['pos', 'invoice', 'online_store'] }),
          listParameter('keywords', { type: 'string' }),
          query('per_page', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
          query('cursor', { type: 'string' }),
        ],
        responses: { 200: json(PublicProductListSchema, 'A page of products'), 422: error('An unavailable filter'), ...commonResponses() },
      },
      post: {
        operationId: 'create-product',
        summary: 'Create a Product (stock is counted at the online store location)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicProductFieldsSchema),
        responses: { 201: product, 422: error('Invalid input'), ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_PRODUCTS_PATHS.product)]: {
      get: {
        operationId: 'get-product',
        summary: 'Get Product Detail',
        parameters: [pathId('product_id')],
        responses: { 200: product, 404: missing, ...commonResponses() },
      },
      post: {
        operationId: 'update-product',
        summary: 'Update the product (HitPay updates with POST)',
        parameters: [pathId('product_id'), idempotencyKeyParameter],
        requestBody: bodyOf(PublicProductUpdateFieldsSchema),
        responses: { 200: product, 404: missing, 422: error('Invalid input'), ...commonResponses() },
      },
      delete: {
        operationId: 'delete-product',
        summary: 'Delete a Product (it is archived: a draft from then on)',
        parameters: [pathId('product_id')],
        responses: { 204: { description: 'Deleted' }, 404: missing, ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_PRODUCTS_PATHS.categories)]: {
      get: {
        operationId: 'get-all-product-category',
        summary: 'Get All Product Category (in the merchant order)',
        parameters: [
          query('perPage', { type: 'integer', minimum: 1, maximum: 100, default: 20 }),
          query('page', { type: 'integer', minimum: 1, default: 1 }),
          query('active', { type: 'boolean' }),
          query('parent_id', { type: 'string' }),
          query('keywords', { type: 'string' }),
        ],
        responses: { 200: json(PublicCategoryListSchema, 'A page of categories'), ...commonResponses() },
      },
    },
  };
}

type Deps = Pick<Platform, 'config'> & { publicApi: PublicApiService; catalogue: CatalogueService };

/** HitPay's products (`/v1/products`) and categories (`/v1/product-category`) over the catalogue (docs/developers.md). */
export const publicProductsApiModule = defineModule({
  name: 'publicProductsApi',
  create: ({ publicApi, catalogue, config }: Deps) => ({ publicApi, ...createPublicProductsApi({ catalogue, config }) }),
  routes: (host, service) => {
    service.publicApi.describe(publicProductsPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      const params = ProductParamsSchema;
      api.get(
        PUBLIC_PRODUCTS_PATHS.products,
        { schema: { querystring: PublicProductQuerySchema, hide: true }, onRequest: guard('catalogue:view') },
        async (req) => service.listProducts(caller(req), pathOf(req), req.query as PublicProductQuery),
      );
      api.post(
        PUBLIC_PRODUCTS_PATHS.products,
        { schema: { body: PublicProductBodySchema, hide: true }, onRequest: guard('catalogue:manage') },
        async (req, reply) =>
          idempotent('products.create', req, reply, async () => {
            const made = await service.createProduct(caller(req), meta(req), req.body as PublicProductBody);
            void reply.status(201);
            return made;
          }),
      );
      api.get(PUBLIC_PRODUCTS_PATHS.product, { schema: { params, hide: true }, onRequest: guard('catalogue:view') }, async (req) =>
        service.getProduct(caller(req), idOf(req)),
      );
      api.post(
        PUBLIC_PRODUCTS_PATHS.product,
        { schema: { params, body: PublicProductUpdateSchema, hide: true }, onRequest: guard('catalogue:manage') },
        async (req, reply) =>
          idempotent('products.update', req, reply, () => service.updateProduct(caller(req), meta(req), idOf(req), req.body as PublicProductUpdate)),
      );
      api.delete(PUBLIC_PRODUCTS_PATHS.product, { schema: { params, hide: true }, onRequest: guard('catalogue:manage') }, async (req, reply) => {
        await service.deleteProduct(caller(req), meta(req), idOf(req));
        return reply.status(204).send();
      });
      api.get(
        PUBLIC_PRODUCTS_PATHS.categories,
        { schema: { querystring: PublicCategoryQuerySchema, hide: true }, onRequest: guard('catalogue:view') },
        async (req) => service.listCategories(caller(req), pathOf(req), req.query as PublicCategoryQuery),
      );
    });
  },
});
