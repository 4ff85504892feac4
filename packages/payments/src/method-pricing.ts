import { MAX_MINOR_AMOUNT } from '@merchant/core';
import { CHECKOUT_METHODS, type CheckoutPaymentMethod, type PaymentMethod } from './payment';
import { usdCentsIn, usdRateMicros } from './usd-reference-rates';

/**
 * What each method costs and carries in each currency (docs/payments.md, "Fees and limits"), in minor units of
 * that currency, never in "major units of any currency": SGD 0.50 and KWD 0.500 are not the same price. Every
 * figure here is an integer; conversions are done with BigInt.
 */

/** The percentage part of each method's fee, in basis points: the same in every currency. */
export const METHOD_FEE_BASIS_POINTS: Readonly<Record<PaymentMethod, number>> = { card: 340, paynow: 90, ewallet: 250, direct_debit: 80 };

/** The least and most one payment may carry, in minor units. */
export interface AmountLimits {
  min: number;
  max: number;
}

/**
 * One currency's prices, in its minor units: the card's fixed fee, the direct debit's cap, and the limits of each
 * method that takes the currency (direct debit has the card's limits; a method without limits here is not offered
 * in the currency: PayNow is Singapore's).
 */
export interface CurrencyPricing {
  cardFixedFee: number;
  directDebitCap: number;
  card: AmountLimits;
  ewallet: AmountLimits;
  paynow?: AmountLimits;
}

const p = (cardFixedFee: number, directDebitCap: number, card: [number, number], ewallet: [number, number], paynow?: [number, number]): CurrencyPricing =>
  Object.freeze({
    cardFixedFee,
    directDebitCap,
    card: { min: card[0], max: card[1] },
    ewallet: { min: ewallet[0], max: ewallet[1] },
    ...(paynow ? { paynow: { min: paynow[0], max: paynow[1] } } : {}),
  });

/**
 * The priced currencies: round local figures, as Stripe publishes a minimum charge per currency it settles in
 * (USD 0.50, GBP 0.30, HKD 4.00, JPY 50, MYR 2, THB 10...). The markets the product serves first, the main
 * settlement currencies, and every three-decimal currency (whose major unit is worth several dollars).
 * Columns: card fixed fee, direct-debit cap, card [min, max], e-wallet [min, max], PayNow [min, max].
 */
export const CURRENCY_PRICING: Readonly<Record<string, CurrencyPricing>> = Object.freeze({
  usd: p(50, 5_00, [50, 999_999_99], [1_00, 5_000_00]),
  sgd: p(50, 5_00, [50, 999_999_99], [1_00, 5_000_00], [1, 200_000_00]),
  eur: p(50, 5_00, [50, 999_999_99], [80, 5_000_00]),
  gbp: p(40, 4_00, [30, 999_999_99], [75, 4_000_00]),
  aud: p(50, 7_50, [50, 999_999_99], [1_00, 7_500_00]),
  nzd: p(50, 8_00, [1_00, 999_999_99], [1_00, 8_000_00]),
  cad: p(50, 7_00, [50, 999_999_99], [1_00, 7_000_00]),
  chf: p(50, 5_00, [50, 999_999_99], [80, 5_000_00]),
  hkd: p(3_00, 40_00, [4_00, 7_999_999_99], [7_00, 40_000_00]),
  myr: p(1_00, 20_00, [2_00, 4_999_999_99], [3_00, 20_000_00]),
  php: p(15_00, 250_00, [25_00, 49_999_999_99], [50_00, 250_000_00]),
  thb: p(10_00, 175_00, [20_00, 34_999_999_99], [20_00, 175_000_00]),
  inr: p(25_00, 400_00, [50_00, 83_999_999_99], [50_00, 400_000_00]),
  cny: p(3_00, 35_00, [4_00, 6_999_999_99], [5_00, 35_000_00]),
  aed: p(1_00, 18_00, [2_00, 3_599_999_99], [3_00, 18_000_00]),
  // Zero-decimal currencies (the minor unit is the major unit).
  jpy: p(50, 750, [50, 99_999_999], [100, 750_000]),
  krw: p(500, 7_000, [1_000, 999_999_999], [1_000, 7_000_000]),
  idr: p(2_000, 75_000, [5_000, 15_000_000_000], [5_000, 75_000_000]),
  vnd: p(10_000, 125_000, [15_000, 24_999_999_999], [20_000, 125_000_000]),
  // Three-decimal currencies.
  kwd: p(150, 1_500, [150, 299_999_999], [250, 1_500_000]),
  bhd: p(200, 2_000, [200, 374_999_999], [300, 2_000_000]),
  omr: p(200, 2_000, [200, 384_999_999], [300, 2_000_000]),
  jod: p(350, 3_500, [350, 699_999_999], [600, 3_500_000]),
  tnd: p(1_500, 15_000, [1_500, 2_999_999_999], [2_500, 15_000_000]),
});

/** The prices every other currency is derived from, in US cents. */
export const USD_REFERENCE_PRICING: CurrencyPricing = CURRENCY_PRICING.usd!;
const USD_REFERENCE_CARD_MAX = 1_000_000_00;
const USD_REFERENCE_EWALLET_MIN = 80;

const derived = new Map<string, CurrencyPricing | null>();

/**
 * The prices of a currency the table leaves out, from the US dollar's by its reference rate (the rule of
 * docs/decisions.md, "Fees and limits per currency"): fees and minimums rounded up, caps and maxima down, to two
 * significant digits of the minor unit, maxima at most `MAX_MINOR_AMOUNT`. Null for a currency without a rate:
 * no method is offered in it.
 */
function derivePricing(currency: string): CurrencyPricing | null {
  const micros = usdRateMicros(currency);
  if (micros === null) return null;
  const up = (cents: number) => usdCentsIn(cents, currency, micros, 'up');
  const down = (cents: number) => Math.min(MAX_MINOR_AMOUNT, usdCentsIn(cents, currency, micros, 'down'));
  const ref = USD_REFERENCE_PRICING;
  return p(
    up(ref.cardFixedFee),
    down(ref.directDebitCap),
    [up(ref.card.min), down(USD_REFERENCE_CARD_MAX)],
    [up(USD_REFERENCE_EWALLET_MIN), down(ref.ewallet.max)],
  );
}

/** The prices of a currency: its row of the table, else derived from the US dollar's; null when it has neither. */
export function currencyPricing(currency: string): CurrencyPricing | null {
  const listed = CURRENCY_PRICING[currency];
  if (listed) return listed;
  if (!derived.has(currency)) derived.set(currency, derivePricing(currency));
  return derived.get(currency)!;
}

function pricingOf(currency: string): CurrencyPricing {
  const pricing = currencyPricing(currency);
  if (!pricing) throw new RangeError(`No method takes payments in ${currency}`);
  return pricing;
}

/** The limits of a method in a currency, or null when the method does not take it. */
function limitsOf(pricing: CurrencyPricing, method: PaymentMethod): AmountLimits | null {
  return method === 'direct_debit' ? pricing.card : (pricing[method] ?? null);
}

/** The checkout methods that take a currency, in `CHECKOUT_METHODS` order (what the test-mode provider offers in it). */
export function checkoutMethodsIn(currency: string): CheckoutPaymentMethod[] {
  const pricing = currencyPricing(currency);
  return pricing ? CHECKOUT_METHODS.filter((method) => limitsOf(pricing, method) !== null) : [];
}

/** A method's fee in a currency: basis points, a fixed part and, for direct debit, a cap; minor units. */
export function methodFee(method: PaymentMethod, currency: string): { basisPoints: number; fixed: number; cap: number | null } {
  const pricing = pricingOf(currency);
  return {
    basisPoints: METHOD_FEE_BASIS_POINTS[method],
    fixed: method === 'card' ? pricing.cardFixedFee : 0,
    cap: method === 'direct_debit' ? pricing.directDebitCap : null,
  };
}

/** The fee of a payment in minor units: rounded half up, at most the method's cap, never more than the amount. */
export function computeFee(amountMinor: number, method: PaymentMethod, currency: string): number {
  const { basisPoints, fixed, cap } = methodFee(method, currency);
  const percent = Number((BigInt(amountMinor) * BigInt(basisPoints) + 5_000n) / 10_000n);
  const fee = cap === null ? percent + fixed : Math.min(percent + fixed, cap);
  return Math.min(amountMinor, fee);
}

/** The least and most one payment by a method may carry in a currency, in its minor units. */
export function methodLimits(method: PaymentMethod, currency: string): AmountLimits {
  const limits = limitsOf(pricingOf(currency), method);
  if (!limits) throw new RangeError(`${method} takes no payments in ${currency}`);
  return limits;
}
