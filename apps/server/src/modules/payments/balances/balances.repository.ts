import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { BalanceKind, LedgerAccount, LedgerTransactionKind } from '@merchant/payments';
import { sumMinor } from '@/db/columns';
import type { Executor } from '@/db/client';
import { ledgerEntries, ledgerTransactions, payments } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

/**
 * The balance an entry belongs to, from the provider of the payment its transaction records
 * (`balanceOfProvider` in @merchant/payments says the same in TypeScript). A transaction without a payment
 * counts in the wallet.
 */
const balanceOfEntry = sql<BalanceKind>`case ${payments.provider} when 'stripe' then 'card' when 'xendit' then 'xendit' else 'wallet' end`;

const joinTransaction = and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId));
const joinPayment = and(eq(payments.businessId, ledgerTransactions.businessId), eq(payments.id, ledgerTransactions.paymentId));

export interface StatementWindow {
  account: LedgerAccount;
  currency: string;
  kind?: LedgerTransactionKind;
  /** Entries at or after this instant. */
  since?: Date;
  /** Entries before this instant. */
  before?: Date;
}

export const balancesRepository = {
  /** The sum of each merchant account's entries per currency, for one balance. */
  async sums(db: Executor, businessId: string, balance: BalanceKind, accounts: readonly LedgerAccount[]) {
    return db
      .select({ account: ledgerEntries.account, currency: ledgerEntries.currency, amount: sumMinor(ledgerEntries.amount) })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, joinTransaction)
      .leftJoin(payments, joinPayment)
      .where(and(eq(ledgerEntries.businessId, businessId), inArray(ledgerEntries.account, [...accounts]), sql`${balanceOfEntry} = ${balance}`))
      .groupBy(ledgerEntries.account, ledgerEntries.currency);
  },

  /**
   * One account's entries of a balance in one currency, newest first, after the cursor, each with the
   * account's balance just after it. The running balance counts every entry of the account (a window over
   * all of them, oldest first); the kind and date filters only choose which rows are shown.
   */
  async statement(db: Executor, businessId: string, balance: BalanceKind, window: StatementWindow, limit: number, cursor?: Cursor) {
    const scoped = db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        paymentId: ledgerTransactions.paymentId,
        running: sql<string>`sum(${ledgerEntries.amount}) over (order by ${ledgerEntries.createdAt}, ${ledgerEntries.id})`.as('running'),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, joinTransaction)
      .leftJoin(payments, joinPayment)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, window.account),
          eq(ledgerEntries.currency, window.currency),
          sql`${balanceOfEntry} = ${balance}`,
        ),
      )
      .as('scoped');
    const conditions: (SQL | undefined)[] = [
      window.kind ? eq(scoped.kind, window.kind) : undefined,
      window.since ? gte(scoped.createdAt, window.since) : undefined,
      window.before ? lt(scoped.createdAt, window.before) : undefined,
      cursor ? pastCursor('desc', scoped.createdAt, scoped.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ];
    const rows = await db
      .select()
      .from(scoped)
      .where(and(...conditions))
      .orderBy(desc(scoped.createdAt), desc(scoped.id))
      .limit(limit + 1);
    return rows.map((row) => ({ ...row, amount: Number(row.amount), running: Number(row.running) }));
  },
};

export type StatementRow = Awaited<ReturnType<typeof balancesRepository.statement>>[number];
