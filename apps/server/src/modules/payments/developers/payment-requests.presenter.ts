import { minorToMajorString } from '@merchant/core';
import type { PaymentLink, PaymentStatus, PublicPaymentRequest, PublicPaymentRequestStatus } from '@merchant/payments';
import type { ApiLink } from '@/modules/payments/payment-links/payment-links.service';
import type { StatusCheckPayment } from '@/modules/payments/source-payments/source-payments.service';
import { hitpayTime } from './webhook-events.presenter';

/** HitPay's payment request statuses, from a payment link's. */
const STATUS: Record<PaymentLink['status'], PublicPaymentRequest['status']> = {
  active: 'pending',
  completed: 'completed',
  expired: 'expired',
  cancelled: 'canceled',
};

/**
 * A payment link as HitPay's payment request (its published schema): the amount in major units as a string,
 * the currency in lower case as HitPay answers it, the link's hosted checkout as `url`. A field the link has no
 * value for is left out rather than answered null, since HitPay's document types them as strings.
 */
export function presentPaymentRequest({ link, customer_name, webhook }: ApiLink): PublicPaymentRequest {
  const answer: PublicPaymentRequest = {
    id: link.id,
    amount: link.amount === null ? '0.00' : minorToMajorString(link.amount, link.currency),
    currency: link.currency.toLowerCase(),
    is_currency_editable: false,
    status: STATUS[link.status],
    purpose: link.purpose,
    payment_methods: [],
    url: link.url,
    send_sms: false,
    send_email: false,
    allow_repeated_payments: !link.single_use,
    created_at: hitpayTime(new Date(link.created_at)),
    updated_at: hitpayTime(new Date(link.created_at)),
    staff_id: null,
    business_location_id: null,
  };
  if (customer_name) answer.name = customer_name;
  if (link.customer_email) answer.email = link.customer_email;
  if (link.customer_phone) answer.phone = link.customer_phone;
  if (link.reference) answer.reference_number = link.reference;
  if (link.redirect_url) answer.redirect_url = link.redirect_url;
  if (webhook) answer.webhook = webhook;
  if (link.expires_at) answer.expiry_date = hitpayTime(new Date(link.expires_at));
  return answer;
}

/** A payment's status as HitPay's payment request lists it (steps before an outcome are `pending`). */
export const PAYMENT_STATUS: Record<PaymentStatus, PublicPaymentRequestStatus['payments'][number]['status']> = {
  requires_payment_method: 'pending',
  processing: 'pending',
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  partially_refunded: 'partially_refunded',
  refunded: 'refunded',
  expired: 'canceled',
};

/** A payment of a payment request as HitPay's status check lists it: amounts and fees in major units as text. */
export function presentRequestPayment(p: StatusCheckPayment): PublicPaymentRequestStatus['payments'][number] {
  const text = (amount: number) => minorToMajorString(amount, p.currency);
  return {
    id: p.id,
    quantity: 1,
    status: PAYMENT_STATUS[p.status],
    buyer_name: p.customerName ?? '',
    buyer_phone: p.customerPhone ?? '',
    buyer_email: p.customerEmail ?? '',
    currency: p.currency.toLowerCase(),
    amount: text(p.amount),
    refunded_amount: text(p.refundedAmount),
    payment_type: p.method ?? '',
    fees: text(p.fee),
    created_at: hitpayTime(p.createdAt),
    updated_at: hitpayTime(p.updatedAt),
  };
}
