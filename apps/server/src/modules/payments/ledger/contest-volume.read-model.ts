import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { ledgerEntries, ledgerTransactions } from '@/db/schema';

/**
 * Captured payment volume from the ledger (each `charge` transaction's credit to the merchant's pending balance), per
 * business and currency, each business in its own window: a partner contest's `most_volume` rule (docs/decisions.md,
 * "Refer and Earn and the referral contest").
 */
export const contestVolumeReadModel = {
  async volumeOfMany(db: Executor, windows: readonly { businessId: string; from: Date; to: Date }[]) {
    if (windows.length === 0) return [];
    return db
      .select({
        businessId: ledgerEntries.businessId,
        currency: ledgerEntries.currency,
        amount: asNumber(sql`coalesce(sum(${ledgerEntries.amount}), 0)`),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
      .where(
        and(
          eq(ledgerTransactions.kind, 'charge'),
          eq(ledgerEntries.account, 'merchant_pending'),
          or(...windows.map((w) => and(eq(ledgerEntries.businessId, w.businessId), gte(ledgerEntries.createdAt, w.from), lt(ledgerEntries.createdAt, w.to)))),
        ),
      )
      .groupBy(ledgerEntries.businessId, ledgerEntries.currency)
      .orderBy(ledgerEntries.businessId, ledgerEntries.currency);
  },
};
