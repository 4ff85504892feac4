import { AppError } from '@merchant/core';
import type { QrPayment, QrPaymentStatus } from '@merchant/pos';
import type { BusinessContext } from '@/http/context';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import { testModeOnly } from './terminals.shared';

function statusOf(payment: PaymentRow): QrPaymentStatus {
  switch (payment.status) {
    case 'succeeded':
    case 'partially_refunded':
    case 'refunded':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    default:
      return 'waiting';
  }
}

const notFound = () => new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');

/**
 * PayNow QR payments of the register (docs/pos.md, "PayNow QR"): a payment of source `pos` (no source id: the register
 * itself) confirmed with PayNow at once, so it waits in `requires_action` with the QR's payload, as the checkout's does.
 * The customer's bank app pays it (in test mode: the simulated scan, the checkout's); the register polls it, then names
 * it in the sale's `paynow` tender.
 */
export function createQrPaymentsService(deps: { charges: ChargesService; testMode: () => boolean }) {
  const { charges } = deps;

  async function present(payment: PaymentRow): Promise<QrPayment> {
    const action = await charges.nextAction(payment);
    return {
      payment_id: payment.id,
      status: statusOf(payment),
      amount: { amount: payment.amount, currency: payment.currency },
      qr_payload: action?.kind === 'paynow_qr' ? action.payload : null,
      created_at: payment.createdAt.toISOString(),
    };
  }

  /** The register's QR payment of the business (a PayNow payment of source `pos`), or 404. */
  async function find(businessId: string, paymentId: string): Promise<PaymentRow> {
    const payment = await charges.byId(businessId, paymentId);
    if (!payment || payment.sourceType !== 'pos' || payment.method !== 'paynow') throw notFound();
    return payment;
  }

  return {
    async start(ctx: BusinessContext, amount: number): Promise<QrPayment> {
      const businessId = ctx.business.row.id;
      const started = await charges.start({
        businessId,
        source: { type: 'pos', id: null },
        amount,
        currency: ctx.business.row.currency,
        description: 'Register PayNow QR',
      });
      // The PayNow method's limits, currency and setting are the confirm's checks (a field error on `amount` or `method`).
      const { payment } = await charges.confirm(started.publicId, { method: 'paynow' }, { passFeeToCustomer: false, where: ctx });
      return present(payment);
    },

    get: async (businessId: string, paymentId: string) => present(await find(businessId, paymentId)),

    /** Test mode: the customer's bank app scanned the QR and paid (the checkout's simulation). */
    async simulateScan(ctx: BusinessContext, paymentId: string): Promise<QrPayment> {
      if (!deps.testMode()) throw testModeOnly();
      const payment = await find(ctx.business.row.id, paymentId);
      const result = await charges.simulateQrScan(payment.publicId, ctx);
      return present(result.payment);
    },
  };
}

export type QrPaymentsService = ReturnType<typeof createQrPaymentsService>;
