import { describe, expect, it } from 'vitest';
import { checkoutMethodsIn } from './method-pricing';
import { isAllowedRedirectUrl, linkAsksFor, sourceAmountLimits } from './payment-links';

describe('sourceAmountLimits', () => {
  it('counts only the methods that take the currency: PayNow is SGD only', () => {
    expect(checkoutMethodsIn('sgd')).toEqual(['card', 'paynow', 'ewallet']);
    expect(checkoutMethodsIn('usd')).toEqual(['card', 'ewallet']);
    expect(sourceAmountLimits('sgd')).toEqual({ min: 1, max: 99_999_999 });
    expect(sourceAmountLimits('usd')).toEqual({ min: 50, max: 99_999_999 });
    expect(sourceAmountLimits('kwd')).toEqual({ min: 150, max: 299_999_999 });
    expect(sourceAmountLimits('jpy')).toEqual({ min: 50, max: 99_999_999 });
  });
});

describe('isAllowedRedirectUrl', () => {
  it('takes https anywhere, and plain http on the names localhost and *.localhost only', () => {
    for (const url of ['https://shop.example.com/thanks', 'https://127.0.0.1/x', 'http://localhost:5173/done', 'http://shop.localhost/ok']) {
      expect(isAllowedRedirectUrl(url), url).toBe(true);
    }
    for (const url of [
      'http://127.0.0.1:5173/done',
      'http://[::1]/',
      'http://2130706433/',
      'http://0.0.0.0/',
      'http://localhost.example.com/',
      'http://user:pass@localhost/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedRedirectUrl(url), url).toBe(false);
    }
  });
});

describe('linkAsksFor', () => {
  it('says what a link asks for in words, never its raw field names (issue 25: "Asks for: email")', () => {
    expect(linkAsksFor({ collect_email: true, collect_phone: false, collect_note: false })).toBe('Email address');
    expect(linkAsksFor({ collect_email: true, collect_phone: true, collect_note: true })).toBe('Email address, phone number, note');
    expect(linkAsksFor({ collect_email: false, collect_phone: true, collect_note: false })).toBe('Phone number');
    expect(linkAsksFor({ collect_email: false, collect_phone: false, collect_note: false })).toBe('Nothing extra');
  });
});
