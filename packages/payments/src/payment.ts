import { z } from 'zod';
import { CurrencyCodeSchema, MoneySchema, SignedMoneySchema } from '@merchant/core';

/**
 * The payment: one attempt by a customer to pay a business (docs/payments.md). Its lifecycle:
 * requires_payment_method -> processing -> succeeded | failed, with requires_action between processing
 * and the outcome when the card asks for a 3-D Secure style challenge; a succeeded payment later becomes
 * partially_refunded or refunded. A payment never confirmed becomes expired (final) a day after it was
 * started. Every step is stored as a payment event.
 */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'processing',
  'requires_action',
  'succeeded',
  'failed',
  'partially_refunded',
  'refunded',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment_method: 'Incomplete',
  processing: 'Processing',
  requires_action: 'Awaiting authentication',
  succeeded: 'Succeeded',
  failed: 'Failed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  expired: 'Expired',
};

/**
 * Started and never paid: still open (`requires_payment_method`, "Incomplete") or expired. Transactions hides
 * them unless its status filter asks for one (docs/payments.md, "transactions").
 */
export const INCOMPLETE_STATUSES = ['requires_payment_method', 'expired'] as const satisfies readonly PaymentStatus[];

/** How long a started payment may be confirmed: after this it expires (docs/security.md, "Card testing at the checkout"). */
export const INCOMPLETE_PAYMENT_TTL_HOURS = 24;

/** Statuses in which the customer's money reached the business (counted in volume and success rate). */
export const CAPTURED_STATUSES = ['succeeded', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];

/**
 * How a payment was paid. The checkout's methods (`CHECKOUT_METHODS`: the built-in test-mode provider offers all
 * three) plus `direct_debit`: a subscription's charge on a direct-debit mandate, never chosen on the checkout.
 */
export const PAYMENT_METHODS = ['card', 'paynow', 'ewallet', 'direct_debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  paynow: 'PayNow QR',
  ewallet: 'E-wallet',
  direct_debit: 'Direct debit',
};

/** The methods a customer chooses on the checkout, in the default order; the business's method settings list these. */
export const CHECKOUT_METHODS = ['card', 'paynow', 'ewallet'] as const satisfies readonly PaymentMethod[];
export type CheckoutPaymentMethod = (typeof CHECKOUT_METHODS)[number];
export const CheckoutPaymentMethodSchema = z.enum(CHECKOUT_METHODS);

/** What asked for the money: the checkout serves them all (invoices, plans and store orders come later). */
export const PAYMENT_SOURCES = ['payment_link', 'static_qr', 'invoice', 'subscription', 'store_order', 'pos'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const PaymentSourceSchema = z.enum(PAYMENT_SOURCES);
export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  payment_link: 'Payment link',
  static_qr: 'Static QR',
  invoice: 'Invoice',
  subscription: 'Subscription',
  store_order: 'Online store',
  pos: 'Point of sale',
};

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const PAYMENT_EVENT_TYPES = [
  'created',
  'method_selected',
  'processing',
  'requires_action',
  'action_approved',
  'action_failed',
  'succeeded',
  'failed',
  'refunded',
  'settled',
  'receipt_sent',
  'expired',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
  other: 'Other',
};

/** Why a payment failed, as the test-mode acquirer (and later real ones) reports it. */
export const FAILURE_CODES = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'expired_card',
  'incorrect_cvc',
  'invalid_number',
  'wallet_cancelled',
  'qr_expired',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];
export const FAILURE_MESSAGES: Record<FailureCode, string> = {
  card_declined: 'Your card was declined. Try another card or payment method.',
  insufficient_funds: 'Your card has insufficient funds. Try another card or payment method.',
  authentication_failed: 'The card could not be authenticated. Try again or use another card.',
  expired_card: 'Your card has expired. Use another card.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_number: 'Your card number is invalid.',
  wallet_cancelled: 'The e-wallet payment was cancelled.',
  qr_expired: 'The QR code expired before it was paid. Try again.',
};

/** Why a payment failed, in the merchant's words (their logs and screens): the customer's sentences speak to the payer. */
export const FAILURE_REASONS: Record<FailureCode, string> = {
  card_declined: 'the card was declined',
  insufficient_funds: 'the card has insufficient funds',
  authentication_failed: 'the card could not be authenticated',
  expired_card: 'the card has expired',
  incorrect_cvc: "the card's security code was wrong",
  invalid_number: 'the card number is invalid',
  wallet_cancelled: 'the customer cancelled the e-wallet payment',
  qr_expired: 'the QR code expired before it was paid',
};

/**
 * The card numbers of test mode (the ones people know from Stripe) and what each does, in the words the customer's
 * checkout shows (no processor codes: docs/payments.md, "The processor", keeps those).
 */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '4000000000000002', outcome: 'is declined' },
  { number: '4000000000009995', outcome: 'fails for insufficient funds' },
  { number: '4000000000003220', outcome: 'asks for a 3-D Secure check, which you approve or fail' },
] as const;

export const CardSummarySchema = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

/** What may be shown of a direct debit's bank account: the bank's name and the account's last 4 digits. */
export const BankAccountSummarySchema = z.object({ bank: z.string(), last4: z.string() });
export type BankAccountSummary = z.infer<typeof BankAccountSummarySchema>;

/** A payment as the merchant's screens show it (transactions, link/QR/customer detail, overview). */
export const PaymentSchema = z.object({
  id: z.uuid(),
  /** The id the business and its customer know it by (receipts, statements, payout lines, exports): `pay_...`. */
  public_id: z.string(),
  status: PaymentStatusSchema,
  amount: MoneySchema,
  fee: MoneySchema,
  net: MoneySchema,
  refunded: MoneySchema,
  method: PaymentMethodSchema.nullable(),
  card: CardSummarySchema.nullable(),
  /** A direct debit's bank account (method `direct_debit`), else null. */
  bank_account: BankAccountSummarySchema.nullable(),
  customer: z.object({ id: z.uuid().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  source: z.object({ type: PaymentSourceSchema, id: z.uuid().nullable(), label: z.string().nullable() }),
  /** The plugin integration whose payment request it paid (docs/developers.md, "Plugin integrations"), else null. */
  integration: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  failure: z.object({ code: z.enum(FAILURE_CODES), message: z.string() }).nullable(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** Ledger accounts of a business (docs/payments.md, "The ledger"). */
export const LEDGER_ACCOUNTS = [
  'customer_funds',
  'merchant_pending',
  'merchant_available',
  'merchant_in_transit',
  'merchant_paid_out',
  'platform_fees',
  // Send money: funds held while a transfer awaits review, in transit to a beneficiary, and sent.
  'merchant_transfer_held',
  'merchant_transfer_in_transit',
  'merchant_transfer_sent',
  // Point of sale (docs/pos.md): cash in the register drawers, the merchant's cash outside them (floats come from
  // there, counted cash goes back there at close), and the drawers' counted differences.
  'cash_in_drawers',
  'cash_outside_drawers',
  'cash_over_short',
  // Refer and Earn (docs/decisions.md): the platform's cost of the rewards it credited the business.
  'platform_rewards',
  // Partner commissions (docs/decisions.md, "Partners and referrals"): the platform's cost of the commissions it paid
  // a partner business (on the partner's ledger, against its available balance).
  'platform_commissions',
  // Platform accounts (docs/developers.md): platform fees passing from a linked business to its platform. The
  // linked business's entries credit it and the platform's debit it, so it sums to zero across the two ledgers.
  'platform_fee_transfers',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_TRANSACTION_KINDS = [
  'charge',
  'fee',
  'refund',
  'settlement',
  'payout',
  'payout_return',
  'transfer',
  'transfer_hold',
  'transfer_release',
  'transfer_return',
  'transfer_sent',
  'pos_sale',
  'pos_refund',
  'drawer_open',
  'drawer_pay_in',
  'drawer_pay_out',
  'drawer_close',
  'referral_reward',
  'platform_fee',
  'partner_commission',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const BalanceSchema = z.object({ currency: CurrencyCodeSchema, pending: SignedMoneySchema, available: SignedMoneySchema });
export type Balance = z.infer<typeof BalanceSchema>;

/** What names a payment to its business when a list shows it by name: its customer, its description, its method. */
export interface PaymentNaming {
  customerName: string | null;
  description: string | null;
  method: PaymentMethod | null;
}

/**
 * A payment's (or its refund's) name on a line of the statement or of a payout, instead of its id (issue 25):
 * "Payment from Alice Tan", its description, "PayNow payment"; "Refund to Alice Tan".
 */
export function paymentLineLabel(payment: PaymentNaming, refund = false): string {
  if (refund) {
    if (payment.customerName) return `Refund to ${payment.customerName}`;
    if (payment.description) return `Refund of ${payment.description}`;
    return payment.method ? `Refund of a ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} payment` : 'Refund';
  }
  if (payment.customerName) return `Payment from ${payment.customerName}`;
  if (payment.description) return payment.description;
  return payment.method ? `${PAYMENT_METHOD_LABELS[payment.method]} payment` : 'Payment';
}

/**
 * The ledger's own text of a payment's movement, written when it is posted (issue 25: never the payment's public id):
 * "Payment from Alice Tan", "Card fee of the payment from Alice Tan", "Settlement of the payment “Lunch”",
 * "Refund to Alice Tan".
 */
export function paymentLedgerText(kind: 'charge' | 'fee' | 'settlement' | 'refund', payment: PaymentNaming): string {
  switch (kind) {
    case 'charge':
      return paymentLineLabel(payment);
    case 'refund':
      return paymentLineLabel(payment, true);
    case 'fee':
      return `${payment.method ? `${PAYMENT_METHOD_LABELS[payment.method]} fee` : 'Fee'} of the ${paymentInSentence(payment)}`;
    case 'settlement':
      return `Settlement of the ${paymentInSentence(payment)}`;
  }
}

/** A method's label inside a sentence: "card", "e-wallet", but a name stays a name ("PayNow QR"). */
const methodInSentence = (label: string) => (/^[A-Z][a-z]+[A-Z]/.test(label) ? label : label.toLowerCase());

/**
 * A payment named inside a sentence the server writes (an audit entry, an invoice's timeline), after "the", instead
 * of its id (issue 25): "payment from Alice Tan", "payment “Lunch for two”", "card payment". The entry's link, or
 * the payment's screen, gives its id.
 */
export function paymentInSentence(payment: PaymentNaming): string {
  if (payment.customerName) return `payment from ${payment.customerName}`;
  if (payment.description) return `payment “${payment.description}”`;
  return payment.method ? `${methodInSentence(PAYMENT_METHOD_LABELS[payment.method])} payment` : 'payment';
}
