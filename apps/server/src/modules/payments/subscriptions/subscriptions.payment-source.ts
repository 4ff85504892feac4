import type { Executor } from '@/db/client';
import type { PaymentRow } from '../charges/charges.types';
import type { PaymentSourceAdapter } from '../charges/charges.service';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/**
 * A subscription as the source of its periods' payments. A charge's outcome is recorded on its period by the
 * billing's `settled` (the request's or the reconciliation's outcome transaction); a refund is noted on the period
 * whose payment it returns (docs/payments.md, "Refunds"). Its charges are made under the subscription's own lock
 * (the scheduler's or the merchant's action), so there is nothing more to lock.
 */
export function createSubscriptionPaymentSource(
  settled: (tx: Executor, subscriptionId: string, payment: PaymentRow, data: Record<string, unknown>) => Promise<unknown>,
): PaymentSourceAdapter {
  return {
    type: 'subscription',
    lockForPayment: async () => null,
    savedChargeSettled: (tx, _businessId, subscriptionId, payment, data) => settled(tx, subscriptionId, payment, data),
    async paymentRefunded(tx, businessId, _subscriptionId, payment, refund) {
      await repo.noteRefund(tx, businessId, payment.id, refund.amount);
    },
  };
}
