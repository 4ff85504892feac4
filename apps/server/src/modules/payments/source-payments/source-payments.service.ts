import type { Payment, PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { presentPayment } from '../payment.presenter';
import { sourcePaymentsRepository as repo } from './source-payments.repository';

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
    /** Captured payments of one source, oldest first, at most `limit`; rows, for callers that present them their own way. */
    captured: (businessId: string, type: PaymentSource, id: string, limit: number) => repo.captured(db, businessId, type, id, limit),
    hasAny: (executor: Executor, businessId: string, type: PaymentSource, id: string) => repo.hasAny(executor, businessId, type, id),
  };
}

export type SourcePaymentsService = ReturnType<typeof createSourcePaymentsService>;
