import type { CardBrand, CardDetails, CheckoutPaymentMethod, FailureCode, NextAction, PaymentMethod, PaymentMethodDetails } from '@merchant/payments';

/** What a provider keeps of a card: a token to charge it again, never the number or the CVC. */
export interface CardResult {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The provider's answer to a confirm or to a completed action. */
export type ProviderOutcome =
  | { status: 'succeeded'; card?: CardResult }
  | { status: 'failed'; failure: FailureCode; card?: CardResult }
  | { status: 'requires_action'; action: NextAction; card?: CardResult }
  /** Refused before any charge (a number failing Luhn): the payment stays as it was and the customer corrects the field. */
  | { status: 'refused'; failure: FailureCode; path: string };

export interface IntentInput {
  /** The payment's public id: the provider's reference to it (a QR's bill number, a statement line). */
  paymentPublicId: string;
  amount: number;
  currency: string;
  /** Shown to the customer by the provider (PayNow QR, the e-wallet's page). */
  merchantName: string;
}

export interface Intent extends IntentInput {
  /** The provider's id of the intent (`providerRef` on the payment). */
  ref: string;
}

/** Saving a card for later charges without the customer (a subscription): a token, or why not. */
export type SaveCardOutcome =
  { status: 'saved'; card: CardResult } | { status: 'failed'; failure: FailureCode } | { status: 'refused'; failure: FailureCode; path: string };

/** A saved card as a later off-session charge hands it to the provider. */
export interface SavedCard {
  token: string;
  expMonth: number;
  expYear: number;
}

/**
 * What the processor recorded under an idempotency key (docs/payments.md, "Two-phase processor calls"): a confirm's
 * or completed action's outcome, or a refund's id.
 */
export type ProcessorAnswer = { kind: 'charge' | 'action'; outcome: ProviderOutcome } | { kind: 'refund'; ref: string };

/**
 * The processor did not answer (unreachable, or its answer was lost on the way: a timeout). Whether it acted is not
 * known: the caller leaves its attempt pending, and the reconciliation asks the processor by the key later.
 */
export class ProcessorUnavailableError extends Error {
  constructor(readonly reason: 'unreachable' | 'timeout') {
    super(`The payment processor did not answer (${reason}).`);
    this.name = 'ProcessorUnavailableError';
  }
}

/** What the customer did on a pending action: approved (challenge passed, QR scanned, wallet approved) or not. */
export type ActionDecision = 'approve' | 'fail';

/**
 * A payment processor (docs/payments.md, "The processor"): the built-in test provider implements it, and a
 * real acquirer can later. Amounts are minor units; a provider never receives or returns more of a card
 * than `CardResult`. Every call that may move money takes an idempotency key (`key`, the id of the product's
 * processor attempt): a second call with the same key answers the first call's outcome and moves nothing again.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The methods this provider offers on the checkout in a currency. */
  methods(currency: string): readonly CheckoutPaymentMethod[];
  /** The least and most one payment by a method may carry, in minor units. */
  limits(method: PaymentMethod, currency: string): { min: number; max: number };
  /** The processing fee of a payment of `amount` (minor units). */
  fee(amount: number, method: PaymentMethod, currency: string): number;
  createIntent(input: IntentInput): Promise<Intent>;
  /** Confirms the intent with a method; `now` decides whether a card has expired. */
  confirm(intent: Intent, details: PaymentMethodDetails, now: Date, key: string): Promise<ProviderOutcome>;
  /** Completes a pending action of the intent's method (3-D Secure challenge, PayNow scan, e-wallet approval). */
  completeAction(
    intent: Intent,
    method: PaymentMethod,
    decision: ActionDecision,
    key: string,
  ): Promise<Exclude<ProviderOutcome, { status: 'requires_action' | 'refused' }>>;
  /** Checks a card and keeps it for later charges (no money moves): its token, brand, last 4 and expiry. */
  saveCard(card: CardDetails, now: Date): Promise<SaveCardOutcome>;
  /**
   * Charges a saved card or mandate without the customer present (a subscription's period): succeeded or failed, never
   * an action. Its answer is a charge's (`lookup` finds it by `key` as a confirm's).
   */
  chargeSaved(intent: Intent, card: SavedCard, now: Date, key: string): Promise<Exclude<ProviderOutcome, { status: 'requires_action' | 'refused' }>>;
  /** Returns part or all of a succeeded payment; answers the provider's id of the refund. */
  refund(intent: Intent, amount: number, key: string): Promise<{ ref: string }>;
  /**
   * What the processor did under an idempotency key, or null when no call with it ever reached it: from then on the
   * key is closed (a late call with it is refused), so a null answer stays true.
   */
  lookup(key: string): Promise<ProcessorAnswer | null>;
  /** Direct debit: starts a mandate for a bank account; the customer authorises it on the bank's page. Only the last 4 come back. */
  startMandate(account: MandateAccount): Promise<{ ref: string; last4: string }>;
  /**
   * Direct debit: confirms what the bank answered for the mandate (the redirection screen's server-side check);
   * an authorised mandate answers the token that charges it later (through `chargeSaved`, as a saved card's).
   */
  confirmMandate(ref: string, bankDecision: 'authorised' | 'declined'): Promise<{ status: 'active'; token: string } | { status: 'declined' }>;
}

/** The bank account of a direct-debit mandate, as the customer typed it (digits only); never stored whole. */
export interface MandateAccount {
  holder: string;
  bankName: string;
  accountNumber: string;
}
