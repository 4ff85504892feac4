import type { PaymentSourceAdapter } from '../charges/charges.service';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/**
 * A subscription as the source of its periods' payments, for what a refund finishes (docs/payments.md,
 * "Refunds"): the refund is noted on the period whose payment it returns. Its charges are made under the
 * subscription's own lock (the scheduler's or the merchant's action), so there is nothing more to lock.
 */
export function createSubscriptionPaymentSource(): PaymentSourceAdapter {
  return {
    type: 'subscription',
    lockForPayment: async () => null,
    async paymentRefunded(tx, businessId, _subscriptionId, payment, refund) {
      await repo.noteRefund(tx, businessId, payment.id, refund.amount);
    },
  };
}
