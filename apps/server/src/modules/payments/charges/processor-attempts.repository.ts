import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payments, processorAttempts } from '@/db/schema';

export type AttemptRow = typeof processorAttempts.$inferSelect;
export type NewAttempt = typeof processorAttempts.$inferInsert;

const pending = sql`${processorAttempts.status} = 'pending'`;

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
    const [claimed] = await tx
      .update(processorAttempts)
      .set(to.status === 'settled' ? { status: 'settled', outcome: to.outcome, settledAt: now } : { status: 'abandoned', requestKey: null, settledAt: now })
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
