import { AppError, fieldError } from '@merchant/core';
import {
  FAILURE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PUBLIC_ID_PREFIXES,
  grossUpForFee,
  type CheckoutPaymentMethod,
  type PaymentMethod,
  type PaymentMethodDetails,
  type PaymentSource,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import { writeTogether } from '@/db/write-together';
import { UNATTENDED, type RequestMeta } from '@/http/context';
import type { CustomersService } from '../customers/customers.service';
import type { Clock } from '@/lib/clock';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { NotificationsService } from '@/modules/business/notifications/notifications.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { Processor } from '../processor/processor.module';
import { takingPayments } from './takes-payments';
import type { ActionDecision, PaymentProvider, ProcessorAnswer, ProviderOutcome } from '../processor/provider';
import { committing, type BeforeCommit, type ChargeCommit } from './before-commit';
import { newAttempt, ownAttemptInFlight, reconcileAttempts, runTwoPhase, type AttemptRow, type Settled } from './processor-attempts';
import { processorAttemptsRepository as attempts } from './processor-attempts.repository';
import { intentOf } from './intent-of';
import { nextActionOf } from './next-action';
import { paymentEvents, type NewPaymentEvent } from './payment-events';
import { createRefunds } from './refunds';
import { chargePostings } from './charge-postings';
import { paymentReceived } from './payment-notification';
import { assertWithinLimits } from './amount-limits';
import { assertConfirmable, expireIncomplete } from './incomplete';
import type { RefundEffects } from './refund-effects';
import { chargeEvent, chargeFailed } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';
import { createSavedCharges, isSavedChargeAttempt } from './saved-charges';
import { availableOnOf, settleDue, type SettlementTerms } from './settlement';
import type {
  ChargeResult,
  ChargesActor,
  CheckoutPage,
  CheckoutSource,
  ConfirmOptions,
  PaymentSourceAdapter,
  SavedCardCharge,
  SavedChargeContext,
  StartPaymentInput,
} from './charges.types';
import { chargesRepository as repo, patched, type PaymentPatch, type PaymentRow } from './charges.repository';

/** What other modules use of a charge's rules without a service: a confirm's deadline, the processor's outage. */
export { isPastConfirmTime } from './incomplete';
export { processorUnavailable } from './processor-attempts';
export type { SavedChargeBegun } from './saved-charges';

export type {
  ChargeResult,
  ChargesActor,
  CheckoutPage,
  CheckoutSource,
  ConfirmOptions,
  PaymentSourceAdapter,
  SavedCardCharge,
  SavedChargeContext,
  StartPaymentInput,
};

type Outcome = Exclude<ProviderOutcome, { status: 'refused' }>;

/**
 * What a confirm has decided but not written when the provider's outcome is applied: the payment's move to
 * `processing`, its events, and the settlement delay it has read already (undefined: not read).
 */
interface Prior {
  patch: PaymentPatch;
  events: NewPaymentEvent[];
  settlement?: SettlementTerms;
}
const NOTHING_PRIOR: Prior = { patch: {}, events: [] };

/**
 * The payment lifecycle (docs/payments.md, "Core services"): start, confirm with a method, complete a
 * pending action (3-D Secure, PayNow scan, e-wallet), refund and settle. Every change locks the payment's
 * row, writes its events and posts the ledger in one transaction; a call to the processor runs between two
 * (processor-attempts.ts), never inside one; saved-card charges (subscriptions) too (saved-charges.ts).
 */
export function createChargesService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  processor: Processor;
  customers: CustomersService;
  /** What a refund finishes besides the payment (refund-effects.ts), passed on to refunds.ts. */
  onRefunded?: RefundEffects;
  /** HitPay's event webhooks: `charge.created` is written in the transaction of the payment's success, `charge.failed` of its failure. */
  webhooks?: Pick<WebhooksService, 'emit'>;
  /** The bell: a succeeded payment tells the members who see payments, in the success's statement. */
  notifications?: Pick<NotificationsService, 'write'>;
}) {
  const { db, clock, ledger, processor, customers } = deps;
  const sources = new Map<PaymentSource, PaymentSourceAdapter>();
  /** What a confirm's or an action's outcome finishes when the reconciliation records it (no request: the receipt). */
  const reconciledHooks: ChargeCommit[] = [];
  const refunds = createRefunds({ ...deps, sourceOf: (type) => sources.get(type) });

  const { row: eventRow, insert: event } = paymentEvents(clock);

  /** Locks the payment's source and refuses when it no longer takes payments. */
  async function lockSource(tx: Executor, businessId: string, source: { type: PaymentSource; id: string | null }, amount: number): Promise<void> {
    const adapter = sources.get(source.type);
    if (!adapter || !source.id) return;
    const inFlight = () => attempts.inFlightOfSource(tx, businessId, source.type, source.id!);
    const refusal = await adapter.lockForPayment(tx, businessId, source.id, clock.now(), amount, inFlight);
    if (refusal) throw new AppError('PAYMENT_SOURCE_UNAVAILABLE', refusal);
  }

  /** The payer's email names the business's customer: the customers service finds or creates it (one way to match). */
  async function matchCustomer(tx: Executor, payment: PaymentRow, where: RequestMeta): Promise<string | null> {
    if (payment.customerId) return payment.customerId;
    const email = payment.customerEmail?.trim();
    if (!email) return null;
    const customer = await customers.findOrCreateByEmail(tx, payment.businessId, { name: payment.customerName, email, phone: payment.customerPhone }, where);
    return customer.id;
  }

  /** The money moves: fee and net stored, customer matched, charge and fee posted, the source told. */
  /** The payment's patch and its events in one statement; answers the row the patch makes. */
  async function updateWithEvents(tx: Executor, payment: PaymentRow, patch: PaymentPatch, events: (row: PaymentRow) => NewPaymentEvent[]): Promise<PaymentRow> {
    const updated = patched(payment, patch);
    await writeTogether(tx, [repo.updateWrite(tx, payment, patch), repo.eventsWrite(tx, events(updated))]);
    return updated;
  }

  async function succeed(tx: Executor, payment: PaymentRow, provider: PaymentProvider, where: RequestMeta, prior: Prior = NOTHING_PRIOR): Promise<PaymentRow> {
    const now = clock.now();
    const fee = provider.fee(payment.amount, payment.method!, payment.currency);
    const settlement = prior.settlement ?? (await repo.settlementTerms(tx, payment.businessId));
    const customerId = await matchCustomer(tx, payment, where);
    const patch: PaymentPatch = {
      ...prior.patch,
      status: 'succeeded',
      fee,
      net: payment.amount - fee,
      customerId,
      succeededAt: now,
      availableOn: availableOnOf(now, settlement),
      updatedAt: now,
    };
    const updated = patched(payment, patch);
    const { businessId, amount } = updated;
    // The payment, its ledger postings, its events and its notifications in one statement (the payment is locked: each round trip counts).
    await writeTogether(tx, [
      repo.updateWrite(tx, payment, patch),
      ...(await ledger.postingWrites(tx, businessId, chargePostings(updated))),
      repo.eventsWrite(tx, [...prior.events, eventRow(updated, 'succeeded', { amount, fee, net: updated.net })]),
      ...(deps.notifications ? [deps.notifications.write(businessId, paymentReceived(updated))] : []),
    ]);
    const adapter = sources.get(updated.sourceType);
    if (adapter?.paymentSucceeded && updated.sourceId) await adapter.paymentSucceeded(tx, businessId, updated.sourceId, updated);
    await deps.webhooks?.emit(tx, businessId, chargeEvent('charge.created', updated));
    return updated;
  }

  /**
   * Applies a provider's outcome to a payment in `processing` or `requires_action`. `prior`: what the caller
   * has not written yet (a confirm's move to `processing` and its events), written with the outcome's own
   * change and events, so the payment's row is updated once and its events inserted in one statement.
   */
  async function applyOutcome(
    tx: Executor,
    payment: PaymentRow,
    outcome: Outcome,
    provider: PaymentProvider,
    where: RequestMeta,
    prior: Prior = NOTHING_PRIOR,
  ): Promise<ChargeResult> {
    switch (outcome.status) {
      case 'succeeded':
        return { payment: await succeed(tx, payment, provider, where, prior), nextAction: null };
      case 'failed': {
        const updated = await updateWithEvents(
          tx,
          payment,
          { ...prior.patch, status: 'failed', failureCode: outcome.failure, updatedAt: clock.now() },
          (row) => [...prior.events, eventRow(row, 'failed', { code: outcome.failure, message: FAILURE_MESSAGES[outcome.failure] })],
        );
        // HitPay's failure events, in the failure's transaction: the source's (a payment request's) and the charge's.
        const adapter = sources.get(updated.sourceType);
        if (adapter?.paymentFailed && updated.sourceId) await adapter.paymentFailed(tx, updated.businessId, updated.sourceId, updated);
        await deps.webhooks?.emit(tx, updated.businessId, chargeFailed(updated));
        return { payment: updated, nextAction: null };
      }
      case 'requires_action': {
        const updated = await updateWithEvents(tx, payment, { ...prior.patch, status: 'requires_action', updatedAt: clock.now() }, (row) => [
          ...prior.events,
          eventRow(row, 'requires_action', { action: outcome.action }),
        ]);
        return { payment: updated, nextAction: outcome.action };
      }
    }
  }

  const beingProcessed = () => new AppError('PAYMENT_NOT_PAYABLE', 'This payment is being processed: try again in a moment.');
  const methodUnavailable = (method: PaymentMethod) =>
    fieldError('PAYMENT_METHOD_UNAVAILABLE', 'method', `${PAYMENT_METHOD_LABELS[method]} is not available for this payment.`);

  /** Completes the pending action of a payment paid by `method` (3-D Secure, PayNow scan, e-wallet), in two phases. */
  async function completeAction(
    publicId: string,
    method: PaymentMethod,
    decision: ActionDecision,
    where: RequestMeta,
    then?: ChargeCommit,
    requestKey?: string,
  ) {
    let locked: PaymentRow;
    /** What the first phase read of the business (an approval's), for its outcome's receipt. */
    let business: ChargeResult['business'];
    let settlement: SettlementTerms | undefined;
    return runTwoPhase<ChargeResult>(db, clock, {
      async begin(tx, record) {
        const payment = await repo.lockByPublicId(tx, publicId);
        if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
        locked = payment;
        const own = await ownAttemptInFlight(tx, payment, requestKey ?? null, beingProcessed);
        if (own) return own;
        if (payment.status !== 'requires_action' || payment.method !== method) {
          throw new AppError('PAYMENT_NO_PENDING_ACTION', 'This payment is not waiting for that step.');
        }
        if (decision === 'approve') {
          const { name, sendReceipts, timeZone, settlementDelayDays } = takingPayments(await repo.businessOfPayment(tx, payment.businessId));
          business = { name, sendReceipts, timeZone };
          settlement = { delayDays: settlementDelayDays, timeZone };
          await lockSource(tx, payment.businessId, { type: payment.sourceType, id: payment.sourceId }, payment.amount - payment.customerFee);
        }
        return record(newAttempt(payment, 'action', payment.amount, { method, decision }, requestKey ?? null, clock.now()));
      },
      call: async (attempt) => ({
        kind: 'action',
        outcome: await processor.provider(locked.provider).completeAction(intentOf(locked, ''), method, decision, attempt.id),
      }),
      async finish(tx, payment, attempt, answer) {
        // The first phase's read of the business also gives the settlement's terms: the outcome reads nothing of it.
        const settled = (await finishAttempt(tx, payment, attempt, answer, where, settlement)) as Settled<ChargeResult>;
        return business && 'result' in settled ? { result: { ...settled.result, business } } : settled;
      },
      recorded: async (_tx, payment) => ({ payment, nextAction: await nextActionOf(db, payment) }),
      beforeCommit: then,
    });
  }

  /** A confirm's outcome (its second transaction, or the reconciliation's): the payment leaves `requires_payment_method`. */
  async function finishCharge(
    tx: Executor,
    payment: PaymentRow,
    attempt: AttemptRow,
    outcome: ProviderOutcome,
    where: RequestMeta,
    settlement?: SettlementTerms,
  ): Promise<Settled<ChargeResult>> {
    const data = attempt.data as { method: CheckoutPaymentMethod; customerFee: number };
    if (outcome.status === 'refused') return { refusal: fieldError('PAYMENT_CARD_INVALID', outcome.path, FAILURE_MESSAGES[outcome.failure]) };
    const card = outcome.card;
    const patch: PaymentPatch = {
      status: 'processing',
      method: data.method,
      amount: attempt.amount,
      customerFee: data.customerFee,
      updatedAt: clock.now(),
      ...(card ? { cardToken: card.token, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
    };
    // The move to processing is written with the outcome (one update, one insert of the events).
    const processing: PaymentRow = { ...payment, ...patch };
    const events = [
      eventRow(processing, 'method_selected', { method: data.method, ...(card ? { brand: card.brand, last4: card.last4 } : {}) }),
      eventRow(processing, 'processing'),
    ];
    const provider = processor.provider(payment.provider);
    // The settlement terms its first phase read (undefined: the reconciliation's, read in `succeed`).
    const prior = { patch, events, ...(settlement ? { settlement } : {}) };
    return { result: await applyOutcome(tx, processing, outcome, provider, where, prior) };
  }

  /**
   * Records an attempt's outcome (the payment and the pending attempt locked): the request's second transaction and
   * the reconciliation take this same step. The payment is checked again: it must still wait for what the attempt did.
   */
  async function finishAttempt(
    tx: Executor,
    payment: PaymentRow,
    attempt: AttemptRow,
    answer: ProcessorAnswer,
    where: RequestMeta,
    settlement?: SettlementTerms,
  ): Promise<Settled<unknown>> {
    if (answer.kind === 'refund') return { result: await refunds.recordRefund(tx, payment, attempt, answer.ref) };
    if (isSavedChargeAttempt(attempt)) return { result: await savedCharges.settle(tx, payment, attempt, answer, where) };
    const waits = answer.kind === 'charge' ? payment.status === 'requires_payment_method' : payment.status === 'requires_action';
    if (!waits) throw new Error(`The payment ${payment.publicId} no longer waits for the outcome of its attempt ${attempt.id}.`);
    if (answer.kind === 'charge') return finishCharge(tx, payment, attempt, answer.outcome, where, settlement);
    const { decision } = attempt.data as { decision: ActionDecision };
    await event(tx, payment, decision === 'approve' ? 'action_approved' : 'action_failed');
    const outcome = answer.outcome as Outcome;
    const prior = settlement ? { ...NOTHING_PRIOR, settlement } : NOTHING_PRIOR;
    return { result: await applyOutcome(tx, payment, outcome, processor.provider(payment.provider), where, prior) };
  }

  const savedCharges = createSavedCharges({ clock, processor, sources, eventRow, applyOutcome });

  return {
    /** Plugs a source capability (payment links, static QR codes, invoices) into every payment of its type. */
    registerSource(adapter: PaymentSourceAdapter): void {
      if (sources.has(adapter.type)) throw new Error(`A source adapter for ${adapter.type} is registered already.`);
      sources.set(adapter.type, adapter);
    },

    /** The source of a checkout URL, through its type's adapter (null: no such source, or no checkout for the type). */
    async checkoutSource(type: PaymentSource, publicId: string): Promise<CheckoutSource | null> {
      const adapter = sources.get(type);
      return adapter?.checkoutSource ? adapter.checkoutSource(db, publicId, clock.now()) : null;
    },

    /** The checkout page a payment came from (its source's public id and redirect URL), or null when it has none. */
    async checkoutPageOf(payment: PaymentRow): Promise<(CheckoutPage & { type: PaymentSource }) | null> {
      if (!payment.sourceId) return null;
      const adapter = sources.get(payment.sourceType);
      const page = adapter?.checkoutPage ? await adapter.checkoutPage(db, payment.businessId, payment.sourceId) : null;
      return page ? { type: payment.sourceType, ...page } : null;
    },

    /** Saved cards and mandates charged off-session (subscriptions), in two phases (saved-charges.ts). */
    savedCharges,

    /** Tags a payment with the plugin integration whose payment request it paid (in the caller's transaction). */
    async tagIntegration(tx: Executor, businessId: string, paymentId: string, integrationId: string): Promise<void> {
      await repo.setIntegration(tx, businessId, paymentId, integrationId);
    },

    /** In the payment's success transaction: a linked platform's fee leaves the payment's net (platform-accounts). */
    async takePlatformFee(tx: Executor, businessId: string, paymentId: string, fee: number): Promise<void> {
      await repo.reduceNet(tx, businessId, paymentId, fee);
    },

    /** A new payment in `requires_payment_method` with its public id (`pay_...`), after its source allowed it. */
    async start(input: StartPaymentInput, beforeCommit?: BeforeCommit<PaymentRow>): Promise<PaymentRow> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw fieldError('VALIDATION_FAILED', 'amount', 'The amount must be more than zero.');
      const provider = processor.provider();
      return db.transaction(async (tx) => {
        const business = takingPayments(await repo.businessOfPayment(tx, input.businessId));
        await lockSource(tx, input.businessId, input.source, input.amount);
        const publicId = newPublicId(PUBLIC_ID_PREFIXES.payment);
        const intent = await provider.createIntent({
          paymentPublicId: publicId,
          amount: input.amount,
          currency: input.currency,
          merchantName: business.name,
        });
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
          customerId: input.customer?.id ?? null,
          customerName: input.customer?.name ?? null,
          customerEmail: input.customer?.email ?? null,
          customerPhone: input.customer?.phone ?? null,
          customerNote: input.customer?.note ?? null,
          reference: input.reference ?? null,
          description: input.description ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await event(tx, payment, 'created', { amount: input.amount, currency: input.currency });
        return committing(tx, payment, beforeCommit);
      });
    },

    /**
     * Pays a payment in `requires_payment_method` with a method: the limits and the source are checked
     * first, then the provider answers succeeded, failed or requires_action. A card number failing Luhn is
     * refused (422) and changes nothing; every other outcome is stored. The card number and CVC go no
     * further than the provider.
     */
    async confirm(publicId: string, details: PaymentMethodDetails, options: ConfirmOptions = {}): Promise<ChargeResult> {
      const method = details.method;
      const requestKey = options.requestKey ?? null;
      let locked: PaymentRow;
      let context: SavedChargeContext & { methodEnabled: boolean; passFeeToCustomer: boolean; sendReceipts: boolean };
      return runTwoPhase<ChargeResult>(db, clock, {
        async begin(tx, record) {
          const payment = await repo.lockByPublicId(tx, publicId);
          if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
          locked = payment;
          const own = await ownAttemptInFlight(tx, payment, requestKey, beingProcessed);
          if (own) return own;
          assertConfirmable(payment, clock.now());
          const provider = processor.provider(payment.provider);
          // The business's name, and the method's setting in one read (docs/payments.md, "Core services").
          context = takingPayments(await repo.confirmContext(tx, payment.businessId, method));
          if (!provider.methods(payment.currency).includes(method) || !context.methodEnabled) throw methodUnavailable(method);
          const passFee = options.passFeeToCustomer === 'as_set' ? context.passFeeToCustomer : options.passFeeToCustomer;
          const gross = passFee ? grossUpForFee(payment.amount, method, payment.currency) : payment.amount;
          assertWithinLimits(gross, payment.currency, method, provider);
          await lockSource(tx, payment.businessId, { type: payment.sourceType, id: payment.sourceId }, payment.amount);
          return record(newAttempt(payment, 'charge', gross, { method, customerFee: gross - payment.amount }, requestKey, clock.now()));
        },
        async call(attempt) {
          // A resumed attempt's first phase read no context: the provider has its intent's name already.
          const intent = { ...intentOf(locked, context?.name ?? ''), amount: attempt.amount };
          // The card number and CVC go to the provider only, never into the attempt's row.
          return { kind: 'charge', outcome: await processor.provider(locked.provider).confirm(intent, details, clock.now(), attempt.id) };
        },
        async finish(tx, payment, attempt, answer) {
          const settled = (await finishAttempt(
            tx,
            payment,
            attempt,
            answer,
            options.where ?? UNATTENDED,
            context ? { delayDays: context.settlementDelayDays, timeZone: context.timeZone } : undefined,
          )) as Settled<ChargeResult>;
          // What the first phase read of the business goes to the outcome's last step (the receipt), not read again.
          if (!context || !('result' in settled)) return settled;
          return { result: { ...settled.result, business: { name: context.name, sendReceipts: context.sendReceipts, timeZone: context.timeZone } } };
        },
        recorded: async (_tx, payment) => ({ payment, nextAction: await nextActionOf(db, payment) }),
        beforeCommit: options.beforeCommit,
      });
    },

    /** The customer passed the 3-D Secure style challenge. */
    approveChallenge: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit, requestKey?: string) =>
      completeAction(publicId, 'card', 'approve', where, then, requestKey),
    /** The customer failed (or abandoned) the challenge: the payment fails (`authentication_failed`). */
    failChallenge: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit, requestKey?: string) =>
      completeAction(publicId, 'card', 'fail', where, then, requestKey),
    /** Test mode: the customer's bank app "scanned" the PayNow QR and paid. */
    simulateQrScan: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit, requestKey?: string) =>
      completeAction(publicId, 'paynow', 'approve', where, then, requestKey),
    /** The customer approved on the e-wallet's page. */
    walletApprove: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit, requestKey?: string) =>
      completeAction(publicId, 'ewallet', 'approve', where, then, requestKey),
    /** The customer cancelled on the e-wallet's page: the payment fails (`wallet_cancelled`). */
    walletCancel: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit, requestKey?: string) =>
      completeAction(publicId, 'ewallet', 'fail', where, then, requestKey),

    /**
     * Refunds part or all of a succeeded payment, never more than what is left (refunds.ts): the attempt first, the
     * processor's call, then the refund, the payment's status, the ledger, the event and the audit entry in one transaction.
     */
    refund: refunds.refund,

    /**
     * Settles the processor attempts left pending (the reconciliation schedule, processor-attempts.ts): each with the
     * processor's answer by its key, through the step its request would have taken. Answers how many it settled.
     */
    reconcile: (now: Date = clock.now()) =>
      reconcileAttempts(db, clock, now, {
        lookup: (payment, key) => processor.provider(payment.provider).lookup(key),
        async finish(tx, payment, attempt, answer) {
          const settled = await finishAttempt(tx, payment, attempt, answer, UNATTENDED);
          if (answer.kind !== 'refund' && 'result' in settled) for (const hook of reconciledHooks) await hook(tx, settled.result as ChargeResult);
          return settled;
        },
        abandoned: (tx, payment, attempt) => (isSavedChargeAttempt(attempt) ? savedCharges.abandon(tx, payment) : Promise.resolve()),
      }),
    /** Adds a step to every confirm's or action's outcome the reconciliation records (the checkout's receipt). */
    onReconciledOutcome: (hook: ChargeCommit) => void reconciledHooks.push(hook),

    /** Settlement (settlement.ts): the net of every succeeded payment whose `available_on` has passed becomes available, once. */
    settleDue: (now: Date = clock.now()) => settleDue(db, clock, ledger, now),
    expireIncomplete: (now: Date = clock.now()) => expireIncomplete(db, clock, now), // the jobs schedule (incomplete.ts)
    /** A payment by its public id (checkout and receipt pages), in any business. */
    byPublicId: (publicId: string) => repo.findByPublicId(db, publicId),
    /** A payment of a business by its id (the dashboard's screens). */
    byId: (businessId: string, id: string) => repo.findById(db, businessId, id),
    /** The payment's timeline, oldest first. */
    events: (businessId: string, paymentId: string) => repo.events(db, businessId, paymentId),
    /** The payment's refunds, oldest first. */
    refunds: (businessId: string, paymentId: string) => repo.refunds(db, businessId, paymentId),
    /** A refund of the business by its id (the public API's refund), or null. */
    refundById: (businessId: string, id: string) => repo.refundById(db, businessId, id),
    /** What a payment in `requires_action` waits for (the PayNow QR's payload included); null otherwise. */
    nextAction: (payment: PaymentRow) => nextActionOf(db, payment),
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;
