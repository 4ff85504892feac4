import { AppError, localDate, minorToMajorString, startOfLocalDay, type CursorQuery } from '@merchant/core';
import {
  hasBalance,
  LEDGER_KIND_LABELS,
  STATEMENT_CSV_HEADER,
  type BalanceAmounts,
  type BalanceKind,
  type BalanceView,
  type LedgerAccount,
  type StatementAccount,
  type StatementEntry,
  type StatementFilters,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import { lineDescription, statementSources, type LineSource } from './statement-sources';
import { balancesReadModel as repo, type EntryKey, type StatementPageRow, type StatementRow, type StatementWindow } from '../ledger/balances.read-model';

const EXPORT_BATCH = 500;

const ACCOUNTS: Record<StatementAccount, LedgerAccount> = {
  pending: 'merchant_pending',
  available: 'merchant_available',
  in_transit: 'merchant_in_transit',
};

/** What the balance answer sums per currency: the statement's accounts and the transfers' (held, in transit). */
const AMOUNT_ACCOUNTS: Record<keyof Omit<BalanceAmounts, 'currency'>, LedgerAccount> = {
  ...ACCOUNTS,
  transfer_held: 'merchant_transfer_held',
  transfer_in_transit: 'merchant_transfer_in_transit',
};

const balanceSums = repo.sums('balances_sums', Object.values(AMOUNT_ACCOUNTS));

const notFound = () => new AppError('BALANCE_NOT_FOUND', 'This balance is not available for the business.');

function presentEntry(row: StatementRow, currency: string, line: LineSource | undefined): StatementEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    description: row.description,
    amount: { amount: row.amount, currency },
    running_balance: { amount: row.running, currency },
    payment_id: row.paymentId,
    source: line?.source ?? null,
  };
}

/** The statement CSV: money in, money out and the balance after (below zero after refunds) are numbers. */
const STATEMENT_CSV = csvTable(STATEMENT_CSV_HEADER, ['Money in', 'Money out', 'Balance after']);

/** Amounts in and out are unsigned, as on a bank statement; the balance after an entry is signed. */
function entryCsvRow(entry: StatementEntry, line: LineSource | undefined): (string | number)[] {
  const major = (amount: number) => minorToMajorString(amount, entry.amount.currency);
  return [
    entry.created_at,
    LEDGER_KIND_LABELS[entry.kind],
    lineDescription(entry, line),
    line?.reference ?? '',
    entry.amount.currency.toUpperCase(),
    entry.amount.amount > 0 ? major(entry.amount.amount) : '',
    entry.amount.amount < 0 ? major(-entry.amount.amount) : '',
    major(entry.running_balance.amount),
    entry.id,
  ];
}

/**
 * The balance pages (docs/payments.md, "balances and bank accounts"): every figure is a sum of ledger
 * entries at the time of the request; nothing here writes.
 */
export function createBalancesService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  /** A balance the business does not have (spec 2's conditions) is answered as missing. */
  function assertHas(business: BusinessRow, kind: BalanceKind): void {
    const flags = { stripe_enabled: business.stripeEnabled, xendit_enabled: business.xenditEnabled, active_providers: business.activeProviders };
    if (!hasBalance(kind, flags)) throw notFound();
  }

  function windowOf(business: BusinessRow, filters: StatementFilters): StatementWindow {
    const zone = business.timeZone;
    return {
      account: ACCOUNTS[filters.account],
      currency: filters.currency ?? business.currency,
      kind: filters.kind,
      since: filters.from ? startOfLocalDay(filters.from, filters.tz ?? zone) : undefined,
      before: filters.to ? startOfLocalDay(filters.to, filters.tz ?? zone, 1) : undefined,
    };
  }

  /**
   * The account's balance just after each row (rows newest first, contiguous in the filtered order). The first
   * row's comes from the daily rollup (or is carried from the row before it, `carry`, in an export), and each
   * next one is it minus the account's entries in between: the work is the page's span, not the account's size.
   */
  async function withRunning(
    business: BusinessRow,
    kind: BalanceKind,
    window: StatementWindow,
    rows: StatementPageRow[],
    carry?: { key: EntryKey; running: number },
  ): Promise<StatementRow[]> {
    const top = rows[0];
    const bottom = rows[rows.length - 1];
    if (!top || !bottom) return [];
    const start = carry?.key ?? top;
    let current = carry ? carry.running : await repo.runningAt(db, business.id, kind, window, top);
    const running = new Map<string, number>();
    // Unfiltered, the page's rows are every entry between its first and its last: nothing more to read.
    const unfiltered = !carry && window.kind === undefined && window.since === undefined && window.before === undefined;
    const between = unfiltered ? rows : await repo.amountsBetween(db, business.id, kind, window, start, bottom);
    for (const entry of between) {
      running.set(entry.id, current);
      current -= entry.amount;
    }
    return rows.map((row) => ({ ...row, running: running.get(row.id) ?? 0 }));
  }

  return {
    async get(business: BusinessRow, kind: BalanceKind): Promise<BalanceView> {
      assertHas(business, kind);
      const sums = await balanceSums(db, business.id, kind);
      const byCurrency = new Map<string, BalanceAmounts>();
      const amounts = (currency: string): BalanceAmounts => {
        const found = byCurrency.get(currency);
        if (found) return found;
        const zero = (): { amount: number; currency: string } => ({ amount: 0, currency });
        const created = { currency, pending: zero(), available: zero(), in_transit: zero(), transfer_held: zero(), transfer_in_transit: zero() };
        byCurrency.set(currency, created);
        return created;
      };
      amounts(business.currency);
      for (const row of sums) {
        const entry = Object.entries(AMOUNT_ACCOUNTS).find(([, account]) => account === row.account);
        if (entry) amounts(row.currency)[entry[0] as keyof typeof AMOUNT_ACCOUNTS].amount += row.amount;
      }
      const currencies = [...byCurrency.values()].sort((a, b) =>
        a.currency === business.currency ? -1 : b.currency === business.currency ? 1 : a.currency.localeCompare(b.currency),
      );
      return { balance: kind, currencies };
    },

    async statement(business: BusinessRow, kind: BalanceKind, query: StatementFilters & CursorQuery) {
      assertHas(business, kind);
      const window = windowOf(business, query);
      const rows = await repo.page(db, business.id, kind, window, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      const [shown, sources] = await Promise.all([withRunning(business, kind, window, page.rows), statementSources(db, business.id, page.rows)]);
      return { data: shown.map((r) => presentEntry(r, window.currency, sources.get(r.id))), next_cursor: page.nextCursor };
    },

    /**
     * The filtered statement as CSV, newest first, read in batches while it is sent (flat memory at any size);
     * the running balance is carried from each batch's last row to the next batch (linear time).
     */
    exportCsv(business: BusinessRow, kind: BalanceKind, filters: StatementFilters) {
      assertHas(business, kind);
      const window = windowOf(business, filters);
      async function* lines(): AsyncGenerator<string> {
        yield STATEMENT_CSV.head();
        let cursor: Cursor | undefined;
        let carry: { key: EntryKey; running: number } | undefined;
        for (;;) {
          const rows = await repo.page(db, business.id, kind, window, EXPORT_BATCH, cursor);
          const [batch, sources] = await Promise.all([
            withRunning(business, kind, window, rows.slice(0, EXPORT_BATCH), carry),
            statementSources(db, business.id, rows.slice(0, EXPORT_BATCH)),
          ]);
          const csvLine = (r: StatementRow) => {
            const line = sources.get(r.id);
            return STATEMENT_CSV.line(entryCsvRow(presentEntry(r, window.currency, line), line));
          };
          if (batch.length > 0) yield batch.map(csvLine).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.id };
          carry = { key: cursor, running: last.running };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `statement-${kind}-${window.currency}-${business.identifier}-${date}.csv`, lines: lines() };
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
