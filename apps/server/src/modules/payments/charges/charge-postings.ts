import { balanceOfProvider, paymentLedgerText } from '@merchant/payments';
import type { LedgerPosting } from '../ledger/ledger.service';
import type { PaymentRow } from './charges.repository';

/**
 * The ledger postings of a payment that succeeded (docs/payments.md, "The ledger"): the charge, customer funds
 * to the merchant's pending balance, and its fee (none when the fee is zero), posted together by `ledger.postMany`.
 */
export function chargePostings(payment: PaymentRow): LedgerPosting[] {
  const { currency, amount, fee } = payment;
  const balance = balanceOfProvider(payment.provider);
  const charge: LedgerPosting = {
    kind: 'charge',
    paymentId: payment.id,
    balance,
    description: paymentLedgerText('charge', payment),
    entries: [
      { account: 'customer_funds', currency, amount: -amount },
      { account: 'merchant_pending', currency, amount },
    ],
  };
  if (fee <= 0) return [charge];
  const feePosting: LedgerPosting = {
    kind: 'fee',
    paymentId: payment.id,
    balance,
    description: paymentLedgerText('fee', payment),
    entries: [
      { account: 'merchant_pending', currency, amount: -fee },
      { account: 'platform_fees', currency, amount: fee },
    ],
  };
  return [charge, feePosting];
}
