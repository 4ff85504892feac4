import { AppError, localDate, type CursorQuery } from '@merchant/core';
import { checkoutUrl, refundableAmount, type RefundInput, type RefundResult, type TransactionDetail, type TransactionFilters } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { ChargesService } from '../charges/charges.service';
import type { RefundDone } from '../charges/charges.types';
import type { LedgerService } from '../ledger/ledger.service';
import { integrationNames } from '../developers/integrations.read-model';
import { presentPayment } from '../payment.presenter';
import { presentEvent, presentRefund, TRANSACTION_CSV, transactionCsvRow } from './transactions.presenter';
import {
  cursorAfter,
  decodeTransactionCursor,
  encodeTransactionCursor,
  transactionsReadModel as repo,
  type TransactionCursor,
  type TransactionRowFilters,
} from '../charges/transactions.read-model';

/** Rows the CSV export reads per query while it streams. */
const EXPORT_BATCH = 500;

export function createTransactionsService(deps: {
  db: Executor;
  clock: Clock;
  charges: ChargesService;
  ledger: LedgerService;
  checkoutOrigin: string;
  /** Rows per query of the CSV export ({@link EXPORT_BATCH}; a test reads its batching with a few rows). */
  exportBatch?: number;
}) {
  const { db, clock, charges, ledger } = deps;
  const exportBatch = deps.exportBatch ?? EXPORT_BATCH;
  /** The names of the plugin integrations the rows are tagged with (one read, none when no row is tagged). */
  const namesOf = (businessId: string, rows: readonly { integrationId: string | null }[]) =>
    integrationNames(
      db,
      businessId,
      rows.flatMap((r) => (r.integrationId ? [r.integrationId] : [])),
    );

  return {
    async list(business: BusinessRow, query: TransactionFilters & CursorQuery) {
      const rows = await repo.page(db, business.id, query.tz ?? business.timeZone, query, query.limit, decodeTransactionCursor(query.cursor, query.sort));
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const names = await namesOf(business.id, page);
      return {
        data: page.map((row) => presentPayment(row, null, names)),
        next_cursor: rows.length > query.limit && last ? encodeTransactionCursor(cursorAfter(last, query.sort)) : null,
      };
    },

    /**
     * A page of the filtered payments as rows, for a caller that presents them itself (the public API's charges,
     * docs/developers.md), with the further filters it takes; days in the business's time zone.
     */
    async rows(business: BusinessRow, filters: TransactionRowFilters, limit: number, cursor?: string) {
      const rows = await repo.page(db, business.id, business.timeZone, filters, limit, decodeTransactionCursor(cursor, filters.sort));
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { rows: page, next_cursor: rows.length > limit && last ? encodeTransactionCursor(cursorAfter(last, filters.sort)) : null };
    },

    /**
     * Exactly the filtered list as CSV, in its order, read in keyset batches while it is sent: any number
     * of rows in flat memory.
     */
    exportCsv(business: BusinessRow, filters: TransactionRowFilters) {
      async function* lines(): AsyncGenerator<string> {
        yield TRANSACTION_CSV.head();
        let cursor: TransactionCursor | undefined;
        for (;;) {
          const rows = await repo.page(db, business.id, filters.tz ?? business.timeZone, filters, exportBatch, cursor);
          const batch = rows.slice(0, exportBatch);
          const names = await namesOf(business.id, batch);
          if (batch.length > 0) yield batch.map((r) => TRANSACTION_CSV.line(transactionCsvRow(presentPayment(r, null, names)))).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= exportBatch || !last) return;
          cursor = cursorAfter(last, filters.sort);
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `transactions-${business.identifier}-${date}.csv`, lines: lines() };
    },

    async get(businessId: string, paymentId: string): Promise<TransactionDetail> {
      const row = await charges.byId(businessId, paymentId);
      if (!row) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
      const [events, refunds, net, names] = await Promise.all([
        charges.events(businessId, paymentId),
        charges.refunds(businessId, paymentId),
        ledger.paymentNet(db, businessId, paymentId, row.currency),
        namesOf(businessId, [row]),
      ]);
      const refundable = refundableAmount({ status: row.status, amount: row.amount, refunded: row.refundedAmount });
      return {
        payment: presentPayment(row, null, names),
        events: events.map(presentEvent),
        refunds: refunds.map(presentRefund),
        refundable: { amount: refundable, currency: row.currency },
        net: { amount: net, currency: row.currency },
        // The page the customer's receipt mail links to (checkout.receipt): it exists once the payment succeeded.
        receipt_url: row.succeededAt && row.method ? checkoutUrl(deps.checkoutOrigin, 'receipt', row.publicId) : null,
      };
    },

    /** The answer of a keyed request is stored in the refund's transaction (http/context.ts, `IdempotentRequest`). */
    async refund(ctx: BusinessContext, paymentId: string, input: RefundInput): Promise<RefundResult> {
      const present = ({ payment, refund }: RefundDone): RefundResult => ({ payment: presentPayment(payment), refund: presentRefund(refund) });
      return present(await charges.refund(ctx, paymentId, input, async (tx, done) => ctx.idempotency?.answerIn(tx, present(done))));
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
