import { describe, expect, it } from 'vitest';
import { TEST_CARDS, paymentInSentence } from './payment';
import { exchangeRateLabel } from './transfers';
import { receiptNumber } from './checkout';

/** Words the product writes for people (issue 25): names instead of ids and codes. */
describe('a payment named in a sentence', () => {
  it('names it by its customer, its description or its method, never its id', () => {
    expect(paymentInSentence({ customerName: 'Alice Tan', description: 'Lunch', method: 'card' })).toBe('payment from Alice Tan');
    expect(paymentInSentence({ customerName: null, description: 'Lunch for two', method: 'card' })).toBe('payment “Lunch for two”');
    expect(paymentInSentence({ customerName: null, description: null, method: 'card' })).toBe('card payment');
    expect(paymentInSentence({ customerName: null, description: null, method: 'paynow' })).toBe('PayNow QR payment');
    expect(paymentInSentence({ customerName: null, description: null, method: 'ewallet' })).toBe('e-wallet payment');
    expect(paymentInSentence({ customerName: null, description: null, method: null })).toBe('payment');
  });
});

describe("the checkout's test cards", () => {
  it('say what happens in words, without processor codes', () => {
    for (const card of TEST_CARDS) expect(card.outcome, card.number).not.toMatch(/\(|_/);
    expect(TEST_CARDS.map((c) => c.outcome)).toContain('is declined');
  });
});

describe('a transfer’s rate', () => {
  const sgd = { currency: 'sgd' };
  it('is one unit of what is sent in what is received, and none when both are one currency', () => {
    expect(exchangeRateLabel({ send: sgd, receive: { currency: 'usd' }, rate: '0.738' })).toBe('1 SGD = 0.738 USD');
    expect(exchangeRateLabel({ send: sgd, receive: sgd, rate: '1' })).toBeNull();
  });
});

describe("a receipt's number", () => {
  it('is eight digits in two groups, the same for one payment every time, and not its id', () => {
    const id = '0193a5c2-7b1e-7c3d-9f00-123456789abc';
    expect(receiptNumber(id)).toMatch(/^#\d{4}-\d{4}$/);
    expect(receiptNumber(id)).toBe(receiptNumber(id));
    const numbers = new Set(Array.from({ length: 1000 }, (_, i) => receiptNumber(`0193a5c2-7b1e-7c3d-9f00-${String(i).padStart(12, '0')}`)));
    expect(numbers.size).toBe(1000);
  });
});
