import { AppError, fieldError, formatMoneyWithCode } from '@merchant/core';
import { FAILURE_MESSAGES, PAYMENT_METHOD_LABELS, methodLimits, type CardBrand } from '@merchant/payments';
import type { ReaderDetail, ReaderPayment, ReaderPaymentStatus } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import { sourcePaymentsReadModel } from '@/modules/payments/charges/source-payments.read-model';
import { readerRefusal, type ReadersService } from './readers.service';
import { auditOf, readerNotFound, type TerminalsActor } from './terminals.shared';
import { terminalsRepository as repo, type ReaderPaymentRow } from './terminals.repository';

/** How many of a reader's payments its detail shows. */
const RECENT_PAYMENTS = 10;

function statusOf(payment: PaymentRow, cancelled: boolean): ReaderPaymentStatus {
  switch (payment.status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_pin';
    case 'failed':
      return cancelled ? 'cancelled' : 'failed';
    case 'expired':
      return 'cancelled';
    default:
      return 'processing';
  }
}

export function presentReaderPayment(payment: PaymentRow, readerId: string, cancelled: boolean): ReaderPayment {
  const status = statusOf(payment, cancelled);
  return {
    charge_id: payment.id,
    reader_id: readerId,
    status,
    amount: { amount: payment.amount, currency: payment.currency },
    card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand as CardBrand, last4: payment.cardLast4 } : null,
    failure:
      status === 'failed' && payment.failureCode
        ? { code: payment.failureCode, message: FAILURE_MESSAGES[payment.failureCode] }
        : status === 'cancelled' && payment.failureCode
          ? { code: payment.failureCode, message: 'The payment was cancelled on the reader: nothing was charged.' }
          : null,
    created_at: payment.createdAt.toISOString(),
  };
}

/** A chip or a tap carries no security code: the simulated reader hands the test processor one of the right length. */
const readerCvc = (number: string) => (/^3[47]/.test(number) ? '0000' : '000');

/**
 * Card payments on a paired reader (docs/pos.md, "Card terminals"): a payment of source `pos` (its source id the
 * reader) started and confirmed by the charges service with the card the reader read, so the processor, the ledger
 * and the payment's timeline are the checkout's. The 3-D Secure test card stands for "the reader asks for the PIN".
 */
export function createReaderPaymentsService(deps: { db: Executor; clock: Clock; audit: AuditService; charges: ChargesService; readers: ReadersService }) {
  const { db, clock, charges, readers } = deps;
  const record = auditOf(deps.audit);

  async function readerPaymentOf(businessId: string, readerId: string, paymentId: string): Promise<{ row: ReaderPaymentRow; payment: PaymentRow }> {
    const row = await repo.readerPayment(db, businessId, paymentId);
    const payment = row && row.readerId === readerId ? await charges.byId(businessId, paymentId) : undefined;
    if (!row || !payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
    return { row, payment };
  }

  const auditOutcome = async (tx: Executor, ctx: TerminalsActor, readerName: string, payment: PaymentRow, cancelled = false) => {
    const amount = formatMoneyWithCode(payment.amount, payment.currency);
    const status = statusOf(payment, cancelled);
    const said =
      status === 'succeeded'
        ? `Took ${amount} by card on the reader “${readerName}”`
        : status === 'requires_pin'
          ? `The reader “${readerName}” asks for the PIN of a ${amount} card payment`
          : status === 'cancelled'
            ? `Cancelled a ${amount} card payment on the reader “${readerName}”`
            : `A ${amount} card payment on the reader “${readerName}” was declined`;
    await record(tx, ctx, 'terminal_reader', payment.sourceId!, `terminal_reader.payment_${status}`, said);
  };

  return {
    /** A reader with its latest payments. */
    async detail(businessId: string, readerId: string): Promise<ReaderDetail> {
      const row = await readers.find(businessId, readerId);
      return { ...(await readers.presentIn(db, row)), recent_payments: await this.recent(businessId, row.id) };
    },

    /** The reader's latest payments, newest first. */
    async recent(businessId: string, readerId: string): Promise<ReaderPayment[]> {
      const payments = (await sourcePaymentsReadModel.page(db, businessId, 'pos', readerId, RECENT_PAYMENTS)).slice(0, RECENT_PAYMENTS);
      const rows = await repo.readerPaymentsOf(
        db,
        businessId,
        payments.map((p) => p.id),
      );
      const cancelled = new Set(rows.filter((r) => r.cancelledAt).map((r) => r.paymentId));
      return payments.map((p) => presentReaderPayment(p, readerId, cancelled.has(p.id)));
    },

    /**
     * Asks the reader to collect `amount` in the business's currency and charges the card it read. The first
     * transaction starts the payment and records it with the request's key; the confirm's outcome stores the answer
     * (the idempotent request's): a retry with the key resumes the same payment, never a second charge.
     */
    async collect(ctx: BusinessContext, readerId: string, body: { amount: number; card: { number: string; exp_month: number; exp_year: number } }) {
      const businessId = ctx.business.row.id;
      const requestKey = ctx.idempotency?.requestKey;
      const reader = await readers.find(businessId, readerId);
      let started = requestKey ? await repo.readerPaymentByKey(db, businessId, requestKey) : undefined;
      if (!started) {
        const currency = ctx.business.row.currency;
        const { min, max } = methodLimits('card', currency);
        if (body.amount < min || body.amount > max) {
          const range = `${formatMoneyWithCode(min, currency)} to ${formatMoneyWithCode(max, currency)}`;
          throw fieldError('PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'amount', `${PAYMENT_METHOD_LABELS.card} payments take ${range}.`);
        }
        await charges.start(
          { businessId, source: { type: 'pos', id: readerId }, amount: body.amount, currency, description: `Card reader “${reader.name}”` },
          async (tx, payment) => {
            // The reader is checked in the payment's own transaction: a reader unpaired or moved meanwhile refuses.
            const locked = await repo.findReader(tx, businessId, readerId, 'share');
            const refusal = locked ? readerRefusal(locked, await readers.locationOf(tx, businessId, locked.locationId)) : 'Card reader not found.';
            if (refusal) throw new AppError('TERMINAL_READER_UNAVAILABLE', refusal);
            const row = {
              businessId,
              paymentId: payment.id,
              readerId,
              paymentPublicId: payment.publicId,
              requestKey: requestKey ?? null,
              createdBy: ctx.user.id,
              cancelledAt: null,
              createdAt: clock.now(),
            };
            await repo.insertReaderPayment(tx, row);
            started = row;
          },
        );
      }
      const begun = started!;
      const card = { ...body.card, cvc: readerCvc(body.card.number) };
      const result = await charges.confirm(
        begun.paymentPublicId,
        { method: 'card', card },
        {
          passFeeToCustomer: false,
          where: ctx,
          requestKey,
          beforeCommit: async (tx, done) => {
            await auditOutcome(tx, ctx, reader.name, done.payment);
            await ctx.idempotency?.answerIn(tx, presentReaderPayment(done.payment, readerId, false));
          },
        },
      );
      return presentReaderPayment(result.payment, readerId, false);
    },

    /** The cardholder entered the PIN the reader asked for: the pending step is approved (the charge completes). */
    async enterPin(ctx: BusinessContext, readerId: string, paymentId: string): Promise<ReaderPayment> {
      const businessId = ctx.business.row.id;
      const reader = await readers.find(businessId, readerId);
      const { payment } = await readerPaymentOf(businessId, readerId, paymentId);
      const result = await charges.approveChallenge(payment.publicId, ctx, (tx, done) => auditOutcome(tx, ctx, reader.name, done.payment));
      return presentReaderPayment(result.payment, readerId, false);
    },

    /** The payment waiting for its PIN is cancelled on the register: it fails, nothing is charged. */
    async cancel(ctx: TerminalsActor, readerId: string, paymentId: string): Promise<ReaderPayment> {
      const businessId = ctx.business.row.id;
      const reader = await readers.find(businessId, readerId);
      const { payment } = await readerPaymentOf(businessId, readerId, paymentId);
      const result = await charges.failChallenge(payment.publicId, ctx, async (tx, done) => {
        await repo.cancelReaderPayment(tx, businessId, paymentId, clock.now());
        await auditOutcome(tx, ctx, reader.name, done.payment, true);
      });
      return presentReaderPayment(result.payment, readerId, true);
    },

    /**
     * The public API's cancel (HitPay's `POST /v1/readers/cancel`, docs/developers.md): the payment the paired reader
     * is waiting on (its PIN step) is cancelled as the register's cancel does; null when it waits on none.
     */
    async cancelWaiting(ctx: TerminalsActor, readerId: string): Promise<ReaderPayment | null> {
      const businessId = ctx.business.row.id;
      const reader = await readers.find(businessId, readerId);
      if (reader.status !== 'paired') throw readerNotFound();
      const payments = await sourcePaymentsReadModel.page(db, businessId, 'pos', readerId, RECENT_PAYMENTS);
      const waiting = payments.find((p) => p.status === 'requires_action');
      return waiting ? this.cancel(ctx, readerId, waiting.id) : null;
    },
  };
}

export type ReaderPaymentsService = ReturnType<typeof createReaderPaymentsService>;
