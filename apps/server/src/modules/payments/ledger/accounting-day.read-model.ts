import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { JournalTotals } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';

/**
 * A day's figures for the accounting journal, per currency, read from the ledger (docs/payments.md, "The ledger"),
 * entries from `from` to before `to`: gross sales (the charges' `merchant_pending` credits), processing fees (the
 * `platform_fees` credits of fee postings), refunds (the `customer_funds` credits of refunds) and payouts (the
 * `merchant_paid_out` credits: money that reached the bank).
 */
export const ledgerDayReadModel = {
  async totals(db: Executor, businessId: string, from: Date, to: Date): Promise<(JournalTotals & { currency: string })[]> {
    const sumWhere = (account: string, kind: string | null) =>
      asNumber(
        kind === null
          ? sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}), 0)`
          : sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account} and ${ledgerTransactions.kind} = ${kind}), 0)`,
      );
    return db
      .select({
        currency: ledgerEntries.currency,
        sales: sumWhere('merchant_pending', 'charge'),
        fees: sumWhere('platform_fees', 'fee'),
        refunds: sumWhere('customer_funds', 'refund'),
        payouts: sumWhere('merchant_paid_out', null),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
      .where(and(eq(ledgerEntries.businessId, businessId), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
      .groupBy(ledgerEntries.currency)
      .orderBy(ledgerEntries.currency);
  },
};
