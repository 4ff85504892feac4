import { AppError, formatMoneyWithCode, localDate, minorToMajorString, type CursorQuery } from '@merchant/core';
import { TRANSFER_CSV_HEADER, type SendMoneyOverview, type TransferDetail, type TransferFilters, type TransferSettings } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertSendMoneyEnabled } from './send-money.feature';
import { presentTransfer, presentTransferEvent } from './send-money.presenter';
import { sendMoneyRepository as repo } from './send-money.repository';

const EXPORT_BATCH = 500;
const notFound = () => new AppError('TRANSFER_NOT_FOUND', 'Transfer not found.');
const money = (amount: number, currency: string) => formatMoneyWithCode(amount, currency);
/** The history CSV: amounts (major units) and the rate are numbers. */
const TRANSFER_CSV = csvTable(TRANSFER_CSV_HEADER, ['Amount sent', 'Fee', 'Amount received', 'Rate']);

/**
 * What send money shows (docs/payments.md, "send money"): the overview, the history with its CSV, a transfer's
 * detail, and the approval rule (read by everyone with `transfers:manage`, set with `settings:manage`).
 */
export function createTransferViewsService(deps: { db: Executor; clock: Clock; audit: AuditService; ledger: LedgerService }) {
  const { db, clock, audit, ledger } = deps;
  const views = {
    async list(business: BusinessRow, query: TransferFilters & CursorQuery) {
      assertSendMoneyEnabled(business);
      const rows = await repo.transferPage(db, business.id, business.timeZone, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentTransfer), next_cursor: page.nextCursor };
    },

    exportCsv(business: BusinessRow, filters: TransferFilters) {
      assertSendMoneyEnabled(business);
      const major = (amount: number, currency: string) => minorToMajorString(amount, currency);
      async function* lines(): AsyncGenerator<string> {
        yield TRANSFER_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.transferPage(db, business.id, business.timeZone, filters, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          const out = batch.map((r) => {
            const t = presentTransfer(r);
            return TRANSFER_CSV.line([
              t.created_at.replace('T', ' ').slice(0, 19),
              t.status,
              t.beneficiary.holder_name,
              `•••• ${t.beneficiary.account_last4}`,
              major(t.send.amount, t.send.currency),
              major(t.fee.amount, t.fee.currency),
              t.send.currency.toUpperCase(),
              major(t.receive.amount, t.receive.currency),
              t.receive.currency.toUpperCase(),
              t.rate,
              t.reference,
              t.requested_by?.name ?? null,
              t.reviewed_by?.name ?? null,
              t.id,
            ]);
          });
          if (out.length > 0) yield out.join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `transfers-${business.identifier}-${date}.csv`, lines: lines() };
    },

    async get(business: BusinessRow, id: string): Promise<TransferDetail> {
      assertSendMoneyEnabled(business);
      const row = await repo.findTransfer(db, business.id, id);
      if (!row) throw notFound();
      return { transfer: presentTransfer(row), events: (await repo.events(db, business.id, id)).map(presentTransferEvent) };
    },

    async settings(business: BusinessRow): Promise<TransferSettings> {
      assertSendMoneyEnabled(business);
      const amount = await repo.threshold(db, business.id);
      return { approval_threshold: amount === null ? null : { amount, currency: business.currency.toLowerCase() } };
    },

    async saveSettings(ctx: BusinessContext, threshold: number | null): Promise<TransferSettings> {
      const business = ctx.business.row;
      assertSendMoneyEnabled(business);
      await db.transaction(async (tx) => {
        await repo.saveThreshold(tx, business.id, threshold, clock.now());
        await audit.record(tx, ctx, {
          action: 'transfer_settings.updated',
          description:
            threshold === null
              ? 'Turned transfer approvals off'
              : `Transfers above ${money(threshold, business.currency.toLowerCase())} now need a second person's approval`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'business',
          objectId: business.id,
          meta: { approval_threshold: threshold },
        });
      });
      return views.settings(business);
    },

    async overview(business: BusinessRow): Promise<SendMoneyOverview> {
      assertSendMoneyEnabled(business);
      const own = business.currency.toLowerCase();
      const balances = (await ledger.balances(db, business.id)).map((b) => ({
        currency: b.currency,
        available: { amount: b.available, currency: b.currency },
      }));
      if (!balances.some((b) => b.currency === own)) balances.push({ currency: own, available: { amount: 0, currency: own } });
      balances.sort((a, b) => (a.currency === own ? -1 : b.currency === own ? 1 : a.currency.localeCompare(b.currency)));
      const recent = await repo.transferPage(db, business.id, business.timeZone, {}, 5);
      const awaiting = await repo.transfersWithStatus(db, business.id, 'awaiting_review', 50);
      return {
        balances,
        recent: recent.slice(0, 5).map(presentTransfer),
        awaiting_review: awaiting.map(presentTransfer),
        settings: await views.settings(business),
      };
    },
  };
  return views;
}

export type TransferViewsService = ReturnType<typeof createTransferViewsService>;
