import { currencyPricing, usdCentsIn, usdRateMicros } from '@merchant/payments';

/** Card terminals (docs/pos.md, "Card terminals"): reader models, orders of readers, paired readers, reader payments. */

export const READER_MODELS = ['countertop_c1', 'mobile_m2'] as const;
export type ReaderModel = (typeof READER_MODELS)[number];
export const READER_MODEL_LABELS: Record<ReaderModel, string> = {
  countertop_c1: 'Countertop reader C1',
  mobile_m2: 'Mobile reader M2',
};

/** Unit prices in US cents; SGD has its own list, other currencies the US price at the reference rate, rounded up. */
const USD_PRICES: Record<ReaderModel, number> = { countertop_c1: 249_00, mobile_m2: 59_00 };
const OWN_PRICES: Record<string, Record<ReaderModel, number>> = { usd: USD_PRICES, sgd: { countertop_c1: 329_00, mobile_m2: 79_00 } };

/** A reader model's unit price in minor units of a currency, or null when the currency has no price. */
export function readerUnitPrice(model: ReaderModel, currency: string): number | null {
  const own = OWN_PRICES[currency];
  if (own) return own[model];
  const micros = usdRateMicros(currency);
  if (micros === null || !currencyPricing(currency)) return null;
  return usdCentsIn(USD_PRICES[model], currency, micros, 'up');
}

export const TERMINAL_ORDER_STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type TerminalOrderStatus = (typeof TERMINAL_ORDER_STATUSES)[number];
export const TERMINAL_ORDER_STATUS_LABELS: Record<TerminalOrderStatus, string> = {
  placed: 'Placed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Where an order may go next: placed -> processing -> shipped -> delivered, and cancelled while placed. */
export const TERMINAL_ORDER_NEXT: Record<TerminalOrderStatus, readonly TerminalOrderStatus[]> = {
  placed: ['processing', 'cancelled'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const READER_STATUSES = ['paired', 'unpaired'] as const;
export type ReaderStatus = (typeof READER_STATUSES)[number];

/** What the reader says of itself (simulated in test mode): a reader offline takes no payment. */
export const READER_CONNECTIONS = ['online', 'offline'] as const;
export type ReaderConnection = (typeof READER_CONNECTIONS)[number];
export const READER_CONNECTION_LABELS: Record<ReaderConnection, string> = { online: 'Online', offline: 'Offline' };

export const READER_PAYMENT_STATUSES = ['processing', 'requires_pin', 'succeeded', 'failed', 'cancelled'] as const;
export type ReaderPaymentStatus = (typeof READER_PAYMENT_STATUSES)[number];
export const READER_PAYMENT_STATUS_LABELS: Record<ReaderPaymentStatus, string> = {
  processing: 'Processing',
  requires_pin: 'Waiting for PIN',
  succeeded: 'Succeeded',
  failed: 'Declined',
  cancelled: 'Cancelled',
};

/** A reader not heard from for this long is flagged (`unseen`): the POS home shows it. */
export const READER_UNSEEN_AFTER_MS = 60 * 60 * 1000;
/** How long a code a reader shows may be entered. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** Letters and digits a person cannot confuse (no 0/O, 1/I/L). */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
