import { minorToMajorString } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { paymentRequestCompleted, paymentRequestFailed } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';
import type { CheckoutSource, CheckoutSourceAdapter } from '../checkout-source';
import type { PlatformPaymentHook, PlatformRefundHook } from '../platform-accounts/platform-fees.service';
import { statusAt } from './payment-links.presenter';
import { LEGACY_WEBHOOK_JOB, type LegacyWebhookJob } from './payment-links.types';
import { paymentLinksRepository as repo, type PaymentLinkRow } from './payment-links.repository';

/**
 * What the hosted checkout sees of a payment link (docs/payments.md, "Payment links and static QR codes"). A link
 * the checkout meets past its expiry is stored as expired; a single-use link is completed by its first payment.
 */
/** A payment request's `redirect_url` with HitPay's `reference` (the request's id) and `status`. */
function withReference(redirectUrl: string, id: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('reference', id);
  url.searchParams.set('status', 'completed');
  return url.toString();
}

export function createPaymentLinkCheckoutSource(deps: {
  clock: Clock;
  jobs: JobSender;
  /** Tags a payment with the plugin integration of the link (the charges service's, in the payment's transaction). */
  tagIntegration?: (tx: Executor, businessId: string, paymentId: string, integrationId: string) => Promise<void>;
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
  /** A platform's payment request (docs/developers.md, "Platform accounts"): its fee posted, its platform told. */
  onPlatformPayment?: PlatformPaymentHook | undefined;
  /** A refund of a payment a platform made: its charge.updated to the platform too. */
  onPlatformRefund?: PlatformRefundHook | undefined;
}): CheckoutSourceAdapter {
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
      // The checkout follows it after a successful payment only: a payment request (made through the public API)
      // tells its site which request was paid, as HitPay's does.
      redirectUrl: row.redirectUrl && row.apiKeyId ? withReference(row.redirectUrl, row.id) : row.redirectUrl,
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
    async onPaymentRefunded(tx, _businessId, _sourceId, payment) {
      // The fee's row says whether a platform made it: one read, and none for a business without platform links.
      await deps.onPlatformRefund?.(tx, payment);
    },
    async onPaymentFailed(tx, businessId, sourceId, payment) {
      if (!deps.webhooks) return;
      const found = await repo.find(tx, businessId, sourceId);
      if (found) await deps.webhooks.emit(tx, businessId, paymentRequestFailed(found.link, payment));
    },
    async onPaymentSucceeded(tx, businessId, sourceId, payment) {
      const row = await repo.lock(tx, businessId, sourceId);
      if (row?.singleUse && row.status === 'active') await repo.update(tx, businessId, sourceId, { status: 'completed', updatedAt: clock.now() });
      if (row?.integrationId && deps.tagIntegration) await deps.tagIntegration(tx, businessId, payment.id, row.integrationId);
      if (row) await deps.webhooks?.emit(tx, businessId, paymentRequestCompleted(row, payment));
      if (row?.platformLinkId && deps.onPlatformPayment) await deps.onPlatformPayment(tx, row, payment);
      // In the payment's transaction (the outbox rule): the callback is posted once the payment has committed.
      if (row?.webhookUrl && row.apiKeyId) {
        const fields = {
          payment_id: payment.id,
          payment_request_id: row.id,
          phone: payment.customerPhone ?? row.customerPhone ?? '',
          amount: minorToMajorString(payment.amount, payment.currency),
          currency: payment.currency.toUpperCase(),
          status: 'completed',
          reference_number: row.reference ?? '',
        };
        const job: LegacyWebhookJob = { business_id: businessId, api_key_id: row.apiKeyId, webhook_url: row.webhookUrl, fields };
        await deps.jobs.send(tx, LEGACY_WEBHOOK_JOB, job, { singletonKey: `${row.id}:${payment.id}`, retryLimit: 8 });
      }
    },
  };
}
