import { FAILURE_MESSAGES, receiptPaidWith, type BankAccountSummary, type CardBrand, type Payment } from '@merchant/payments';
import type { payments } from '@/db/schema';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment row as the merchant's screens show it (`PaymentSchema`): transactions, customers, the overview and
 * the payments of a link or QR code. `sourceLabel` names what asked for the money when the caller knows it.
 */
/** A direct debit's bank account as it may be shown (the bank's name, the account's last 4), else null. */
export function bankAccountOf(row: Pick<PaymentRow, 'method' | 'bankName' | 'bankLast4'>): BankAccountSummary | null {
  return row.method === 'direct_debit' && row.bankLast4 ? { bank: row.bankName ?? '', last4: row.bankLast4 } : null;
}

/** What paid a payment, as receipts say it ("Card ending 4242", "Direct debit from DBS, account ending 6789"). */
export function paidWith(row: Pick<PaymentRow, 'method' | 'cardLast4' | 'bankName' | 'bankLast4'>): string {
  if (!row.method) return '';
  return receiptPaidWith({ method: row.method, card: row.cardLast4 ? { last4: row.cardLast4 } : null, bank_account: bankAccountOf(row) });
}

/** What a payment of a deleted or unnamed plugin integration is called where its name is not read. */
const INTEGRATION_FALLBACK = 'Plugin integration';

/**
 * `integrationNames`: the names of the business's plugin integrations by id, where the caller read them
 * (Transactions); elsewhere a tagged payment is named {@link INTEGRATION_FALLBACK}.
 */
export function presentPayment(row: PaymentRow, sourceLabel: string | null = null, integrationNames?: ReadonlyMap<string, string>): Payment {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const card =
    row.cardLast4 && row.cardExpMonth !== null && row.cardExpYear !== null
      ? { brand: (row.cardBrand ?? 'unknown') as CardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
      : null;
  return {
    id: row.id,
    public_id: row.publicId,
    status: row.status,
    amount: money(row.amount),
    fee: money(row.fee),
    net: money(row.net),
    refunded: money(row.refundedAmount),
    method: row.method,
    card,
    bank_account: bankAccountOf(row),
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
    source: { type: row.sourceType, id: row.sourceId, label: sourceLabel },
    integration: row.integrationId ? { id: row.integrationId, name: integrationNames?.get(row.integrationId) ?? INTEGRATION_FALLBACK } : null,
    reference: row.reference,
    description: row.description,
    failure: row.failureCode ? { code: row.failureCode, message: FAILURE_MESSAGES[row.failureCode] } : null,
    created_at: row.createdAt.toISOString(),
    succeeded_at: row.succeededAt?.toISOString() ?? null,
  };
}
