import { describe, expect, it } from 'vitest';
import { checkoutMethodsIn } from './payment';
import { sourceAmountLimits } from './payment-links';

describe('sourceAmountLimits', () => {
  it('counts only the methods that take the currency: PayNow is SGD only', () => {
    expect(checkoutMethodsIn('sgd')).toEqual(['card', 'paynow', 'ewallet']);
    expect(checkoutMethodsIn('usd')).toEqual(['card', 'ewallet']);
    expect(sourceAmountLimits('sgd')).toEqual({ min: 1, max: 99_999_999 });
    expect(sourceAmountLimits('usd')).toEqual({ min: 50, max: 99_999_999 });
    expect(sourceAmountLimits('kwd')).toEqual({ min: 500, max: 999_999_990 });
    expect(sourceAmountLimits('jpy').min).toBe(1);
  });
});
