import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomCode, truncate } from './text';

describe('truncate', () => {
  it('keeps text of up to 50 characters and shortens longer text with an ellipsis (spec 9)', () => {
    const fifty = 'x'.repeat(50);
    expect(truncate(fifty)).toBe(fifty);
    expect(truncate(`${fifty}y`)).toBe(`${fifty}...`);
    expect(truncate('')).toBe('');
    expect(truncate('Hello world', 5)).toBe('Hello...');
    expect(truncate('Hello', 5)).toBe('Hello');
    expect(truncate('Hello', 0)).toBe('...');
  });

  it('never splits an emoji in half', () => {
    expect(truncate('👍👍👍', 2)).toBe('👍👍...');
    expect(truncate('👍👍', 2)).toBe('👍👍');
  });

  it('returns the text itself or its first `length` characters plus "..."', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 80 }), fc.integer({ min: 0, max: 60 }), (text, length) => {
        const chars = Array.from(text);
        const out = truncate(text, length);
        if (chars.length <= length) {
          expect(out).toBe(text);
        } else {
          expect(Array.from(out)).toHaveLength(length + 3);
          expect(out).toBe(`${chars.slice(0, length).join('')}...`);
        }
        expect(Array.from(out).length).toBeLessThanOrEqual(Math.max(chars.length, length + 3));
      }),
    );
  });
});

describe('randomCode', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives 10 uppercase letters by default (spec 9)', () => {
    expect(randomCode()).toMatch(/^[A-Z]{10}$/);
  });

  it('gives exactly `length` uppercase letters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (length) => {
        const code = randomCode(length);
        expect(code).toHaveLength(length);
        expect(code).toMatch(/^[A-Z]*$/);
      }),
    );
  });

  it('rejects lengths that are not non-negative integers', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => randomCode(bad)).toThrow(RangeError);
  });

  it('rejects bytes that would bias the alphabet (234..255) instead of wrapping them', () => {
    const bytes = [255, 234, 0, 25, 233, 26, 51, 52];
    let call = 0;
    vi.stubGlobal('crypto', {
      getRandomValues<T extends Uint8Array>(array: T): T {
        for (let i = 0; i < array.length; i++) array[i] = bytes[(call + i) % bytes.length] ?? 0;
        call += array.length;
        return array;
      },
    });
    // 255 and 234 are skipped; 0 -> A, 25 -> Z, 233 -> Z, 26 -> A, 51 -> Z, 52 -> A.
    expect(randomCode(6)).toBe('AZZAZA');
  });

  it('fails loudly without Web Crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => randomCode(4)).toThrow(/getRandomValues/);
  });

  it('uses every letter about equally often', () => {
    const counts = new Map<string, number>();
    const sample = randomCode(26_000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(26);
    // Expected 1000 each, standard deviation about 31: +-250 is over 8 sigma, so this never flakes.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(250);
  });
});
