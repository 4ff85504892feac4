import { z } from 'zod';
import {
  PUBLIC_API_PATHS,
  PublicDeletedSchema,
  PublicErrorSchema,
  PublicPaymentRequestBodySchema,
  PublicPaymentRequestListSchema,
  PublicPaymentRequestSchema,
  PublicPaymentRequestStatusSchema,
} from '@merchant/payments';

/**
 * A zod schema as the document's JSON Schema: what a client sends (`input`) or what the API answers (`output`). Written
 * in draft 7, whose keywords these schemas use the same way in OpenAPI 3.1's dialect, so draft-7 tools read it too.
 */
export const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
  return rest;
};

export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema: schemaOf(schema, 'output') } } });
export const error = (description: string) => json(PublicErrorSchema, description);
export const inDocument = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The public API's own OpenAPI document (docs/developers.md), served at `/openapi.json` on the API host: built from
 * the zod schemas the routes validate and the presenters answer with, so it cannot drift from them.
 */
/** A path item of the document (operations by method), as a resource describes its paths. */
export type PublicApiPaths = Record<string, Record<string, unknown>>;

/** The optional `Idempotency-Key` header of every POST. */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Replays the first answer of the same request for 24 hours; the same key with another body is refused (422).',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** The answers every operation may give: no key, not allowed, over the rate limit. */
export const commonResponses = () => ({
  401: error('No key, or an unknown, revoked or expired one'),
  403: error('A read-only key writing, or a key whose maker lacks the permission'),
  429: error('Over the rate limit of the key: see Retry-After'),
});

/** A request body read alike as JSON and as a form. */
export const bodyOf = (schema: z.ZodType) => ({
  required: true,
  content: {
    'application/json': { schema: schemaOf(schema, 'input') },
    'application/x-www-form-urlencoded': { schema: schemaOf(schema, 'input') },
  },
});

/** An id in the path. */
export const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });

export function publicApiDocument(apiOrigin: string, more: PublicApiPaths = {}): Record<string, unknown> {
  const body = bodyOf(PublicPaymentRequestBodySchema);
  const requestId = pathId('request_id');
  const idempotencyKey = idempotencyKeyParameter;
  const common = commonResponses();
  const request = json(PublicPaymentRequestSchema, 'The payment request');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public API',
      version: '1',
      description: "HitPay's public API (paths, names, bodies and answers), authenticated by X-BUSINESS-API-KEY. See docs/developers.md.",
    },
    servers: [{ url: apiOrigin }],
    security: [{ businessApiKey: [] }],
    components: { securitySchemes: { businessApiKey: { type: 'apiKey', in: 'header', name: 'X-BUSINESS-API-KEY' } } },
    paths: {
      [inDocument(PUBLIC_API_PATHS.paymentRequests)]: {
        get: {
          operationId: 'get-payment-requests',
          summary: 'Get Payment Requests (newest first; `cursor` from `next_cursor`)',
          parameters: [
            { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
          ],
          responses: { 200: json(PublicPaymentRequestListSchema, 'A page of payment requests'), ...common },
        },
        post: {
          operationId: 'create-payment-request',
          summary: 'Create Payment Request',
          parameters: [idempotencyKey],
          requestBody: body,
          responses: { 200: request, 409: error('A request with this Idempotency-Key is still running'), 422: error('Invalid input'), ...common },
        },
      },
      [inDocument(PUBLIC_API_PATHS.paymentRequest)]: {
        get: {
          operationId: 'get-payment-status',
          summary: 'Get Payment Request Status (with its payments, newest first, the latest 50)',
          parameters: [requestId],
          responses: {
            200: json(PublicPaymentRequestStatusSchema, 'The payment request with its payments'),
            404: error('No payment request of this id in the business'),
            ...common,
          },
        },
        put: {
          operationId: 'update-payment-request',
          summary: 'Update Payment Request (every field anew)',
          parameters: [requestId],
          requestBody: body,
          responses: {
            200: request,
            404: error('No payment request of this id in the business'),
            409: error('Paid or cancelled: final'),
            422: error('Invalid input'),
            ...common,
          },
        },
        delete: {
          operationId: 'delete-payment-request',
          summary: 'Delete Payment Request (it is cancelled: its payments stay)',
          parameters: [requestId],
          responses: {
            200: json(PublicDeletedSchema, 'Deleted'),
            404: error('No payment request of this id in the business'),
            409: error('Paid or cancelled: final'),
            ...common,
          },
        },
      },
      ...more,
    },
  };
}
