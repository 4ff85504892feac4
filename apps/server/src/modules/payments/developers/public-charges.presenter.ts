import { minorToMajorString } from '@merchant/core';
import {
  PAYMENT_METHOD_LABELS,
  type HitpayChargeStatus,
  type PaymentStatus,
  type PublicCharge,
  type PublicRefund,
  type StatementEntry,
} from '@merchant/payments';
import type { PaymentRow, RefundRow } from '@/modules/payments/charges/charges.types';
import { PAYMENT_STATUS } from './payment-requests.presenter';

/** Major units as the number HitPay's charges, refunds and balances answer (`70.56`). */
export const major = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

/** A time as HitPay's charges write it: `2024-09-04T16:05:21+08:00` (ours in UTC: `+00:00`). */
export const chargeTime = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

/** A time as HitPay's refunds write it: `2026-06-11T05:01:08.000000Z` (microseconds, UTC). */
const refundTime = (at: Date) => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/**
 * HitPay's charge status of a payment's: its payment requests' statuses (the steps before paying `pending`), but an
 * expired payment is `cancelled` here where the payment request writes `canceled` (HitPay's two spellings; docs/developers.md).
 */
const STATUS: Record<PaymentStatus, string> = { ...PAYMENT_STATUS, expired: 'cancelled' };

/** The payments' statuses a HitPay status filter means (`succeeded_manually` and `void` have none here). */
export const STATUSES_OF: Record<HitpayChargeStatus, PaymentStatus[]> = {
  success: ['succeeded'],
  succeeded: ['succeeded'],
  succeeded_manually: [],
  pending: ['requires_payment_method', 'processing', 'requires_action'],
  failed: ['failed'],
  refunded: ['refunded'],
  cancelled: ['expired'],
  partially_refunded: ['partially_refunded'],
  void: [],
};

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** No logo is hosted here: the logo names its method, its image URLs are empty (docs/developers.md). */
const logo = (method: string, displayName: string) => ({
  sm: '',
  md: '',
  lg: '',
  svg: '',
  svg_square: '',
  png_square: '',
  method,
  iconName: method,
  displayName,
});

function paymentMethod(p: PaymentRow): PublicCharge['payment_method'] {
  const name = p.method ?? '';
  const label = p.method ? PAYMENT_METHOD_LABELS[p.method] : '';
  const brand = p.method === 'card' ? (p.cardBrand ?? 'unknown') : name;
  const brandName = p.method === 'card' ? (BRAND_NAMES[brand] ?? 'Card') : label;
  const data =
    p.method === 'card'
      ? { brand: brandName, last4: p.cardLast4 ?? '', country_code: '', country: '' }
      : p.method === 'direct_debit'
        ? { brand: p.bankName ?? '', last4: p.bankLast4 ?? '', country_code: '', country: '' }
        : { brand: label, last4: '', country_code: '', country: '' };
  return {
    code: p.provider,
    name,
    type: 'charge',
    provider_reference: p.providerRef ?? '',
    display_logo: logo(brand, brandName),
    method_logo: logo(name, label),
    data,
  };
}

/**
 * A payment as HitPay's charge (its list's schema and its detail's): amounts in major units as numbers, the whole fee
 * as `discount_fee` (its share of the amount as `discount_fee_rate`, a percentage), the currency lower case. A value
 * the product does not have is `null` where either schema allows null, else `""` (docs/developers.md).
 */
export function presentCharge(p: PaymentRow): PublicCharge {
  const m = (amount: number) => major(amount, p.currency);
  const currency = p.currency.toLowerCase();
  const customer = p.customerName || p.customerEmail ? { name: p.customerName ?? '', email: p.customerEmail ?? '', phone_number: p.customerPhone ?? '' } : null;
  return {
    id: p.id,
    currency,
    home_currency: currency,
    exchange_rate: null,
    amount: m(p.amount),
    amount_without_fees: m(p.amount - p.fee),
    refunded_amount: m(p.refundedAmount),
    fixed_fee: 0,
    discount_fee: m(p.fee),
    discount_fee_rate: p.amount > 0 ? Math.round((p.fee / p.amount) * 10_000) / 100 : 0,
    remark: p.description ?? p.reference ?? '',
    status: STATUS[p.status],
    payment_method: paymentMethod(p),
    customer_id: p.customerId,
    customer,
    payment_request_id: p.sourceType === 'payment_link' ? p.sourceId : null,
    webhook_status: false,
    order_reference_number: p.reference ?? '',
    target_id: p.sourceId ?? '',
    target_type: p.sourceType,
    executor: null,
    location: null,
    channel: p.sourceType,
    admin_fee: false,
    terminal_id: null,
    closed_at: chargeTime(p.succeededAt ?? p.updatedAt),
    created_at: chargeTime(p.createdAt),
    updated_at: chargeTime(p.updatedAt),
  };
}

/**
 * A refund as HitPay's (`total_amount` is the payment's amount; who refunded by name when known). No processor fee is
 * charged on a refund here: `provider_fee` and its currency are left out, as values the product does not have.
 */
export function presentRefund(refund: RefundRow, payment: Pick<PaymentRow, 'amount' | 'method'>, refundedBy: string | null): PublicRefund {
  return {
    id: refund.id,
    ...(refundedBy ? { refunded_by: refundedBy } : {}),
    payment_id: refund.paymentId,
    amount_refunded: major(refund.amount, refund.currency),
    total_amount: major(payment.amount, refund.currency),
    currency: refund.currency.toLowerCase(),
    status: 'succeeded',
    payment_method: payment.method ?? '',
    refunded_at: refundTime(refund.createdAt),
    created_at: refundTime(refund.createdAt),
  };
}

/** A line of a balance's statement as HitPay's balance transaction: money in as `credit`, money out as `debit` (below zero). */
export function presentBalanceTransaction(entry: StatementEntry) {
  const { amount, currency } = entry.amount;
  return {
    datetime: chargeTime(new Date(entry.created_at)),
    description: entry.description,
    charge_id: entry.payment_id,
    order_id: null,
    payout_id: entry.source?.kind === 'payout' ? entry.source.id : null,
    transfer_id: entry.id,
    ...(amount < 0 ? { debit: major(amount, currency) } : {}),
    credit: amount > 0 ? major(amount, currency) : null,
    currency: currency.toUpperCase(),
  };
}
