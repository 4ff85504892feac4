import type { Order } from '@merchant/catalogue';
import { minorToMajorString } from '@merchant/core';
import { FAILURE_MESSAGES, maskAccount, type TransferEventType, type WebhookEventType } from '@merchant/payments';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import type { WebhookEventInput } from './webhooks.service';

/** Times as HitPay writes them (`2026-11-01T09:00:00`, UTC here: docs/developers.md). */
export function hitpayTime(at: Date): string;
export function hitpayTime(at: Date | null): string | null;
export function hitpayTime(at: Date | null): string | null {
  return at ? at.toISOString().slice(0, 19) : null;
}
/** An amount in minor units as HitPay's number in major units (`1250` SGD is `12.5`). */
export const major = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

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

/** Why a failed payment failed, as the charge object of `charge.failed` adds it (null before it has failed). */
const failureOf = (payment: PaymentRow) => ({
  failure_code: payment.failureCode,
  failure_message: payment.failureCode ? FAILURE_MESSAGES[payment.failureCode] : null,
});

/** A failed payment attempt (the body of `charge.failed`): the charge object, status `failed`, and why it failed. */
export const chargeFailed = (payment: PaymentRow): WebhookEventInput => ({
  type: 'charge.failed',
  objectType: 'charge',
  objectId: payment.id,
  object: { ...chargeObject(payment), ...failureOf(payment) },
});

/** What a payment request event tells of its link. */
interface PaymentRequestFields {
  id: string;
  businessId: string;
  purpose: string;
  reference: string | null;
  amount: number | null;
  currency: string;
  createdAt: Date;
}

/** HitPay's payment request object with the one payment the event is about. */
function paymentRequestObject(link: PaymentRequestFields, payment: PaymentRow, status: 'completed' | 'failed', charge: Record<string, unknown>) {
  return {
    id: link.id,
    business_id: link.businessId,
    status,
    amount: minorToMajorString(link.amount ?? payment.amount, link.currency),
    currency: link.currency.toLowerCase(),
    purpose: link.purpose,
    reference_number: link.reference,
    payments: [charge],
    created_at: hitpayTime(link.createdAt),
    updated_at: hitpayTime(payment.updatedAt),
  };
}

/** A paid payment request (payment link) with the payment that paid it (the body of `payment_request.completed`). */
export function paymentRequestCompleted(link: PaymentRequestFields, payment: PaymentRow): WebhookEventInput {
  return {
    type: 'payment_request.completed',
    objectType: 'payment_request',
    objectId: link.id,
    object: paymentRequestObject(link, payment, 'completed', chargeObject(payment)),
  };
}

/**
 * A failed payment attempt on a payment request (the body of `payment_request.failed`): status `failed` and the failed
 * payment with why it failed. The link itself still takes payments: another attempt may pay it.
 */
export function paymentRequestFailed(link: PaymentRequestFields, payment: PaymentRow): WebhookEventInput {
  return {
    type: 'payment_request.failed',
    objectType: 'payment_request',
    objectId: link.id,
    object: paymentRequestObject(link, payment, 'failed', { ...chargeObject(payment), ...failureOf(payment) }),
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

/** HitPay's event of each step of a transfer (send money), or none (an approval is followed by `processing`). */
const TRANSFER_WEBHOOK: Partial<Record<TransferEventType, WebhookEventType>> = {
  created: 'transfer.created',
  awaiting_review: 'transfer.updated',
  processing: 'transfer.processing',
  completed: 'transfer.paid',
  failed: 'transfer.failed',
  rejected: 'transfer.canceled',
  cancelled: 'transfer.canceled',
};

/** What a transfer event tells of a transfer (send money's row). */
interface TransferFields {
  id: string;
  businessId: string;
  beneficiaryId: string;
  beneficiaryName: string;
  beneficiaryBank: string;
  accountNumber: string;
  targetCurrency: string;
  receiveAmount: number;
  sourceCurrency: string;
  sendAmount: number;
  fee: number;
  reference: string | null;
  status: string;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A transfer as HitPay's transfer object (the body of `transfer.*`), amounts in major units. */
export function transferEvent(step: TransferEventType, row: TransferFields): WebhookEventInput | null {
  const type = TRANSFER_WEBHOOK[step];
  if (!type) return null;
  return {
    type,
    objectType: 'transfer',
    objectId: row.id,
    object: {
      id: row.id,
      business_id: row.businessId,
      beneficiary: {
        id: row.beneficiaryId,
        holder_name: row.beneficiaryName,
        bank_name: row.beneficiaryBank,
        account_number: maskAccount(row.accountNumber.slice(-4)),
      },
      payment_currency: row.targetCurrency.toLowerCase(),
      payment_amount: major(row.receiveAmount, row.targetCurrency),
      source_currency: row.sourceCurrency.toLowerCase(),
      source_amount: major(row.sendAmount, row.sourceCurrency),
      fee: major(row.fee, row.sourceCurrency),
      remark: row.reference,
      status: row.status,
      failure_reason: row.failureReason,
      created_at: hitpayTime(row.createdAt),
      updated_at: hitpayTime(row.updatedAt),
    },
  };
}

/** An order of the online store or the point of sale, as `order.created` and `order.updated` tell of it. */
export interface OrderEventInput {
  id: string;
  businessId: string;
  /** HitPay's `channel`: `online_store` or `point_of_sale`. */
  channel: 'online_store' | 'point_of_sale';
  reference: string;
  status: string;
  fulfilmentStatus: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refunded: number;
  customer: { name: string | null; email: string | null; phone: string | null } | null;
  lines: { name: string; variant: string | null; quantity: number; unitPrice: number; total: number }[];
  locationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** HitPay's order object (the body of `order.*`), amounts in major units, HitPay's names where it has them. */
export function orderEvent(type: 'order.created' | 'order.updated', order: OrderEventInput): WebhookEventInput {
  const m = (amount: number) => major(amount, order.currency);
  return {
    type,
    objectType: 'order',
    objectId: order.id,
    object: {
      id: order.id,
      business_id: order.businessId,
      channel: order.channel,
      reference: order.reference,
      status: order.status,
      fulfilment_status: order.fulfilmentStatus,
      currency: order.currency.toLowerCase(),
      customer: order.customer,
      location_id: order.locationId,
      line_items: order.lines.map((l) => ({ name: l.name, variant: l.variant, quantity: l.quantity, price: m(l.unitPrice), total: m(l.total) })),
      subtotal: m(order.subtotal),
      total_discount_amount: m(order.discount),
      shipping_amount: m(order.shipping),
      line_item_tax_amount: m(order.tax),
      amount: m(order.total),
      refunded_amount: m(order.refunded),
      created_at: hitpayTime(order.createdAt),
      updated_at: hitpayTime(order.updatedAt),
    },
  };
}

/** A store order (`StoreOrderRow`) as an order event's input. */
export function storeOrderInput(row: {
  id: string;
  businessId: string;
  reference: string;
  status: string;
  fulfilment: string;
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refundedAmount: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  lines: { name: string; variant: string | null; quantity: number; unit_price: number; total: number }[];
  locationId: string;
  createdAt: Date;
  updatedAt: Date;
}): OrderEventInput {
  return {
    id: row.id,
    businessId: row.businessId,
    channel: 'online_store',
    reference: row.reference,
    status: row.status,
    fulfilmentStatus: row.fulfilment,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    shipping: row.shipping,
    tax: row.tax,
    total: row.total,
    refunded: row.refundedAmount,
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    lines: row.lines.map((l) => ({ name: l.name, variant: l.variant, quantity: l.quantity, unitPrice: l.unit_price, total: l.total })),
    locationId: row.locationId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A point of sale order (the register's `Order` answer) as an order event's input; `at` is the change's time. */
export function posOrderInput(order: Order, businessId: string, at: Date): OrderEventInput {
  return {
    id: order.id,
    businessId,
    channel: 'point_of_sale',
    reference: `#${order.number}`,
    status: order.status,
    fulfilmentStatus: null,
    currency: order.total.currency,
    subtotal: order.subtotal.amount,
    discount: order.discount.amount,
    shipping: 0,
    tax: order.tax.amount,
    total: order.total.amount,
    refunded: order.refunded.amount,
    customer: order.customer ? { name: order.customer.name, email: null, phone: null } : null,
    lines: order.lines.map((l) => ({ name: l.name, variant: null, quantity: l.quantity, unitPrice: l.unit_price.amount, total: l.total.amount })),
    locationId: order.location.id,
    createdAt: new Date(order.created_at),
    updatedAt: at,
  };
}

/**
 * A subscription as HitPay's recurring billing object (the body of `recurring_billing.*`), amounts in major units;
 * `methodKind`/`methodBrand` say which saved method pays it (null before one is saved).
 */
export function recurringBillingEvent(
  type: 'recurring_billing.subscription_updated' | 'recurring_billing.method_attached',
  sub: {
    id: string;
    businessId: string;
    customerId: string;
    planId: string | null;
    name: string;
    amount: number;
    currency: string;
    interval: string;
    cyclesTotal: number | null;
    cyclesDone: number;
    status: string;
    nextChargeAt: Date | null;
    cancelAtPeriodEnd: boolean;
    methodKind: string | null;
    methodBrand: string | null;
    createdAt: Date;
    updatedAt: Date;
  },
): WebhookEventInput {
  return {
    type,
    objectType: 'recurring_billing',
    objectId: sub.id,
    object: {
      id: sub.id,
      business_id: sub.businessId,
      business_recurring_plans_id: sub.planId,
      customer_id: sub.customerId,
      name: sub.name,
      cycle: sub.interval,
      currency: sub.currency.toLowerCase(),
      amount: major(sub.amount, sub.currency),
      times_to_be_charged: sub.cyclesTotal,
      times_charged: sub.cyclesDone,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      next_charge_at: hitpayTime(sub.nextChargeAt),
      payment_method: sub.methodKind ? { type: sub.methodKind, brand: sub.methodBrand } : null,
      created_at: hitpayTime(sub.createdAt),
      updated_at: hitpayTime(sub.updatedAt),
    },
  };
}
