import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import type { TestContext } from '../harness';
import { card } from './charges';

export interface PaymentOptions {
  amount: number;
  reference?: string;
  /** `id`: a customer of the business the payment is for (as an invoice's payment names its customer). */
  customer?: { id?: string; name?: string; email?: string };
  /** `succeeded` (card 4242), `failed` (declined card 0002), `pending` (PayNow waiting for its scan). */
  outcome?: 'succeeded' | 'failed' | 'pending';
  source?: 'pos' | 'payment_link';
  /** The source's id (a payment link's), so the payment counts among the link's. */
  sourceId?: string;
}

/** A payment made through the app's charges service, as the checkout makes it, at the clock's time. */
export async function makePayment(t: TestContext, businessId: string, options: PaymentOptions): Promise<PaymentRow> {
  const { charges } = t.services;
  const started = await charges.start({
    businessId,
    source: { type: options.source ?? 'pos', id: options.sourceId ?? null },
    amount: options.amount,
    currency: 'sgd',
    ...(options.customer ? { customer: options.customer } : {}),
    reference: options.reference ?? null,
  });
  const outcome = options.outcome ?? 'succeeded';
  const details = outcome === 'pending' ? { method: 'paynow' as const } : card(outcome === 'failed' ? '4000000000000002' : '4242424242424242');
  const { payment } = await charges.confirm(started.publicId, details);
  return payment;
}
