import { z } from 'zod';
import { CursorQuerySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * HitPay's event webhooks (docs/developers.md, "Event webhooks"): a business registers endpoints, each with the
 * events it wants and its own salt (answered in full once, when the endpoint is made). An event is POSTed as JSON
 * with `Hitpay-Signature` (HMAC-SHA256 in hex of the raw body, keyed by the endpoint's salt), `Hitpay-Event-Type`,
 * `Hitpay-Event-Object` and `Hitpay-Delivery-Id`; a failed delivery is retried with backoff for about three days.
 */
export const WEBHOOK_EVENT_TYPES = [
  'charge.created',
  'charge.updated',
  'charge.failed',
  'payment_request.completed',
  'payment_request.failed',
  'invoice.created',
  'payout.created',
  'transfer.created',
  'transfer.updated',
  'transfer.processing',
  'transfer.paid',
  'transfer.failed',
  'transfer.canceled',
  'recurring_billing.subscription_updated',
  'recurring_billing.method_attached',
  'order.created',
  'order.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a "Send test event" posts: only to the endpoint it was asked of, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event says happened (the screen's checkboxes). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'charge.created': 'A payment succeeded',
  'charge.updated': 'A payment was refunded or partly refunded',
  'charge.failed': 'A payment attempt failed (a declined card, a failed 3-D Secure check, a cancelled e-wallet)',
  'payment_request.completed': 'A payment request (payment link) was paid',
  'payment_request.failed': 'A payment attempt on a payment request (payment link) failed',
  'invoice.created': 'An invoice was created',
  'payout.created': 'A payout was made',
  'transfer.created': 'A transfer (send money) was requested',
  'transfer.updated': 'A transfer waits for a second person to approve it',
  'transfer.processing': 'A transfer was sent to the bank',
  'transfer.paid': 'A transfer arrived',
  'transfer.failed': "A transfer was returned by the beneficiary's bank",
  'transfer.canceled': 'A transfer was cancelled or rejected',
  'recurring_billing.subscription_updated': 'A subscription was created, charged, failed a charge, paused, resumed, changed or ended',
  'recurring_billing.method_attached': 'A customer saved a payment method for a subscription',
  'order.created': 'An online store or point of sale order was placed',
  'order.updated': 'An order changed status (paid, fulfilled, cancelled, refunded)',
};

/** The headers of a delivery (HitPay's names; the delivery id is ours: the same id on every attempt and resend). */
export const WEBHOOK_HEADERS = {
  signature: 'hitpay-signature',
  eventType: 'hitpay-event-type',
  eventObject: 'hitpay-event-object',
  deliveryId: 'hitpay-delivery-id',
} as const;

/** How many attempts a delivery gets before it is given up: the waits double from 30 s, the last near three days on. */
export const WEBHOOK_RETRY_LIMIT = 13;
/** An endpoint whose deliveries have failed for this long without one success between is disabled. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 72;

export const WebhookHealthSchema = z.object({
  /** Attempts of the last 7 days. */
  attempts: z.number().int(),
  /** Their share answered 2xx, 0-100, or null with no attempt. */
  success_rate: z.number().nullable(),
  last_failure_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
});

export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  salt_last4: z.string(),
  /** `disabled`: by a person, or by three days of failures (`disabled_reason`). */
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  health: WebhookHealthSchema,
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** An endpoint as it is made: the only answer that holds its salt in full. */
export const NewWebhookEndpointSchema = WebhookEndpointSchema.extend({ salt: z.string() });
export type NewWebhookEndpoint = z.infer<typeof NewWebhookEndpointSchema>;

export const WebhookEndpointBodySchema = z.object({
  url: text().trim().min(1, 'Enter the address').max(2000, 'Use at most 2000 characters'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from the list' }))
    .min(1, 'Choose at least one event')
    .refine((list) => new Set(list).size === list.length, 'Choose each event once'),
});
export type WebhookEndpointBody = z.input<typeof WebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = WebhookEndpointBodySchema.partial().extend({
  /** `false` disables the endpoint (nothing more is sent to it); `true` enables it again. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof UpdateWebhookEndpointBodySchema>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** null: no answer (refused address, network error, timeout: `error`). */
  response_status: z.number().int().nullable(),
  /** The first 1 KB of the answer's body. */
  response_excerpt: z.string(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  succeeded: z.boolean(),
});

export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  event_object: z.string(),
  /** `pending` (waiting or retrying), `succeeded`, `failed` (given up). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** The JSON body sent, byte for byte (what the signature covers). */
  request_body: z.string(),
  attempts: z.array(WebhookAttemptSchema),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** At most this many deliveries are queued by one "resend a period" (the oldest first; `next_from` says where to go on). */
export const WEBHOOK_RESEND_PERIOD_LIMIT = 1000;

/** A wall-clock time of the business's time zone: `2026-12-24T18:00`. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
const WebhookLocalTimeSchema = (what: string) =>
  text()
    .trim()
    .regex(LOCAL_DATE_TIME, `Enter the ${what} as a date and time (YYYY-MM-DDTHH:MM)`)
    .refine((v) => {
      const m = LOCAL_DATE_TIME.exec(v);
      if (!m) return true;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return y >= 2000 && y <= 2999 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    }, `Enter a real date for the ${what}`);

/**
 * Resend every delivery of an endpoint made in a period (wall-clock times of the business's time zone, `from`
 * included, `to` not), or only the failed ones. Deliveries still pending are on their way already and are left.
 */
export const ResendPeriodBodySchema = z
  .object({
    from: WebhookLocalTimeSchema('start'),
    to: WebhookLocalTimeSchema('end'),
    only_failed: z.boolean('Say whether only failed deliveries are sent again').default(false),
  })
  .superRefine((b, ctx) => {
    if (b.to <= b.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start' });
  });
export type ResendPeriodBody = z.input<typeof ResendPeriodBodySchema>;

export const ResendPeriodResultSchema = z.object({
  /** How many deliveries were queued again (at most `WEBHOOK_RESEND_PERIOD_LIMIT`). */
  queued: z.number().int(),
  /** More deliveries of the period were left: resend again from `next_from` (the first one left, local time). */
  capped: z.boolean(),
  next_from: z.string().nullable(),
});
export type ResendPeriodResult = z.infer<typeof ResendPeriodResultSchema>;

export const WebhookParamsSchema = BusinessParamsSchema.extend({ webhook_id: z.uuid() });
export const WebhookDeliveryParamsSchema = WebhookParamsSchema.extend({ delivery_id: z.uuid() });

const access = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;
const NOT_FOUND = ['WEBHOOK_NOT_FOUND'] as const;

export const webhookEndpoints = {
  list: defineEndpoint({
    id: 'webhooks.list',
    method: 'GET',
    path: '/v1/business/:business_id/webhooks',
    summary: 'The event webhook endpoints, newest first, with their health (salts masked)',
    access,
    params: BusinessParamsSchema,
    response: z.array(WebhookEndpointSchema),
  }),
  create: defineEndpoint({
    id: 'webhooks.create',
    method: 'POST',
    path: '/v1/business/:business_id/webhooks',
    summary: 'Register an endpoint for events: its salt is answered in full this once',
    access,
    params: BusinessParamsSchema,
    body: WebhookEndpointBodySchema,
    response: NewWebhookEndpointSchema,
    status: 201,
  }),
  get: defineEndpoint({
    id: 'webhooks.get',
    method: 'GET',
    path: '/v1/business/:business_id/webhooks/:webhook_id',
    summary: 'One endpoint with its health',
    access,
    params: WebhookParamsSchema,
    response: WebhookEndpointSchema,
    errors: NOT_FOUND,
  }),
  update: defineEndpoint({
    id: 'webhooks.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/webhooks/:webhook_id',
    summary: 'Change an endpoint: its address, its events, or disable and enable it',
    access,
    params: WebhookParamsSchema,
    body: UpdateWebhookEndpointBodySchema,
    response: WebhookEndpointSchema,
    errors: NOT_FOUND,
  }),
  remove: defineEndpoint({
    id: 'webhooks.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/webhooks/:webhook_id',
    summary: 'Delete an endpoint and its delivery log; nothing more is sent to it',
    access,
    params: WebhookParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: NOT_FOUND,
  }),
  deliveries: defineEndpoint({
    id: 'webhooks.deliveries',
    method: 'GET',
    path: '/v1/business/:business_id/webhooks/:webhook_id/deliveries',
    summary: "An endpoint's delivery log, newest first (cursor pages), each delivery with its attempts",
    access,
    params: WebhookParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(WebhookDeliverySchema),
    errors: NOT_FOUND,
  }),
  sendTest: defineEndpoint({
    id: 'webhooks.send-test',
    method: 'POST',
    path: '/v1/business/:business_id/webhooks/:webhook_id/test',
    summary: `Queue a test event (${WEBHOOK_TEST_EVENT}) to this endpoint only`,
    access,
    params: WebhookParamsSchema,
    response: WebhookDeliverySchema,
    errors: [...NOT_FOUND, 'WEBHOOK_DISABLED'],
  }),
  resend: defineEndpoint({
    id: 'webhooks.resend',
    method: 'POST',
    path: '/v1/business/:business_id/webhooks/:webhook_id/deliveries/:delivery_id/resend',
    summary: 'Send a delivery again (the same body and delivery id), whatever became of it',
    access,
    params: WebhookDeliveryParamsSchema,
    response: WebhookDeliverySchema,
    errors: [...NOT_FOUND, 'WEBHOOK_DISABLED'],
  }),
  resendPeriod: defineEndpoint({
    id: 'webhooks.resend-period',
    method: 'POST',
    path: '/v1/business/:business_id/webhooks/:webhook_id/resend-period',
    summary: `Send again every delivery of a period (or only its failed ones), the oldest first, at most ${WEBHOOK_RESEND_PERIOD_LIMIT}`,
    access,
    params: WebhookParamsSchema,
    body: ResendPeriodBodySchema,
    response: ResendPeriodResultSchema,
    errors: [...NOT_FOUND, 'WEBHOOK_DISABLED'],
  }),
} as const;
