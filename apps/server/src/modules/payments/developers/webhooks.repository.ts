import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { jsonRowsWrite } from '@/db/json-rows';
import type { Write } from '@/db/write-together';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

export interface HealthRow {
  endpointId: string;
  attempts: number;
  succeeded: number;
  lastFailureAt: Date | null;
  lastSuccessAt: Date | null;
}

const endpoint = (businessId: string, id: string) => and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id));
const delivery = (businessId: string, id: string) => and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, id));
/** int8 and counts come back as numbers from PGlite and strings from pg. */
const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

const subscribedTo = preparedStatement('webhook_endpoints_subscribed', (db, name) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.businessId, sql.placeholder('businessId')),
        eq(webhookEndpoints.status, 'active'),
        sql`${webhookEndpoints.events} @> array[${sql.placeholder('type')}::text]`,
      ),
    )
    .prepare(name),
);

export const webhooksRepository = {
  async listEndpoints(db: Executor, businessId: string): Promise<WebhookEndpointRow[]> {
    return db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, businessId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  },

  async findEndpoint(db: Executor, businessId: string, id: string): Promise<WebhookEndpointRow | null> {
    const [row] = await db.select().from(webhookEndpoints).where(endpoint(businessId, id)).limit(1);
    return row ?? null;
  },

  async lockEndpoint(db: Executor, businessId: string, id: string): Promise<WebhookEndpointRow | null> {
    const [row] = await db.select().from(webhookEndpoints).where(endpoint(businessId, id)).limit(1).for('update');
    return row ?? null;
  },

  /** The active endpoints of a business that want an event type: every change that emits an event asks (built once, db/prepared.ts). */
  subscribed: (db: Executor, businessId: string, type: string): Promise<WebhookEndpointRow[]> => subscribedTo(db, { businessId, type }),

  async insertEndpoint(db: Executor, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
    const [saved] = await db.insert(webhookEndpoints).values(row).returning();
    return saved!;
  },

  async updateEndpoint(
    db: Executor,
    businessId: string,
    id: string,
    patch: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'status' | 'disabledReason' | 'failingSince'>>,
  ): Promise<WebhookEndpointRow | null> {
    const [saved] = await db.update(webhookEndpoints).set(patch).where(endpoint(businessId, id)).returning();
    return saved ?? null;
  },

  /** Clears an endpoint's `failing_since`; a row already clear is neither written nor locked. */
  async endFailingStreak(db: Executor, businessId: string, id: string): Promise<void> {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(endpoint(businessId, id), isNotNull(webhookEndpoints.failingSince)));
  },

  async deleteEndpoint(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(webhookEndpoints).where(endpoint(businessId, id));
  },

  /** Attempts since `since` per endpoint, how many succeeded, and the last failure and success of all time. */
  async health(db: Executor, businessId: string, endpointIds: string[], since: Date): Promise<HealthRow[]> {
    if (endpointIds.length === 0) return [];
    const rows = await db
      .select({
        endpointId: webhookAttempts.endpointId,
        attempts: sql<number>`count(*) filter (where ${webhookAttempts.createdAt} >= ${since})`,
        succeeded: sql<number>`count(*) filter (where ${webhookAttempts.createdAt} >= ${since} and ${webhookAttempts.succeeded})`,
        lastFailureAt: sql<Date | null>`max(${webhookAttempts.createdAt}) filter (where not ${webhookAttempts.succeeded})`,
        lastSuccessAt: sql<Date | null>`max(${webhookAttempts.createdAt}) filter (where ${webhookAttempts.succeeded})`,
      })
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.businessId, businessId), inArray(webhookAttempts.endpointId, endpointIds)))
      .groupBy(webhookAttempts.endpointId);
    return rows.map((r) => ({
      endpointId: r.endpointId,
      attempts: Number(r.attempts),
      succeeded: Number(r.succeeded),
      lastFailureAt: asDate(r.lastFailureAt),
      lastSuccessAt: asDate(r.lastSuccessAt),
    }));
  },

  eventWrite: (db: Executor, row: typeof webhookEvents.$inferInsert): Write => jsonRowsWrite(db, webhookEvents, [row]),

  deliveryWrites: (db: Executor, rows: (typeof webhookDeliveries.$inferInsert)[]): Write[] =>
    rows.length > 0 ? [jsonRowsWrite(db, webhookDeliveries, rows)] : [],

  /** A delivery with its event and endpoint (null when the endpoint was deleted). */
  async findDelivery(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.businessId, webhookDeliveries.businessId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.businessId, webhookDeliveries.businessId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
      .where(delivery(businessId, id))
      .limit(1);
    return row ?? null;
  },

  /**
   * A delivery to attempt, with its event and endpoint (null when the endpoint was deleted), and whether an earlier
   * delivery of the same endpoint and object is still pending (`waits`: the order per object), in one statement.
   */
  async findDeliveryToSend(db: Executor, businessId: string, id: string) {
    const earlier = alias(webhookDeliveries, 'earlier');
    const earlierEvent = alias(webhookEvents, 'earlier_event');
    const [row] = await db
      .select({
        delivery: webhookDeliveries,
        event: webhookEvents,
        endpoint: webhookEndpoints,
        waits: sql<boolean>`exists (select 1 from ${webhookDeliveries} as ${earlier} inner join ${webhookEvents} as ${earlierEvent} on ${earlierEvent.businessId} = ${earlier.businessId} and ${earlierEvent.id} = ${earlier.eventId}
          where ${earlier.businessId} = ${webhookDeliveries.businessId} and ${earlier.endpointId} = ${webhookDeliveries.endpointId} and ${earlier.status} = 'pending'
          and ${earlier.seq} < ${webhookDeliveries.seq} and ${earlierEvent.objectType} = ${webhookEvents.objectType} and ${earlierEvent.objectId} = ${webhookEvents.objectId})`,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.businessId, webhookDeliveries.businessId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.businessId, webhookDeliveries.businessId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
      .where(delivery(businessId, id))
      .limit(1);
    return row ? { ...row, waits: row.waits === true } : null;
  },

  /** Locks a delivery and counts its attempts so far, in one statement. */
  async lockDeliveryWithAttempts(db: Executor, businessId: string, id: string): Promise<{ delivery: WebhookDeliveryRow; attempts: number } | null> {
    const [row] = await db
      .select({
        delivery: webhookDeliveries,
        // Written out: drizzle leaves the columns of a one-table select unqualified, which the subquery would read as its own.
        attempts: sql<number>`(select count(*) from "webhook_attempts" as "a" where "a"."business_id" = "webhook_deliveries"."business_id" and "a"."delivery_id" = "webhook_deliveries"."id")`,
      })
      .from(webhookDeliveries)
      .where(delivery(businessId, id))
      .limit(1)
      .for('update');
    return row ? { delivery: row.delivery, attempts: Number(row.attempts) } : null;
  },

  async lockDelivery(db: Executor, businessId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const [row] = await db.select().from(webhookDeliveries).where(delivery(businessId, id)).limit(1).for('update');
    return row ?? null;
  },

  async setDeliveryStatus(db: Executor, businessId: string, id: string, status: WebhookDeliveryRow['status']): Promise<void> {
    await db.update(webhookDeliveries).set({ status }).where(delivery(businessId, id));
  },

  /** The first pending delivery of the same endpoint and object made after `seq` (the one to wake), if any. */
  async nextPending(db: Executor, businessId: string, endpointId: string, object: { type: string; id: string }, seq: number): Promise<string | null> {
    return pendingOfObject(db, businessId, endpointId, object, gt(webhookDeliveries.seq, seq));
  },

  /**
   * An endpoint's deliveries made in [from, to), the oldest first, not pending (or only the failed ones), at most
   * `limit`.
   */
  async periodDeliveries(db: Executor, businessId: string, endpointId: string, period: { from: Date; to: Date; onlyFailed: boolean }, limit: number) {
    return db
      .select({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.businessId, businessId),
          eq(webhookDeliveries.endpointId, endpointId),
          gte(webhookDeliveries.createdAt, period.from),
          lt(webhookDeliveries.createdAt, period.to),
          period.onlyFailed ? eq(webhookDeliveries.status, 'failed') : ne(webhookDeliveries.status, 'pending'),
        ),
      )
      .orderBy(asc(webhookDeliveries.seq))
      .limit(limit);
  },

  async setDeliveriesPending(db: Executor, businessId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(webhookDeliveries.businessId, businessId), inArray(webhookDeliveries.id, ids)));
  },

  async attemptCount(db: Executor, businessId: string, deliveryId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)` })
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.businessId, businessId), eq(webhookAttempts.deliveryId, deliveryId)));
    return Number(row?.n ?? 0);
  },

  async insertAttempt(db: Executor, row: typeof webhookAttempts.$inferInsert): Promise<void> {
    await db.insert(webhookAttempts).values(row);
  },

  /** A page of an endpoint's deliveries with their events, newest first. */
  async deliveriesPage(db: Executor, businessId: string, endpointId: string, cursor: Cursor | undefined, limit: number) {
    const after = cursor
      ? or(lt(webhookDeliveries.createdAt, cursor.createdAt), and(eq(webhookDeliveries.createdAt, cursor.createdAt), lt(webhookDeliveries.id, cursor.id)))
      : undefined;
    return db
      .select({ delivery: webhookDeliveries, event: webhookEvents })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.businessId, webhookDeliveries.businessId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId), after))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit + 1);
  },

  /**
   * What an endpoint missed in its failing streak (the mail of its disabling): its deliveries still pending, and the
   * ones given up after an attempt since `since`; how many, and the first `limit` of them (oldest first) with their
   * events.
   */
  async missedDeliveries(db: Executor, businessId: string, endpointId: string, since: Date, limit: number) {
    const missed = and(
      eq(webhookDeliveries.businessId, businessId),
      eq(webhookDeliveries.endpointId, endpointId),
      or(
        eq(webhookDeliveries.status, 'pending'),
        and(
          eq(webhookDeliveries.status, 'failed'),
          sql`exists (select 1 from ${webhookAttempts} where ${webhookAttempts.businessId} = ${webhookDeliveries.businessId} and ${webhookAttempts.deliveryId} = ${webhookDeliveries.id} and ${webhookAttempts.createdAt} >= ${since})`,
        ),
      ),
    );
    const [counted] = await db
      .select({ n: sql<number>`count(*)` })
      .from(webhookDeliveries)
      .where(missed);
    const first = await db
      .select({ type: webhookEvents.type, objectType: webhookEvents.objectType, objectId: webhookEvents.objectId, createdAt: webhookEvents.createdAt })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.businessId, webhookDeliveries.businessId), eq(webhookEvents.id, webhookDeliveries.eventId)))
      .where(missed)
      .orderBy(asc(webhookDeliveries.seq))
      .limit(limit);
    return { count: Number(counted?.n ?? 0), first };
  },

  async attemptsOf(db: Executor, businessId: string, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return db
      .select()
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.businessId, businessId), inArray(webhookAttempts.deliveryId, deliveryIds)))
      .orderBy(webhookAttempts.attempt);
  },
};

/** The first pending delivery (by `seq`) of an endpoint and an object whose `seq` meets `seqCondition`, if any. */
async function pendingOfObject(
  db: Executor,
  businessId: string,
  endpointId: string,
  object: { type: string; id: string },
  seqCondition: SQL,
): Promise<string | null> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, and(eq(webhookEvents.businessId, webhookDeliveries.businessId), eq(webhookEvents.id, webhookDeliveries.eventId)))
    .where(
      and(
        eq(webhookDeliveries.businessId, businessId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        seqCondition,
        eq(webhookEvents.objectType, object.type),
        eq(webhookEvents.objectId, object.id),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return row?.id ?? null;
}
