import { FAILURE_MESSAGES, PAYMENT_SOURCE_LABELS, type Payment, type PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { sourcePaymentsRepository as repo, type PaymentRow } from './source-payments.repository';

/** A payment row as the merchant's screens show it (`PaymentSchema`). */
export function presentPayment(row: PaymentRow, sourceLabel: string | null): Payment {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    status: row.status,
    amount: money(row.amount),
    fee: money(row.fee),
    net: money(row.net),
    refunded: money(row.refundedAmount),
    method: row.method,
    card:
      row.cardBrand && row.cardLast4 && row.cardExpMonth !== null && row.cardExpYear !== null
        ? {
            brand: row.cardBrand as NonNullable<Payment['card']>['brand'],
            last4: row.cardLast4,
            exp_month: row.cardExpMonth,
            exp_year: row.cardExpYear,
          }
        : null,
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
    source: { type: row.sourceType, id: row.sourceId, label: sourceLabel ?? PAYMENT_SOURCE_LABELS[row.sourceType] },
    reference: row.reference,
    description: row.description,
    failure: row.failureCode ? { code: row.failureCode, message: FAILURE_MESSAGES[row.failureCode] } : null,
    created_at: row.createdAt.toISOString(),
    succeeded_at: row.succeededAt?.toISOString() ?? null,
  };
}

/** Payments by their source, for the link and QR code screens. Read only. */
export function createSourcePaymentsService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async page(
      businessId: string,
      source: { type: PaymentSource; id: string; label: string },
      query: { limit: number; cursor?: string | undefined },
    ): Promise<{ data: Payment[]; next_cursor: string | null }> {
      const rows = await repo.page(db, businessId, source.type, source.id, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map((r) => presentPayment(r, source.label)), next_cursor: page.nextCursor };
    },
    /** Captured payments (count, gross) per source id; sources without any are absent. */
    paidBySource: (businessId: string, type: PaymentSource, ids: string[]) => repo.paidBySource(db, businessId, type, ids),
    hasAny: (executor: Executor, businessId: string, type: PaymentSource, id: string) => repo.hasAny(executor, businessId, type, id),
  };
}

export type SourcePaymentsService = ReturnType<typeof createSourcePaymentsService>;
