import type { Role, StandingFacts } from '@merchant/core';
import type { NextAction, PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessRow, RequestMeta, UserRow } from '@/http/context';
import type { SavedCard } from '../processor/provider';
import type { PaymentRow, RefundRow } from './charges.repository';

/** Rows other modules read of a payment (through the charges service or its read models). */
export type { PaymentEventRow, PaymentRow, RefundRow } from './charges.repository';

/** The charges service's inputs and the source adapter capabilities plug in (docs/payments.md, "Core services"). */

/**
 * What asks for the money (a payment link, a static QR, later an invoice): its capability plugs this in with
 * `registerSource`, and every payment of that source type goes through it (docs/payments.md, "Core services").
 */
export interface PaymentSourceAdapter {
  type: PaymentSource;
  /**
   * Runs inside the transaction that starts, confirms or completes a payment of the source: locks the
   * source's row (`SELECT ... FOR UPDATE`) and answers null when it still takes payments, or the sentence
   * to show the customer when it does not (expired, cancelled, already paid). `amount` is what the payment
   * asks of the source, without a fee passed on to the customer (an invoice refuses more than is due). `inFlight`
   * answers, once the row is locked, what the source's other payments ask while the processor has them (a
   * confirm between its two phases): a source counts it as taken (docs/payments.md, "Two-phase processor calls").
   */
  lockForPayment(tx: Executor, businessId: string, sourceId: string, now: Date, amount: number, inFlight: () => Promise<number>): Promise<string | null>;
  /** Runs in the transaction in which a payment of the source succeeded (a single-use link completes). */
  paymentSucceeded?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow): Promise<void>;
  /** Runs in the transaction that records a failed attempt of a payment of the source (a declined card). */
  paymentFailed?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow): Promise<void>;
  /**
   * Runs in the transaction that records a refund of a payment of the source (docs/payments.md, "Refunds"):
   * `payment` as it now stands (its `refundedAmount` includes this refund), `refund` the refund made. A source
   * whose figures are read from its payments (a link, a QR code) has nothing to do and leaves it out.
   */
  paymentRefunded?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow, refund: RefundRow): Promise<void>;
  /**
   * A saved method's charge has its outcome (succeeded or failed), in the outcome's transaction (the request's or the
   * reconciliation's): the source records what it charged for. `data`: what the source handed `savedCharges.begin`.
   */
  savedChargeSettled?(tx: Executor, businessId: string, sourceId: string, payment: PaymentRow, data: Record<string, unknown>): Promise<unknown>;
  /**
   * The source behind a checkout URL's public id (the hosted checkout shows and pays it), or null when there
   * is none. A source type without it has no checkout page.
   */
  checkoutSource?(db: Executor, publicId: string, now: Date): Promise<CheckoutSource | null>;
  /**
   * A payment's way back: its source's checkout URL public id and redirect URL (null: the source is gone), and
   * `backUrl`, the page on another host the payment was started from (an invoice's), for "Try again".
   */
  checkoutPage?(db: Executor, businessId: string, sourceId: string): Promise<CheckoutPage | null>;
}

/** Where a payment's checkout page leads: after success, and back to its source. */
export interface CheckoutPage {
  publicId: string;
  redirectUrl: string | null;
  backUrl?: string | null;
}

/** What a source tells the hosted checkout (docs/payments.md, "checkout"). */
export interface CheckoutSource {
  businessId: string;
  sourceId: string;
  /** Null: the customer chooses the amount. */
  amount: number | null;
  currency: string;
  purpose: string;
  reference: string | null;
  collect: { email: boolean; phone: boolean; note: boolean };
  prefill: { email: string | null; phone: string | null };
  redirectUrl: string | null;
  /** Null while it takes payments; otherwise the sentence the customer sees. */
  unavailable: string | null;
}

export interface StartPaymentInput {
  businessId: string;
  source: { type: PaymentSource; id: string | null };
  /** What the merchant asks for, in minor units (the fee passed on to the customer is added at confirm). */
  amount: number;
  currency: string;
  /** `id`: the business's customer the payment is for when the source knows them (an invoice's customer). */
  customer?: { id?: string | null; name?: string | null; email?: string | null; phone?: string | null; note?: string | null };
  reference?: string | null;
  description?: string | null;
}

export interface ConfirmOptions {
  /**
   * The business passes this method's fee on to the customer (checkout customisation): they pay amount + fee.
   * `'as_set'`: as the business's payment methods settings say for the chosen method (read in the confirm's
   * transaction, with the method's availability).
   */
  passFeeToCustomer?: boolean | 'as_set';
  /** The checkout request that confirms (the audit entry of a customer the payment creates keeps it). */
  where?: RequestMeta;
  /** Runs last in the transaction that records the confirm's outcome, with its result. */
  beforeCommit?: ChargeCommit;
  /** The request's Idempotency-Key with its scope (`IdempotentRequest.requestKey`): its retry resumes this confirm. */
  requestKey?: string | undefined;
}

/**
 * A saved method charged without the customer (a subscription's period): the provider's token and what is shown of
 * it. `method`: a saved card (`brand` is the card's) or a direct-debit mandate (`brand` is the bank's name).
 */
export interface SavedCardCharge extends SavedCard {
  method: 'card' | 'direct_debit';
  brand: string | null;
  last4: string | null;
}

/** What `chargeSaved` needs of the business: its name and settlement delay in days (null: no payments settings yet). */
export interface SavedChargeContext {
  name: string;
  settlementDelayDays: number | null;
  /** The business's time zone: settlement counts its business days. */
  timeZone: string;
  /** Whether the business takes payments now (a blocked or partner business does not). */
  standing: StandingFacts;
}

/** A payment after confirm or a completed action; `nextAction` is what it waits for in `requires_action`. */
export interface ChargeResult {
  payment: PaymentRow;
  nextAction: NextAction | null;
  /**
   * What the confirm's first phase read of the business, handed to its outcome's `beforeCommit` so that the
   * receipt reads nothing again: its name and whether it sends receipts (a confirm's, an approval's). Absent when no
   * first phase of this request read it (a failed challenge, a resumed attempt, the reconciliation).
   */
  business?: { name: string; sendReceipts: boolean; timeZone: string };
}

/**
 * Runs last in the transaction that commits a payment's change, with its result: the caller stores its
 * idempotent request's answer there (http/context.ts, `IdempotentRequest`), so the answer commits with the change.
 */
export type BeforeCommit<R> = (tx: Executor, result: R) => Promise<void>;

/** What a confirm or a completed action hands its caller last in its transaction (see `BeforeCommit`). */
export type ChargeCommit = BeforeCommit<ChargeResult>;

/** A refund made: the refunded payment and its refund. */
export interface RefundDone {
  payment: PaymentRow;
  refund: RefundRow;
}

/** Who refunds: the request context of a business endpoint satisfies it. */
export interface ChargesActor extends RequestMeta {
  user: Pick<UserRow, 'id'>;
  /** The caller's role in the business: a super admin who is no member refunds nothing (read-only). */
  business: { row: Pick<BusinessRow, 'id'> & Partial<Pick<BusinessRow, 'name' | 'timeZone'>>; role: Role | null };
}
