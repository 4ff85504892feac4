import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_WEBHOOK_EVENTS_PATHS as P,
  PublicWebhookEventBodySchema,
  PublicWebhookEventUpdateBodySchema,
  type PublicWebhookEventBody,
  type PublicWebhookEventUpdateBody,
} from '@merchant/payments';
import { defineModule } from '@/modules/module';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicWebhookEventsPaths } from './public-webhook-events.openapi';
import { createPublicWebhookEventsApi } from './public-webhook-events.service';
import type { WebhooksService } from './webhooks.service';

const Params = z.object({ webhook_event_id: z.string().max(100) });
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof Params>).webhook_event_id;

/**
 * HitPay's webhook events on Developers > Webhooks' endpoints (docs/developers.md, "Public API: money out"), with the
 * dashboard's permission of that screen, `developers:view`, for reads and writes.
 */
export const publicWebhookEventsApiModule = defineModule({
  name: 'publicWebhookEventsApi',
  create: ({ publicApi, webhooks }: { publicApi: PublicApiService; webhooks: WebhooksService }) => ({
    publicApi,
    ...createPublicWebhookEventsApi({ webhooks }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicWebhookEventsPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      const developers = guard('developers:view');
      api.get(P.webhookEvents, { schema: { hide: true }, onRequest: developers }, async (req) => service.list(caller(req)));
      api.post(P.webhookEvents, { schema: { body: PublicWebhookEventBodySchema, hide: true }, onRequest: developers }, async (req, reply) =>
        idempotent('webhook-events.create', req, reply, async () =>
          reply.status(201).send(await service.create(caller(req), meta(req), req.body as PublicWebhookEventBody)),
        ),
      );
      api.get(P.webhookEvent, { schema: { params: Params, hide: true }, onRequest: developers }, async (req) => service.get(caller(req), idOf(req)));
      api.put(P.webhookEvent, { schema: { params: Params, body: PublicWebhookEventUpdateBodySchema, hide: true }, onRequest: developers }, async (req) =>
        service.update(caller(req), meta(req), idOf(req), req.body as PublicWebhookEventUpdateBody),
      );
      api.delete(P.webhookEvent, { schema: { params: Params, hide: true }, onRequest: developers }, async (req, reply) => {
        await service.remove(caller(req), meta(req), idOf(req));
        return reply.status(204).send();
      });
    });
  },
});
