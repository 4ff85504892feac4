import { balanceOfProvider } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { PaymentRow } from '../charges/charges.types';
import { chargeEvent } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';
import type { LedgerService } from '../ledger/ledger.service';
import { platformAccountsRepository as repo } from './platform-accounts.repository';

/** What a platform's payment request carries (`payment_links.platform_link_id`, `platform_fee`). */
export interface PlatformRequest {
  platformLinkId: string | null;
  platformFee: number | null;
}

export type PlatformPaymentHook = (tx: Executor, request: PlatformRequest, payment: PaymentRow) => Promise<void>;
/** What a refund of a payment made through a platform tells the platform (its `charge.updated`). */
export type PlatformRefundHook = (tx: Executor, payment: PaymentRow) => Promise<void>;

/**
 * What a paid platform payment request finishes, in the payment's transaction (docs/developers.md, "Platform
 * accounts"): the platform fee leaves the linked business's pending balance (and its payment's net, so settlement
 * moves the rest) and reaches the platform's wallet balance, through `platform_fee_transfers`, which the two
 * ledgers' entries sum to zero in; the fee's row (written for a fee of 0 too: it is the platform's list of the
 * payments it made); and `charge.created` to the platform's webhooks. A link ended since the request was made takes
 * nothing and hears nothing.
 */
export function createPlatformPaymentHook(deps: {
  clock: Clock;
  ledger: LedgerService;
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
  takePlatformFee: (tx: Executor, businessId: string, paymentId: string, fee: number) => Promise<void>;
}): PlatformPaymentHook {
  return async (tx, request, payment) => {
    if (!request.platformLinkId || request.platformFee === null) return;
    const link = await repo.linkForPayment(tx, payment.businessId, request.platformLinkId);
    if (!link || link.status !== 'active') return;
    const { currency } = payment;
    // Never more than the payment leaves the business after its processing fee.
    const fee = Math.max(0, Math.min(request.platformFee, payment.net));
    const id = newId();
    if (fee > 0) {
      const description = `Platform fee of payment ${payment.publicId}`;
      await deps.ledger.post(tx, payment.businessId, {
        kind: 'platform_fee',
        paymentId: payment.id,
        balance: balanceOfProvider(payment.provider),
        description,
        entries: [
          { account: 'merchant_pending', currency, amount: -fee },
          { account: 'platform_fee_transfers', currency, amount: fee },
        ],
      });
      await deps.takePlatformFee(tx, payment.businessId, payment.id, fee);
      await deps.ledger.post(tx, link.platformBusinessId, {
        kind: 'platform_fee',
        reference: { type: 'platform_fee', id },
        balance: 'wallet',
        description,
        entries: [
          { account: 'platform_fee_transfers', currency, amount: -fee },
          { account: 'merchant_available', currency, amount: fee },
        ],
      });
    }
    await repo.insertFee(tx, {
      businessId: link.platformBusinessId,
      id,
      linkId: link.id,
      linkedBusinessId: payment.businessId,
      paymentId: payment.id,
      paymentAmount: payment.amount,
      fee,
      currency,
      createdAt: deps.clock.now(),
    });
    await deps.webhooks?.emit(tx, link.platformBusinessId, chargeEvent('charge.created', payment));
  };
}

/**
 * A refund of a payment made through a platform (its fee's row says so), in the refund's transaction: its
 * `charge.updated` goes to the platform's webhook endpoints too while the link is active (an ended link hears
 * nothing more of the business). The fee stays the platform's (docs/decisions.md, "Platform accounts: the public
 * API path, refunds and invoices"): the linked business bears the refund, so the ledgers are not touched.
 */
export function createPlatformRefundHook(deps: { webhooks?: Pick<WebhooksService, 'emit'> | undefined }): PlatformRefundHook {
  return async (tx, payment) => {
    const platformBusinessId = await repo.activePlatformOfPayment(tx, payment.businessId, payment.id);
    if (platformBusinessId) await deps.webhooks?.emit(tx, platformBusinessId, chargeEvent('charge.updated', payment));
  };
}
