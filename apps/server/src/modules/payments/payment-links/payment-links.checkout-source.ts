import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { CheckoutSource, CheckoutSourceAdapter } from '../checkout-source';
import { statusAt } from './payment-links.presenter';
import { paymentLinksRepository as repo, type PaymentLinkRow } from './payment-links.repository';

/**
 * What the hosted checkout sees of a payment link (docs/payments.md, "Payment links and static QR codes"). A link
 * the checkout meets past its expiry is stored as expired; a single-use link is completed by its first payment.
 */
export function createPaymentLinkCheckoutSource(deps: { clock: Clock }): CheckoutSourceAdapter {
  const { clock } = deps;

  function toSource(row: PaymentLinkRow): CheckoutSource {
    const status = statusAt(row, clock.now());
    return {
      businessId: row.businessId,
      sourceType: 'payment_link',
      sourceId: row.id,
      publicId: row.publicId,
      amount: row.amount,
      currency: row.currency,
      purpose: row.purpose,
      reference: row.reference,
      collect: { email: row.collectEmail, phone: row.collectPhone, note: row.collectNote },
      prefill: { email: row.customerEmail, phone: row.customerPhone },
      singleUse: row.singleUse,
      redirectUrl: row.redirectUrl,
      usable: status === 'active' ? true : { reason: status },
    };
  }

  async function fixExpiry(tx: Executor, row: PaymentLinkRow): Promise<void> {
    if (row.status === 'active' && statusAt(row, clock.now()) === 'expired') {
      await repo.update(tx, row.businessId, row.id, { status: 'expired', updatedAt: clock.now() });
    }
  }

  return {
    async checkoutSource(tx, publicId) {
      const row = await repo.findByPublicId(tx, publicId);
      if (!row) return null;
      await fixExpiry(tx, row);
      return toSource(row);
    },
    async byId(tx, businessId, sourceId) {
      const found = await repo.find(tx, businessId, sourceId);
      return found ? toSource(found.link) : null;
    },
    async lockForPayment(tx, businessId, sourceId) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (!row) return null;
      await fixExpiry(tx, row);
      return toSource(row);
    },
    async onPaymentSucceeded(tx, businessId, sourceId) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (row?.singleUse && row.status === 'active') await repo.update(tx, businessId, sourceId, { status: 'completed', updatedAt: clock.now() });
    },
  };
}
