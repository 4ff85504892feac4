import { PUBLIC_READERS_PATHS, PublicReaderCancelBodySchema, PublicReaderPageSchema } from '@merchant/pos';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, type PublicApiPaths } from './public-api.openapi';

/** The card readers' operations in the public API's document, with HitPay's operation ids (docs/developers.md). */
export function publicReadersPaths(): PublicApiPaths {
  const common = commonResponses();
  return {
    [inDocument(PUBLIC_READERS_PATHS.readers)]: {
      get: {
        operationId: 'get-card-reader',
        summary: 'Get all card readers (the paired ones, by name; Laravel pages)',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        ],
        responses: { 200: json(PublicReaderPageSchema, 'A page of card readers'), 422: error('Invalid input'), ...common },
      },
    },
    [inDocument(PUBLIC_READERS_PATHS.cancel)]: {
      post: {
        operationId: 'cancel-reader',
        summary: 'Cancel the payment the reader waits on (its PIN step)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicReaderCancelBodySchema),
        responses: {
          204: { description: 'Cancelled' },
          400: error('Not a paired reader of the business, or it waits on no payment'),
          422: error('Invalid input'),
          ...common,
        },
      },
    },
  };
}
