import { z } from 'zod';
import {
  PUBLIC_WEBHOOK_EVENTS_PATHS as P,
  PublicNewWebhookEventSchema,
  PublicWebhookEventBodySchema,
  PublicWebhookEventSchema,
  PublicWebhookEventUpdateBodySchema,
} from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';

/** The webhook events (event webhook endpoints) in the public API's document (HitPay's operation ids). */
export function publicWebhookEventsPaths(): PublicApiPaths {
  const common = commonResponses();
  const endpoint = json(PublicWebhookEventSchema, 'The webhook event');
  const missing = error('No webhook event of this id in the business');
  const invalid = error('Invalid input (an address refused by the outbound guard is invalid on `url`)');
  const id = pathId('webhook_event_id');
  return {
    [inDocument(P.webhookEvents)]: {
      get: {
        operationId: 'get-webhook-events-list',
        summary: 'The webhook events of the business',
        responses: { 200: json(z.array(PublicWebhookEventSchema), 'Every webhook event'), ...common },
      },
      post: {
        operationId: 'create-webhook-event',
        summary: 'Create a webhook event (its salt, which signs its deliveries, is answered in full this once)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicWebhookEventBodySchema),
        responses: {
          201: json(PublicNewWebhookEventSchema, 'The webhook event and its salt'),
          409: error('A request with this Idempotency-Key is still running'),
          422: invalid,
          ...common,
        },
      },
    },
    [inDocument(P.webhookEvent)]: {
      get: { operationId: 'get-webhook-event', summary: 'One webhook event', parameters: [id], responses: { 200: endpoint, 404: missing, ...common } },
      put: {
        operationId: 'update-webhook-event',
        summary: 'Update a webhook event (the fields sent change)',
        parameters: [id],
        requestBody: bodyOf(PublicWebhookEventUpdateBodySchema),
        responses: { 200: endpoint, 404: missing, 422: invalid, ...common },
      },
      delete: {
        operationId: 'delete-webhook-event',
        summary: 'Delete a webhook event',
        parameters: [id],
        responses: { 204: { description: 'Deleted' }, 404: missing, ...common },
      },
    },
  };
}
