import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { payments, processorAttempts } from '@/db/schema';

export type AttemptRow = typeof processorAttempts.$inferSelect;
export type NewAttempt = typeof processorAttempts.$inferInsert;

const pending = sql`${processorAttempts.status} = 'pending'`;

// The two phases' statements of a keyed request (the checkout's confirm, a refund), the same shape every time: built
// once (db/prepared.ts). Without a key (the seed, tests), they are built per run.
const ofPayment = and(eq(processorAttempts.businessId, sql.placeholder('businessId')), eq(processorAttempts.paymentId, sql.placeholder('paymentId')), pending);
const ownKey = eq(processorAttempts.requestKey, sql.placeholder('requestKey'));
const inFlightOrOwnKeyed = preparedStatement('processor_attempts_in_flight_or_own', (db, name) =>
  db
    .select()
    .from(processorAttempts)
    .where(or(and(ofPayment, ne(processorAttempts.kind, 'refund')), ownKey))
    .prepare(name),
);
const refundsInFlightOrOwnKeyed = preparedStatement('processor_attempts_refunds_or_own', (db, name) =>
  db
    .select()
    .from(processorAttempts)
    .where(or(and(ofPayment, eq(processorAttempts.kind, 'refund')), ownKey))
    .prepare(name),
);
const settle = preparedStatement('processor_attempt_settle', (db, name) =>
  db
    .update(processorAttempts)
    .set({ status: 'settled', outcome: sql`${sql.placeholder('outcome')}::jsonb`, settledAt: sql`${sql.placeholder('settledAt')}::timestamptz` })
    .where(and(eq(processorAttempts.businessId, sql.placeholder('businessId')), eq(processorAttempts.id, sql.placeholder('id')), pending))
    .returning()
    .prepare(name),
);

/** The processor attempts (docs/payments.md, "Two-phase processor calls"): each call that may move money, by its key. */
export const processorAttemptsRepository = {
  async insert(tx: Executor, row: NewAttempt): Promise<AttemptRow> {
    const [created] = await tx.insert(processorAttempts).values(row).returning();
    return created!;
  },
  /**
   * In one read: the payment's confirm or approval in flight, if any (one at most: `processor_attempts_pending_key`),
   * and the attempt the keyed request made, if any (whatever its status).
   */
  async inFlightOrOwn(tx: Executor, businessId: string, paymentId: string, requestKey: string | null): Promise<AttemptRow[]> {
    if (requestKey !== null) return inFlightOrOwnKeyed(tx, { businessId, paymentId, requestKey });
    const inFlight = and(
      eq(processorAttempts.businessId, businessId),
      eq(processorAttempts.paymentId, paymentId),
      pending,
      ne(processorAttempts.kind, 'refund'),
    );
    return tx
      .select()
      .from(processorAttempts)
      .where(requestKey === null ? inFlight : or(inFlight, eq(processorAttempts.requestKey, requestKey)));
  },
  /**
   * In one read: the payment's refunds at the processor (their outcome not written yet), and the attempt the keyed
   * request made, if any (whatever its status: its retry resumes it).
   */
  async refundsInFlightOrOwn(tx: Executor, businessId: string, paymentId: string, requestKey: string | null): Promise<AttemptRow[]> {
    if (requestKey !== null) return refundsInFlightOrOwnKeyed(tx, { businessId, paymentId, requestKey });
    const inFlight = and(
      eq(processorAttempts.businessId, businessId),
      eq(processorAttempts.paymentId, paymentId),
      pending,
      eq(processorAttempts.kind, 'refund'),
    );
    return tx
      .select()
      .from(processorAttempts)
      .where(requestKey === null ? inFlight : or(inFlight, eq(processorAttempts.requestKey, requestKey)));
  },
  /** The attempt a keyed request made (its retry resumes it). */
  async byRequestKey(tx: Executor, requestKey: string): Promise<AttemptRow | null> {
    const [row] = await tx.select().from(processorAttempts).where(eq(processorAttempts.requestKey, requestKey)).limit(1);
    return row ?? null;
  },
  /**
   * Settles (with the processor's answer) or abandons the attempt if it is still pending, and answers it; null when
   * it was not pending any more. An abandoned attempt lets its request key go: a retry of the request starts afresh.
   */
  async claim(
    tx: Executor,
    row: Pick<AttemptRow, 'businessId' | 'id'>,
    to: { status: 'settled'; outcome: Record<string, unknown> } | { status: 'abandoned' },
    now: Date,
  ): Promise<AttemptRow | null> {
    if (to.status === 'settled') {
      const values = { businessId: row.businessId, id: row.id, outcome: JSON.stringify(to.outcome), settledAt: now.toISOString() };
      const [settled] = await settle(tx, values);
      return settled ?? null;
    }
    const [claimed] = await tx
      .update(processorAttempts)
      .set({ status: 'abandoned', requestKey: null, settledAt: now })
      .where(and(eq(processorAttempts.businessId, row.businessId), eq(processorAttempts.id, row.id), pending))
      .returning();
    return claimed ?? null;
  },
  /**
   * What the source's other payments ask of it while their confirm or approval is at the processor (minor units,
   * without a fee passed on to the customer): a source counts it as taken until the outcome is written.
   */
  async inFlightOfSource(tx: Executor, businessId: string, sourceType: string, sourceId: string): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<string>`coalesce(sum(${payments.amount} - ${payments.customerFee}), 0)` })
      .from(processorAttempts)
      .innerJoin(payments, and(eq(payments.businessId, processorAttempts.businessId), eq(payments.id, processorAttempts.paymentId)))
      .where(
        and(
          eq(processorAttempts.businessId, businessId),
          pending,
          sql`(${processorAttempts.kind} = 'charge' or (${processorAttempts.kind} = 'action' and ${processorAttempts.data}->>'decision' = 'approve'))`,
          eq(payments.sourceType, sourceType as typeof payments.$inferSelect.sourceType),
          eq(payments.sourceId, sourceId),
        ),
      );
    return Number(row?.sum ?? 0);
  },
  /** Attempts still pending that were made at or before `before`, oldest first (the reconciliation's). */
  async stale(db: Executor, before: Date, limit: number): Promise<AttemptRow[]> {
    return db
      .select()
      .from(processorAttempts)
      .where(and(pending, lte(processorAttempts.createdAt, before)))
      .orderBy(asc(processorAttempts.createdAt))
      .limit(limit);
  },
};
