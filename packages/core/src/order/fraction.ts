/**
 * Exact fractions of minor units for the order arithmetic (docs/catalogue.md, "The order arithmetic"): a tax of
 * 9 % on SGD 4.55 is 40.95 cents until the one rounding the rules allow. Numerators and denominators are bigint, so
 * `amount × rate` never loses a digit whatever its size; every fraction here is kept reduced and its denominator
 * positive.
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** `num / den`, reduced; `den` must not be zero. */
export function fraction(num: bigint, den = 1n): Fraction {
  if (den === 0n) throw new RangeError('A fraction needs a denominator other than zero');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const ZERO: Fraction = { num: 0n, den: 1n };

export function plus(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function minus(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** `a × num / den`. */
export function times(a: Fraction, num: bigint, den = 1n): Fraction {
  return fraction(a.num * num, a.den * den);
}

export function sum(values: readonly Fraction[]): Fraction {
  return values.reduce(plus, ZERO);
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compare(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The largest whole number not above `a`. */
export function floor(a: Fraction): bigint {
  const q = a.num / a.den;
  return a.num < 0n && q * a.den !== a.num ? q - 1n : q;
}

/** The nearest whole number, halves away from zero (2.5 -> 3, -2.5 -> -3), as Stripe Tax and Shopify round. */
export function roundHalfAwayFromZero(a: Fraction): bigint {
  const q = (2n * abs(a.num) + a.den) / (2n * a.den);
  return a.num < 0n ? -q : q;
}

/**
 * Splits `total` whole units over items in proportion to their weights with the largest-remainder method: each
 * item gets the whole part of its exact share, and the units left go one by one to the largest remainders. The
 * parts add up to `total` exactly. Ties go to the smaller key, so the split depends on the items, never on the
 * order they come in. An item never gets more than its cap (when given); weights that are all zero split the
 * total evenly. Weights, caps and the total are never negative.
 */
export function apportion(total: bigint, items: readonly { key: string; weight: Fraction; cap?: bigint }[]): bigint[] {
  if (items.length === 0) {
    if (total === 0n) return [];
    throw new RangeError('Nothing to spread an amount over');
  }
  const whole = sum(items.map((i) => i.weight));
  const weights = whole.num === 0n ? items.map(() => fraction(1n)) : items.map((i) => i.weight);
  const all = whole.num === 0n ? fraction(BigInt(items.length)) : whole;
  const shares = weights.map((w) => fraction(total * w.num * all.den, w.den * all.num));
  const parts = shares.map((s, i) => {
    const f = floor(s);
    const cap = items[i]!.cap;
    return cap !== undefined && f > cap ? cap : f;
  });
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = items
    .map((item, i) => ({ i, key: item.key, remainder: minus(shares[i]!, fraction(floor(shares[i]!))) }))
    .sort((a, b) => compare(b.remainder, a.remainder) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  while (left > 0n) {
    let given = false;
    for (const { i } of byRemainder) {
      if (left === 0n) break;
      const cap = items[i]!.cap;
      if (cap !== undefined && parts[i]! >= cap) continue;
      parts[i] = parts[i]! + 1n;
      left -= 1n;
      given = true;
    }
    if (!given) throw new RangeError('The amount is larger than the items can take');
  }
  return parts;
}
