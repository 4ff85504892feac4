import { CURRENCIES, MAX_MINOR_AMOUNT, currencyDecimals, formatMinor, formatMoneyWithCode } from '@merchant/core';
import { describe, expect, it } from 'vitest';
import { checkoutMethodsIn, computeFee, methodLimits, type PaymentMethod } from './index';
import { usdRateMicros } from './usd-reference-rates';

/** What `amountMinor` of a currency is worth in US cents at the reference rate, as an exact fraction. */
function inUsdCents(amountMinor: number, currency: string): { num: bigint; den: bigint } {
  const micros = usdRateMicros(currency);
  if (micros === null) throw new Error(`${currency} has no reference rate`);
  return { num: BigInt(amountMinor) * 100n * 1_000_000n, den: 10n ** BigInt(currencyDecimals(currency)) * micros };
}

/** A problem with `amountMinor` unless it is worth from `low` to `high` US cents; null when it is. */
function outside(what: string, amountMinor: number, currency: string, [low, high]: [number, number]): string | null {
  const { num, den } = inUsdCents(amountMinor, currency);
  if (num >= BigInt(low) * den && num <= BigInt(high) * den) return null;
  return `${currency} ${what} ${formatMoneyWithCode(amountMinor, currency)} is worth USD ${formatMinor(Number(num / den), 'usd')}, not USD ${formatMinor(low, 'usd')} to ${formatMinor(high, 'usd')}`;
}

const percentPart = (amountMinor: number, basisPoints: number) => Number((BigInt(amountMinor) * BigInt(basisPoints) + 5_000n) / 10_000n);

/** The sane range of each method's least and most payment, in US cents. */
const MIN_RANGE: Record<PaymentMethod, [number, number]> = { card: [30, 1_00], ewallet: [30, 1_00], direct_debit: [30, 1_00], paynow: [0, 1_00] };
const MAX_RANGE: Record<PaymentMethod, [number, number]> = {
  card: [100_000_00, 2_000_000_00],
  direct_debit: [100_000_00, 2_000_000_00],
  ewallet: [1_000_00, 10_000_00],
  paynow: [50_000_00, 500_000_00],
};

describe('fees and limits in every currency of the product', () => {
  const currencies = CURRENCIES.map((c) => c.code);

  it('has a reference rate for every currency', () => {
    expect(currencies.filter((c) => usdRateMicros(c) === null)).toEqual([]);
  });

  it('offers cards and e-wallets in every currency, and PayNow in SGD only', () => {
    expect(currencies.filter((c) => !checkoutMethodsIn(c).includes('card') || !checkoutMethodsIn(c).includes('ewallet'))).toEqual([]);
    expect(currencies.filter((c) => checkoutMethodsIn(c).includes('paynow'))).toEqual(['sgd']);
  });

  it('charges a card fixed fee worth USD 0.10 to 1.00 and caps direct debit at USD 2 to 10', () => {
    const problems: string[] = [];
    for (const currency of currencies) {
      const { max } = methodLimits('card', currency);
      const fixed = computeFee(max, 'card', currency) - percentPart(max, 340);
      problems.push(outside('card fixed fee', fixed, currency, [10, 1_00]) ?? '');
      const cap = computeFee(methodLimits('direct_debit', currency).max, 'direct_debit', currency);
      problems.push(outside('direct-debit cap', cap, currency, [2_00, 10_00]) ?? '');
      // A percentage fee without a fixed part: 2.5% of 1,000 minor units is 25 in every currency.
      expect(computeFee(1_000, 'ewallet', currency)).toBe(25);
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('takes from about USD 0.30 to 1.00 and up to a sensible maximum, in whole minor units', () => {
    const problems: string[] = [];
    for (const currency of currencies) {
      for (const method of [...checkoutMethodsIn(currency), 'direct_debit' as const]) {
        const { min, max } = methodLimits(method, currency);
        expect(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min >= 1 && min < max && max <= MAX_MINOR_AMOUNT, `${currency} ${method}`).toBe(true);
        problems.push(outside(`${method} minimum`, min, currency, MIN_RANGE[method]) ?? '');
        problems.push(outside(`${method} maximum`, max, currency, MAX_RANGE[method]) ?? '');
        // The merchant keeps something of the least payment.
        if (method !== 'card') expect(computeFee(min, method, currency), `${currency} ${method}`).toBeLessThan(min);
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });
});

describe('the currencies the table leaves out', () => {
  it('are priced from the US dollar by the reference rate, rounded to two significant digits', () => {
    // KES 129 per USD: the card's USD 0.50 is KES 64.50, rounded up to KES 65.00; the cap's USD 5.00 is KES 645, down to KES 640.
    expect(computeFee(1_000_00, 'card', 'kes')).toBe(34_00 + 65_00);
    expect(computeFee(1_000_000_00, 'direct_debit', 'kes')).toBe(640_00);
    expect(methodLimits('card', 'kes').min).toBe(65_00);
    // XAF (no decimals), 600 per USD: USD 0.50 is 300 francs.
    expect(methodLimits('card', 'xaf').min).toBe(300);
  });

  it('offers no method in a currency with neither a row nor a rate', () => {
    expect(checkoutMethodsIn('xts')).toEqual([]);
    expect(() => methodLimits('card', 'xts')).toThrow(RangeError);
  });
});
