import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { ledgerEntries } from '@/db/schema';

/**
 * A business's fees from the ledger (its `platform_fees` postings) per currency, from `from` to before `to`: what a
 * partner's commission is a share of (docs/decisions.md, "Partners and referrals").
 */
export const partnerFeesReadModel = {
  async fees(db: Executor, businessId: string, from: Date, to: Date) {
    return db
      .select({ currency: ledgerEntries.currency, amount: asNumber(sql`coalesce(sum(${ledgerEntries.amount}), 0)`) })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, 'platform_fees'),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, to),
        ),
      )
      .groupBy(ledgerEntries.currency)
      .orderBy(ledgerEntries.currency);
  },

  /** The same for several businesses at once, each in its own window, in one query: per business and currency. */
  async feesOfMany(db: Executor, windows: { businessId: string; from: Date; to: Date }[]) {
    if (windows.length === 0) return [];
    return db
      .select({
        businessId: ledgerEntries.businessId,
        currency: ledgerEntries.currency,
        amount: asNumber(sql`coalesce(sum(${ledgerEntries.amount}), 0)`),
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.account, 'platform_fees'),
          or(...windows.map((w) => and(eq(ledgerEntries.businessId, w.businessId), gte(ledgerEntries.createdAt, w.from), lt(ledgerEntries.createdAt, w.to)))),
        ),
      )
      .groupBy(ledgerEntries.businessId, ledgerEntries.currency)
      .orderBy(ledgerEntries.businessId, ledgerEntries.currency);
  },
};
