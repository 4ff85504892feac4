import { describe, expect, it } from 'vitest';
import { payNowPayload } from './paynow-qr';

/** The amount field (id 54) of an EMVCo payload: two-digit id, two-digit length, value. */
function amountField(payload: string): string | null {
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (id === '54') return payload.slice(i + 4, i + 4 + length);
    i += 4 + length;
  }
  return null;
}

describe('the PayNow QR payload', () => {
  it('writes the amount as exact decimal text from the minor units, large amounts and single cents included', () => {
    const payload = (amount: number) => payNowPayload({ uen: '201234567A', amount, currency: 'sgd', merchantName: 'Demo', reference: 'pay_X' });
    expect(amountField(payload(1))).toBe('0.01');
    expect(amountField(payload(12_30))).toBe('12.30');
    expect(amountField(payload(200_000_00))).toBe('200000.00');
    expect(amountField(payload(9_007_199_254_740_991))).toBe('90071992547409.91');
  });
});
