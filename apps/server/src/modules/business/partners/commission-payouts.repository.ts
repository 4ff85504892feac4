import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, partnerCommissions } from '@/db/schema';

/** The key of one commission: partner, merchant, month and currency. */
export interface CommissionKey {
  partnerBusinessId: string;
  merchantBusinessId: string;
  month: string;
  currency: string;
}

const keyIs = (key: CommissionKey) =>
  and(
    eq(partnerCommissions.partnerBusinessId, key.partnerBusinessId),
    eq(partnerCommissions.merchantBusinessId, key.merchantBusinessId),
    eq(partnerCommissions.month, key.month),
    eq(partnerCommissions.currency, key.currency),
  );

/** Approving and paying commissions (docs/decisions.md, "Partners and referrals"): each step moves only rows still at the one before. */
export const commissionPayoutsRepository = {
  /** Every accrued commission with its merchant's time zone (the month's end, and so the hold's, is the merchant's). */
  async accrued(db: Executor) {
    return db
      .select({
        partnerBusinessId: partnerCommissions.partnerBusinessId,
        merchantBusinessId: partnerCommissions.merchantBusinessId,
        month: partnerCommissions.month,
        currency: partnerCommissions.currency,
        timeZone: businesses.timeZone,
      })
      .from(partnerCommissions)
      .innerJoin(businesses, eq(businesses.id, partnerCommissions.merchantBusinessId))
      .where(eq(partnerCommissions.status, 'accrued'))
      .orderBy(asc(partnerCommissions.month));
  },

  /** Approves one commission if it is still accrued; answers whether this call approved it. */
  async approve(db: Executor, key: CommissionKey, at: Date): Promise<boolean> {
    const rows = await db
      .update(partnerCommissions)
      .set({ status: 'approved', approvedAt: at })
      .where(and(keyIs(key), eq(partnerCommissions.status, 'accrued')))
      .returning({ month: partnerCommissions.month });
    return rows.length === 1;
  },

  /** Each partner and currency with approved commissions, with the partner's name and time zone (its pay days are its own). */
  async approvedPartners(db: Executor) {
    return db
      .selectDistinct({
        partnerBusinessId: partnerCommissions.partnerBusinessId,
        currency: partnerCommissions.currency,
        name: businesses.name,
        timeZone: businesses.timeZone,
      })
      .from(partnerCommissions)
      .innerJoin(businesses, eq(businesses.id, partnerCommissions.partnerBusinessId))
      .where(eq(partnerCommissions.status, 'approved'))
      .orderBy(asc(partnerCommissions.partnerBusinessId), asc(partnerCommissions.currency));
  },

  /**
   * A partner's approved commissions in one currency approved before `before`, locked until the transaction ends: a
   * second payer waits, then finds them paid (its status condition is checked again) and takes none.
   */
  async lockPayable(db: Executor, partnerBusinessId: string, currency: string, before: Date) {
    return db
      .select({
        merchantBusinessId: partnerCommissions.merchantBusinessId,
        month: partnerCommissions.month,
        amount: partnerCommissions.amount,
        name: businesses.name,
      })
      .from(partnerCommissions)
      .innerJoin(businesses, eq(businesses.id, partnerCommissions.merchantBusinessId))
      .where(
        and(
          eq(partnerCommissions.partnerBusinessId, partnerBusinessId),
          eq(partnerCommissions.currency, currency),
          eq(partnerCommissions.status, 'approved'),
          lt(partnerCommissions.approvedAt, before),
        ),
      )
      .orderBy(asc(partnerCommissions.month), asc(businesses.name))
      .for('update', { of: partnerCommissions });
  },

  /** Marks the locked commissions paid by the ledger transaction; answers the sum it marked. */
  async markPaid(db: Executor, partnerBusinessId: string, currency: string, before: Date, at: Date, ledgerTransactionId: string): Promise<number> {
    const rows = await db
      .update(partnerCommissions)
      .set({ status: 'paid', paidAt: at, ledgerTransactionId })
      .where(
        and(
          eq(partnerCommissions.partnerBusinessId, partnerBusinessId),
          eq(partnerCommissions.currency, currency),
          eq(partnerCommissions.status, 'approved'),
          lt(partnerCommissions.approvedAt, before),
        ),
      )
      .returning({ amount: partnerCommissions.amount });
    return rows.reduce((n, r) => n + Number(r.amount), 0);
  },
};
