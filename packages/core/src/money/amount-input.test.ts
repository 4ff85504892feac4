import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, ZERO_DECIMAL_CURRENCIES } from '../currency/currencies';
import { amountAllowsDot, cleanAmount, isAllowedAmountKey, isPasteAllowed } from './amount-input';

const withDot = { allowDot: true };
const noDot = { allowDot: false };
const digitString = (opts: { minLength?: number; maxLength?: number } = {}) => fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), ...opts });
/** Text that mixes digits, dots, zeros and junk, so every branch of cleaning is exercised. */
const messyText = fc.string({
  unit: fc.oneof(fc.constantFrom('0', '0', '.', '.', '1', '9', ',', '-', ' ', 'a', 'e', '٣', '🙂'), fc.string({ maxLength: 1 })),
  maxLength: 30,
});

describe('isAllowedAmountKey', () => {
  it('allows digits, navigation, editing and function keys (spec 5)', () => {
    for (const key of '0123456789') expect(isAllowedAmountKey(key, noDot), key).toBe(true);
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Tab', 'Backspace', 'Delete', 'Home', 'End', 'Enter']) {
      expect(isAllowedAmountKey(key, noDot), key).toBe(true);
    }
    for (let n = 1; n <= 12; n++) expect(isAllowedAmountKey(`F${n}`, noDot)).toBe(true);
  });

  it('allows the dot only when the field is an amount with decimals', () => {
    expect(isAllowedAmountKey('.', withDot)).toBe(true);
    expect(isAllowedAmountKey('.', noDot)).toBe(false);
  });

  it('refuses letters, signs, separators and other keys', () => {
    for (const key of ['a', 'e', 'E', '-', '+', ',', ' ', 'Escape', 'F0', 'F13', 'f1', 'Space', '10', '', '٣', 'Dead', 'Shift']) {
      expect(isAllowedAmountKey(key, withDot), JSON.stringify(key)).toBe(false);
    }
  });

  it('refuses every single character except digits and (when allowed) the dot', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 1 }), fc.boolean(), (key, allowDot) => {
        const expected = /^[0-9]$/.test(key) || (key === '.' && allowDot);
        expect(isAllowedAmountKey(key, { allowDot })).toBe(expected);
      }),
    );
  });
});

describe('isPasteAllowed', () => {
  it('allows numeric text only (spec 5)', () => {
    for (const ok of ['12', '12.50', '.5', '5.', '  42  ', '0', '007']) expect(isPasteAllowed(ok), ok).toBe(true);
    for (const bad of ['', '   ', '.', '1.2.3', '1,000', '-3', '+3', '1e3', 'abc', '12a', '$5', '1 2', '١٢']) {
      expect(isPasteAllowed(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts any digits with at most one dot, padded with whitespace', () => {
    fc.assert(
      fc.property(digitString({ minLength: 1 }), digitString(), fc.boolean(), fc.constantFrom('', ' ', '\t', '\n '), (a, b, dot, pad) => {
        expect(isPasteAllowed(`${pad}${a}${dot ? '.' : ''}${b}${pad}`)).toBe(true);
      }),
    );
  });

  it('refuses any text with a character other than digits and one dot inside', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const t = text.trim();
        const numeric = /\d/.test(t) && /^[0-9]*\.?[0-9]*$/.test(t);
        expect(isPasteAllowed(text)).toBe(numeric);
      }),
    );
  });
});

describe('cleanAmount', () => {
  it('strips non-digits and leading zeros and keeps one decimal point (spec 5)', () => {
    expect(cleanAmount('$1,234.50', withDot)).toBe('1234.50');
    expect(cleanAmount('00.5', withDot)).toBe('0.5');
    expect(cleanAmount('000', withDot)).toBe('0');
    expect(cleanAmount('0', withDot)).toBe('0');
    expect(cleanAmount('007', withDot)).toBe('7');
    expect(cleanAmount('1.2.3', withDot)).toBe('1.23');
    expect(cleanAmount('.5', withDot)).toBe('0.5');
    expect(cleanAmount('12.', withDot)).toBe('12.');
    expect(cleanAmount('100', withDot)).toBe('100');
    expect(cleanAmount('10.0', withDot)).toBe('10.0');
    expect(cleanAmount('abc', withDot)).toBe('');
    expect(cleanAmount('', withDot)).toBe('');
  });

  it('drops every dot when the field takes no decimals', () => {
    expect(cleanAmount('1.5', noDot)).toBe('15');
    expect(cleanAmount('00.5', noDot)).toBe('5');
    expect(cleanAmount('0.0', noDot)).toBe('0');
    expect(cleanAmount('¥1,500', noDot)).toBe('1500');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(messyText, fc.boolean(), (text, allowDot) => {
        const once = cleanAmount(text, { allowDot });
        expect(cleanAmount(once, { allowDot })).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('outputs only digits and at most one dot, without leading zeros except "0" / "0."', () => {
    fc.assert(
      fc.property(messyText, fc.boolean(), (text, allowDot) => {
        const out = cleanAmount(text, { allowDot });
        expect(out).toMatch(/^[0-9.]*$/);
        expect(out.split('.').length).toBeLessThanOrEqual(2);
        expect(out).toMatch(/^((0|[1-9]\d*)(\.\d*)?)?$/);
        if (!allowDot) expect(out).not.toContain('.');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the value of text that already was numeric', () => {
    fc.assert(
      fc.property(digitString({ maxLength: 12 }), digitString({ maxLength: 6 }), fc.boolean(), (a, b, dot) => {
        const text = dot ? `${a}.${b}` : a;
        fc.pre(/\d/.test(text));
        expect(Number(cleanAmount(text, withDot))).toBe(Number(text));
      }),
    );
  });

  it('keeps every digit after the leading zeros when dots are not allowed', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const digits = text.replace(/[^0-9]/g, '');
        const out = cleanAmount(text, noDot);
        expect(BigInt(out || '0')).toBe(BigInt(digits || '0'));
        expect(out === '').toBe(digits === '');
      }),
    );
  });
});

describe('amountAllowsDot', () => {
  it('is false exactly for zero-decimal currencies, in any case', () => {
    expect(amountAllowsDot('sgd')).toBe(true);
    expect(amountAllowsDot('KWD')).toBe(true);
    expect(amountAllowsDot('JPY')).toBe(false);
    for (const { code } of CURRENCIES) {
      expect(amountAllowsDot(code), code).toBe(!ZERO_DECIMAL_CURRENCIES.includes(code));
    }
  });
});
