import type { Intent } from '../processor/provider';
import type { PaymentRow } from './charges.repository';

/** A payment as the processor knows it (its reference, public id, amount, currency), for a call about it. */
export function intentOf(payment: PaymentRow, merchantName: string): Intent {
  return { ref: payment.providerRef ?? '', paymentPublicId: payment.publicId, amount: payment.amount, currency: payment.currency, merchantName };
}
