import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckedBankAccountSchema, isAbaRoutingNumber, localAccountFormat, maskAccount } from './bank-accounts';

describe('the rules a bank account is checked by', () => {
  it('accepts an ABA routing number only when its weighted checksum is a multiple of 10', () => {
    expect(isAbaRoutingNumber('011000015')).toBe(true);
    expect(isAbaRoutingNumber('021000021')).toBe(true);
    expect(isAbaRoutingNumber('011000016')).toBe(false);
    expect(isAbaRoutingNumber('01100001')).toBe(false);
    // Changing any one digit of a valid number breaks the checksum (the weights 3, 7, 1 are prime to 10).
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = [...'011000015'].map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        expect(isAbaRoutingNumber(digits.join(''))).toBe(false);
      }),
    );
  });

  it('gives each country its own rule, an IBAN where the country uses one, letters and digits elsewhere', () => {
    expect(localAccountFormat('SG')).toMatchObject({ kind: 'rule', rule: { digits: [7, 14] } });
    expect(localAccountFormat('gb')).toMatchObject({ kind: 'rule', rule: { digits: [8, 8] } });
    expect(localAccountFormat('fr')).toEqual({ kind: 'iban' });
    expect(localAccountFormat('jp')).toEqual({ kind: 'generic' });
  });

  it('removes typed spaces and dashes and upper-cases codes before checking', () => {
    const parsed = CheckedBankAccountSchema.parse({
      type: 'cross_border',
      holder_name: 'Holder',
      bank_name: 'Bank',
      country: 'NL',
      currency: 'eur',
      swift_code: 'abna nl 2a',
      account_number: 'nl91 abna 0417 1643 00',
    });
    expect(parsed).toMatchObject({ country: 'nl', swift_code: 'ABNANL2A', account_number: 'NL91ABNA0417164300' });
  });

  it('shows only the last four characters', () => {
    expect(maskAccount('4300')).toBe('•••• 4300');
  });
});
