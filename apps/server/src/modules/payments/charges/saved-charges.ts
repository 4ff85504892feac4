import { fieldError } from '@merchant/core';
import { PUBLIC_ID_PREFIXES, type PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { Processor } from '../processor/processor.module';
import { ProcessorUnavailableError, type PaymentProvider, type ProcessorAnswer, type ProviderOutcome } from '../processor/provider';
import { intentOf } from './intent-of';
import { chargesRepository as repo, type PaymentRow } from './charges.repository';
import type { ChargeResult, PaymentSourceAdapter, SavedCardCharge, SavedChargeContext, StartPaymentInput } from './charges.types';
import { lockAndClaim, newAttempt, type AttemptRow } from './processor-attempts';
import { processorAttemptsRepository as attempts } from './processor-attempts.repository';
import { savedMethodColumns, savedMethodEvent } from './saved-method';
import { takingPayments } from './takes-payments';
import type { SettlementTerms } from './settlement';

type NewPaymentEvent = Parameters<typeof repo.insertEvent>[1];
type Outcome = Exclude<ProviderOutcome, { status: 'refused' }>;

/** A saved method's charge whose attempt is recorded (its first transaction committed), before the processor's call. */
export interface SavedChargeBegun {
  payment: PaymentRow;
  attempt: AttemptRow;
  card: SavedCardCharge;
}

/** What a saved charge's attempt keeps for its outcome (the source's own part in `source`). */
interface SavedAttemptData {
  saved: true;
  settlementDelayDays: number | null;
  /** Absent on attempts recorded before settlement counted business days: read again then. */
  timeZone?: string;
  source: Record<string, unknown>;
}

export const isSavedChargeAttempt = (attempt: AttemptRow) => (attempt.data as Partial<SavedAttemptData>).saved === true;

/**
 * Saved cards and mandates charged off-session (subscriptions), in two phases as every processor call
 * (docs/payments.md, "Two-phase processor calls"): `begin` writes the payment in `processing` and its attempt in the
 * caller's first transaction; `call` asks the processor with no transaction open; `finish` writes the outcome and the
 * source adapter's `savedChargeSettled` in a second one. The reconciliation reaches the same `settle` step.
 */
export function createSavedCharges(deps: {
  clock: Clock;
  processor: Processor;
  sources: Map<PaymentSource, PaymentSourceAdapter>;
  eventRow(payment: PaymentRow, type: 'created' | 'method_selected' | 'processing' | 'expired', data?: Record<string, unknown>): NewPaymentEvent;
  applyOutcome(
    tx: Executor,
    payment: PaymentRow,
    outcome: Outcome,
    provider: PaymentProvider,
    where: RequestMeta,
    prior: {
      patch: Record<string, never>;
      events: NewPaymentEvent[];
      settlement?: SettlementTerms;
    },
  ): Promise<ChargeResult>;
}) {
  const { clock, processor, sources } = deps;

  /**
   * The outcome of a saved charge's attempt (the payment locked in `processing`, the attempt claimed): the payment
   * succeeds or fails, then its source records what it charged for. Answers the source's result.
   */
  async function settle(tx: Executor, payment: PaymentRow, attempt: AttemptRow, answer: ProcessorAnswer, where: RequestMeta): Promise<unknown> {
    if (answer.kind !== 'charge' || answer.outcome.status === 'refused' || answer.outcome.status === 'requires_action') {
      throw new Error(`The saved charge's attempt ${attempt.id} has an answer it cannot take.`);
    }
    if (payment.status !== 'processing') throw new Error(`The payment ${payment.publicId} no longer waits for its saved charge ${attempt.id}.`);
    const data = attempt.data as unknown as SavedAttemptData;
    const provider = processor.provider(payment.provider);
    const { payment: updated } = await deps.applyOutcome(tx, payment, answer.outcome, provider, where, {
      patch: {},
      events: [],
      ...(data.timeZone ? { settlement: { delayDays: data.settlementDelayDays, timeZone: data.timeZone } } : {}),
    });
    const adapter = sources.get(updated.sourceType);
    if (!adapter?.savedChargeSettled || !updated.sourceId) return { payment: updated };
    return adapter.savedChargeSettled(tx, updated.businessId, updated.sourceId, updated, data.source);
  }

  return {
    settle,

    /**
     * A saved charge the processor never saw (the reconciliation abandoned its attempt): nothing moved, so its payment
     * is stored as `expired` with its event, and the source charges afresh (a subscription's period stays due).
     */
    async abandon(tx: Executor, payment: PaymentRow): Promise<void> {
      if (payment.status !== 'processing') return;
      const updated = await repo.update(tx, payment, { status: 'expired', updatedAt: clock.now() });
      await repo.insertEvents(tx, [deps.eventRow(updated, 'expired')]);
    },

    /** Whether the source has a saved charge at the processor (its outcome not written yet). */
    inFlight: async (tx: Executor, businessId: string, type: PaymentSource, id: string) => (await attempts.inFlightOfSource(tx, businessId, type, id)) > 0,

    /**
     * The first phase, in the caller's transaction (it holds its source's lock): the payment in `processing` with its
     * created, method_selected and processing events, and its pending attempt. `source`: what the source's
     * `savedChargeSettled` needs (kept on the attempt, so the reconciliation has it too).
     */
    async begin(
      tx: Executor,
      input: StartPaymentInput,
      card: SavedCardCharge,
      source: Record<string, unknown>,
      known?: SavedChargeContext,
      requestKey: string | null = null,
    ): Promise<SavedChargeBegun> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw fieldError('VALIDATION_FAILED', 'amount', 'The amount must be more than zero.');
      const provider = processor.provider();
      const publicId = newPublicId(PUBLIC_ID_PREFIXES.payment);
      // The business's name and settlement delay: handed over by a caller charging many, or else read in one statement.
      const context = takingPayments(known ?? (await repo.confirmContext(tx, input.businessId, 'card')));
      const intent = await provider.createIntent({ paymentPublicId: publicId, amount: input.amount, currency: input.currency, merchantName: context.name });
      const now = clock.now();
      const payment = await repo.insert(tx, {
        businessId: input.businessId,
        id: newTimeOrderedId(),
        publicId,
        sourceType: input.source.type,
        sourceId: input.source.id,
        amount: input.amount,
        currency: input.currency,
        provider: provider.name,
        providerRef: intent.ref,
        status: 'processing',
        ...savedMethodColumns(card),
        customerId: input.customer?.id ?? null,
        customerName: input.customer?.name ?? null,
        customerEmail: input.customer?.email ?? null,
        customerPhone: input.customer?.phone ?? null,
        customerNote: null,
        reference: input.reference ?? null,
        description: input.description ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertEvents(tx, [
        deps.eventRow(payment, 'created', { amount: input.amount, currency: input.currency, off_session: true }),
        deps.eventRow(payment, 'method_selected', savedMethodEvent(card)),
        deps.eventRow(payment, 'processing'),
      ]);
      const data: SavedAttemptData = { saved: true, settlementDelayDays: context.settlementDelayDays, timeZone: context.timeZone, source };
      const attempt = await attempts.insert(tx, newAttempt(payment, 'charge', payment.amount, { ...data }, requestKey, now));
      return { payment, attempt, card };
    },

    /**
     * The saved charge a keyed request made (its Idempotency-Key with its scope), to resume after that request died
     * between the phases; null when it made none (or its attempt was abandoned: nothing moved).
     */
    async resume(tx: Executor, requestKey: string, card: SavedCardCharge): Promise<SavedChargeBegun | null> {
      const attempt = await attempts.byRequestKey(tx, requestKey);
      if (!attempt) return null;
      const payment = await repo.findById(tx, attempt.businessId, attempt.paymentId);
      return payment ? { payment, attempt, card } : null;
    },

    /** Whether a keyed request made a saved charge still to resume (see `resume`). */
    madeBy: async (db: Executor, requestKey: string) => (await attempts.byRequestKey(db, requestKey)) !== null,

    /** The processor's call (no transaction open), the attempt's id its key; null when no answer came (it stays pending). */
    async call(begun: SavedChargeBegun): Promise<ProcessorAnswer | null> {
      const { payment, attempt, card } = begun;
      const intent = intentOf(payment, '');
      try {
        const outcome = await processor.provider(payment.provider).chargeSaved(intent, card, clock.now(), attempt.id);
        return { kind: 'charge', outcome };
      } catch (error) {
        if (error instanceof ProcessorUnavailableError) return null;
        throw error;
      }
    },

    /**
     * The second phase in `tx` (a transaction of its own, or the caller's when it charges inside one): locks the
     * payment, claims the attempt and settles it. Answers the source's result, or null when the reconciliation
     * settled it first.
     */
    async finish(tx: Executor, begun: SavedChargeBegun, answer: ProcessorAnswer, where: RequestMeta): Promise<unknown> {
      const { payment, claimed } = await lockAndClaim(tx, begun.attempt, answer, clock.now());
      if (!claimed) return null;
      return settle(tx, payment, claimed, answer, where);
    },
  };
}

export type SavedCharges = ReturnType<typeof createSavedCharges>;
