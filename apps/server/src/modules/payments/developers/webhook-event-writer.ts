import { WEBHOOK_RETRY_LIMIT, type WebhookEventType } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { writeTogether, type Write } from '@/db/write-together';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { deliveryOrderKey, WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './webhook-delivery-job';
import { webhooksRepository as repo, type WebhookEndpointRow } from './webhooks.repository';

/** Something that happened, for the endpoints that want its type. `object` becomes the JSON body. */
export interface WebhookEventInput {
  type: WebhookEventType;
  /** `Hitpay-Event-Object`: `charge`, `payment_request`, `invoice`, `payout`, `transfer`, `recurring_billing`, `order`. */
  objectType: string;
  objectId: string;
  object: Record<string, unknown>;
}

/** The webhooks service's writing of events (webhooks.service.ts): an event, its deliveries and their jobs, in the caller's transaction. */
export function webhookEventWriter({ clock, jobs }: { clock: Clock; jobs: JobSender }) {
  /**
   * The event's deliveries to `endpoints`, their jobs queued in `tx` now; `writes` are the event and its deliveries
   * once the event's object is known, to send in one statement (a job and its delivery commit together either way).
   */
  async function queueEvent(
    tx: Executor,
    businessId: string,
    event: Omit<WebhookEventInput, 'type' | 'object'> & { type: string },
    endpoints: WebhookEndpointRow[],
  ) {
    const now = clock.now();
    const eventId = newTimeOrderedId(now.getTime());
    const deliveries = endpoints.map((e) => ({
      businessId,
      id: newTimeOrderedId(now.getTime()),
      endpointId: e.id,
      eventId,
      status: 'pending' as const,
      createdAt: now,
    }));
    const object = { type: event.objectType, id: event.objectId };
    for (const d of deliveries) {
      const order = deliveryOrderKey(d.endpointId, object);
      await jobs.send(tx, WEBHOOK_DELIVERY_JOB, { business_id: businessId, delivery_id: d.id, order } satisfies WebhookDeliveryJob, {
        singletonKey: d.id,
        retryLimit: WEBHOOK_RETRY_LIMIT,
      });
    }
    const writes = (body: Record<string, unknown>): Write[] => [
      repo.eventWrite(tx, {
        businessId,
        id: eventId,
        type: event.type,
        objectType: event.objectType,
        objectId: event.objectId,
        body: JSON.stringify(body),
        createdAt: now,
      }),
      ...repo.deliveryWrites(tx, deliveries),
    ];
    return { deliveries, writes };
  }

  /** Writes an event and a delivery to each endpoint, with their jobs, in the caller's transaction. */
  async function writeEvent(tx: Executor, businessId: string, event: Omit<WebhookEventInput, 'type'> & { type: string }, endpoints: WebhookEndpointRow[]) {
    const { deliveries, writes } = await queueEvent(tx, businessId, event, endpoints);
    await writeTogether(tx, writes(event.object));
    return deliveries;
  }

  return { queueEvent, writeEvent };
}
