import { fieldError, formatMoneyWithCode } from '@merchant/core';
import { sourceAmountLimits, type PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { PaymentSourceAdapter } from './charges/charges.service';
import type { PaymentRow } from './charges/charges.types';

/** Why a source no longer takes payments. */
export type UnusableReason = 'expired' | 'cancelled' | 'completed' | 'archived';

/**
 * What the hosted checkout charges for a public id (docs/payments.md, "Payment links and static QR codes"):
 * offered by each source's service (payment links, static QR codes).
 */
export interface CheckoutSource {
  businessId: string;
  sourceType: PaymentSource;
  sourceId: string;
  /** The id in its checkout URL. */
  publicId: string;
  /** Minor units; null: the customer chooses the amount. */
  amount: number | null;
  currency: string;
  /** The link's purpose or the QR code's name. */
  purpose: string;
  reference: string | null;
  collect: { email: boolean; phone: boolean; note: boolean };
  prefill: { email: string | null; phone: string | null };
  singleUse: boolean;
  redirectUrl: string | null;
  usable: true | { reason: UnusableReason };
}

/** The three calls the checkout makes on a source, each inside its own transaction. */
export interface CheckoutSourceAdapter {
  /** The source of a public id of this kind, or null when there is none. */
  checkoutSource(tx: Executor, publicId: string): Promise<CheckoutSource | null>;
  /** The source of a payment (its internal id), without a lock, or null when there is none. */
  byId(tx: Executor, businessId: string, sourceId: string): Promise<CheckoutSource | null>;
  /** Locks the source's row (SELECT ... FOR UPDATE) and answers it afresh, usable re-checked under the lock. */
  lockForPayment(tx: Executor, businessId: string, sourceId: string): Promise<CheckoutSource | null>;
  /** A payment of this source succeeded (same transaction): a single-use link becomes completed. */
  onPaymentSucceeded(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow): Promise<void>;
  /** A payment of this source was refunded (the refund's transaction, the payment as it is now). */
  onPaymentRefunded?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow): Promise<void>;
  /** A payment of this source failed (same transaction): a payment request tells its webhooks. */
  onPaymentFailed?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow): Promise<void>;
}

/** The amount a source may ask for, in the lowest-minimum / highest-maximum range of the methods. */
export function assertAmountWithinLimits(amount: number | null, currency: string): void {
  if (amount === null) return;
  const { min, max } = sourceAmountLimits(currency);
  if (amount < min) throw fieldError('VALIDATION_FAILED', 'amount', `The amount must be at least ${formatMoneyWithCode(min, currency)}`);
  if (amount > max) throw fieldError('VALIDATION_FAILED', 'amount', `The amount must be at most ${formatMoneyWithCode(max, currency)}`);
}

/** What the customer reads when a source no longer takes payments. */
const UNUSABLE_SENTENCES: Record<UnusableReason, string> = {
  expired: 'This payment link has expired.',
  cancelled: 'This payment link was cancelled.',
  completed: 'This payment link has been paid already.',
  archived: 'This QR code no longer takes payments.',
};
const GONE = 'This payment page no longer exists.';
const IN_PROGRESS = 'Another payment of this link is being processed. Try again in a moment.';

const sentenceOf = (source: CheckoutSource): string | null => (source.usable === true ? null : UNUSABLE_SENTENCES[source.usable.reason]);

/** A source capability's checkout adapter as the charges service takes it (`charges.registerSource`). */
export function paymentSourceAdapter(type: PaymentSource, adapter: CheckoutSourceAdapter): PaymentSourceAdapter {
  return {
    type,
    async lockForPayment(tx, businessId, sourceId, _now, _amount, inFlight) {
      const source = await adapter.lockForPayment(tx, businessId, sourceId);
      if (!source) return GONE;
      // A single-use source another payment is paying at the processor waits for that payment's outcome.
      if (source.usable === true && source.singleUse && (await inFlight()) > 0) return IN_PROGRESS;
      return sentenceOf(source);
    },
    async paymentSucceeded(tx, businessId, sourceId, payment) {
      await adapter.onPaymentSucceeded(tx, businessId, sourceId, payment);
    },
    ...(adapter.onPaymentRefunded
      ? {
          paymentRefunded: (tx: Executor, businessId: string, sourceId: string, payment: PaymentRow) =>
            adapter.onPaymentRefunded!(tx, businessId, sourceId, payment),
        }
      : {}),
    async paymentFailed(tx, businessId, sourceId, payment) {
      await adapter.onPaymentFailed?.(tx, businessId, sourceId, payment);
    },
    async checkoutPage(db, businessId, sourceId) {
      const source = await adapter.byId(db, businessId, sourceId);
      return source ? { publicId: source.publicId, redirectUrl: source.redirectUrl } : null;
    },
    async checkoutSource(db, publicId) {
      const source = await adapter.checkoutSource(db, publicId);
      if (!source) return null;
      const { businessId, sourceId, amount, currency, purpose, reference, collect, prefill, redirectUrl } = source;
      return { businessId, sourceId, amount, currency, purpose, reference, collect, prefill, redirectUrl, unavailable: sentenceOf(source) };
    },
  };
}
