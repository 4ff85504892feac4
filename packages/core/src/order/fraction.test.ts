import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, compare, floor, fraction, roundHalfAwayFromZero, sum } from './fraction';

describe('fraction', () => {
  it('keeps fractions reduced with a positive denominator', () => {
    expect(fraction(6n, -4n)).toEqual({ num: -3n, den: 2n });
    expect(sum([fraction(1n, 3n), fraction(1n, 6n)])).toEqual({ num: 1n, den: 2n });
    expect(() => fraction(1n, 0n)).toThrow(RangeError);
  });

  it('floors and rounds halves away from zero', () => {
    const cases: [bigint, bigint, bigint, bigint][] = [
      // num, den, floor, rounded
      [5n, 2n, 2n, 3n],
      [-5n, 2n, -3n, -3n],
      [7n, 3n, 2n, 2n],
      [-7n, 3n, -3n, -2n],
      [8n, 3n, 2n, 3n],
      [4095n, 100n, 40n, 41n],
      [0n, 7n, 0n, 0n],
    ];
    for (const [num, den, down, rounded] of cases) {
      expect(floor(fraction(num, den)), `${num}/${den}`).toBe(down);
      expect(roundHalfAwayFromZero(fraction(num, den)), `${num}/${den}`).toBe(rounded);
    }
  });

  it('rounds within half a unit, halves away from zero, for any fraction', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt({ min: 1n, max: 1n << 40n }), (num, den) => {
        const x = fraction(num, den);
        const r = roundHalfAwayFromZero(x);
        const distance = compare(fraction(2n * (r * x.den - x.num), x.den), fraction(0n));
        const twiceOff = fraction(2n * (r * x.den - x.num), x.den);
        expect(compare(twiceOff, fraction(1n))).toBeLessThanOrEqual(0);
        expect(compare(twiceOff, fraction(-1n))).toBeGreaterThanOrEqual(0);
        // On a half, the rounding moves away from zero.
        if (2n * (x.num % x.den) === x.den || 2n * (x.num % x.den) === -x.den) expect(distance).toBe(num > 0n ? 1 : -1);
      }),
    );
  });
});

describe('apportion', () => {
  const items = (weights: number[], caps?: number[]) =>
    weights.map((w, i) => ({ key: `k${i}`, weight: fraction(BigInt(w)), ...(caps ? { cap: BigInt(caps[i]!) } : {}) }));

  it('gives the units left to the largest remainders, ties to the smaller key', () => {
    // 100 over 1,960 : 450 -> 81.33 and 18.67.
    expect(apportion(100n, items([1960, 450]))).toEqual([81n, 19n]);
    // 10 over three equal weights: 3.33 each, the unit left to k0.
    expect(apportion(10n, items([1, 1, 1]))).toEqual([4n, 3n, 3n]);
    expect(apportion(10n, [...items([1, 1, 1])].reverse())).toEqual([3n, 3n, 4n]);
  });

  it('spreads evenly over weights that are all zero, and respects caps', () => {
    expect(apportion(5n, items([0, 0]))).toEqual([3n, 2n]);
    expect(apportion(0n, items([0, 0]))).toEqual([0n, 0n]);
    expect(apportion(6n, items([1, 1, 1], [1, 5, 5]))).toEqual([1n, 3n, 2n]);
    expect(() => apportion(3n, items([1, 1], [1, 1]))).toThrow(RangeError);
    expect(() => apportion(1n, [])).toThrow(RangeError);
  });

  it('adds up exactly and stays within one unit of each exact share', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const parts = apportion(total, items(weights));
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        const whole = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, i) => {
          const exact = whole === 0 ? fraction(total, BigInt(weights.length)) : fraction(total * BigInt(weights[i]!), BigInt(whole));
          expect(part === floor(exact) || part === floor(exact) + 1n).toBe(true);
        });
      }),
    );
  });
});
