import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BalanceKind, LedgerAccount, LedgerTransactionKind } from '@merchant/payments';
import { sumMinor } from '@/db/columns';
import type { Executor } from '@/db/client';
import { ledgerBalances, ledgerDaily, ledgerEntries, ledgerTransactions } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

const joinTransaction = and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId));

export interface StatementWindow {
  account: LedgerAccount;
  currency: string;
  kind?: LedgerTransactionKind;
  /** Entries at or after this instant. */
  since?: Date;
  /** Entries before this instant. */
  before?: Date;
}

/** A statement row's place: entries are ordered by (created_at, id), newest first. */
export interface EntryKey {
  createdAt: Date;
  id: string;
}

const MS_PER_DAY = 86_400_000;

/** The UTC day an instant falls in, as ledger_daily keys it. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const balancesRepository = {
  /** The sum of each merchant account's entries per currency, for one balance: the rollup's rows, never the entries. */
  async sums(db: Executor, businessId: string, balance: BalanceKind, accounts: readonly LedgerAccount[]) {
    return db
      .select({ account: ledgerBalances.account, currency: ledgerBalances.currency, amount: sumMinor(ledgerBalances.amount) })
      .from(ledgerBalances)
      .where(and(eq(ledgerBalances.businessId, businessId), eq(ledgerBalances.balance, balance), inArray(ledgerBalances.account, [...accounts])))
      .groupBy(ledgerBalances.account, ledgerBalances.currency);
  },

  /**
   * One account's entries of a balance in one currency that the filters choose, newest first, after the cursor
   * (an index range scan on ledger_entries_statement_idx). Their running balances come from `runningAt` and
   * `amountsBetween`.
   */
  async page(db: Executor, businessId: string, balance: BalanceKind, window: StatementWindow, limit: number, cursor?: Cursor) {
    const rows = await db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        paymentId: ledgerTransactions.paymentId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, joinTransaction)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, window.account),
          eq(ledgerEntries.currency, window.currency),
          eq(ledgerEntries.balance, balance),
          window.kind ? eq(ledgerTransactions.kind, window.kind) : undefined,
          window.since ? gte(ledgerEntries.createdAt, window.since) : undefined,
          window.before ? lt(ledgerEntries.createdAt, window.before) : undefined,
          cursor ? pastCursor('desc', ledgerEntries.createdAt, ledgerEntries.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit + 1);
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  },

  /**
   * The account's balance just after the entry at `key` (every entry of the account, whatever the filters): the
   * daily rollup's days before the entry's UTC day, plus that day's entries up to and including it.
   */
  async runningAt(
    db: Executor,
    businessId: string,
    balance: BalanceKind,
    window: Pick<StatementWindow, 'account' | 'currency'>,
    key: EntryKey,
  ): Promise<number> {
    const day = utcDay(key.createdAt);
    const dayStart = new Date(Date.parse(`${day}T00:00:00.000Z`));
    const [before] = await db
      .select({ amount: sumMinor(ledgerDaily.amount) })
      .from(ledgerDaily)
      .where(
        and(
          eq(ledgerDaily.businessId, businessId),
          eq(ledgerDaily.account, window.account),
          eq(ledgerDaily.currency, window.currency),
          eq(ledgerDaily.balance, balance),
          lt(ledgerDaily.day, day),
        ),
      );
    const [today] = await db
      .select({ amount: sumMinor(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, window.account),
          eq(ledgerEntries.currency, window.currency),
          eq(ledgerEntries.balance, balance),
          gte(ledgerEntries.createdAt, dayStart),
          lt(ledgerEntries.createdAt, new Date(dayStart.getTime() + MS_PER_DAY)),
          sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) <= (${sql.param(key.createdAt, ledgerEntries.createdAt)}, ${sql.param(key.id, ledgerEntries.id)})`,
        ),
      );
    return (before?.amount ?? 0) + (today?.amount ?? 0);
  },

  /**
   * Every entry of the account (no filter) from `newest` down to `oldest`, both included, newest first: what
   * lies between a page's rows, to carry the running balance from one row to the next.
   */
  async amountsBetween(
    db: Executor,
    businessId: string,
    balance: BalanceKind,
    window: Pick<StatementWindow, 'account' | 'currency'>,
    newest: EntryKey,
    oldest: EntryKey,
  ): Promise<{ id: string; amount: number }[]> {
    const rows = await db
      .select({ id: ledgerEntries.id, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, window.account),
          eq(ledgerEntries.currency, window.currency),
          eq(ledgerEntries.balance, balance),
          lte(ledgerEntries.createdAt, newest.createdAt),
          gte(ledgerEntries.createdAt, oldest.createdAt),
          sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) <= (${sql.param(newest.createdAt, ledgerEntries.createdAt)}, ${sql.param(newest.id, ledgerEntries.id)})`,
          sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) >= (${sql.param(oldest.createdAt, ledgerEntries.createdAt)}, ${sql.param(oldest.id, ledgerEntries.id)})`,
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
    return rows.map((row) => ({ id: row.id, amount: Number(row.amount) }));
  },
};

export type StatementPageRow = Awaited<ReturnType<typeof balancesRepository.page>>[number];
export type StatementRow = StatementPageRow & { running: number };
