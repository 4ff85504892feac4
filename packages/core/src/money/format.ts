/**
 * The one home of money formatting and parsing (house style, Money). Amounts are integer minor units of a
 * currency; every conversion here is done on decimal digit strings, never with float multiply or divide,
 * so it is exact for every safe integer.
 */
import { currencyDecimals } from '../currency/currencies';

/** Currency assumed by the money helpers when the caller gives none (spec 9). */
export const DEFAULT_CURRENCY = 'sgd';

const US_NUMBER_CACHE = new Map<number, Intl.NumberFormat>();

function usNumberFormat(maxDecimals: number): Intl.NumberFormat {
  let nf = US_NUMBER_CACHE.get(maxDecimals);
  if (!nf) {
    nf = new Intl.NumberFormat('en-US', {
      useGrouping: true,
      minimumFractionDigits: 0,
      maximumFractionDigits: maxDecimals,
    });
    US_NUMBER_CACHE.set(maxDecimals, nf);
  }
  return nf;
}

/**
 * General-purpose number display (spec 9): US grouping, up to `maxDecimals` (default 4) decimals, no
 * trailing zeros: `1234.5678` -> `"1,234.5678"`, `1234.5` -> `"1,234.5"`, `1234` -> `"1,234"`.
 * Values that round to zero are shown as `"0"` (never `"-0"`). Not for money: use {@link formatMinor}.
 */
export function formatNumber(value: number, maxDecimals = 4): string {
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0 || maxDecimals > 20) {
    throw new RangeError(`maxDecimals must be an integer from 0 to 20, got ${maxDecimals}`);
  }
  const out = usNumberFormat(maxDecimals).format(value);
  return /^-0(\.0*)?$/.test(out) ? '0' : out;
}

function assertMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money amounts are integer minor units; got ${amountMinor}`);
  }
}

/** Splits minor units into sign, integer digits and exactly `decimals` fraction digits, as strings. */
function splitMinor(amountMinor: number, decimals: number): { negative: boolean; whole: string; fraction: string } {
  assertMinor(amountMinor);
  const negative = amountMinor < 0;
  // Safe integers print as plain digits (no exponent), so this is exact.
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return { negative, whole: digits.slice(0, cut), fraction: digits.slice(cut) };
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Minor units to display text with exactly the currency's decimals and US grouping:
 * `formatMinor(123456, 'sgd')` -> `"1,234.56"`, `formatMinor(1500, 'jpy')` -> `"1,500"`,
 * `formatMinor(1234, 'kwd')` -> `"1.234"`, negatives get a leading `"-"`.
 * For zero-decimal currencies the minor unit is the major unit, so nothing is divided (spec 9's "floored").
 * @throws RangeError when `amountMinor` is not a safe integer.
 */
export function formatMinor(amountMinor: number, currency: string = DEFAULT_CURRENCY): string {
  const decimals = currencyDecimals(currency);
  const { negative, whole, fraction } = splitMinor(amountMinor, decimals);
  const body = groupThousands(whole) + (decimals > 0 ? `.${fraction}` : '');
  return negative ? `-${body}` : body;
}

/** The sign of a negative amount on screens, mails and PDFs: a true minus (U+2212), as Stripe writes it. */
export const MINUS_SIGN = '\u2212';

/**
 * The one money display: the uppercase currency code in front, and a negative amount's sign before the code,
 * `(123456, 'sgd')` -> `"SGD 1,234.56"`, `(-3277, 'sgd')` -> `"−SGD 32.77"` (never `"SGD -32.77"`).
 * @throws RangeError when `amountMinor` is not a safe integer.
 */
export function formatMoneyWithCode(amountMinor: number, currency: string = DEFAULT_CURRENCY): string {
  const body = `${currency.trim().toUpperCase()} ${formatMinor(Math.abs(amountMinor), currency)}`;
  return amountMinor < 0 ? `${MINUS_SIGN}${body}` : body;
}

/** The currency's narrow symbol in English (`$` for SGD and USD, `€`, `¥`); its code when there is none. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * The storefront's other money display (store settings, "currency display"): the narrow symbol in front, no space,
 * `(123456, 'sgd')` -> `"$1,234.56"`; a currency without a symbol keeps its code and a space (`"CHF 12.00"`).
 */
export function formatMoneyWithSymbol(amountMinor: number, currency: string = DEFAULT_CURRENCY): string {
  const symbol = currencySymbol(currency);
  const body = `${symbol}${symbol.length > 1 && /^[A-Z]+$/.test(symbol) ? ' ' : ''}${formatMinor(Math.abs(amountMinor), currency)}`;
  return amountMinor < 0 ? `${MINUS_SIGN}${body}` : body;
}

/**
 * Minor units to a plain major-unit string for form fields (no grouping): `(123456, 'sgd')` -> `"1234.56"`,
 * `(1500, 'jpy')` -> `"1500"`, `(-5, 'sgd')` -> `"-0.05"`. {@link parseMajorToMinor} reads it back exactly.
 * @throws RangeError when `amountMinor` is not a safe integer.
 */
export function minorToMajorString(amountMinor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const { negative, whole, fraction } = splitMinor(amountMinor, decimals);
  const body = decimals > 0 ? `${whole}.${fraction}` : whole;
  return negative ? `-${body}` : body;
}

// Optional minus; integer part either plain digits or correctly grouped with commas; optional fraction.
// "12.", ".5" are accepted (a field mid-edit), "." and "" are not.
const MAJOR_AMOUNT = /^(-)?(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Parses a user-entered major amount to integer minor units, exactly (no float multiply):
 * `("1,234.56", 'sgd')` -> `123456`, `("1500", 'jpy')` -> `1500`, `("0.5", 'sgd')` -> `50`.
 *
 * Accepts surrounding whitespace, an optional leading `-`, digits with commas only as correct thousands
 * grouping (`1,234,567`), and at most one dot. Returns `null` when the text is not such a number, when it
 * has more decimals than the currency allows (`"1.5"` jpy, `"1.234"` sgd), or when the result is beyond
 * `Number.MAX_SAFE_INTEGER` in magnitude. Never returns `-0`.
 */
export function parseMajorToMinor(input: string, currency: string): number | null {
  const match = MAJOR_AMOUNT.exec(input.trim());
  if (!match) return null;
  const [, minus, wholeRaw = '', fractionRaw = ''] = match;
  const whole = wholeRaw.replace(/,/g, '');
  if (whole === '' && fractionRaw === '') return null;
  const decimals = currencyDecimals(currency);
  if (fractionRaw.length > decimals) return null;
  const minorDigits = whole + fractionRaw.padEnd(decimals, '0');
  const magnitude = BigInt(minorDigits === '' ? '0' : minorDigits);
  if (magnitude > MAX_SAFE) return null;
  const value = Number(magnitude);
  return minus && value !== 0 ? -value : value;
}
