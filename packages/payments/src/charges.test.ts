import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardDetailsSchema, grossUpForFee, passesLuhn, PaymentMethodDetailsSchema } from './charges';
import { computeFee } from './method-pricing';
import { PAYMENT_METHODS } from './payment';

describe('passing the fee on to the customer', () => {
  it('asks the least gross amount whose net is exactly the asked amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...PAYMENT_METHODS),
        fc.constantFrom('sgd', 'jpy', 'kwd'),
        (asked, method, currency) => {
          const gross = grossUpForFee(asked, method, currency);
          expect(gross - computeFee(gross, method, currency)).toBe(asked);
          expect(gross - 1 - computeFee(gross - 1, method, currency)).toBeLessThan(asked);
        },
      ),
    );
  }, 20_000);
  it('adds 3.4% + 0.50 to a card payment', () => {
    expect(grossUpForFee(100_00, 'card', 'sgd')).toBe(104_04);
  });
});

describe('the direct-debit fee', () => {
  it("is 0.8% of the amount, at most the currency's cap (SGD 5.00, JPY 750, KWD 1.500: about USD 5 each)", () => {
    expect(computeFee(30_00, 'direct_debit', 'sgd')).toBe(24);
    expect(computeFee(625_00, 'direct_debit', 'sgd')).toBe(5_00);
    expect(computeFee(10_000_00, 'direct_debit', 'sgd')).toBe(5_00);
    expect(computeFee(1_000_000, 'direct_debit', 'jpy')).toBe(750);
    expect(computeFee(1_000_000, 'direct_debit', 'kwd')).toBe(1_500);
  });
});

describe('card details', () => {
  it('pass Luhn for the test cards and fail it for a typo', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000003220')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
  it('drop the spaces people type and read a two-digit year as 20xx', () => {
    expect(CardDetailsSchema.parse({ number: '4242 4242-4242 4242', exp_month: 4, exp_year: 31, cvc: ' 123 ' })).toEqual({
      number: '4242424242424242',
      exp_month: 4,
      exp_year: 2031,
      cvc: '123',
    });
  });
  it('refuse what is no card number, month or CVC', () => {
    const bad = PaymentMethodDetailsSchema.safeParse({ method: 'card', card: { number: '4242abc', exp_month: 13, exp_year: 2030, cvc: '12' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['card.cvc', 'card.exp_month', 'card.number']);
  });
});
