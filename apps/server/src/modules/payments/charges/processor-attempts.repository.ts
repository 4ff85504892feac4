import { and, asc, eq, lte, sql } from 'drizzle-orm';
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
  /** The payment's attempt in flight, if any (one confirm or approval at most: `processor_attempts_pending_key`). */
  async pendingOf(tx: Executor, businessId: string, paymentId: string): Promise<AttemptRow | null> {
    const [row] = await tx
      .select()
      .from(processorAttempts)
      .where(and(eq(processorAttempts.businessId, businessId), eq(processorAttempts.paymentId, paymentId), pending))
      .limit(1);
    return row ?? null;
  },
  /** What the payment's refunds at the processor return (their outcome not written yet), minor units. */
  async refundsInFlight(tx: Executor, businessId: string, paymentId: string): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<string>`coalesce(sum(${processorAttempts.amount}), 0)` })
      .from(processorAttempts)
      .where(and(eq(processorAttempts.businessId, businessId), eq(processorAttempts.paymentId, paymentId), pending, eq(processorAttempts.kind, 'refund')));
    return Number(row?.sum ?? 0);
  },
  /** The attempt a keyed request made (its retry resumes it). */
  async byRequestKey(tx: Executor, requestKey: string): Promise<AttemptRow | null> {
    const [row] = await tx.select().from(processorAttempts).where(eq(processorAttempts.requestKey, requestKey)).limit(1);
    return row ?? null;
  },
  /** The attempt's row, locked until the transaction ends (taken after its payment's lock). */
  async lock(tx: Executor, businessId: string, id: string): Promise<AttemptRow | null> {
    const [row] = await tx
      .select()
      .from(processorAttempts)
      .where(and(eq(processorAttempts.businessId, businessId), eq(processorAttempts.id, id)))
      .for('update');
    return row ?? null;
  },
  async settle(tx: Executor, row: AttemptRow, outcome: Record<string, unknown>, now: Date): Promise<void> {
    await tx
      .update(processorAttempts)
      .set({ status: 'settled', outcome, settledAt: now })
      .where(and(eq(processorAttempts.businessId, row.businessId), eq(processorAttempts.id, row.id)));
  },
  /** The processor never saw it: nothing happened, and a retry of its request starts afresh (its key is let go). */
  async abandon(tx: Executor, row: AttemptRow, now: Date): Promise<void> {
    await tx
      .update(processorAttempts)
      .set({ status: 'abandoned', requestKey: null, settledAt: now })
      .where(and(eq(processorAttempts.businessId, row.businessId), eq(processorAttempts.id, row.id)));
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
  async stale(db: Executor, before: Date, limit: number): Promise<{ businessId: string; id: string; paymentId: string }[]> {
    return db
      .select({ businessId: processorAttempts.businessId, id: processorAttempts.id, paymentId: processorAttempts.paymentId })
      .from(processorAttempts)
      .where(and(pending, lte(processorAttempts.createdAt, before)))
      .orderBy(asc(processorAttempts.createdAt))
      .limit(limit);
  },
};
