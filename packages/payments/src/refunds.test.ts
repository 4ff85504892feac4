import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundableAmount } from './charges';
import { invoiceDebitOfRefund, statusAfterRefund } from './invoices';
import { PAYMENT_STATUSES } from './payment';

describe('what is left to refund', () => {
  it('is the amount less what was refunded, and nothing unless the payment succeeded or was refunded in part', () => {
    expect(refundableAmount({ status: 'succeeded', amount: 40_00, refunded: 0 })).toBe(40_00);
    expect(refundableAmount({ status: 'partially_refunded', amount: 40_00, refunded: 15_00 })).toBe(25_00);
    for (const status of PAYMENT_STATUSES.filter((s) => s !== 'succeeded' && s !== 'partially_refunded')) {
      expect(refundableAmount({ status, amount: 40_00, refunded: 0 }), status).toBe(0);
    }
  });
});

describe('what a refund takes off an invoice', () => {
  it('takes the credited part first and the fee the customer paid last: the refunds of a payment never take more than it credited', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 6 }),
        (credited, fee, parts) => {
          let refunded = 0;
          let taken = 0;
          for (const part of parts) {
            const refund = Math.min(part, credited + fee - refunded);
            if (refund <= 0) break;
            const debit = invoiceDebitOfRefund(credited, refunded, refund);
            expect(debit).toBeGreaterThanOrEqual(0);
            expect(debit).toBeLessThanOrEqual(refund);
            refunded += refund;
            taken += debit;
            expect(taken).toBe(Math.min(refunded, credited));
          }
        },
      ),
    );
  });

  it('leaves an invoice partially paid, paid or refunded by what stays paid; a draft or void one as it is', () => {
    expect(statusAfterRefund('paid', 100_00, 70_00)).toBe('partially_paid');
    expect(statusAfterRefund('paid', 100_00, 0)).toBe('refunded');
    expect(statusAfterRefund('paid', 100_00, 100_00)).toBe('paid');
    expect(statusAfterRefund('void', 100_00, 0)).toBe('void');
  });
});
