import { fieldError, formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@merchant/payments';
import type { PaymentProvider } from '../processor/provider';

/** Refuses an amount outside what the provider takes by the method in the currency (a 422 on `amount`). */
export function assertWithinLimits(amount: number, currency: string, method: PaymentMethod, provider: PaymentProvider): void {
  const { min, max } = provider.limits(method, currency);
  if (amount < min || amount > max) {
    const range = `${formatMoneyWithCode(min, currency)} to ${formatMoneyWithCode(max, currency)}`;
    throw fieldError('PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'amount', `${PAYMENT_METHOD_LABELS[method]} payments take ${range}.`);
  }
}
