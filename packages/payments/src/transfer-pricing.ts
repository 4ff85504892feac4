import { currencyDecimals } from '@merchant/core';
import { usdCentsIn, usdRateMicros } from './usd-reference-rates';

/**
 * How a transfer is priced in test mode (docs/payments.md, "send money"): a fixed rate table, a fee rule and
 * the quote's lifetime. Pure and exact: amounts are integer minor units and rates are integer millionths,
 * computed with BigInt, so the screen and the server always agree on every figure.
 */

/** How long a quote may be used, from the server's clock. */
export const QUOTE_TTL_MS = 5 * 60 * 1000;

/**
 * The test-mode rate table: how many units of each currency one US dollar buys, in millionths. The rate of a
 * pair is `TEST_RATES[target] / TEST_RATES[source]`, rounded half up to six decimals; a currency to itself
 * is exactly 1. A currency missing here cannot be sent to another currency (same-currency transfers only).
 */
export const TEST_RATES: Readonly<Record<string, number>> = {
  usd: 1_000_000,
  sgd: 1_350_000,
  eur: 920_000,
  gbp: 790_000,
  aud: 1_520_000,
  hkd: 7_800_000,
  myr: 4_700_000,
  idr: 15_800_000_000,
  php: 56_000_000,
  jpy: 150_000_000,
};

/** The currencies a quote may convert between. */
export const QUOTE_CURRENCIES = Object.keys(TEST_RATES).sort();

const MICRO = 1_000_000n;
const pow10 = (n: number) => 10n ** BigInt(n);

/** `a / b` rounded half up, for non-negative BigInts. */
const divRound = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);
/** `a / b` rounded up, for non-negative BigInts. */
const divCeil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The rate of a pair in millionths of a target unit per source unit, or null when the table has no rate for it. */
export function rateMicros(source: string, target: string): number | null {
  if (source === target) return 1_000_000;
  const s = TEST_RATES[source];
  const t = TEST_RATES[target];
  if (s === undefined || t === undefined) return null;
  return Number(divRound(BigInt(t) * MICRO, BigInt(s)));
}

/** `1350000` -> `"1.35"`: a rate as a decimal string for the wire and the screens. */
export function formatRate(micros: number): string {
  const digits = String(micros).padStart(7, '0');
  const whole = digits.slice(0, -6);
  const fraction = digits.slice(-6).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** What the beneficiary receives for `sendMinor` of the source currency, rounded half up in the target's minor units. */
export function receivedFor(sendMinor: number, source: string, target: string, micros: number): number {
  const num = BigInt(sendMinor) * BigInt(micros) * pow10(currencyDecimals(target));
  const den = pow10(currencyDecimals(source)) * MICRO;
  return Number(divRound(num, den));
}

/** The least amount of the source currency that delivers at least `receiveMinor` of the target currency. */
export function sendFor(receiveMinor: number, source: string, target: string, micros: number): number {
  const num = BigInt(receiveMinor) * pow10(currencyDecimals(source)) * MICRO;
  const den = BigInt(micros) * pow10(currencyDecimals(target));
  let send = Number(divCeil(num, den));
  // Rounding half up may deliver the amount with one minor unit less: step down while it still does.
  while (send > 1 && receivedFor(send - 1, source, target, micros) >= receiveMinor) send -= 1;
  return send;
}

/**
 * The flat part of the fee, in minor units of the source currency (docs/decisions.md, "Fees and limits per
 * currency"): about one US dollar, written per currency; a currency not listed pays USD 1.00 at its reference rate,
 * rounded up to two significant digits (KWD 0.310, not KWD 1.000).
 */
export const TRANSFER_FLAT_FEES: Readonly<Record<string, number>> = Object.freeze({
  usd: 1_00,
  sgd: 1_00,
  eur: 1_00,
  gbp: 1_00,
  aud: 1_50,
  hkd: 8_00,
  myr: 4_00,
  php: 50_00,
  jpy: 100,
  krw: 1_000,
  idr: 10_000,
  vnd: 20_000,
});

/** The flat part of a transfer's fee in a currency, in its minor units; null for a currency with no reference rate. */
export function transferFlatFee(currency: string): number | null {
  const listed = TRANSFER_FLAT_FEES[currency];
  if (listed !== undefined) return listed;
  const micros = usdRateMicros(currency);
  return micros === null ? null : usdCentsIn(1_00, currency, micros, 'up');
}

/** The percentage part of the fee of a transfer that changes currency, in basis points (0.5%). */
export const CONVERSION_FEE_BPS = 50;

/**
 * The fee of a transfer, in minor units of the source currency, paid on top of the amount sent: the flat fee of
 * the source currency (`transferFlatFee`) and, when the currency changes, 0.5% of the amount sent, rounded half up.
 */
export function transferFee(sendMinor: number, source: string, target: string): number {
  const flat = transferFlatFee(source);
  if (flat === null) throw new RangeError(`No transfer is priced in ${source}`);
  const conversion = source === target ? 0 : Number(divRound(BigInt(sendMinor) * BigInt(CONVERSION_FEE_BPS), 10_000n));
  return flat + conversion;
}

/** The figures of a quote: what leaves the balance (amount and fee), what arrives, and the rate. */
export interface QuoteFigures {
  send: number;
  receive: number;
  fee: number;
  rateMicros: number;
}

/**
 * Prices a transfer from the amount to send or the amount to receive (exactly one), or null when the table
 * has no rate for the pair. Receiving an exact amount costs the least amount to send that delivers it.
 */
export function priceTransfer(source: string, target: string, amount: { send: number } | { receive: number }): QuoteFigures | null {
  const micros = rateMicros(source, target);
  if (micros === null) return null;
  if ('send' in amount) {
    return { send: amount.send, receive: receivedFor(amount.send, source, target, micros), fee: transferFee(amount.send, source, target), rateMicros: micros };
  }
  const send = sendFor(amount.receive, source, target, micros);
  return { send, receive: amount.receive, fee: transferFee(send, source, target), rateMicros: micros };
}

/**
 * The test-mode bank (docs/payments.md, "send money"): every transfer arrives, except to an account number
 * ending in these digits, which the bank returns (the amount and fee go back to the available balance).
 */
export const TEST_FAILING_ACCOUNT_SUFFIX = '0002';
