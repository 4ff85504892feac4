import type { z } from 'zod';
import { AppError } from '@merchant/core';
import {
  UpdateWebhookEndpointBodySchema,
  WebhookEndpointBodySchema,
  type PublicWebhookEvent,
  type PublicWebhookEventBody,
  type PublicWebhookEventUpdateBody,
  type WebhookEndpoint,
} from '@merchant/payments';
import type { RequestMeta } from '@/http/context';
import type { PublicApiCaller } from './public-api.service';
import { hitpayIso } from './public-transfers.presenter';
import type { WebhookWriter, WebhooksService } from './webhooks.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** HitPay's own 404 of a webhook (its document's example). */
const missing = (id: string) => new AppError('NOT_FOUND', `No query results for model [App\\Business\\Webhook] ${id}`);

/** An endpoint as HitPay's webhook event: no name is kept here, so the address's host stands as its name. */
export function presentWebhookEvent(endpoint: WebhookEndpoint, businessId: string): PublicWebhookEvent {
  const created = hitpayIso(endpoint.created_at);
  return {
    id: endpoint.id,
    business_id: businessId,
    name: new URL(endpoint.url).hostname,
    url: endpoint.url,
    event_types: endpoint.events,
    created_at: created,
    // An endpoint keeps no time of its last change.
    updated_at: created,
  };
}

/** The dashboard's rules of an endpoint (its events, once each), on HitPay's field names (`event_types.0`). */
function checked<T>(schema: z.ZodType<T>, input: object): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map((p, n) => (n === 0 && p === 'events' ? 'event_types' : String(p))).join('.') || 'event_types',
      message: i.message,
    }));
    throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', issues);
  }
  return parsed.data;
}

/**
 * HitPay's webhook events on Developers > Webhooks' endpoints (docs/developers.md, "Public API: money out"), through
 * its service as the key's maker: the same outbound guard on the address (422 on `url`), the same events, audited;
 * the salt answered in full only when an endpoint is made, as the dashboard shows it.
 */
export function createPublicWebhookEventsApi(deps: { webhooks: WebhooksService }) {
  const { webhooks } = deps;
  const writerOf = (caller: PublicApiCaller, meta: RequestMeta): WebhookWriter => ({
    business: caller.business,
    ip: meta.ip,
    userAgent: meta.userAgent,
    user: { id: caller.makerUserId },
  });
  const businessOf = (caller: PublicApiCaller) => caller.business.row.id;

  async function owned<T>(id: string, work: () => Promise<T>): Promise<T> {
    if (!UUID.test(id)) throw missing(id);
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'WEBHOOK_NOT_FOUND') throw missing(id);
      throw error;
    }
  }

  return {
    /** HitPay's list: a bare array, oldest first as the dashboard lists them. */
    async list(caller: PublicApiCaller) {
      return (await webhooks.list(businessOf(caller))).map((e) => presentWebhookEvent(e, businessOf(caller)));
    },

    get: async (caller: PublicApiCaller, id: string) =>
      owned(id, async () => presentWebhookEvent(await webhooks.get(businessOf(caller), id), businessOf(caller))),

    async create(caller: PublicApiCaller, meta: RequestMeta, body: PublicWebhookEventBody) {
      const input = checked(WebhookEndpointBodySchema, { url: body.url, events: body.event_types });
      const made = await webhooks.create(writerOf(caller, meta), input);
      return { ...presentWebhookEvent(made, businessOf(caller)), salt: made.salt };
    },

    /** HitPay's update: the fields sent change (the name is not kept). */
    async update(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicWebhookEventUpdateBody) {
      return owned(id, async () => {
        const input = checked(UpdateWebhookEndpointBodySchema, { url: body.url, events: body.event_types });
        return presentWebhookEvent(await webhooks.update(writerOf(caller, meta), id, input), businessOf(caller));
      });
    },

    async remove(caller: PublicApiCaller, meta: RequestMeta, id: string): Promise<void> {
      await owned(id, () => webhooks.remove(writerOf(caller, meta), id));
    },
  };
}

export type PublicWebhookEventsApi = ReturnType<typeof createPublicWebhookEventsApi>;
