import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { payments } from '@/db/schema';
import { captured } from './sales-figures.read-model';

/**
 * A business's captured volume per currency in a window: what its partner may see of its payments (totals only;
 * docs/decisions.md, "Partners and referrals"). `to` null: up to now.
 */
export const partnerVolumeReadModel = {
  async volume(db: Executor, businessId: string, from: Date, to: Date | null) {
    return db
      .select({ currency: payments.currency, amount: asNumber(sql`coalesce(sum(${payments.amount}), 0)`), count: asNumber(sql`count(*)`) })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), gte(payments.createdAt, from), to ? lt(payments.createdAt, to) : undefined, captured))
      .groupBy(payments.currency)
      .orderBy(payments.currency);
  },
};
