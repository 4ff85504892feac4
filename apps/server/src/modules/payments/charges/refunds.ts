import { AppError, can, fieldError, formatMoneyWithCode } from '@merchant/core';
import { balanceOfProvider, paymentInSentence, paymentLedgerText, refundableAmount, type PaymentSource, type RefundInput } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { writeTogether } from '@/db/write-together';
import type { RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { Processor } from '../processor/processor.module';
import type { BeforeCommit, RefundDone } from './before-commit';
import { intentOf } from './intent-of';
import { chargesRepository as repo, patched, type PaymentRow, type RefundRow } from './charges.repository';
import type { ChargesActor, PaymentSourceAdapter } from './charges.types';
import type { RefundEffects, RefundTemplate } from './refund-effects';
import { paymentEvents } from './payment-events';
import { newAttempt, runTwoPhase, type AttemptRow } from './processor-attempts';
import { processorAttemptsRepository as attempts } from './processor-attempts.repository';
import { chargeEvent } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';

/** What the refund's attempt keeps for its outcome's transaction (the reconciliation has no request to read it from). */
interface RefundAttemptData {
  reason: RefundInput['reason'];
  note: string | null;
  userId: string;
  ip: string;
  userAgent: string | null;
  /**
   * What the request knew already, so the outcome does not read it again: the refunder's role (the audit entry's) and
   * the business's name and time zone (the mail's). Absent from attempts made before they were kept: the outcome reads them then.
   */
  role?: string | null;
  businessName?: string;
  businessTimeZone?: string;
}

/**
 * Refunds (docs/payments.md, "Refunds"), in two phases around the processor's call (processor-attempts.ts): the
 * first transaction checks the payment and records the attempt; `recordRefund` writes the outcome.
 */
export function createRefunds(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  processor: Processor;
  /** The customer's mail of a refund (refund-effects.ts). */
  onRefunded?: RefundEffects | undefined;
  sourceOf: (type: PaymentSource) => PaymentSourceAdapter | undefined;
  /** HitPay's event webhooks: `charge.updated` is written with the refund's outcome. */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}) {
  const { db, clock } = deps;
  const events = paymentEvents(clock);

  /**
   * A refund's outcome, the one place it is written (the request's second transaction and the reconciliation both
   * come here): the refund (its id is its attempt's), the payment's refunded amount and status, the ledger, the
   * event, the audit entry and the customer's mail through the outbox, sent together in one statement
   * (`writeTogether`: the transaction holds the payment's lock, so each round trip in it counts), then what the
   * refund finishes in its source (an invoice is paid less). The caller has locked the payment and settled the
   * attempt in this transaction. `template`: the mail's, when the request read it before this transaction.
   */
  async function recordRefund(tx: Executor, payment: PaymentRow, attempt: AttemptRow, providerRef: string, template?: RefundTemplate): Promise<RefundDone> {
    const data = attempt.data as unknown as RefundAttemptData;
    const { businessId } = payment;
    const amount = attempt.amount;
    const now = clock.now();
    const refund: RefundRow = {
      businessId,
      id: attempt.id,
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      reason: data.reason,
      note: data.note,
      providerRef,
      createdByUserId: data.userId,
      createdAt: now,
    };
    const refundedAmount = payment.refundedAmount + amount;
    const patch = { refundedAmount, status: refundedAmount === payment.amount ? ('refunded' as const) : ('partially_refunded' as const), updatedAt: now };
    const updated = patched(payment, patch);
    const done = { payment: updated, refund };
    const where: RequestMeta = { ip: data.ip, userAgent: data.userAgent };
    await writeTogether(tx, [
      repo.refundWrite(tx, refund),
      repo.updateWrite(tx, payment, patch),
      ...(await deps.ledger.postingWrites(tx, businessId, [
        {
          kind: 'refund',
          paymentId: payment.id,
          refundId: refund.id,
          balance: balanceOfProvider(payment.provider),
          description: paymentLedgerText('refund', payment),
          entries: [
            { account: 'merchant_available', currency: payment.currency, amount: -amount },
            { account: 'customer_funds', currency: payment.currency, amount },
          ],
        },
      ])),
      events.write(tx, updated, 'refunded', { refund_id: refund.id, amount, reason: data.reason }, data.userId),
      await deps.audit.write(tx, where, {
        action: 'payment.refunded',
        description: `Refunded ${formatMoneyWithCode(amount, payment.currency)} of the ${paymentInSentence(payment)}`,
        actorUserId: data.userId,
        businessId,
        objectType: 'payment',
        objectId: payment.id,
        meta: { refund_id: refund.id, amount, currency: payment.currency, reason: data.reason, ...(data.role !== undefined ? { actor_role: data.role } : {}) },
      }),
      ...((await deps.onRefunded?.mailWrites(tx, done, { businessName: data.businessName, businessTimeZone: data.businessTimeZone, template })) ?? []),
    ]);
    // The source reads the payment as it is now (its refunded amount), so it comes after the statement above.
    const source = deps.sourceOf(updated.sourceType);
    if (source?.paymentRefunded && updated.sourceId) await source.paymentRefunded(tx, businessId, updated.sourceId, updated, refund);
    await deps.webhooks?.emit(tx, businessId, chargeEvent('charge.updated', updated));
    return done;
  }

  /** A refund recorded already (its request's retry after the reconciliation settled it). */
  async function recordedRefund(tx: Executor, payment: PaymentRow, attempt: AttemptRow): Promise<RefundDone> {
    const refund = await repo.refundById(tx, payment.businessId, attempt.id);
    if (!refund) throw new AppError('REFUND_NOT_ALLOWED', 'This refund did not go through: nothing was refunded.');
    return { payment, refund };
  }

  return {
    recordRefund,
    /**
     * Refunds part or all of a succeeded payment, never more than what is left (refunds at the processor included).
     * `ctx.idempotency`: the request's key; its answer is stored in the outcome's transaction.
     */
    async refund(
      ctx: ChargesActor & { idempotency?: { requestKey: string } | undefined },
      paymentId: string,
      input: RefundInput,
      beforeCommit?: BeforeCommit<RefundDone>,
    ): Promise<RefundDone> {
      if (!can({ isSuperAdmin: false, role: ctx.business.role }, 'payments:refund')) throw new AppError('FORBIDDEN', 'You may not refund payments.');
      const businessId = ctx.business.row.id;
      const requestKey = ctx.idempotency?.requestKey ?? null;
      let locked: PaymentRow;
      let template: RefundTemplate | undefined;
      return runTwoPhase<RefundDone>(db, clock, {
        async begin(tx, record) {
          const payment = await repo.lockById(tx, businessId, paymentId);
          if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
          locked = payment;
          // One read, under the payment's lock: this request's own refund (its retry after a 503 or a crash resumes it,
          // or answers it once settled), and the refunds at the processor.
          const rows = await attempts.refundsInFlightOrOwn(tx, businessId, payment.id, requestKey);
          const own = requestKey === null ? undefined : rows.find((row) => row.requestKey === requestKey);
          if (own) return own;
          const refundable = refundableAmount({ status: payment.status, amount: payment.amount, refunded: payment.refundedAmount });
          if (refundable === 0) throw new AppError('REFUND_NOT_ALLOWED', 'Only a succeeded payment can be refunded.');
          // Refunds at the processor count as made: several at once never return more than was paid.
          const inFlight = rows.reduce(
            (sum, row) => (row.status === 'pending' && row.kind === 'refund' && row.paymentId === payment.id ? sum + row.amount : sum),
            0,
          );
          const left = refundable - inFlight;
          if (input.amount > left) {
            throw fieldError('REFUND_EXCEEDS_REMAINING', 'amount', `At most ${formatMoneyWithCode(left, payment.currency)} is left to refund.`);
          }
          const data: RefundAttemptData = {
            reason: input.reason,
            note: input.note ?? null,
            userId: ctx.user.id,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            role: ctx.business.role,
            ...(ctx.business.row.name !== undefined ? { businessName: ctx.business.row.name } : {}),
            ...(ctx.business.row.timeZone !== undefined ? { businessTimeZone: ctx.business.row.timeZone } : {}),
          };
          return record(newAttempt(payment, 'refund', input.amount, { ...data }, requestKey, clock.now()));
        },
        async call(attempt) {
          const provider = deps.processor.provider(locked.provider);
          const intent = intentOf(locked, '');
          // The mail's template is read beside the processor's call, so the outcome's transaction does not.
          const [answer, read] = await Promise.all([
            provider.refund(intent, attempt.amount, attempt.id),
            locked.customerEmail ? deps.onRefunded?.template(businessId) : undefined,
          ]);
          template = read;
          return { kind: 'refund', ref: answer.ref };
        },
        async finish(tx, payment, attempt, answer) {
          if (answer.kind !== 'refund') throw new Error(`A refund's attempt ${attempt.id} has a ${answer.kind} answer.`);
          return { result: await recordRefund(tx, payment, attempt, answer.ref, template) };
        },
        recorded: recordedRefund,
        beforeCommit,
      });
    },
  };
}
