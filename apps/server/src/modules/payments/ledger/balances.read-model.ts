import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BalanceKind, LedgerAccount, LedgerTransactionKind } from '@merchant/payments';
import { sumMinor } from '@/db/columns';
import type { Executor } from '@/db/client';
import { ledgerBalances, ledgerDaily, ledgerEntries, ledgerTransactions } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { preparedPerShape, preparedStatement } from '@/db/prepared';

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

const p = (name: string) => sql.placeholder(name);
/** The placeholders' values naming one account's entries of a balance in one currency. */
const accountOf = (businessId: string, balance: BalanceKind, window: Pick<StatementWindow, 'account' | 'currency'>) => ({
  businessId,
  balance,
  account: window.account,
  currency: window.currency,
});
const entriesOfAccount = [
  eq(ledgerEntries.businessId, p('businessId')),
  eq(ledgerEntries.account, p('account')),
  eq(ledgerEntries.currency, p('currency')),
  eq(ledgerEntries.balance, p('balance')),
];
/** (created_at, id) compared as a pair with the placeholders `<prefix>At` and `<prefix>Id`. */
const entryKey = (operator: '<' | '<=' | '>=', prefix: string) =>
  sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) ${sql.raw(operator)} (${p(`${prefix}At`)}, ${p(`${prefix}Id`)})`;

// The statement's reads: each built once (db/prepared.ts), a page's once per shape of its filters.
type PageShape = Record<'kind' | 'since' | 'before' | 'cursor', boolean>;
const pageRead = preparedPerShape(
  'statement_page',
  (shape: PageShape) => (['kind', 'since', 'before', 'cursor'] as const).map((k) => (shape[k] ? '1' : '0')).join(''),
  (shape, db, name) =>
    db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        paymentId: ledgerTransactions.paymentId,
        refundId: ledgerTransactions.refundId,
        referenceType: ledgerTransactions.referenceType,
        referenceId: ledgerTransactions.referenceId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, joinTransaction)
      .where(
        and(
          ...entriesOfAccount,
          shape.kind ? eq(ledgerTransactions.kind, p('kind')) : undefined,
          shape.since ? gte(ledgerEntries.createdAt, p('since')) : undefined,
          shape.before ? lt(ledgerEntries.createdAt, p('before')) : undefined,
          shape.cursor ? entryKey('<', 'cursor') : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(p('limit'))
      .prepare(name),
);

const runningRead = preparedStatement('statement_running', (db, name) =>
  db
    .select({
      before: sql<number>`(${db
        .select({ amount: sumMinor(ledgerDaily.amount) })
        .from(ledgerDaily)
        .where(
          and(
            eq(ledgerDaily.businessId, p('businessId')),
            eq(ledgerDaily.account, p('account')),
            eq(ledgerDaily.currency, p('currency')),
            eq(ledgerDaily.balance, p('balance')),
            lt(ledgerDaily.day, p('day')),
          ),
        )})`.mapWith(Number),
      today: sql<number>`(${db
        .select({ amount: sumMinor(ledgerEntries.amount) })
        .from(ledgerEntries)
        .where(
          and(...entriesOfAccount, gte(ledgerEntries.createdAt, p('dayStart')), lt(ledgerEntries.createdAt, p('dayEnd')), entryKey('<=', 'key')),
        )})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
    .prepare(name),
);

const betweenRead = preparedStatement('statement_between', (db, name) =>
  db
    .select({ id: ledgerEntries.id, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(
      and(
        ...entriesOfAccount,
        lte(ledgerEntries.createdAt, p('newestAt')),
        gte(ledgerEntries.createdAt, p('oldestAt')),
        entryKey('<=', 'newest'),
        entryKey('>=', 'oldest'),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .prepare(name),
);

/** The balances screen's reads of the ledger (balances, statements), published by the ledger module, which owns its tables. */
export const balancesReadModel = {
  /**
   * The read of the sum of each of `accounts`' entries per currency, for one balance: the rollup's rows, never
   * the entries. Built once (db/prepared.ts): make it once, at start.
   */
  sums(name: string, accounts: readonly LedgerAccount[]) {
    const list = [...accounts];
    const read = preparedStatement(name, (db, statement) =>
      db
        .select({ account: ledgerBalances.account, currency: ledgerBalances.currency, amount: sumMinor(ledgerBalances.amount) })
        .from(ledgerBalances)
        .where(and(eq(ledgerBalances.businessId, p('businessId')), eq(ledgerBalances.balance, p('balance')), inArray(ledgerBalances.account, list)))
        .groupBy(ledgerBalances.account, ledgerBalances.currency)
        .prepare(statement),
    );
    return (db: Executor, businessId: string, balance: BalanceKind) => read(db, { businessId, balance });
  },

  /**
   * One account's entries of a balance in one currency that the filters choose, newest first, after the cursor
   * (an index range scan on ledger_entries_statement_idx). Their running balances come from `runningAt` and
   * `amountsBetween`.
   */
  async page(db: Executor, businessId: string, balance: BalanceKind, window: StatementWindow, limit: number, cursor?: Cursor) {
    const shape = { kind: window.kind !== undefined, since: window.since !== undefined, before: window.before !== undefined, cursor: cursor !== undefined };
    const rows = await pageRead(shape)(db, {
      ...accountOf(businessId, balance, window),
      kind: window.kind,
      since: window.since?.toISOString(),
      before: window.before?.toISOString(),
      cursorAt: cursor?.createdAt.toISOString(),
      cursorId: cursor?.id,
      limit: limit + 1,
    });
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  },

  /**
   * The account's balance just after the entry at `key` (every entry of the account, whatever the filters): the
   * daily rollup's days before the entry's UTC day, plus that day's entries up to and including it; one read.
   */
  async runningAt(
    db: Executor,
    businessId: string,
    balance: BalanceKind,
    window: Pick<StatementWindow, 'account' | 'currency'>,
    key: EntryKey,
  ): Promise<number> {
    const day = utcDay(key.createdAt);
    const dayStart = Date.parse(`${day}T00:00:00.000Z`);
    const [row] = await runningRead(db, {
      ...accountOf(businessId, balance, window),
      day,
      dayStart: new Date(dayStart).toISOString(),
      dayEnd: new Date(dayStart + MS_PER_DAY).toISOString(),
      keyAt: key.createdAt.toISOString(),
      keyId: key.id,
    });
    return (row?.before ?? 0) + (row?.today ?? 0);
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
    const rows = await betweenRead(db, {
      ...accountOf(businessId, balance, window),
      newestAt: newest.createdAt.toISOString(),
      newestId: newest.id,
      oldestAt: oldest.createdAt.toISOString(),
      oldestId: oldest.id,
    });
    return rows.map((row) => ({ id: row.id, amount: Number(row.amount) }));
  },
};

export type StatementPageRow = Awaited<ReturnType<typeof balancesReadModel.page>>[number];
export type StatementRow = StatementPageRow & { running: number };
