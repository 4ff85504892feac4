import { describe, expect, it } from 'vitest';
import { paymentInSentence } from './payment';

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
