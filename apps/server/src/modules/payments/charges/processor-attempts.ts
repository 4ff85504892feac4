import { AppError } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { ProcessorAttemptKind } from '@/db/schema';
import { ProcessorUnavailableError, type ProcessorAnswer } from '../processor/provider';
import type { BeforeCommit } from './charges.types';
import { chargesRepository, type PaymentRow } from './charges.repository';
import { processorAttemptsRepository as repo, type AttemptRow } from './processor-attempts.repository';

export type { AttemptRow };

/**
 * Two-phase processor calls (docs/payments.md, "Two-phase processor calls"): no call to the processor runs inside a
 * database transaction. The first transaction checks the payment under its lock and records the attempt (`pending`,
 * its id the processor's idempotency key) and commits; the processor is called with no transaction open; the second
 * transaction locks the payment again, checks the attempt is still pending and records the outcome. An attempt left
 * pending (the process died, or the processor's answer was lost) is settled by the reconciliation with the
 * processor's answer by key.
 */

/** How old a pending attempt is before the reconciliation asks the processor about it: longer than any call may take. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
const RECONCILE_BATCH = 100;

/** The outcome's transaction answers a result, or a refusal to throw once it has committed (a card number failing Luhn). */
export type Settled<R> = { result: R } | { refusal: Error };

/** A new attempt's row: its id is time-ordered and is the processor's idempotency key. */
export function newAttempt(
  payment: PaymentRow,
  kind: ProcessorAttemptKind,
  amount: number,
  data: Record<string, unknown>,
  requestKey: string | null,
  now: Date,
) {
  return {
    businessId: payment.businessId,
    id: newTimeOrderedId(),
    paymentId: payment.id,
    kind,
    amount,
    currency: payment.currency,
    requestKey,
    data,
    createdAt: now,
  };
}

/**
 * The one confirm or approval in flight per payment: another is refused while the first has no outcome. Answers the
 * request's own attempt (its retry resumes it, or answers it when it is settled already), checked first.
 */
export async function ownAttemptInFlight(tx: Executor, payment: PaymentRow, requestKey: string | null, refusal: () => AppError): Promise<AttemptRow | null> {
  const rows = await repo.inFlightOrOwn(tx, payment.businessId, payment.id, requestKey);
  const own = requestKey === null ? undefined : rows.find((row) => row.requestKey === requestKey);
  if (own) return own;
  if (rows.some((row) => row.status === 'pending')) throw refusal();
  return null;
}

export const processorUnavailable = () =>
  new AppError('PAYMENT_PROCESSOR_UNAVAILABLE', 'The payment processor did not answer. Nothing is lost: try again in a moment.');

export interface TwoPhaseSteps<R> {
  /**
   * The first transaction: locks the payment, checks it, and records the attempt (`repo.insert` through `record`), or
   * answers the request's own attempt (its Idempotency-Key, hashed with its scope) when, under the payment's lock, it
   * finds one (see `ownAttemptInFlight`): a retry resumes the attempt its request made.
   */
  begin(tx: Executor, record: (row: ReturnType<typeof newAttempt>) => Promise<AttemptRow>): Promise<AttemptRow>;
  /** The processor's call, with the attempt's id as its idempotency key. */
  call(attempt: AttemptRow): Promise<ProcessorAnswer>;
  /** The second transaction, the payment locked and the attempt claimed (settled with `answer`): records the outcome. */
  finish(tx: Executor, payment: PaymentRow, attempt: AttemptRow, answer: ProcessorAnswer): Promise<Settled<R>>;
  /** The result of an attempt settled already (by the reconciliation, or by a racing retry of the request). */
  recorded(tx: Executor, payment: PaymentRow, attempt: AttemptRow): Promise<R>;
  /** Runs last in the transaction that writes the result (the request's idempotent answer). */
  beforeCommit?: BeforeCommit<R> | undefined;
}

/**
 * The outcome's first steps: locks the attempt's payment (the lock every change of a payment takes), then claims the
 * attempt, settling it with the processor's answer (or abandoning it: null) if it is still pending, in one statement.
 * Answers the payment and the claimed attempt, or no attempt when another transaction settled it first.
 */
export async function lockAndClaim(tx: Executor, attempt: AttemptRow, answer: ProcessorAnswer | null, now: Date) {
  const payment = await chargesRepository.lockById(tx, attempt.businessId, attempt.paymentId);
  if (!payment) throw new Error(`The payment of the processor attempt ${attempt.id} is gone.`);
  const claimed = await repo.claim(
    tx,
    attempt,
    answer ? { status: 'settled', outcome: answer as unknown as Record<string, unknown> } : { status: 'abandoned' },
    now,
  );
  return { payment, claimed };
}

/** Runs one two-phase processor call (see above) and answers its result. */
export async function runTwoPhase<R>(db: Executor, clock: Clock, steps: TwoPhaseSteps<R>): Promise<R> {
  const attempt = await db.transaction((tx) => steps.begin(tx, (row) => repo.insert(tx, row)));
  const settledAlready = async (tx: Executor, payment: PaymentRow, settled: AttemptRow) => {
    const result = await steps.recorded(tx, payment, settled);
    await steps.beforeCommit?.(tx, result);
    return { result };
  };
  let answer: ProcessorAnswer | null = null;
  if (attempt.status === 'pending') {
    try {
      answer = await steps.call(attempt);
    } catch (error) {
      // The attempt stays pending: a retry of the request resumes it, or the reconciliation settles it.
      if (error instanceof ProcessorUnavailableError) throw processorUnavailable();
      throw error;
    }
  }
  const settled: Settled<R> = await db.transaction(async (tx) => {
    if (!answer) return settledAlready(tx, (await chargesRepository.lockById(tx, attempt.businessId, attempt.paymentId))!, attempt);
    const { payment, claimed } = await lockAndClaim(tx, attempt, answer, clock.now());
    if (!claimed) return settledAlready(tx, payment, attempt);
    const done = await steps.finish(tx, payment, claimed, answer);
    if ('result' in done) await steps.beforeCommit?.(tx, done.result);
    return done;
  });
  if ('refusal' in settled) throw settled.refusal;
  return settled.result;
}

/**
 * The reconciliation (a schedule, every minute): every attempt pending for `RECONCILE_AFTER_MS` or more is settled
 * with the processor's answer by its key, through `finish` (the same step the request would have taken); one the
 * processor never saw is abandoned (nothing moved). Answers how many it settled or abandoned.
 */
export async function reconcileAttempts(
  db: Executor,
  clock: Clock,
  now: Date,
  deps: {
    lookup(payment: PaymentRow, key: string): Promise<ProcessorAnswer | null>;
    finish(tx: Executor, payment: PaymentRow, attempt: AttemptRow, answer: ProcessorAnswer): Promise<unknown>;
    /** An attempt the processor never saw, abandoned (its payment locked): what its kind undoes (a saved charge's payment). */
    abandoned?(tx: Executor, payment: PaymentRow, attempt: AttemptRow): Promise<void>;
  },
): Promise<number> {
  let done = 0;
  const stale = await repo.stale(db, new Date(now.getTime() - RECONCILE_AFTER_MS), RECONCILE_BATCH);
  for (const attempt of stale) {
    const payment = await chargesRepository.findById(db, attempt.businessId, attempt.paymentId);
    if (!payment) continue;
    const answer = await deps.lookup(payment, attempt.id);
    const settled = await db.transaction(async (tx) => {
      const { payment: locked, claimed } = await lockAndClaim(tx, attempt, answer, clock.now());
      if (!claimed) return false;
      if (answer) await deps.finish(tx, locked, claimed, answer);
      else await deps.abandoned?.(tx, locked, claimed);
      return true;
    });
    if (settled) done++;
  }
  return done;
}
