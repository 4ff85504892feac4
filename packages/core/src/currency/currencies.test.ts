import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  THREE_DECIMAL_CURRENCIES,
  ZERO_DECIMAL_CURRENCIES,
  currencyDecimals,
  currencyFlag,
  findCurrency,
  flagEmoji,
  isKnownCurrency,
} from './currencies';

const codes = CURRENCIES.map((c) => c.code);
const anyListedCode = fc.constantFrom(...codes);
const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

function randomCase(s: string, mask: number): string {
  return Array.from(s, (ch, i) => ((mask >> i) & 1 ? ch.toUpperCase() : ch)).join('');
}

describe('CURRENCIES', () => {
  it('lists about 160 currencies with unique, well-formed codes', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of CURRENCIES) {
      expect(entry.code).toMatch(/^[a-z]{3}$/);
      expect(entry.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(entry.name.trim()).not.toBe('');
      expect(entry.country.trim()).not.toBe('');
    }
  });

  it('is sorted by code so the picker and diffs stay predictable', () => {
    expect([...codes]).toEqual([...codes].sort());
  });

  it('maps well-known currencies to the right country', () => {
    const expected: Record<string, string> = {
      sgd: 'SG',
      usd: 'US',
      eur: 'EU',
      gbp: 'GB',
      jpy: 'JP',
      chf: 'CH',
      aud: 'AU',
      myr: 'MY',
      idr: 'ID',
      inr: 'IN',
      cny: 'CN',
      hkd: 'HK',
      krw: 'KR',
      brl: 'BR',
      zar: 'ZA',
      kwd: 'KW',
      xaf: 'CM',
      xof: 'SN',
      xpf: 'PF',
      xcd: 'KN',
    };
    for (const [code, country] of Object.entries(expected)) {
      expect(findCurrency(code)?.countryCode, code).toBe(country);
    }
  });

  it('leaves out withdrawn currencies', () => {
    for (const code of ['ang', 'bgn', 'hrk', 'sll', 'zwl', 'cuc', 'ltl', 'vef']) {
      expect(isKnownCurrency(code), code).toBe(false);
    }
  });
});

describe('decimal lists', () => {
  it('are exactly the spec lists', () => {
    expect([...ZERO_DECIMAL_CURRENCIES].sort()).toEqual(
      ['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf', 'idr'].sort(),
    );
    expect([...THREE_DECIMAL_CURRENCIES].sort()).toEqual(['bhd', 'jod', 'kwd', 'omr', 'tnd']);
  });

  it('only name listed currencies and do not overlap', () => {
    for (const code of [...ZERO_DECIMAL_CURRENCIES, ...THREE_DECIMAL_CURRENCIES]) {
      expect(isKnownCurrency(code), code).toBe(true);
      expect(ZERO_DECIMAL_CURRENCIES.includes(code) && THREE_DECIMAL_CURRENCIES.includes(code)).toBe(false);
    }
  });
});

describe('currencyDecimals', () => {
  it('follows spec 9 examples', () => {
    expect(currencyDecimals('sgd')).toBe(2);
    expect(currencyDecimals('usd')).toBe(2);
    expect(currencyDecimals('jpy')).toBe(0);
    expect(currencyDecimals('idr')).toBe(0);
    expect(currencyDecimals('kwd')).toBe(3);
    expect(currencyDecimals('isk')).toBe(2); // product list, not ISO 4217
  });

  it('is 0 / 3 / 2 by list membership, for every listed currency in any letter case', () => {
    fc.assert(
      fc.property(anyListedCode, fc.nat(7), (code, mask) => {
        const expected = ZERO_DECIMAL_CURRENCIES.includes(code) ? 0 : THREE_DECIMAL_CURRENCIES.includes(code) ? 3 : 2;
        expect(currencyDecimals(randomCase(code, mask))).toBe(expected);
      }),
    );
  });

  it('defaults to 2 for any code in neither list', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const key = code.trim().toLowerCase();
        fc.pre(!ZERO_DECIMAL_CURRENCIES.includes(key) && !THREE_DECIMAL_CURRENCIES.includes(key));
        expect(currencyDecimals(code)).toBe(2);
      }),
    );
  });
});

describe('findCurrency / isKnownCurrency', () => {
  it('finds entries case-insensitively', () => {
    expect(findCurrency('SGD')).toEqual({ code: 'sgd', name: 'Singapore Dollar', country: 'Singapore', countryCode: 'SG' });
    expect(findCurrency('Eur')?.countryCode).toBe('EU');
    expect(findCurrency('xxx')).toBeUndefined();
    expect(findCurrency('')).toBeUndefined();
    expect(isKnownCurrency('JPY')).toBe(true);
    expect(isKnownCurrency('btc')).toBe(false);
  });

  it('returns the listed entry for every listed code in any case', () => {
    fc.assert(
      fc.property(anyListedCode, fc.nat(7), (code, mask) => {
        const entry = findCurrency(randomCase(code, mask));
        expect(entry?.code).toBe(code);
        expect(isKnownCurrency(randomCase(code, mask))).toBe(true);
      }),
    );
  });

  it('agree with each other on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), (code) => {
        expect(isKnownCurrency(code)).toBe(findCurrency(code) !== undefined);
      }),
    );
  });
});

describe('flagEmoji', () => {
  it('builds flags from regional indicator symbols', () => {
    expect(flagEmoji('SG')).toBe('🇸🇬');
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('EU')).toBe('🇪🇺');
    expect(flagEmoji('gb')).toBe('🇬🇧');
  });

  it('returns an empty string for anything but two ASCII letters', () => {
    for (const bad of ['', 'S', 'SGP', '12', 'S1', 'É1', '🇸🇬']) expect(flagEmoji(bad), bad).toBe('');
  });

  it('encodes every pair of letters as two regional indicators that decode back', () => {
    fc.assert(
      fc.property(letter, letter, (a, b) => {
        const points = Array.from(flagEmoji(a + b), (ch) => ch.codePointAt(0) ?? 0);
        expect(points).toHaveLength(2);
        const decoded = points.map((p) => String.fromCharCode(p - 0x1f1e6 + 65)).join('');
        expect(decoded).toBe(a + b);
      }),
    );
  });
});

describe('currencyFlag', () => {
  it('maps a currency to its country flag', () => {
    expect(currencyFlag('sgd')).toBe('🇸🇬');
    expect(currencyFlag('EUR')).toBe('🇪🇺');
    expect(currencyFlag('xaf')).toBe('🇨🇲');
    expect(currencyFlag('nope')).toBe('');
  });

  it('gives every listed currency the flag of its country code', () => {
    for (const entry of CURRENCIES) {
      expect(currencyFlag(entry.code), entry.code).toBe(flagEmoji(entry.countryCode));
      expect(currencyFlag(entry.code)).not.toBe('');
    }
  });
});
