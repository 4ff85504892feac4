import { formatMoneyWithCode } from '@merchant/core';
import {
  PAYMENT_METHOD_LABELS,
  PUBLIC_INVOICE_STATUSES,
  amountDue,
  invoiceDebitOfRefund,
  invoicePayableRange,
  paymentInSentence,
  statusAfterPayment,
  statusAfterRefund,
} from '@merchant/payments';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { PaymentSourceAdapter } from '../charges/charges.service';
import type { PaymentRow } from '../charges/charges.types';
import type { PlatformPaymentHook, PlatformRefundHook } from '../platform-accounts/platform-fees.service';
import { publicInvoiceUrl } from './invoices.presenter';
import { invoicesRepository as repo, type InvoiceRow } from './invoices.repository';

/**
 * Why a payment of `amount` cannot be taken on the invoice as it stands (its row locked by the caller), or
 * null when it can. What the customer reads on the checkout (`PAYMENT_SOURCE_UNAVAILABLE`).
 */
export function refusalOf(row: InvoiceRow, amount: number): string | null {
  if (!PUBLIC_INVOICE_STATUSES.includes(row.status)) return 'This invoice can no longer be paid.';
  const range = invoicePayableRange({ status: row.status, total: row.total, amount_paid: row.amountPaid, allow_partial: row.allowPartial });
  if (!range) return 'This invoice has been paid in full already.';
  const due = formatMoneyWithCode(range.max, row.currency);
  if (amount > range.max) return `Only ${due} is now due on this invoice. Go back to the invoice and pay again.`;
  if (amount < range.min) return `This invoice is paid in full: ${due}. Go back to the invoice and pay again.`;
  return null;
}

/** How a payment is named on the invoice's timeline: its amount and method (the payment's screen gives its id). */
function paidDetail(payment: PaymentRow, credited: number): string {
  const how = payment.cardLast4 ? `card ending ${payment.cardLast4}` : payment.method ? PAYMENT_METHOD_LABELS[payment.method] : 'the checkout';
  return `${formatMoneyWithCode(credited, payment.currency)} paid online by ${how}`;
}

/**
 * The invoice as a source of checkout payments (docs/payments.md, "Paying an invoice"): every start, confirm
 * and approval locks the invoice's row and re-checks what is due, so racing payments never pay more than
 * that; a success adds to what is paid, moves the status and writes the timeline in the payment's transaction.
 */
export function createInvoicePaymentSource(deps: {
  clock: Clock;
  invoiceOrigin: string;
  /** A platform's invoice paid (docs/developers.md, "Platform accounts"): its fee posted, its platform told. */
  onPlatformPayment?: PlatformPaymentHook | undefined;
  /** A refund of a payment of a platform's invoice: its charge.updated to the platform too. */
  onPlatformRefund?: PlatformRefundHook | undefined;
}): PaymentSourceAdapter {
  const { clock } = deps;
  return {
    type: 'invoice',
    async lockForPayment(tx, businessId, sourceId, _now, amount, inFlight) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (!row) return 'This invoice can no longer be paid.';
      // What payments at the processor ask is counted as paid until their outcome is written.
      const taken = await inFlight();
      return refusalOf(taken > 0 ? { ...row, amountPaid: row.amountPaid + taken } : row, amount);
    },
    async paymentSucceeded(tx, businessId, sourceId, payment) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (!row) return;
      // The invoice is credited with what it asked for: a fee passed on to the customer is not part of it.
      const credited = payment.amount - payment.customerFee;
      const paid = row.amountPaid + credited;
      const now = clock.now();
      await repo.update(tx, businessId, sourceId, { amountPaid: paid, status: statusAfterPayment(row.status, row.total, paid), updatedAt: now });
      const left = amountDue(row.total, paid);
      const detail = `${paidDetail(payment, credited)}${left > 0 ? `; ${formatMoneyWithCode(left, row.currency)} still due` : ''}`;
      await repo.addEvent(tx, { businessId, id: newTimeOrderedId(), invoiceId: sourceId, kind: 'paid', detail, userId: null, createdAt: now });
      // A platform's invoice: its fee in both ledgers and its charge.created to the platform, in this transaction.
      if (row.platformLinkId !== null && deps.onPlatformPayment) {
        await deps.onPlatformPayment(tx, { platformLinkId: row.platformLinkId, platformFee: row.platformFee }, payment);
      }
    },
    /**
     * A refund of one of its payments pays the invoice less (what the refund takes of the credited part, the
     * customer's fee last: `invoiceDebitOfRefund`): partially paid again, or refunded once nothing stays paid, with
     * a timeline entry, in the refund's transaction.
     */
    async paymentRefunded(tx, businessId, sourceId, payment, refund) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (!row) return;
      if (row.platformLinkId !== null) await deps.onPlatformRefund?.(tx, payment);
      const credited = payment.amount - payment.customerFee;
      const debit = invoiceDebitOfRefund(credited, payment.refundedAmount - refund.amount, refund.amount);
      const paid = Math.max(0, row.amountPaid - debit);
      const status = statusAfterRefund(row.status, row.total, paid);
      const now = clock.now();
      await repo.update(tx, businessId, sourceId, { amountPaid: paid, status, updatedAt: now });
      const left = amountDue(row.total, paid);
      const due = status === 'partially_paid' && left > 0 ? `; ${formatMoneyWithCode(left, row.currency)} due again` : '';
      const detail = `${formatMoneyWithCode(refund.amount, refund.currency)} of the ${paymentInSentence(payment)} refunded${due}`;
      await repo.addEvent(tx, {
        businessId,
        id: newTimeOrderedId(),
        invoiceId: sourceId,
        kind: 'refunded',
        detail,
        userId: refund.createdByUserId,
        createdAt: now,
      });
    },
    async checkoutPage(db, businessId, sourceId) {
      const found = await repo.find(db, businessId, sourceId);
      if (!found) return null;
      const page = publicInvoiceUrl(deps.invoiceOrigin, found.invoice);
      return { publicId: found.invoice.publicId, redirectUrl: page, backUrl: page };
    },
  };
}
