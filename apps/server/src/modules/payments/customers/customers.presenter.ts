import { FAILURE_MESSAGES, type CardBrand, type Customer, type Payment } from '@merchant/payments';
import type { CustomerPaymentRow, CustomerRow } from './customers.repository';

export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A payment row as the merchant's screens show it (`PaymentSchema`). */
export function presentPayment(row: CustomerPaymentRow): Payment {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const card =
    row.cardLast4 && row.cardExpMonth !== null && row.cardExpYear !== null
      ? { brand: (row.cardBrand ?? 'unknown') as CardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
      : null;
  return {
    id: row.id,
    status: row.status,
    amount: money(row.amount),
    fee: money(row.fee),
    net: money(row.net),
    refunded: money(row.refundedAmount),
    method: row.method,
    card,
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
    source: { type: row.sourceType, id: row.sourceId, label: null },
    reference: row.reference,
    description: row.description,
    failure: row.failureCode ? { code: row.failureCode, message: FAILURE_MESSAGES[row.failureCode] } : null,
    created_at: row.createdAt.toISOString(),
    succeeded_at: row.succeededAt?.toISOString() ?? null,
  };
}

/** The CSV row of a customer, in the order of `CUSTOMER_CSV_HEADER`. */
export const customerCsvRow = (c: Customer) => [c.name, c.email, c.phone, c.notes, c.created_at];
