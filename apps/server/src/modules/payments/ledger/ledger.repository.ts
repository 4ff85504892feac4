import { and, desc, eq, inArray } from 'drizzle-orm';
import type { LedgerAccount } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { ledgerBalances, ledgerEntries, ledgerTransactions } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type NewLedgerTransaction = typeof ledgerTransactions.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

export const ledgerRepository = {
  async insert(tx: Executor, transaction: NewLedgerTransaction, entries: NewLedgerEntry[]): Promise<void> {
    await tx.insert(ledgerTransactions).values(transaction);
    await tx.insert(ledgerEntries).values(entries);
  },

  /** The sum of each account's entries per currency, as the ledger_balances trigger keeps it with every posting. */
  async sums(db: Executor, businessId: string, accounts: readonly LedgerAccount[]) {
    return db
      .select({ account: ledgerBalances.account, currency: ledgerBalances.currency, amount: ledgerBalances.amount })
      .from(ledgerBalances)
      .where(and(eq(ledgerBalances.businessId, businessId), inArray(ledgerBalances.account, [...accounts])));
  },

  /**
   * Locks one account's sum in one currency until the transaction ends and answers it (0 when the account has
   * no entry yet): whoever spends the balance takes this lock first, so two spenders take turns.
   */
  async lockSum(db: Executor, businessId: string, account: LedgerAccount, currency: string): Promise<number> {
    const [row] = await db
      .select({ amount: ledgerBalances.amount })
      .from(ledgerBalances)
      .where(and(eq(ledgerBalances.businessId, businessId), eq(ledgerBalances.account, account), eq(ledgerBalances.currency, currency)))
      .for('update');
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
