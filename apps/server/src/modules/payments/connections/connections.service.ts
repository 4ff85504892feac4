import { AppError, addDays, fieldError, localDate, startOfLocalDay } from '@merchant/core';
import {
  ACCOUNTING_TOOLS,
  ACCOUNTING_TOOL_LABELS,
  MAPPING_FIELDS,
  type AccountMapping,
  type AccountingTool,
  type ConnectionDetail,
  type ConnectionSummary,
  type Journal,
  type JournalExportQuery,
  type SaveMappingBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { AccountingProviders } from './accounting-provider';
import { ledgerDayReadModel } from '@/modules/payments/ledger/accounting-day.read-model';
import { connectionsRepository as repo, type ConnectionRow, type JournalRow } from './connections.repository';
import { QUICKBOOKS_JOURNAL_CSV, XERO_JOURNAL_CSV, hasMovement, journalLines, narrationOf, quickbooksRows, xeroRows } from './journal';

const notConnected = () => new AppError('CONNECTION_NOT_CONNECTED', 'Connect the accounting tool first.');
const RECENT_JOURNALS = 60;

export function mappingOf(row: ConnectionRow): AccountMapping | null {
  const { salesAccount, feesAccount, refundsAccount, clearingAccount, bankAccount } = row;
  if (!salesAccount || !feesAccount || !refundsAccount || !clearingAccount || !bankAccount) return null;
  return {
    sales_account: salesAccount,
    fees_account: feesAccount,
    refunds_account: refundsAccount,
    clearing_account: clearingAccount,
    bank_account: bankAccount,
  };
}

export function presentJournal(row: JournalRow): Journal {
  return {
    id: row.id,
    day: row.day,
    currency: row.currency,
    status: row.status,
    totals: { sales: row.sales, fees: row.fees, refunds: row.refunds, payouts: row.payouts },
    lines: row.lines,
    external_id: row.externalId,
    error: row.error,
    posted_at: row.postedAt?.toISOString() ?? null,
  };
}

/**
 * Accounting connections (docs/developers.md, "Accounting connections"): connect a tool through its provider, map
 * five accounts from its chart, and post each past day's journal per currency exactly once (the daily schedule, or
 * "sync" of a chosen day). Connect, mapping, sync and disconnect are audited.
 */
export function createConnectionsService(deps: { db: Executor; clock: Clock; audit: AuditService; providers: AccountingProviders }) {
  const { db, clock, audit, providers } = deps;

  async function record(tx: Executor, ctx: BusinessContext, action: string, description: string, row: ConnectionRow, meta: object = {}) {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'accounting_connection',
      objectId: row.id,
      meta: { tool: row.tool, organisation: row.organisation, ...meta },
    });
  }

  async function summaryOf(tool: AccountingTool, row: ConnectionRow | null): Promise<ConnectionSummary> {
    return {
      tool,
      label: ACCOUNTING_TOOL_LABELS[tool],
      status: row ? 'connected' : 'not_connected',
      organisation: row?.organisation ?? null,
      connected_at: row?.connectedAt.toISOString() ?? null,
      mapped: row ? mappingOf(row) !== null : false,
      last_journal_day: row ? await repo.lastJournalDay(db, row.id) : null,
    };
  }

  async function detail(businessId: string, tool: AccountingTool): Promise<ConnectionDetail> {
    const row = await repo.find(db, businessId, tool);
    const journals = await repo.recentJournals(db, businessId, tool, RECENT_JOURNALS);
    return {
      ...(await summaryOf(tool, row)),
      chart: row ? await providers[tool].chartOfAccounts(row.externalTenantId) : [],
      mapping: row ? mappingOf(row) : null,
      journals: journals.map(presentJournal),
    };
  }

  /** Posts one claimed or failed journal through the provider, in the transaction that holds its row. */
  async function post(tx: Executor, connection: ConnectionRow, journal: JournalRow): Promise<void> {
    const reference = `${connection.id}:${journal.day}:${journal.currency}`;
    try {
      const { externalId } = await providers[connection.tool].postJournal(
        connection.externalTenantId,
        { day: journal.day, currency: journal.currency, narration: narrationOf(journal.day, journal.currency), lines: journal.lines },
        reference,
      );
      await repo.updateJournal(tx, journal.businessId, journal.id, { status: 'posted', externalId, error: null, postedAt: clock.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The tool refused the journal';
      await repo.updateJournal(tx, journal.businessId, journal.id, { status: 'failed', error: message.slice(0, 500) });
    }
  }

  /**
   * A connection's journals of one day of its business's zone, one per currency that moved: each claimed (the unique
   * key) and posted in one transaction, so two runs or two processes post it once; a failed one is posted again.
   */
  async function postDay(connection: ConnectionRow, timeZone: string, day: string): Promise<void> {
    const mapping = mappingOf(connection);
    if (!mapping) return;
    const { businessId } = connection;
    await db.transaction(async (tx) => {
      for (const failed of await repo.failedOf(tx, businessId, connection.id, day)) await post(tx, connection, failed);
    });
    const totals = await ledgerDayReadModel.totals(db, businessId, startOfLocalDay(day, timeZone), startOfLocalDay(addDays(day, 1), timeZone));
    for (const { currency, ...figures } of totals) {
      if (!hasMovement(figures)) continue;
      await db.transaction(async (tx) => {
        const claimed = await repo.claimJournal(tx, {
          businessId,
          id: newTimeOrderedId(),
          connectionId: connection.id,
          day,
          currency,
          status: 'failed',
          ...figures,
          lines: journalLines(figures, mapping),
          error: 'Not posted yet',
          createdAt: clock.now(),
        });
        if (claimed) await post(tx, connection, claimed);
      });
    }
  }

  async function connected(businessId: string, tool: AccountingTool): Promise<ConnectionRow> {
    const row = await repo.find(db, businessId, tool);
    if (!row) throw notConnected();
    return row;
  }

  return {
    async list(business: BusinessRow): Promise<ConnectionSummary[]> {
      const rows = await repo.activeOf(db, business.id);
      const out: ConnectionSummary[] = [];
      for (const tool of ACCOUNTING_TOOLS) out.push(await summaryOf(tool, rows.find((r) => r.tool === tool) ?? null));
      return out;
    },

    get: (business: BusinessRow, tool: AccountingTool) => detail(business.id, tool),

    async connect(ctx: BusinessContext, tool: AccountingTool): Promise<ConnectionDetail> {
      const business = ctx.business.row;
      if (await repo.find(db, business.id, tool)) return detail(business.id, tool);
      const auth = await providers[tool].authorise(business.id, business.name);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.insert(tx, {
          businessId: business.id,
          id: newTimeOrderedId(),
          tool,
          organisation: auth.organisation,
          externalTenantId: auth.tenantId,
          connectedByUserId: ctx.user.id,
          connectedAt: now,
          createdAt: now,
        });
        if (row) await record(tx, ctx, 'accounting_connection.connected', `Connected ${ACCOUNTING_TOOL_LABELS[tool]} (${row.organisation})`, row);
      });
      return detail(business.id, tool);
    },

    async saveMapping(ctx: BusinessContext, tool: AccountingTool, body: SaveMappingBody): Promise<ConnectionDetail> {
      const businessId = ctx.business.row.id;
      const current = await connected(businessId, tool);
      const chart = await providers[tool].chartOfAccounts(current.externalTenantId);
      for (const field of MAPPING_FIELDS) {
        const code = body[field].trim();
        if (!chart.some((a) => a.code === code)) throw fieldError('VALIDATION_FAILED', field, `Choose an account of the ${ACCOUNTING_TOOL_LABELS[tool]} chart`);
      }
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, businessId, tool);
        if (!row) throw notConnected();
        const saved = (await repo.update(tx, businessId, row.id, {
          salesAccount: body.sales_account.trim(),
          feesAccount: body.fees_account.trim(),
          refundsAccount: body.refunds_account.trim(),
          clearingAccount: body.clearing_account.trim(),
          bankAccount: body.bank_account.trim(),
        }))!;
        await record(tx, ctx, 'accounting_connection.mapping_saved', `Saved the account mapping of ${ACCOUNTING_TOOL_LABELS[tool]}`, saved, {
          mapping: mappingOf(saved),
        });
      });
      return detail(businessId, tool);
    },

    async sync(ctx: BusinessContext, tool: AccountingTool, day: string): Promise<ConnectionDetail> {
      const business = ctx.business.row;
      const row = await connected(business.id, tool);
      if (!mappingOf(row)) throw new AppError('CONNECTION_NOT_MAPPED', 'Map the accounts before posting journals.');
      if (day >= localDate(clock.now(), business.timeZone)) throw fieldError('VALIDATION_FAILED', 'day', 'Choose a day before today');
      await postDay(row, business.timeZone, day);
      await db.transaction(async (tx) => {
        await record(tx, ctx, 'accounting_connection.synced', `Posted the journals of ${day} to ${ACCOUNTING_TOOL_LABELS[tool]}`, row, { day });
      });
      return detail(business.id, tool);
    },

    async disconnect(ctx: BusinessContext, tool: AccountingTool): Promise<{ disconnected: true }> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, businessId, tool);
        if (!row) throw notConnected();
        const saved = (await repo.update(tx, businessId, row.id, { disconnectedAt: clock.now() }))!;
        await record(tx, ctx, 'accounting_connection.disconnected', `Disconnected ${ACCOUNTING_TOOL_LABELS[tool]} (${row.organisation})`, saved);
      });
      return { disconnected: true };
    },

    /** The daily schedule: every connected, mapped connection posts the day before `now` in its business's zone. */
    async postPreviousDay(now: Date): Promise<void> {
      for (const { connection, timeZone } of await repo.mappedForSync(db)) {
        await postDay(connection, timeZone, addDays(localDate(now, timeZone), -1));
      }
    },

    /** One day of one connection, and a business's mapped connections (the demo seed's past days). */
    postDay,
    mappedOf: (businessId: string) => repo.mappedForSync(db, businessId),

    async exportCsv(business: BusinessRow, tool: AccountingTool, query: JournalExportQuery) {
      const format = query.format ?? tool;
      const chart = await providers[tool].chartOfAccounts('');
      const journals = await repo.journalsBetween(db, business.id, tool, query.from, query.to);
      async function* lines(): AsyncGenerator<string> {
        const table = format === 'xero' ? XERO_JOURNAL_CSV : QUICKBOOKS_JOURNAL_CSV;
        yield table.head();
        for (const j of journals) {
          const rows = format === 'xero' ? xeroRows(j) : quickbooksRows(j, chart);
          yield rows.map((r) => table.line(r)).join('');
        }
      }
      return { filename: `${format}-journals-${business.identifier}-${query.from}-to-${query.to}.csv`, lines: lines() };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
