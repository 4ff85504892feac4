import type { Payment, PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { presentPayment } from '../payment.presenter';
import { sourcePaymentsReadModel as repo } from '../charges/source-payments.read-model';

export type { StatusCheckPayment } from '../charges/source-payments.read-model';

/** Payments by their source, for the link and QR code screens and the checkout's card-testing limits. Read only. */
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
    /** A source's latest payments and its captured ones' count and gross (undefined for none), in one round trip. */
    statusCheck: (businessId: string, type: PaymentSource, id: string, limit: number, options?: { primary?: boolean }) =>
      repo.statusCheck(db, businessId, type, id, limit, options),
    /** Captured payments (count, gross) per source id; sources without any are absent. */
    paidBySource: (businessId: string, type: PaymentSource, ids: string[]) => repo.paidBySource(db, businessId, type, ids),
    /** Captured payments of one source, oldest first, at most `limit`; rows, for callers that present them their own way. */
    captured: (businessId: string, type: PaymentSource, id: string, limit: number) => repo.captured(db, businessId, type, id, limit),
    /** Payments of a source started after `since` that no confirm has paid or failed yet, counted up to `cap` (the checkout's start limit). */
    incompleteSince: (businessId: string, type: PaymentSource, id: string, since: Date, cap: number) =>
      repo.incompleteSince(db, businessId, type, id, since, cap),
    /** A source's card payments started after `since`: how many failed and how many were captured (the checkout's decline ratio). */
    cardOutcomesSince: (businessId: string, type: PaymentSource, id: string, since: Date) => repo.cardOutcomesSince(db, businessId, type, id, since),
    hasAny: (executor: Executor, businessId: string, type: PaymentSource, id: string) => repo.hasAny(executor, businessId, type, id),
  };
}

export type SourcePaymentsService = ReturnType<typeof createSourcePaymentsService>;
