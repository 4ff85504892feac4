import { createHmac, randomBytes } from 'node:crypto';
import { AppError, SCREEN_PATHS, fieldError, screenLink } from '@merchant/core';
import {
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_HEADERS,
  WEBHOOK_RESEND_PERIOD_LIMIT,
  WEBHOOK_RETRY_LIMIT,
  WEBHOOK_TEST_EVENT,
  type ResendPeriodBodySchema,
  type ResendPeriodResult,
  type NewWebhookEndpoint,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '@merchant/payments';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import { UNATTENDED, type BusinessContext } from '@/http/context';
import { appSecret } from '@/lib/app-secrets';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { outboundUrlProblem, postOutbound, type OutboundAnswer } from '@/lib/outbound-http';
import { secretBox, type SecretBox } from '@/lib/secret-box';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { WEBHOOK_TIMEOUT_MS } from './legacy-webhook';
import { deliveryOrderKey, WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './webhook-delivery-job';
import { webhookEventWriter, type WebhookEventInput } from './webhook-event-writer';
import { fromLocalDateTime, presentEndpoint, toLocalDateTime } from './webhooks.presenter';
import { webhooksRepository as repo, type WebhookDeliveryRow, type WebhookEndpointRow } from './webhooks.repository';

type ResendPeriodBodyOut = z.output<typeof ResendPeriodBodySchema>;

/** Who changes an endpoint: a signed-in member, or the public API acting as its key's maker (docs/developers.md). */
export type WebhookWriter = Pick<BusinessContext, 'business' | 'ip' | 'userAgent'> & { user: { id: string } };

export type { WebhookEventInput };

/** HitPay's `Hitpay-Signature`: HMAC-SHA256 of the raw body keyed by the endpoint's salt, in hex. */
export function webhookSignature(salt: string, body: string): string {
  return createHmac('sha256', salt).update(body).digest('hex');
}

const notFound = () => new AppError('WEBHOOK_NOT_FOUND', 'Webhook endpoint not found.');
const disabled = () => new AppError('WEBHOOK_DISABLED', 'This endpoint is disabled: enable it to send to it.');
const HEALTH_DAYS = 7;
/** How many of the missed deliveries the mail of a disabled endpoint lists (it says how many there are in all). */
export const DISABLE_MAIL_LISTED = 5;
const mailTime = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/**
 * HitPay's event webhooks (docs/developers.md, "Event webhooks"): endpoints of a business, the events written in
 * the transaction of the change they tell of (`emit`: the event, a delivery per subscribed endpoint and its job, the
 * outbox rule), and the delivery job: a signed POST through the outbound guard, every attempt logged, retried with
 * backoff; an endpoint failing for three days is disabled and its business's owners mailed.
 */
export function createWebhooksService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  jobs: JobSender;
  config: { webhookPrivateTargets: boolean; publicUrl: string };
  ownerEmails: (businessId: string, executor: Executor) => Promise<string[]>;
}) {
  const { db, clock, audit, jobs, config } = deps;
  let box: Promise<SecretBox> | null = null;
  const salts = () => (box ??= appSecret(db, 'webhook_salt_key', clock.now()).then(secretBox));

  async function withHealth(businessId: string, rows: WebhookEndpointRow[]): Promise<WebhookEndpoint[]> {
    const since = new Date(clock.now().getTime() - HEALTH_DAYS * 86_400_000);
    const health = await repo.health(
      db,
      businessId,
      rows.map((r) => r.id),
      since,
    );
    return rows.map((row) =>
      presentEndpoint(
        row,
        health.find((h) => h.endpointId === row.id),
      ),
    );
  }

  function checkUrl(url: string): void {
    const problem = outboundUrlProblem(url, config.webhookPrivateTargets);
    if (problem) throw fieldError('VALIDATION_FAILED', 'url', problem);
  }

  async function record(tx: Executor, ctx: WebhookWriter, action: string, description: string, row: WebhookEndpointRow): Promise<void> {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: row.businessId,
      objectType: 'webhook_endpoint',
      objectId: row.id,
      meta: { url: row.url, events: row.events, status: row.status },
    });
  }

  async function owned(businessId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(db, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  const { queueEvent, writeEvent } = webhookEventWriter({ clock, jobs });

  async function presentDelivery(businessId: string, deliveryId: string): Promise<WebhookDelivery> {
    const found = await repo.findDelivery(db, businessId, deliveryId);
    if (!found) throw notFound();
    const attempts = await repo.attemptsOf(db, businessId, [deliveryId]);
    return deliveryOf(found.delivery, found.event, attempts);
  }

  function deliveryOf(
    d: { id: string; eventId: string; status: WebhookDelivery['status']; createdAt: Date },
    event: { type: string; objectType: string; body: string },
    attempts: Awaited<ReturnType<typeof repo.attemptsOf>>,
  ): WebhookDelivery {
    return {
      id: d.id,
      event_id: d.eventId,
      event_type: event.type,
      event_object: event.objectType,
      status: d.status,
      request_body: event.body,
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        at: a.createdAt.toISOString(),
        response_status: a.responseStatus,
        response_excerpt: a.responseExcerpt,
        error: a.error,
        duration_ms: a.durationMs,
        succeeded: a.succeeded,
      })),
      created_at: d.createdAt.toISOString(),
    };
  }

  /** Disables an endpoint that has failed for three days, audits it and mails the owners (in the attempt's transaction). */
  async function disableFailing(tx: Executor, row: WebhookEndpointRow): Promise<void> {
    const reason = `Disabled after failing for ${WEBHOOK_DISABLE_AFTER_HOURS / 24} days`;
    await repo.updateEndpoint(tx, row.businessId, row.id, { status: 'disabled', disabledReason: reason });
    await audit.record(tx, UNATTENDED, {
      action: 'webhook_endpoint.disabled',
      description: `Disabled the webhook endpoint ${row.url}: its deliveries failed for ${WEBHOOK_DISABLE_AFTER_HOURS / 24} days`,
      actorUserId: null,
      businessId: row.businessId,
      objectType: 'webhook_endpoint',
      objectId: row.id,
      meta: { url: row.url },
    });
    const since = row.failingSince ?? clock.now();
    const missed = await repo.missedDeliveries(tx, row.businessId, row.id, since, DISABLE_MAIL_LISTED);
    const log = screenLink(deps.config.publicUrl, SCREEN_PATHS.webhookEndpoint, { business_id: row.businessId, webhook_id: row.id });
    const listed = missed.first.map((m) => `- ${m.type} of ${m.objectType} ${m.objectId}, ${mailTime(m.createdAt)}`);
    const more = missed.count - missed.first.length;
    const text = [
      'Hello,',
      '',
      `Every delivery to your webhook endpoint ${row.url} has failed since ${mailTime(since)}, so it was disabled: no more events are sent to it.`,
      '',
      `${missed.count} ${missed.count === 1 ? 'delivery was' : 'deliveries were'} not delivered${missed.count > 0 ? ', the first:' : '.'}`,
      ...listed,
      ...(more > 0 ? [`and ${more} more.`] : []),
      '',
      `Every delivery and its attempts are in the endpoint's delivery log: ${log}`,
      '',
      'Fix the receiver, then enable the endpoint again under Developers > Webhooks and resend the deliveries you missed (Resend a period sends them again in order).',
    ].join('\n');
    for (const to of await deps.ownerEmails(row.businessId, tx)) {
      await deps.mailer.send(tx, { to, subject: 'A webhook endpoint was disabled', text });
    }
  }

  /**
   * A delivery reached its end (delivered or given up): the next pending delivery of the same endpoint and object,
   * which waited for it, is queued now (in the same transaction). `why` keeps the job's key unique per wake.
   */
  async function wakeNext(tx: Executor, endpointId: string, object: { type: string; id: string }, done: WebhookDeliveryRow, why: string): Promise<void> {
    const next = await repo.nextPending(tx, done.businessId, endpointId, object, done.seq);
    if (!next) return;
    const order = deliveryOrderKey(endpointId, object);
    await jobs.send(tx, WEBHOOK_DELIVERY_JOB, { business_id: done.businessId, delivery_id: next, order } satisfies WebhookDeliveryJob, {
      singletonKey: `${next}:after:${done.id}:${why}`,
      retryLimit: WEBHOOK_RETRY_LIMIT,
    });
  }

  return {
    list: async (businessId: string) => withHealth(businessId, await repo.listEndpoints(db, businessId)),

    get: async (businessId: string, id: string) => (await withHealth(businessId, [await owned(businessId, id)]))[0]!,

    async create(ctx: WebhookWriter, body: WebhookEndpointBody): Promise<NewWebhookEndpoint> {
      const businessId = ctx.business.row.id;
      const url = body.url.trim();
      checkUrl(url);
      const salt = randomBytes(32).toString('hex');
      const saltSealed = (await salts()).seal(salt);
      const row = await db.transaction(async (tx) => {
        const saved = await repo.insertEndpoint(tx, {
          businessId,
          id: newTimeOrderedId(),
          url,
          events: [...body.events],
          saltSealed,
          saltLast4: salt.slice(-4),
          status: 'active',
          createdByUserId: ctx.user.id,
          createdAt: clock.now(),
        });
        await record(tx, ctx, 'webhook_endpoint.created', `Added the webhook endpoint ${saved.url} (${saved.events.join(', ')})`, saved);
        return saved;
      });
      return { ...presentEndpoint(row, undefined), salt };
    },

    async update(ctx: WebhookWriter, id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> {
      const businessId = ctx.business.row.id;
      if (body.url !== undefined) checkUrl(body.url.trim());
      const row = await db.transaction(async (tx) => {
        const old = await repo.lockEndpoint(tx, businessId, id);
        if (!old) throw notFound();
        const status = body.enabled === undefined ? old.status : body.enabled ? 'active' : 'disabled';
        const saved = (await repo.updateEndpoint(tx, businessId, id, {
          ...(body.url !== undefined ? { url: body.url.trim() } : {}),
          ...(body.events !== undefined ? { events: [...body.events] } : {}),
          status,
          // Enabled again: the failing streak starts afresh; disabled by a person: no reason of ours.
          ...(status !== old.status ? { disabledReason: status === 'disabled' ? 'Disabled by a person' : null, failingSince: null } : {}),
        }))!;
        const action = status === old.status ? 'updated' : status === 'active' ? 'enabled' : 'disabled';
        await record(tx, ctx, `webhook_endpoint.${action}`, `${action[0]!.toUpperCase()}${action.slice(1)} the webhook endpoint ${saved.url}`, saved);
        return saved;
      });
      return (await withHealth(businessId, [row]))[0]!;
    },

    async remove(ctx: WebhookWriter, id: string): Promise<{ removed: true }> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const old = await repo.lockEndpoint(tx, businessId, id);
        if (!old) throw notFound();
        await repo.deleteEndpoint(tx, businessId, id);
        await record(tx, ctx, 'webhook_endpoint.deleted', `Deleted the webhook endpoint ${old.url}`, old);
      });
      return { removed: true };
    },

    async deliveries(businessId: string, id: string, query: { cursor?: string | undefined; limit: number }) {
      await owned(businessId, id);
      const rows = await repo.deliveriesPage(db, businessId, id, decodeCursor(query.cursor), query.limit);
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.delivery.createdAt, id: r.delivery.id }));
      const attempts = await repo.attemptsOf(
        db,
        businessId,
        page.rows.map((r) => r.delivery.id),
      );
      return {
        data: page.rows.map((r) =>
          deliveryOf(
            r.delivery,
            r.event,
            attempts.filter((a) => a.deliveryId === r.delivery.id),
          ),
        ),
        next_cursor: page.nextCursor,
      };
    },

    async sendTest(ctx: BusinessContext, id: string): Promise<WebhookDelivery> {
      const businessId = ctx.business.row.id;
      const endpoint = await owned(businessId, id);
      if (endpoint.status !== 'active') throw disabled();
      const eventId = newTimeOrderedId();
      const [made] = await db.transaction(async (tx) =>
        writeEvent(
          tx,
          businessId,
          {
            type: WEBHOOK_TEST_EVENT,
            objectType: 'test',
            objectId: eventId,
            object: {
              id: eventId,
              business_id: businessId,
              test: true,
              message: 'A test event sent from the Developers screen.',
              created_at: clock.now().toISOString(),
            },
          },
          [endpoint],
        ),
      );
      return presentDelivery(businessId, made!.id);
    },

    async resend(ctx: BusinessContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const businessId = ctx.business.row.id;
      const endpoint = await owned(businessId, id);
      const found = await repo.findDelivery(db, businessId, deliveryId);
      if (!found || found.endpoint.id !== endpoint.id) throw notFound();
      if (endpoint.status !== 'active') throw disabled();
      await db.transaction(async (tx) => {
        await repo.setDeliveryStatus(tx, businessId, deliveryId, 'pending');
        const count = await repo.attemptCount(tx, businessId, deliveryId);
        const job = { business_id: businessId, delivery_id: deliveryId, resend: true, order: deliveryOrderKey(endpoint.id, 'resent') };
        await jobs.send(tx, WEBHOOK_DELIVERY_JOB, job satisfies WebhookDeliveryJob, {
          singletonKey: `${deliveryId}:resend:${count}`,
          retryLimit: WEBHOOK_RETRY_LIMIT,
        });
      });
      return presentDelivery(businessId, deliveryId);
    },

    /**
     * Resends an endpoint's deliveries of a period (wall-clock times of the business's zone), the oldest first, at
     * most `WEBHOOK_RESEND_PERIOD_LIMIT`, each with its own job (its order per object holds: docs/developers.md).
     */
    async resendPeriod(ctx: BusinessContext, id: string, body: ResendPeriodBodyOut): Promise<ResendPeriodResult> {
      const businessId = ctx.business.row.id;
      const zone = ctx.business.row.timeZone;
      const endpoint = await owned(businessId, id);
      if (endpoint.status !== 'active') throw disabled();
      const period = { from: fromLocalDateTime(body.from, zone), to: fromLocalDateTime(body.to, zone), onlyFailed: body.only_failed };
      const rows = await repo.periodDeliveries(db, businessId, id, period, WEBHOOK_RESEND_PERIOD_LIMIT + 1);
      const chosen = rows.slice(0, WEBHOOK_RESEND_PERIOD_LIMIT);
      const left = rows[WEBHOOK_RESEND_PERIOD_LIMIT];
      await db.transaction(async (tx) => {
        await repo.setDeliveriesPending(
          tx,
          businessId,
          chosen.map((r) => r.id),
        );
        for (const r of chosen) {
          // Ids increasing in the list's order: the jobs, sent together, go the oldest delivery first. Each request's
          // own, so that two resends of one period each send.
          const job = { business_id: businessId, delivery_id: r.id, resend: true, order: deliveryOrderKey(endpoint.id, 'resent') };
          await jobs.send(tx, WEBHOOK_DELIVERY_JOB, job satisfies WebhookDeliveryJob, {
            id: newTimeOrderedId(),
            retryLimit: WEBHOOK_RETRY_LIMIT,
          });
        }
        await audit.record(tx, ctx, {
          action: 'webhook_endpoint.resent',
          description: `Resent ${chosen.length} ${body.only_failed ? 'failed ' : ''}deliveries of ${body.from.replace('T', ' ')} to ${body.to.replace('T', ' ')} to the webhook endpoint ${endpoint.url}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'webhook_endpoint',
          objectId: endpoint.id,
          meta: { from: body.from, to: body.to, only_failed: body.only_failed, queued: chosen.length },
        });
      });
      return { queued: chosen.length, capped: left !== undefined, next_from: left ? toLocalDateTime(left.createdAt, zone) : null };
    },

    /**
     * Writes an event for the business's active endpoints that want its type, in the caller's transaction (the
     * outbox rule: the deliveries are queued only if the change commits). Nothing is written when none wants it.
     */
    async emit(tx: Executor, businessId: string, event: WebhookEventInput): Promise<void> {
      const endpoints = await repo.subscribed(tx, businessId, event.type);
      if (endpoints.length > 0) await writeEvent(tx, businessId, event, endpoints);
    },

    /**
     * `emit` in two steps, for a transaction that knows the event's object only at its end (a register sale's number,
     * taken last: docs/pos.md, "Numbers"): the endpoints are read and the deliveries' jobs queued now, and the
     * answer gives the writes of the event and its deliveries for the object, for the transaction's last statement
     * (`writeTogether`). No endpoint wants the type: no write.
     */
    async emitLater(tx: Executor, businessId: string, event: Omit<WebhookEventInput, 'object'>): Promise<(object: Record<string, unknown>) => Write[]> {
      const endpoints = await repo.subscribed(tx, businessId, event.type);
      if (endpoints.length === 0) return () => [];
      return (await queueEvent(tx, businessId, event, endpoints)).writes;
    },

    /** One attempt of a delivery (the job's work). Throws on failure so that the job is retried with backoff. */
    async deliver(job: WebhookDeliveryJob): Promise<void> {
      const found = await repo.findDeliveryToSend(db, job.business_id, job.delivery_id);
      // The endpoint was deleted (its deliveries with it): nothing is sent.
      if (!found) return;
      // Delivered or given up already (a wake after the fact): nothing more, unless a person asked again.
      if (found.delivery.status !== 'pending' && !job.resend) return;
      const { endpoint, event, delivery } = found;
      const object = { type: event.objectType, id: event.objectId };
      if (endpoint.status !== 'active') {
        // Disabled (by a person or by three days of failures): given up without an attempt, so that it holds back
        // no later delivery of its object once the endpoint is enabled again (a resend sends it then).
        await db.transaction(async (tx) => {
          const locked = await repo.lockDelivery(tx, job.business_id, delivery.id);
          if (locked?.status !== 'pending') return;
          await repo.setDeliveryStatus(tx, job.business_id, delivery.id, 'failed');
          await wakeNext(tx, endpoint.id, object, locked, 'disabled');
        });
        return;
      }
      // In order per object: an earlier delivery of this object to this endpoint is still pending, so this one
      // waits; that one's success (or its giving up) wakes this one (`wakeNext`).
      if (found.waits) return;
      const salt = (await salts()).open(endpoint.saltSealed);
      const started = performance.now();
      let answer: OutboundAnswer | null = null;
      let error: string | null = null;
      try {
        answer = await postOutbound(endpoint.url, {
          body: event.body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'merchant-webhooks/1',
            [WEBHOOK_HEADERS.signature]: webhookSignature(salt, event.body),
            [WEBHOOK_HEADERS.eventType]: event.type,
            [WEBHOOK_HEADERS.eventObject]: event.objectType,
            [WEBHOOK_HEADERS.deliveryId]: delivery.id,
          },
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          allowPrivate: config.webhookPrivateTargets,
        });
      } catch (e) {
        error = e instanceof Error ? e.message.slice(0, 500) : 'The request failed';
      }
      const succeeded = answer !== null && answer.status >= 200 && answer.status < 300;
      const gaveUp = await db.transaction(async (tx) => {
        const lockedWithAttempts = await repo.lockDeliveryWithAttempts(tx, job.business_id, delivery.id);
        if (!lockedWithAttempts) return true;
        const locked = lockedWithAttempts.delivery;
        const attempt = lockedWithAttempts.attempts + 1;
        const now = clock.now();
        await repo.insertAttempt(tx, {
          businessId: job.business_id,
          id: newTimeOrderedId(now.getTime()),
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attempt,
          responseStatus: answer?.status ?? null,
          responseExcerpt: answer?.body ?? '',
          error: error ?? (succeeded ? null : `The endpoint answered ${answer!.status}`),
          durationMs: answer?.durationMs ?? Math.round(performance.now() - started),
          succeeded,
          createdAt: now,
        });
        if (succeeded) {
          await repo.setDeliveryStatus(tx, job.business_id, delivery.id, 'succeeded');
          // The failing streak ends. No lock of the endpoint unless it was failing: deliveries to one endpoint that
          // succeed side by side commit without waiting for each other.
          await repo.endFailingStreak(tx, job.business_id, endpoint.id);
          await wakeNext(tx, endpoint.id, object, locked, String(attempt));
          return true;
        }
        const current = await repo.lockEndpoint(tx, job.business_id, endpoint.id);
        if (current && !current.failingSince) await repo.updateEndpoint(tx, job.business_id, endpoint.id, { failingSince: now });
        const failingFor = current?.failingSince ? now.getTime() - current.failingSince.getTime() : 0;
        const disable = current?.status === 'active' && failingFor >= WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000;
        if (disable) await disableFailing(tx, current);
        const last = disable || attempt > WEBHOOK_RETRY_LIMIT;
        if (last) {
          await repo.setDeliveryStatus(tx, job.business_id, delivery.id, 'failed');
          await wakeNext(tx, endpoint.id, object, locked, String(attempt));
        }
        return last;
      });
      if (!gaveUp) throw new Error(error ?? `The webhook endpoint answered ${answer?.status}`);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
