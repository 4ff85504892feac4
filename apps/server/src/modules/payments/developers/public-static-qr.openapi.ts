import {
  PUBLIC_STATIC_QR_PATHS as P,
  PublicStaticQrBodySchema,
  PublicStaticQrDeletedSchema,
  PublicStaticQrPageSchema,
  PublicStaticQrSchema,
  PublicStaticQrUpdateBodySchema,
} from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';

/** The static QR codes in the public API's document (HitPay's operation ids). */
export function publicStaticQrPaths(): PublicApiPaths {
  const common = commonResponses();
  const qr = json(PublicStaticQrSchema, 'The static QR code');
  const missing = error('No active static QR code of this id in the business');
  const invalid = error('Invalid input');
  const id = pathId('static_qr_id');
  return {
    [inDocument(P.staticQrs)]: {
      get: {
        operationId: 'get-static-qr',
        summary: 'Static QR codes, newest first (cursor pages: `cursor` from `meta.next_cursor`)',
        parameters: [
          { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: json(PublicStaticQrPageSchema, 'A page of static QR codes'), ...common },
      },
      post: {
        operationId: 'create-static-qr',
        summary: 'Create a static QR code (it opens the hosted checkout; amount 0 or none: the customer types it)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicStaticQrBodySchema),
        responses: { 201: qr, 409: error('A request with this Idempotency-Key is still running'), 422: invalid, ...common },
      },
    },
    [inDocument(P.staticQr)]: {
      get: { operationId: 'get-static-qr-details', summary: 'One static QR code', parameters: [id], responses: { 200: qr, 404: missing, ...common } },
      put: {
        operationId: 'update-static-qr',
        summary: 'Update a static QR code (the fields sent change; its printed address stays)',
        parameters: [id],
        requestBody: bodyOf(PublicStaticQrUpdateBodySchema),
        responses: { 200: qr, 404: missing, 422: invalid, ...common },
      },
      delete: {
        operationId: 'delete-static-qr',
        summary: 'Delete a static QR code (it is archived: its payments stay, it takes no more)',
        parameters: [id],
        responses: { 200: json(PublicStaticQrDeletedSchema, 'Deleted'), 404: missing, ...common },
      },
    },
  };
}
