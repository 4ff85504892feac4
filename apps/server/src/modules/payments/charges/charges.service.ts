import { AppError, can, fieldError, formatMoneyWithCode } from '@merchant/core';
import {
  balanceOfProvider,
  FAILURE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PUBLIC_ID_PREFIXES,
  grossUpForFee,
  refundableAmount,
  NextActionSchema,
  type NextAction,
  type PaymentEventType,
  type PaymentMethod,
  type PaymentMethodDetails,
  type PaymentSource,
  type RefundInput,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import { UNATTENDED, type RequestMeta } from '@/http/context';
import type { CustomersService } from '../customers/customers.service';
import type { Clock } from '@/lib/clock';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { Processor } from '../processor/processor.module';
import { takingPayments } from './takes-payments';
import type { Intent, PaymentProvider, ProviderOutcome } from '../processor/provider';
import { committing, type BeforeCommit, type ChargeCommit, type RefundDone } from './before-commit';
import { chargePostings } from './charge-postings';
import { assertConfirmable, expireIncomplete } from './incomplete';
import type { RefundEffects } from './refund-effects';
import { savedMethodColumns, savedMethodEvent } from './saved-method';
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
import { chargesRepository as repo, type PaymentPatch, type PaymentRow } from './charges.repository';

const DAY_MS = 24 * 60 * 60_000;
/** The settlement delay of a business without payments settings (docs/payments.md). */
export const DEFAULT_SETTLEMENT_DELAY_DAYS = 2;
const SETTLE_BATCH = 200;

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
type NewPaymentEvent = Parameters<typeof repo.insertEvent>[1];

/**
 * What a confirm has decided but not written when the provider's outcome is applied: the payment's move to
 * `processing`, its events, and the settlement delay it has read already (undefined: not read).
 */
interface Prior {
  patch: PaymentPatch;
  events: NewPaymentEvent[];
  settlementDelayDays?: number | null;
}
const NOTHING_PRIOR: Prior = { patch: {}, events: [] };

/**
 * The payment lifecycle (docs/payments.md, "Core services"): start, confirm with a method, complete a
 * pending action (3-D Secure, PayNow scan, e-wallet), refund and settle. Every change locks the payment's
 * row, writes its events and posts the ledger in one transaction.
 */
export function createChargesService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  processor: Processor;
  customers: CustomersService;
  onRefunded?: RefundEffects;
}) {
  const { db, clock, ledger, processor, customers } = deps;
  const sources = new Map<PaymentSource, PaymentSourceAdapter>();

  function eventRow(payment: PaymentRow, type: PaymentEventType, data: Record<string, unknown> = {}, actorUserId: string | null = null): NewPaymentEvent {
    return { businessId: payment.businessId, id: newTimeOrderedId(), paymentId: payment.id, type, data, actorUserId, createdAt: clock.now() };
  }

  async function event(tx: Executor, payment: PaymentRow, type: PaymentEventType, data: Record<string, unknown> = {}, actorUserId: string | null = null) {
    await repo.insertEvent(tx, eventRow(payment, type, data, actorUserId));
  }

  /** Locks the payment's source and refuses when it no longer takes payments. */
  async function lockSource(tx: Executor, businessId: string, source: { type: PaymentSource; id: string | null }, amount: number): Promise<void> {
    const adapter = sources.get(source.type);
    if (!adapter || !source.id) return;
    const refusal = await adapter.lockForPayment(tx, businessId, source.id, clock.now(), amount);
    if (refusal) throw new AppError('PAYMENT_SOURCE_UNAVAILABLE', refusal);
  }

  function intentOf(payment: PaymentRow, merchantName: string): Intent {
    return { ref: payment.providerRef ?? '', paymentPublicId: payment.publicId, amount: payment.amount, currency: payment.currency, merchantName };
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
  async function succeed(tx: Executor, payment: PaymentRow, provider: PaymentProvider, where: RequestMeta, prior: Prior = NOTHING_PRIOR): Promise<PaymentRow> {
    const now = clock.now();
    const fee = provider.fee(payment.amount, payment.method!, payment.currency);
    const delayDays =
      (prior.settlementDelayDays !== undefined ? prior.settlementDelayDays : await repo.settlementDelayDays(tx, payment.businessId)) ??
      DEFAULT_SETTLEMENT_DELAY_DAYS;
    const customerId = await matchCustomer(tx, payment, where);
    const updated = await repo.update(tx, payment, {
      ...prior.patch,
      status: 'succeeded',
      fee,
      net: payment.amount - fee,
      customerId,
      succeededAt: now,
      availableOn: new Date(now.getTime() + delayDays * DAY_MS),
      updatedAt: now,
    });
    const { businessId, amount } = updated;
    await ledger.postMany(tx, businessId, chargePostings(updated));
    await repo.insertEvents(tx, [...prior.events, eventRow(updated, 'succeeded', { amount, fee, net: updated.net })]);
    const adapter = sources.get(updated.sourceType);
    if (adapter?.paymentSucceeded && updated.sourceId) await adapter.paymentSucceeded(tx, businessId, updated.sourceId, updated);
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
        const updated = await repo.update(tx, payment, { ...prior.patch, status: 'failed', failureCode: outcome.failure, updatedAt: clock.now() });
        await repo.insertEvents(tx, [...prior.events, eventRow(updated, 'failed', { code: outcome.failure, message: FAILURE_MESSAGES[outcome.failure] })]);
        return { payment: updated, nextAction: null };
      }
      case 'requires_action': {
        const updated = await repo.update(tx, payment, { ...prior.patch, status: 'requires_action', updatedAt: clock.now() });
        await repo.insertEvents(tx, [...prior.events, eventRow(updated, 'requires_action', { action: outcome.action })]);
        return { payment: updated, nextAction: outcome.action };
      }
    }
  }

  const methodUnavailable = (method: PaymentMethod) =>
    fieldError('PAYMENT_METHOD_UNAVAILABLE', 'method', `${PAYMENT_METHOD_LABELS[method]} is not available for this payment.`);

  function assertWithinLimits(amount: number, currency: string, method: PaymentMethod, provider: PaymentProvider): void {
    const { min, max } = provider.limits(method, currency);
    if (amount < min || amount > max) {
      const range = `${formatMoneyWithCode(min, currency)} to ${formatMoneyWithCode(max, currency)}`;
      throw fieldError('PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'amount', `${PAYMENT_METHOD_LABELS[method]} payments take ${range}.`);
    }
  }

  /** Completes the pending action of a payment paid by `method` (3-D Secure, PayNow scan, e-wallet). */
  async function completeAction(publicId: string, method: PaymentMethod, decision: 'approve' | 'fail', where: RequestMeta, then?: ChargeCommit) {
    return db.transaction(async (tx) => {
      const payment = await repo.lockByPublicId(tx, publicId);
      if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
      if (payment.status !== 'requires_action' || payment.method !== method) {
        throw new AppError('PAYMENT_NO_PENDING_ACTION', 'This payment is not waiting for that step.');
      }
      if (decision === 'approve') {
        takingPayments(await repo.businessOfPayment(tx, payment.businessId));
        await lockSource(tx, payment.businessId, { type: payment.sourceType, id: payment.sourceId }, payment.amount - payment.customerFee);
      }
      const provider = processor.provider(payment.provider);
      const outcome = await provider.completeAction(intentOf(payment, ''), method, decision);
      await event(tx, payment, decision === 'approve' ? 'action_approved' : 'action_failed');
      return committing(tx, await applyOutcome(tx, payment, outcome, provider, where), then);
    });
  }

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

    /**
     * Charges a saved card off-session inside the caller's transaction (a subscription locks its row, charges
     * and records the attempt in one transaction): the payment is created, confirmed through the provider's
     * `chargeSaved` and succeeds (ledger, fee, customer) or fails, all before the caller commits. The source's
     * adapter is not asked: the caller holds its source. `known`: the business's name and settlement delay when
     * the caller has them (the subscriptions' pass reads them once per business).
     */
    async chargeSaved(
      tx: Executor,
      input: StartPaymentInput,
      card: SavedCardCharge,
      where: RequestMeta = UNATTENDED,
      known?: SavedChargeContext,
    ): Promise<ChargeResult> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw fieldError('VALIDATION_FAILED', 'amount', 'The amount must be more than zero.');
      const provider = processor.provider();
      const publicId = newPublicId(PUBLIC_ID_PREFIXES.payment);
      // The business's name and settlement delay: handed over by a caller charging many, or else read in one statement.
      const context = takingPayments(known ?? (await repo.confirmContext(tx, input.businessId, 'card')));
      const intent = await provider.createIntent({
        paymentPublicId: publicId,
        amount: input.amount,
        currency: input.currency,
        merchantName: context.name,
      });
      const now = clock.now();
      // The payment is written once in `processing` (nothing outside this transaction ever sees it before its
      // outcome); its created, method_selected and processing events go in with the outcome's, in one insert.
      const processing = await repo.insert(tx, {
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
      const events = [
        eventRow(processing, 'created', { amount: input.amount, currency: input.currency, off_session: true }),
        eventRow(processing, 'method_selected', savedMethodEvent(card)),
        eventRow(processing, 'processing'),
      ];
      const outcome = await provider.chargeSaved(intent, card, clock.now());
      return applyOutcome(tx, processing, outcome, provider, where, { patch: {}, events, settlementDelayDays: context.settlementDelayDays });
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
      return db.transaction(async (tx) => {
        const payment = await repo.lockByPublicId(tx, publicId);
        if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
        assertConfirmable(payment, clock.now());
        const provider = processor.provider(payment.provider);
        const method = details.method;
        // The business's name, settlement delay and method setting in one read (docs/payments.md, "Core services").
        const context = takingPayments(await repo.confirmContext(tx, payment.businessId, method));
        if (!provider.methods(payment.currency).includes(method) || !context.methodEnabled) throw methodUnavailable(method);
        const passFee = options.passFeeToCustomer === 'as_set' ? context.passFeeToCustomer : options.passFeeToCustomer;
        const gross = passFee ? grossUpForFee(payment.amount, method, payment.currency) : payment.amount;
        assertWithinLimits(gross, payment.currency, method, provider);
        await lockSource(tx, payment.businessId, { type: payment.sourceType, id: payment.sourceId }, payment.amount);
        const intent = { ...intentOf(payment, context.name), amount: gross };
        const outcome = await provider.confirm(intent, details, clock.now());
        if (outcome.status === 'refused') throw fieldError('PAYMENT_CARD_INVALID', outcome.path, FAILURE_MESSAGES[outcome.failure]);
        const card = outcome.card;
        const patch: PaymentPatch = {
          status: 'processing',
          method,
          amount: gross,
          customerFee: gross - payment.amount,
          updatedAt: clock.now(),
          ...(card ? { cardToken: card.token, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear } : {}),
        };
        // The move to processing is written with the outcome (one update, one insert of the three events):
        // nothing outside this transaction ever sees it apart from the outcome.
        const processing: PaymentRow = { ...payment, ...patch };
        const events = [
          eventRow(processing, 'method_selected', { method, ...(card ? { brand: card.brand, last4: card.last4 } : {}) }),
          eventRow(processing, 'processing'),
        ];
        const prior = { patch, events, settlementDelayDays: context.settlementDelayDays };
        return committing(tx, await applyOutcome(tx, processing, outcome, provider, options.where ?? UNATTENDED, prior), options.beforeCommit);
      });
    },

    /** The customer passed the 3-D Secure style challenge. */
    approveChallenge: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit) => completeAction(publicId, 'card', 'approve', where, then),
    /** The customer failed (or abandoned) the challenge: the payment fails (`authentication_failed`). */
    failChallenge: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit) => completeAction(publicId, 'card', 'fail', where, then),
    /** Test mode: the customer's bank app "scanned" the PayNow QR and paid. */
    simulateQrScan: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit) => completeAction(publicId, 'paynow', 'approve', where, then),
    /** The customer approved on the e-wallet's page. */
    walletApprove: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit) => completeAction(publicId, 'ewallet', 'approve', where, then),
    /** The customer cancelled on the e-wallet's page: the payment fails (`wallet_cancelled`). */
    walletCancel: (publicId: string, where: RequestMeta = UNATTENDED, then?: ChargeCommit) => completeAction(publicId, 'ewallet', 'fail', where, then),

    /**
     * Refunds part or all of a succeeded payment, never more than what is left: locks the payment's row, then
     * writes the refund, the payment's new status, the ledger, the event and the audit entry in one transaction.
     */
    async refund(ctx: ChargesActor, paymentId: string, input: RefundInput, beforeCommit?: BeforeCommit<RefundDone>): Promise<RefundDone> {
      if (!can({ isSuperAdmin: false, role: ctx.business.role }, 'payments:refund')) throw new AppError('FORBIDDEN', 'You may not refund payments.');
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const payment = await repo.lockById(tx, businessId, paymentId);
        if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
        const left = refundableAmount({ status: payment.status, amount: payment.amount, refunded: payment.refundedAmount });
        if (left === 0) throw new AppError('REFUND_NOT_ALLOWED', 'Only a succeeded payment can be refunded.');
        if (input.amount > left) {
          throw fieldError('REFUND_EXCEEDS_REMAINING', 'amount', `At most ${formatMoneyWithCode(left, payment.currency)} is left to refund.`);
        }
        const provider = processor.provider(payment.provider);
        const { ref } = await provider.refund(intentOf(payment, ''), input.amount);
        const now = clock.now();
        const refund = await repo.insertRefund(tx, {
          businessId,
          id: newTimeOrderedId(),
          paymentId: payment.id,
          amount: input.amount,
          currency: payment.currency,
          reason: input.reason,
          note: input.note ?? null,
          providerRef: ref,
          createdByUserId: ctx.user.id,
          createdAt: now,
        });
        const refundedAmount = payment.refundedAmount + input.amount;
        const updated = await repo.update(tx, payment, {
          refundedAmount,
          status: refundedAmount === payment.amount ? 'refunded' : 'partially_refunded',
          updatedAt: now,
        });
        await ledger.post(tx, businessId, {
          kind: 'refund',
          paymentId: payment.id,
          refundId: refund.id,
          balance: balanceOfProvider(payment.provider),
          description: `Refund of payment ${payment.publicId}`,
          entries: [
            { account: 'merchant_available', currency: payment.currency, amount: -input.amount },
            { account: 'customer_funds', currency: payment.currency, amount: input.amount },
          ],
        });
        await event(tx, updated, 'refunded', { refund_id: refund.id, amount: input.amount, reason: input.reason }, ctx.user.id);
        await deps.audit.record(tx, ctx, {
          action: 'payment.refunded',
          description: `Refunded ${formatMoneyWithCode(input.amount, payment.currency)} of payment ${payment.publicId}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment',
          objectId: payment.id,
          meta: { refund_id: refund.id, amount: input.amount, currency: payment.currency, reason: input.reason },
        });
        await deps.onRefunded?.(tx, { payment: updated, refund }, sources.get(updated.sourceType));
        return committing(tx, { payment: updated, refund }, beforeCommit);
      });
    },

    /**
     * Moves the net of every succeeded payment whose `available_on` has passed from pending to available,
     * exactly once: each payment is locked (skipping one another settler holds), posted and marked settled
     * in one transaction. Answers how many payments it settled.
     */
    async settleDue(now: Date = clock.now()): Promise<number> {
      let settled = 0;
      for (;;) {
        const due = await repo.dueForSettlement(db, now, SETTLE_BATCH);
        let progressed = 0;
        for (const { businessId, id } of due) {
          const done = await db.transaction(async (tx) => {
            const payment = await repo.lockUnsettled(tx, businessId, id);
            if (!payment) return false;
            if (payment.net > 0) {
              await ledger.post(tx, businessId, {
                kind: 'settlement',
                paymentId: payment.id,
                balance: balanceOfProvider(payment.provider),
                description: `Settlement of payment ${payment.publicId}`,
                entries: [
                  { account: 'merchant_pending', currency: payment.currency, amount: -payment.net },
                  { account: 'merchant_available', currency: payment.currency, amount: payment.net },
                ],
              });
            }
            const updated = await repo.update(tx, payment, { settledAt: clock.now(), updatedAt: clock.now() });
            await event(tx, updated, 'settled', { amount: payment.net });
            return true;
          });
          if (done) progressed++;
        }
        settled += progressed;
        if (due.length < SETTLE_BATCH || progressed === 0) return settled;
      }
    },

    expireIncomplete: (now: Date = clock.now()) => expireIncomplete(db, clock, now), // the jobs schedule (incomplete.ts)
    /** A payment by its public id (checkout and receipt pages), in any business. */
    byPublicId: (publicId: string) => repo.findByPublicId(db, publicId),
    /** A payment of a business by its id (the dashboard's screens). */
    byId: (businessId: string, id: string) => repo.findById(db, businessId, id),
    /** The payment's timeline, oldest first. */
    events: (businessId: string, paymentId: string) => repo.events(db, businessId, paymentId),
    /** The payment's refunds, oldest first. */
    refunds: (businessId: string, paymentId: string) => repo.refunds(db, businessId, paymentId),
    /** What a payment in `requires_action` waits for (the PayNow QR's payload included); null otherwise. */
    async nextAction(payment: PaymentRow): Promise<NextAction | null> {
      if (payment.status !== 'requires_action') return null;
      const row = await repo.latestEvent(db, payment.businessId, payment.id, 'requires_action');
      const parsed = NextActionSchema.safeParse(row?.data.action);
      return parsed.success ? parsed.data : null;
    },
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;
