/**
 * Postcode patterns of a shipping zone (docs/online-store.md, "Shipping and coupons"): an exact postcode
 * (`018956`), a prefix (`12*`: every postcode starting with 12) or a numeric range (`10000-19999`, both ends included,
 * both ends the same length; digits joined by a dash with ends of different lengths are one postcode, as Poland's 00-950). Postcodes compare without spaces and case (`sw1a 1aa` is `SW1A1AA`).
 */

export type PostcodePattern = { kind: 'exact'; value: string } | { kind: 'prefix'; prefix: string } | { kind: 'range'; from: string; to: string };

/** Upper case, without spaces or dashes. */
export const normalisePostcode = (postcode: string) => postcode.toUpperCase().replace(/[\s-]+/g, '');

const CODE = /^[A-Z0-9]{1,12}$/;
const RANGE = /^(\d{1,12})\s*-\s*(\d{1,12})$/;

/** Reads a pattern as typed, or gives the reason it is not one. */
export function parsePostcodePattern(text: string): PostcodePattern | { error: string } {
  const trimmed = text.trim();
  const range = RANGE.exec(trimmed);
  // Ends of different lengths are one postcode written with a dash (Poland's 00-950, Japan's 100-0001).
  if (range && range[1]?.length === range[2]?.length) {
    const [, from = '', to = ''] = range;
    if (from > to) return { error: `The range ${trimmed} must go from the lower to the higher postcode` };
    return { kind: 'range', from, to };
  }
  if (trimmed.endsWith('*')) {
    const prefix = normalisePostcode(trimmed.slice(0, -1));
    if (!CODE.test(prefix)) return { error: `${trimmed} is not a postcode prefix (letters and digits, then *)` };
    return { kind: 'prefix', prefix };
  }
  const value = normalisePostcode(trimmed);
  if (!CODE.test(value)) return { error: `${trimmed} is not a postcode, a prefix such as 12* or a range such as 10000-19999` };
  return { kind: 'exact', value };
}

export const isPostcodePattern = (text: string) => !('error' in parsePostcodePattern(text));

/** The pattern as stored and shown: `018956`, `12*`, `10000-19999`. */
export function formatPostcodePattern(pattern: PostcodePattern): string {
  if (pattern.kind === 'exact') return pattern.value;
  if (pattern.kind === 'prefix') return `${pattern.prefix}*`;
  return `${pattern.from}-${pattern.to}`;
}

export function postcodeMatches(pattern: PostcodePattern, postcode: string): boolean {
  const code = normalisePostcode(postcode);
  if (code === '') return false;
  if (pattern.kind === 'exact') return code === pattern.value;
  if (pattern.kind === 'prefix') return code.startsWith(pattern.prefix);
  // Same length and digits only: then string order is numeric order.
  return /^\d+$/.test(code) && code.length === pattern.from.length && code >= pattern.from && code <= pattern.to;
}

/**
 * How precisely the best of these patterns names the postcode, or null when none matches: an exact postcode
 * beats every prefix and range; among those, the one that covers fewer postcodes wins (a longer prefix, a narrower
 * range; a prefix of n characters counts as a range of 10^(length-n) postcodes of the same length).
 */
export function postcodeSpecificity(patterns: readonly string[], postcode: string): number | null {
  let best: number | null = null;
  const code = normalisePostcode(postcode);
  for (const text of patterns) {
    const pattern = parsePostcodePattern(text);
    if ('error' in pattern || !postcodeMatches(pattern, code)) continue;
    const covered =
      pattern.kind === 'exact'
        ? 1
        : pattern.kind === 'prefix'
          ? Number(`1${'0'.repeat(Math.max(0, code.length - pattern.prefix.length))}`)
          : Number(pattern.to) - Number(pattern.from) + 1;
    // Fewer postcodes covered: more specific. Exact is always first.
    const score = pattern.kind === 'exact' ? Number.MAX_SAFE_INTEGER : -covered;
    if (best === null || score > best) best = score;
  }
  return best;
}
