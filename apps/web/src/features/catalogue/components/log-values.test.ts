import { describe, expect, it } from 'vitest';
import { logFieldLabel, logValue } from './log-values';

describe('a product log value in words', () => {
  it('writes money in the currency’s own decimals', () => {
    expect(logValue({ field: 'price', currency: 'sgd' }, '1250')).toBe('SGD 12.50');
    expect(logValue({ field: 'cost', currency: 'jpy' }, '1250')).toBe('JPY 1,250');
    expect(logValue({ field: 'compare_at_price', currency: 'kwd' }, '1250')).toBe('KWD 1.250');
  });

  it('names channels and statuses, and shows a missing value as a dash', () => {
    expect(logValue({ field: 'channels', currency: 'sgd' }, 'pos,online_store')).toBe('Point of sale, Online store');
    expect(logValue({ field: 'status', currency: 'sgd' }, 'archived')).toBe('Archived');
    expect(logValue({ field: 'name', currency: 'sgd' }, null)).toBe('—');
    expect(logFieldLabel('compare_at_price')).toBe('Compare-at price');
  });
});
