import { describe, expect, it } from 'vitest';
import { formatPostcodePattern, normalisePostcode, parsePostcodePattern, postcodeMatches, postcodeSpecificity, type PostcodePattern } from './postcodes';

const parse = (text: string): PostcodePattern => {
  const parsed = parsePostcodePattern(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};

describe('postcode patterns', () => {
  it('reads exact postcodes, prefixes and ranges, without spaces or case', () => {
    expect(parse(' 018956 ')).toEqual({ kind: 'exact', value: '018956' });
    expect(parse('sw1a 1aa')).toEqual({ kind: 'exact', value: 'SW1A1AA' });
    expect(parse('12*')).toEqual({ kind: 'prefix', prefix: '12' });
    expect(parse('sw1 *')).toEqual({ kind: 'prefix', prefix: 'SW1' });
    expect(parse('10000-19999')).toEqual({ kind: 'range', from: '10000', to: '19999' });
    expect(parse('10000 - 19999')).toEqual({ kind: 'range', from: '10000', to: '19999' });
    // A dash between ends of different lengths is part of one postcode (Poland, Japan).
    expect(parse('00-950')).toEqual({ kind: 'exact', value: '00950' });
    expect(parse('100-0001')).toEqual({ kind: 'exact', value: '1000001' });
    expect(['018956', '12*', '10000-19999', 'SW1A1AA'].map((p) => formatPostcodePattern(parse(p)))).toEqual(['018956', '12*', '10000-19999', 'SW1A1AA']);
  });

  it('refuses what is not a pattern, with the reason', () => {
    expect(parsePostcodePattern('3000-1000')).toEqual({ error: 'The range 3000-1000 must go from the lower to the higher postcode' });
    expect(parsePostcodePattern('*')).toHaveProperty('error');
    expect(parsePostcodePattern('1*2')).toHaveProperty('error');
    expect(parsePostcodePattern('')).toHaveProperty('error');
    expect(parsePostcodePattern('AB/CD')).toHaveProperty('error');
    expect(parsePostcodePattern('x'.repeat(13))).toHaveProperty('error');
  });

  it('matches exact postcodes whatever their spaces and case', () => {
    expect(postcodeMatches(parse('SW1A 1AA'), 'sw1a1aa')).toBe(true);
    expect(postcodeMatches(parse('018956'), '018 956')).toBe(true);
    expect(postcodeMatches(parse('018956'), '018957')).toBe(false);
    expect(postcodeMatches(parse('018956'), '')).toBe(false);
  });

  it('matches prefixes at the start only', () => {
    expect(postcodeMatches(parse('12*'), '12345')).toBe(true);
    expect(postcodeMatches(parse('12*'), '12')).toBe(true);
    expect(postcodeMatches(parse('12*'), '31245')).toBe(false);
    expect(postcodeMatches(parse('SW1*'), 'sw1a 1aa')).toBe(true);
  });

  it('matches ranges with both ends included, on numbers of the same length only', () => {
    const range = parse('10000-19999');
    expect(['10000', '15000', '19999'].map((p) => postcodeMatches(range, p))).toEqual([true, true, true]);
    expect(['09999', '20000', '1500', '150000', '1A000'].map((p) => postcodeMatches(range, p))).toEqual([false, false, false, false, false]);
  });

  it('ranks the best matching pattern: exact, then the fewest postcodes covered; null when none matches', () => {
    expect(postcodeSpecificity(['2000-2999', '20*', '2000'], '2000')).toBe(Number.MAX_SAFE_INTEGER);
    const prefix = postcodeSpecificity(['20*'], '2010')!;
    const range = postcodeSpecificity(['2000-2999'], '2010')!;
    const narrow = postcodeSpecificity(['2010-2019'], '2010')!;
    expect(prefix).toBeGreaterThan(range);
    expect(narrow).toBeGreaterThan(prefix);
    expect(postcodeSpecificity(['201*'], '2010')!).toBeGreaterThan(prefix);
    expect(postcodeSpecificity(['3000-3999', '4*'], '2010')).toBeNull();
    expect(postcodeSpecificity(['not a pattern'], '2010')).toBeNull();
    expect(normalisePostcode(' ab-12 3 ')).toBe('AB123');
  });
});
