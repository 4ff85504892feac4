import { PUBLIC_ORDERS_PATHS, PublicOrderBodySchema, PublicOrderPageSchema, PublicOrderSchema } from '@merchant/catalogue';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, type PublicApiPaths } from './public-api.openapi';

const orderId = { name: 'order_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const query = (name: string, schema: object, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });
const missing = error('No order of this id that the key sees in its business');

/** The orders' operations in the public API's document, with HitPay's operation ids (docs/developers.md). */
export function publicOrdersPaths(): PublicApiPaths {
  const common = commonResponses();
  return {
    [inDocument(PUBLIC_ORDERS_PATHS.orders)]: {
      get: {
        operationId: 'get-all-orders',
        summary: 'Get Orders (the point of sale’s, newest first; Laravel pages)',
        parameters: [
          query('perPage', { type: 'integer', minimum: 1, maximum: 100, default: 25 }),
          query('page', { type: 'integer', minimum: 1, default: 1 }),
          query('version', { type: 'string', enum: ['1.0', '2.0'] }, 'Every order is 1.0: 2.0 lists none'),
          query('keywords', { type: 'string' }, 'The order number, or part of the customer’s name or email'),
          query(
            'statuses[]',
            { type: 'string', enum: ['completed', 'sent', 'draft', 'expired', 'canceled'] },
            'Every register order is completed; `draft` alone lists the drafts (no keywords or dates with it)',
          ),
          query('dateFrom', { type: 'string', format: 'date' }, 'A day of the business’s time zone'),
          query('dateTo', { type: 'string', format: 'date' }, 'A day of the business’s time zone, included'),
          query('with', { type: 'string' }, '`products`, `charges` or both, comma-separated'),
        ],
        responses: { 200: json(PublicOrderPageSchema, 'A page of orders'), 422: error('Invalid input'), ...common },
      },
      post: {
        operationId: 'create-order',
        summary: 'Create Order: a draft, kept to be paid later (priced from the catalogue’s `products`, or one custom `amount`)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicOrderBodySchema),
        responses: { 201: json(PublicOrderSchema, 'The draft order'), 422: error('Invalid input'), ...common },
      },
    },
    [inDocument(PUBLIC_ORDERS_PATHS.order)]: {
      get: {
        operationId: 'get-order',
        summary: 'Get Order Details (with its products and charges)',
        parameters: [orderId],
        responses: { 200: json(PublicOrderSchema, 'The order'), 404: missing, ...common },
      },
      patch: {
        operationId: 'update-the-order',
        summary: 'Update the order: a draft’s fields given change; a paid order is final (409)',
        parameters: [orderId],
        requestBody: bodyOf(PublicOrderBodySchema),
        responses: {
          200: json(PublicOrderSchema, 'The draft order'),
          404: missing,
          409: error('A paid order is not changed: refund or void it'),
          422: error('Invalid input'),
          ...common,
        },
      },
      delete: {
        operationId: 'delete-order',
        summary: 'Delete Order: a draft is deleted; a paid order is not (409)',
        parameters: [orderId],
        responses: { 204: { description: 'Deleted' }, 404: missing, 409: error('A paid order is not deleted: refund or void it'), ...common },
      },
    },
  };
}
