import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDecimals } from '../currency/currencies';
import { DEFAULT_CURRENCY, formatMinor, formatMoneyWithCode, formatNumber, minorToMajorString, parseMajorToMinor } from './format';

const anyCurrency = fc.constantFrom(...CURRENCIES.map((c) => c.code));
const anySafeInteger = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, 1, -1, 999, 1000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);

/** US grouping with exactly `decimals` fraction digits. */
function usMoneyPattern(decimals: number): RegExp {
  return new RegExp(`^-?(0|[1-9]\\d{0,2}(,\\d{3})*)${decimals > 0 ? `\\.\\d{${decimals}}` : ''}$`);
}

describe('DEFAULT_CURRENCY', () => {
  it('is sgd (spec 9)', () => {
    expect(DEFAULT_CURRENCY).toBe('sgd');
  });
});

describe('formatNumber', () => {
  it('groups with commas and keeps up to 4 decimals without trailing zeros', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.5678');
    expect(formatNumber(1234.56789)).toBe('1,234.5679');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(1234.1)).toBe('1,234.1');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1_000_000)).toBe('1,000,000');
    expect(formatNumber(0.00004)).toBe('0');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber(999)).toBe('999');
  });

  it('never shows negative zero', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.00001)).toBe('0');
    expect(formatNumber(-0.4, 0)).toBe('0');
  });

  it('honours a smaller maxDecimals and rejects invalid ones', () => {
    expect(formatNumber(1.239, 2)).toBe('1.24');
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
  });

  it('matches US grouping with 0 to 4 decimals and no trailing zero for any moderate number', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (value) => {
        expect(formatNumber(value)).toMatch(/^-?(0|[1-9]\d{0,2}(,\d{3})*)(\.\d{0,3}[1-9])?$/);
      }),
    );
  });

  it('agrees with Number for the value it shows (within the rounding of 4 decimals)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const shown = Number(formatNumber(value).replace(/,/g, ''));
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(0.00005 + Math.abs(value) * 1e-15);
      }),
    );
  });

  it('shows integers like a zero-decimal amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(formatNumber(n)).toBe(formatMinor(n, 'jpy'));
      }),
    );
  });
});

describe('formatMinor', () => {
  it('formats the spec examples', () => {
    expect(formatMinor(123456, 'sgd')).toBe('1,234.56');
    expect(formatMinor(123456)).toBe('1,234.56');
    expect(formatMinor(1500, 'jpy')).toBe('1,500');
    expect(formatMinor(1234, 'kwd')).toBe('1.234');
    expect(formatMinor(123456789, 'kwd')).toBe('123,456.789');
    expect(formatMinor(5, 'sgd')).toBe('0.05');
    expect(formatMinor(5, 'bhd')).toBe('0.005');
    expect(formatMinor(0, 'sgd')).toBe('0.00');
    expect(formatMinor(0, 'jpy')).toBe('0');
    expect(formatMinor(-123456, 'usd')).toBe('-1,234.56');
    expect(formatMinor(-5, 'sgd')).toBe('-0.05');
    expect(formatMinor(-0, 'sgd')).toBe('0.00');
    expect(formatMinor(100000, 'JPY')).toBe('100,000');
    expect(formatMinor(1999, 'unknown')).toBe('19.99');
  });

  it('is exact at the edges of the safe range, where float division would not be', () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 'sgd')).toBe('90,071,992,547,409.91');
    expect(formatMinor(Number.MIN_SAFE_INTEGER, 'kwd')).toBe('-9,007,199,254,740.991');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 'idr')).toBe('9,007,199,254,740,991');
  });

  it('refuses amounts that are not safe integers', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53)]) {
      expect(() => formatMinor(bad, 'sgd'), String(bad)).toThrow(RangeError);
    }
  });

  it('matches US grouping with exactly the currency decimals, for every currency and safe integer', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        const out = formatMinor(amount, currency);
        expect(out).toMatch(usMoneyPattern(currencyDecimals(currency)));
        expect(out.startsWith('-')).toBe(amount < 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every digit: stripping separators gives back the integer (BigInt oracle)', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        const digits = formatMinor(amount, currency).replace(/[,.]/g, '');
        expect(BigInt(digits)).toBe(BigInt(amount));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the grouped form of minorToMajorString', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        expect(formatMinor(amount, currency).replace(/,/g, '')).toBe(minorToMajorString(amount, currency));
      }),
    );
  });
});

describe('formatMoneyWithCode', () => {
  it('prefixes the uppercase code', () => {
    expect(formatMoneyWithCode(123456, 'sgd')).toBe('SGD 1,234.56');
    expect(formatMoneyWithCode(123456)).toBe('SGD 1,234.56');
    expect(formatMoneyWithCode(1500, 'jpy')).toBe('JPY 1,500');
  });

  it('puts the sign before the code, as a true minus (U+2212), for currencies of 0, 2 and 3 decimals', () => {
    expect(formatMoneyWithCode(-3277, 'sgd')).toBe('−SGD 32.77');
    expect(formatMoneyWithCode(-5, 'usd')).toBe('−USD 0.05');
    expect(formatMoneyWithCode(-150_000, 'jpy')).toBe('−JPY 150,000');
    expect(formatMoneyWithCode(-7, 'krw')).toBe('−KRW 7');
    expect(formatMoneyWithCode(-1234, 'Kwd')).toBe('−KWD 1.234');
    expect(formatMoneyWithCode(-1_234_567, 'bhd')).toBe('−BHD 1,234.567');
    expect(formatMoneyWithCode(0, 'kwd')).toBe('KWD 0.000');
    expect(formatMoneyWithCode(0, 'jpy')).toBe('JPY 0');
    expect(formatMoneyWithCode(-0, 'sgd')).toBe('SGD 0.00');
  });

  it('is CODE + space + formatMinor of the magnitude, with a minus in front when negative', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        const text = formatMoneyWithCode(amount, currency);
        expect(text).toBe(`${amount < 0 ? '−' : ''}${currency.toUpperCase()} ${formatMinor(Math.abs(amount), currency)}`);
        expect(text).not.toContain('-');
      }),
    );
  });
});

describe('minorToMajorString', () => {
  it('writes plain major amounts for form fields', () => {
    expect(minorToMajorString(123456, 'sgd')).toBe('1234.56');
    expect(minorToMajorString(1500, 'jpy')).toBe('1500');
    expect(minorToMajorString(1234, 'kwd')).toBe('1.234');
    expect(minorToMajorString(7, 'sgd')).toBe('0.07');
    expect(minorToMajorString(-7, 'sgd')).toBe('-0.07');
    expect(minorToMajorString(0, 'omr')).toBe('0.000');
    expect(minorToMajorString(Number.MAX_SAFE_INTEGER, 'usd')).toBe('90071992547409.91');
    expect(() => minorToMajorString(0.1, 'usd')).toThrow(RangeError);
  });

  it('keeps every digit and puts the dot exactly currencyDecimals from the end', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        const out = minorToMajorString(amount, currency);
        const decimals = currencyDecimals(currency);
        expect(out).toMatch(decimals > 0 ? new RegExp(`^-?(0|[1-9]\\d*)\\.\\d{${decimals}}$`) : /^-?(0|[1-9]\d*)$/);
        expect(BigInt(out.replace('.', ''))).toBe(BigInt(amount));
      }),
    );
  });
});

describe('parseMajorToMinor', () => {
  it('parses user-entered major amounts exactly', () => {
    expect(parseMajorToMinor('1234.56', 'sgd')).toBe(123456);
    expect(parseMajorToMinor('1,234.56', 'sgd')).toBe(123456);
    expect(parseMajorToMinor('1,234,567', 'sgd')).toBe(123456700);
    expect(parseMajorToMinor('0.5', 'sgd')).toBe(50);
    expect(parseMajorToMinor('.5', 'sgd')).toBe(50);
    expect(parseMajorToMinor('12.', 'sgd')).toBe(1200);
    expect(parseMajorToMinor('  12.3 ', 'sgd')).toBe(1230);
    expect(parseMajorToMinor('007', 'sgd')).toBe(700);
    expect(parseMajorToMinor('1500', 'jpy')).toBe(1500);
    expect(parseMajorToMinor('1.234', 'kwd')).toBe(1234);
    expect(parseMajorToMinor('-1.50', 'sgd')).toBe(-150);
    // 0.29 * 100 is 28.999999999999996 in floats; string arithmetic is exact.
    expect(parseMajorToMinor('0.29', 'sgd')).toBe(29);
    expect(parseMajorToMinor('1.005', 'kwd')).toBe(1005);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseMajorToMinor('-0', 'sgd'), 0)).toBe(true);
    expect(Object.is(parseMajorToMinor('-0.00', 'sgd'), 0)).toBe(true);
  });

  it('returns null for text that is not an amount', () => {
    for (const bad of [
      '',
      '   ',
      '.',
      '-',
      '-.',
      'abc',
      '1.2.3',
      '1,23',
      '12,34.5',
      '1,2345',
      ',123',
      '1,234,56',
      '1e3',
      '+5',
      '--5',
      '1 000',
      '1.2,3',
      '١٢',
      '0x10',
      'Infinity',
      'NaN',
      '5-',
      '$5',
    ]) {
      expect(parseMajorToMinor(bad, 'sgd'), JSON.stringify(bad)).toBeNull();
    }
  });

  it('returns null when there are more decimals than the currency allows', () => {
    expect(parseMajorToMinor('1.5', 'jpy')).toBeNull();
    expect(parseMajorToMinor('1.234', 'sgd')).toBeNull();
    expect(parseMajorToMinor('1.230', 'sgd')).toBeNull();
    expect(parseMajorToMinor('1.2345', 'kwd')).toBeNull();
  });

  it('returns null beyond Number.MAX_SAFE_INTEGER minor units', () => {
    expect(parseMajorToMinor('9007199254740991', 'jpy')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMajorToMinor('-9007199254740991', 'jpy')).toBe(Number.MIN_SAFE_INTEGER);
    expect(parseMajorToMinor('9007199254740992', 'jpy')).toBeNull();
    expect(parseMajorToMinor('90071992547409.91', 'sgd')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMajorToMinor('90,071,992,547,409.92', 'sgd')).toBeNull();
    expect(parseMajorToMinor('1'.repeat(40), 'sgd')).toBeNull();
  });

  it('round-trips minorToMajorString for every listed currency and safe integer', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        expect(parseMajorToMinor(minorToMajorString(amount, currency), currency)).toBe(amount === 0 ? 0 : amount);
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips the grouped display of formatMinor too', () => {
    fc.assert(
      fc.property(anyCurrency, anySafeInteger, (currency, amount) => {
        expect(parseMajorToMinor(formatMinor(amount, currency), currency)).toBe(amount);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with a BigInt oracle on arbitrary digit strings', () => {
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: max });
    fc.assert(
      fc.property(anyCurrency, digits(20), digits(4), fc.boolean(), (currency, whole, fraction, withDot) => {
        const text = withDot ? `${whole}.${fraction}` : whole;
        const decimals = currencyDecimals(currency);
        const result = parseMajorToMinor(text, currency);
        if ((whole === '' && (!withDot || fraction === '')) || (withDot && fraction.length > decimals)) {
          expect(result).toBeNull();
          return;
        }
        const exact = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(withDot && fraction ? fraction.padEnd(decimals, '0') : '0');
        expect(result).toBe(exact > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(exact));
      }),
      { numRuns: 2000 },
    );
  });
});
