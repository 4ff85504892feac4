import { minorToMajorString } from '@merchant/core';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import type { WebhookEventInput } from './webhooks.service';

/** Times as HitPay writes them (`2026-11-01T09:00:00`, UTC here: docs/developers.md). */
const hitpayTime = (at: Date | null) => (at ? at.toISOString().slice(0, 19) : null);
const major = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

/** A payment as HitPay's charge object (the body of `charge.created` and `charge.updated`). */
export function chargeObject(payment: PaymentRow): Record<string, unknown> {
  return {
    id: payment.id,
    business_id: payment.businessId,
    status: payment.status,
    currency: payment.currency.toLowerCase(),
    amount: major(payment.amount, payment.currency),
    refunded_amount: major(payment.refundedAmount, payment.currency),
    fees: major(payment.fee, payment.currency),
    payment_type: payment.method,
    customer: { name: payment.customerName, email: payment.customerEmail, phone: payment.customerPhone },
    payment_request_id: payment.sourceType === 'payment_link' ? payment.sourceId : null,
    reference: payment.reference,
    created_at: hitpayTime(payment.createdAt),
    updated_at: hitpayTime(payment.updatedAt),
  };
}

export const chargeEvent = (type: 'charge.created' | 'charge.updated', payment: PaymentRow): WebhookEventInput => ({
  type,
  objectType: 'charge',
  objectId: payment.id,
  object: chargeObject(payment),
});

/** A paid payment request (payment link) with the payment that paid it (the body of `payment_request.completed`). */
export function paymentRequestCompleted(
  link: { id: string; businessId: string; purpose: string; reference: string | null; amount: number | null; currency: string; createdAt: Date },
  payment: PaymentRow,
): WebhookEventInput {
  return {
    type: 'payment_request.completed',
    objectType: 'payment_request',
    objectId: link.id,
    object: {
      id: link.id,
      business_id: link.businessId,
      status: 'completed',
      amount: minorToMajorString(link.amount ?? payment.amount, link.currency),
      currency: link.currency.toLowerCase(),
      purpose: link.purpose,
      reference_number: link.reference,
      payments: [chargeObject(payment)],
      created_at: hitpayTime(link.createdAt),
      updated_at: hitpayTime(payment.updatedAt),
    },
  };
}

/** A new invoice (the body of `invoice.created`): amounts in major units, HitPay's names where it has them. */
export function invoiceCreated(invoice: {
  id: string;
  businessId: string;
  number: number | string;
  status: string;
  customerId: string | null;
  currency: string;
  total: number;
  issueDate: string | Date | null;
  dueDate: string | Date | null;
  createdAt: Date;
}): WebhookEventInput {
  const day = (d: string | Date | null) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);
  return {
    type: 'invoice.created',
    objectType: 'invoice',
    objectId: invoice.id,
    object: {
      id: invoice.id,
      business_id: invoice.businessId,
      invoice_number: String(invoice.number),
      status: invoice.status,
      customer_id: invoice.customerId,
      currency: invoice.currency.toLowerCase(),
      amount: major(invoice.total, invoice.currency),
      invoice_date: day(invoice.issueDate),
      due_date: day(invoice.dueDate),
      created_at: hitpayTime(invoice.createdAt),
    },
  };
}

/** A payout made (the body of `payout.created`). */
export function payoutCreated(payout: {
  id: string;
  businessId: string;
  currency: string;
  amount: number;
  status: string;
  bankName: string;
  createdAt: Date;
  arrivesAt: Date | null;
}): WebhookEventInput {
  return {
    type: 'payout.created',
    objectType: 'payout',
    objectId: payout.id,
    object: {
      id: payout.id,
      business_id: payout.businessId,
      currency: payout.currency.toLowerCase(),
      amount: major(payout.amount, payout.currency),
      status: payout.status,
      bank_name: payout.bankName,
      created_at: hitpayTime(payout.createdAt),
      estimated_arrival_at: hitpayTime(payout.arrivesAt),
    },
  };
}
