import { z } from 'zod';
import { text } from '@merchant/core';

/**
 * HitPay's webhook events (its event webhook endpoints) in the public API (docs/developers.md, "Public API: money
 * out"): the Developers > Webhooks endpoints in HitPay's names (`event_types` for `events`).
 */
export const PUBLIC_WEBHOOK_EVENTS_PATHS = {
  webhookEvents: '/v1/webhook-events',
  webhookEvent: '/v1/webhook-events/:webhook_event_id',
} as const;

/** A list from JSON, or from a form's `event_types[]` (one value of a form arrives as text). */
const EventTypesSchema = z
  .union([z.array(text().trim().max(100)), text().trim().max(100)], { error: 'The event types field is required.' })
  .transform((v) => (Array.isArray(v) ? v : [v]));

const fields = {
  name: text().trim().min(1, 'The name field is required.').max(255, 'The name may not be greater than 255 characters.'),
  url: text().trim().min(1, 'The url field is required.').max(2000, 'The url may not be greater than 2000 characters.'),
  event_types: EventTypesSchema,
};

export const PublicWebhookEventBodySchema = z.object(fields);
export type PublicWebhookEventBody = z.output<typeof PublicWebhookEventBodySchema>;
export const PublicWebhookEventUpdateBodySchema = z.object({
  name: fields.name.optional(),
  url: fields.url.optional(),
  event_types: EventTypesSchema.optional(),
});
export type PublicWebhookEventUpdateBody = z.output<typeof PublicWebhookEventUpdateBodySchema>;

/** HitPay's webhook event (its published schema). */
export const PublicWebhookEventSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  /** Not kept here: the address's host name stands as the name. */
  name: z.string(),
  url: z.string(),
  event_types: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicWebhookEvent = z.infer<typeof PublicWebhookEventSchema>;

/** The create's answer: the endpoint's salt, which signs its deliveries (`Hitpay-Signature`), in full this once. */
export const PublicNewWebhookEventSchema = PublicWebhookEventSchema.extend({ salt: z.string() });
