import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
  PAYMENT_STATUS_LABELS,
  TRANSACTION_CSV_HEADER,
  type Payment,
  type PaymentEvent,
  type Refund,
} from '@merchant/payments';
import { minorToMajorString } from '@merchant/core';
import { csvTable } from '@/lib/csv';
import type { PaymentEventRow, RefundRow } from '../charges/charges.types';

export function presentRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    payment_id: row.paymentId,
    amount: { amount: row.amount, currency: row.currency },
    reason: row.reason,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentEvent(row: PaymentEventRow): PaymentEvent {
  return { id: row.id, type: row.type, data: row.data, created_at: row.createdAt.toISOString() };
}

/** The transactions CSV: its amounts are numbers (major units). */
export const TRANSACTION_CSV = csvTable(TRANSACTION_CSV_HEADER, ['Amount', 'Fee', 'Net', 'Refunded']);

/** The CSV row of a payment, in the order of `TRANSACTION_CSV_HEADER`. */
export function transactionCsvRow(p: Payment): (string | null)[] {
  const major = (amount: number) => minorToMajorString(amount, p.amount.currency);
  return [
    p.id,
    p.created_at,
    PAYMENT_STATUS_LABELS[p.status],
    major(p.amount.amount),
    major(p.fee.amount),
    major(p.net.amount),
    major(p.refunded.amount),
    p.amount.currency.toUpperCase(),
    p.method ? PAYMENT_METHOD_LABELS[p.method] : null,
    p.card ? `${p.card.brand} ${p.card.last4}` : p.bank_account ? `${p.bank_account.bank} ${p.bank_account.last4}` : null,
    p.customer.name,
    p.customer.email,
    PAYMENT_SOURCE_LABELS[p.source.type],
    p.reference,
    p.integration?.name ?? null,
  ];
}
