/**
 * The webhook delivery job (docs/developers.md, "Event webhooks"): its name, its data, and how a worker runs a batch
 * of them side by side (order keys, concurrency).
 */

/** The job that makes one attempt of a delivery (a failure throws: pg-boss retries it with backoff). */
export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
export interface WebhookDeliveryJob {
  business_id: string;
  delivery_id: string;
  /** A person asked for it again: sent even when an earlier attempt succeeded. */
  resend?: boolean;
  /**
   * The delivery's order key (`deliveryOrderKey`): the worker runs the jobs of one key one after another in queued
   * order, and other keys' at the same time. Absent from jobs queued before it existed: those share one key.
   */
  order?: string;
}

/**
 * How many deliveries a worker process attempts at once (of different order keys), and takes per fetch: a receiver
 * slow to answer holds back only its own key's later deliveries.
 */
export const WEBHOOK_CONCURRENCY = 16;
export const WEBHOOK_BATCH = 64;

/**
 * The order key of a delivery's job: its endpoint and object (the order docs/developers.md promises, "In order per
 * object"), or, for a delivery a person resent (one, or a period's), its endpoint alone, so that a period resent goes
 * the oldest first. A wake of the next delivery of an object (`wakeNext`) has that object's key.
 */
export function deliveryOrderKey(endpointId: string, object: { type: string; id: string } | 'resent'): string {
  return object === 'resent' ? `${endpointId} resent` : `${endpointId} ${object.type} ${object.id}`;
}
export const orderKeyOfJob = (job: WebhookDeliveryJob): string => job.order ?? 'unkeyed';
