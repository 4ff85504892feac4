import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerAccount } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { jsonRowsWrite } from '@/db/json-rows';
import { ledgerBalances, ledgerEntries, ledgerTransactions } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';
import { sumMinor } from '@/db/columns';
import { preparedStatement } from '@/db/prepared';
import type { Write } from '@/db/write-together';

export type NewLedgerTransaction = typeof ledgerTransactions.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

const balanceKey = (businessId: string, account: LedgerAccount, currency: string) =>
  sql`hashtextextended(${`balance:${businessId}:${account}:${currency}`}, 0)`;

/** The advisory lock every spender of one account's balance in one currency takes (see `lockSum`). */
export async function lockBalance(db: Executor, businessId: string, account: LedgerAccount, currency: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${balanceKey(businessId, account, currency)})`);
}

/**
 * The same lock in shared mode, until the transaction ends: postings to the wallet's available balance take it
 * before their entries draw their `seq`, so they run side by side but never while a payout holds the lock, and
 * none can commit behind the payout mark the payout sets (docs/payments.md, "Payouts").
 */
export async function lockBalanceShared(db: Executor, businessId: string, account: LedgerAccount, currency: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${balanceKey(businessId, account, currency)})`);
}

export const ledgerRepository = {
  /** The sum of one payment's entries on `accounts` in its currency (by `ledger_transactions_payment_idx`). */
  async paymentSum(db: Executor, businessId: string, paymentId: string, currency: string, accounts: readonly LedgerAccount[]): Promise<number> {
    const [row] = await db
      .select({ amount: sumMinor(ledgerEntries.amount) })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.businessId, ledgerTransactions.businessId), eq(ledgerEntries.transactionId, ledgerTransactions.id)))
      .where(
        and(
          eq(ledgerTransactions.businessId, businessId),
          eq(ledgerTransactions.paymentId, paymentId),
          eq(ledgerEntries.currency, currency),
          inArray(ledgerEntries.account, [...accounts]),
        ),
      );
    return row?.amount ?? 0;
  },

  /**
   * Ledger transactions and their entries as two writes for `writeTogether` (db/write-together.ts): sent in one
   * statement, the entries' references to their transactions are checked once both are written.
   */
  writes(tx: Executor, transactions: NewLedgerTransaction[], entries: NewLedgerEntry[]): Write[] {
    return [jsonRowsWrite(tx, ledgerTransactions, transactions), jsonRowsWrite(tx, ledgerEntries, entries)];
  },

  /**
   * The read of the sum of each of `accounts`' entries per currency, as the ledger_balances trigger keeps it with
   * every posting (over the account's slots: migration 0019). Built once (db/prepared.ts): make it once, at start.
   */
  sums(name: string, accounts: readonly LedgerAccount[]) {
    const list = [...accounts];
    const read = preparedStatement(name, (db, statement) =>
      db
        .select({ account: ledgerBalances.account, currency: ledgerBalances.currency, amount: sumMinor(ledgerBalances.amount) })
        .from(ledgerBalances)
        .where(and(eq(ledgerBalances.businessId, sql.placeholder('businessId')), inArray(ledgerBalances.account, list)))
        .groupBy(ledgerBalances.account, ledgerBalances.currency)
        .prepare(statement),
    );
    return (db: Executor, businessId: string) => read(db, { businessId });
  },

  /**
   * Locks one account's balance in one currency until the transaction ends and answers its sum over the slots
   * (0 when the account has no entry yet). The lock is an advisory lock on (business, account, currency), not
   * a row lock: the balance is spread over several rollup rows, and a slot row may not exist yet. Whoever spends
   * the balance (payouts, transfers) takes this lock first, so two spenders take turns.
   */
  async lockSum(db: Executor, businessId: string, account: LedgerAccount, currency: string): Promise<number> {
    await lockBalance(db, businessId, account, currency);
    const [row] = await db
      .select({ amount: sumMinor(ledgerBalances.amount) })
      .from(ledgerBalances)
      .where(and(eq(ledgerBalances.businessId, businessId), eq(ledgerBalances.account, account), eq(ledgerBalances.currency, currency)));
    return row?.amount ?? 0;
  },

  /** One account's entries in one currency with their transaction, newest first, after the cursor. */
  async entries(db: Executor, businessId: string, account: LedgerAccount, currency: string, limit: number, cursor?: Cursor) {
    const after = cursor ? pastCursor('desc', ledgerEntries.createdAt, ledgerEntries.id, { key: cursor.createdAt, id: cursor.id }) : undefined;
    return db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        paymentId: ledgerTransactions.paymentId,
        refundId: ledgerTransactions.refundId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
      .where(and(eq(ledgerEntries.businessId, businessId), eq(ledgerEntries.account, account), eq(ledgerEntries.currency, currency), after))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit + 1);
  },
};
