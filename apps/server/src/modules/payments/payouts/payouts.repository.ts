import { and, asc, desc, eq, gte, inArray, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  bankAccounts,
  businesses,
  ledgerBalances,
  ledgerEntries,
  ledgerTransactions,
  payments,
  payoutLines,
  payoutMarks,
  payouts,
  payoutSettings,
} from '@/db/schema';
import { pastCursor } from '@/db/keyset';
import type { Cursor } from '@/lib/cursor';
import { sumMinor } from '@/db/columns';
import { lockBalance } from '../ledger/ledger.repository';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

/** Ledger kinds that move money between the balance and the bank: never a line of a payout themselves. */
const PAYOUT_KINDS = ['payout', 'payout_return'] as const;

const joinTransaction = and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId));
const joinPayment = and(eq(payments.businessId, ledgerTransactions.businessId), eq(payments.id, ledgerTransactions.paymentId));
/** The wallet balance's entries: those of the platform's own processor, or of no payment (kept on the entry at posting). */
const inWallet = eq(ledgerEntries.balance, 'wallet');

export interface PayoutListFilters {
  status?: PayoutRow['status'];
  currency?: string;
  since?: Date;
  before?: Date;
}

export const payoutsRepository = {
  async settings(db: Executor, businessId: string): Promise<PayoutSettingsRow | null> {
    const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.businessId, businessId)).limit(1);
    return row ?? null;
  },

  async saveSettings(db: Executor, row: typeof payoutSettings.$inferInsert): Promise<PayoutSettingsRow> {
    const { businessId, ...fields } = row;
    const [saved] = await db.insert(payoutSettings).values(row).onConflictDoUpdate({ target: payoutSettings.businessId, set: fields }).returning();
    void businessId;
    return saved!;
  },

  /** Businesses with an automatic schedule, after `afterId` (the scheduler's pages over every business). */
  /** Automatic payout settings, by business, each with the time zone of its business's days. */
  async scheduled(db: Executor, afterId: string | null, limit: number): Promise<(PayoutSettingsRow & { timeZone: string })[]> {
    const rows = await db
      .select({ settings: payoutSettings, timeZone: businesses.timeZone })
      .from(payoutSettings)
      .innerJoin(businesses, eq(businesses.id, payoutSettings.businessId))
      .where(and(ne(payoutSettings.schedule, 'manual'), afterId ? sql`${payoutSettings.businessId} > ${afterId}` : undefined))
      .orderBy(asc(payoutSettings.businessId))
      .limit(limit);
    return rows.map(({ settings, timeZone }) => ({ ...settings, timeZone }));
  },

  /**
   * Partner businesses that are not blocked and have a default bank account, after `afterId`, each with its time
   * zone: their payouts follow the partner rule (docs/decisions.md, "Partner payouts"), not a payout schedule.
   */
  async partnersWithAccount(db: Executor, afterId: string | null, limit: number): Promise<{ businessId: string; name: string; timeZone: string }[]> {
    return db
      .select({ businessId: businesses.id, name: businesses.name, timeZone: businesses.timeZone })
      .from(businesses)
      .where(
        and(
          eq(businesses.type, 'partner'),
          ne(businesses.onboardingStatus, 'blocked'),
          sql`exists (select 1 from ${bankAccounts} where ${bankAccounts.businessId} = ${businesses.id} and ${bankAccounts.isDefault})`,
          afterId ? sql`${businesses.id} > ${afterId}` : undefined,
        ),
      )
      .orderBy(asc(businesses.id))
      .limit(limit);
  },

  /**
   * Serialises every spender of one business's available balance in one currency until the transaction ends
   * (payouts and transfers take the same lock, `lockBalance`): whoever holds it reads the available balance with
   * every earlier payout and transfer committed, so no two of them spend the same money.
   */
  async lockCurrency(db: Executor, businessId: string, currency: string): Promise<void> {
    await lockBalance(db, businessId, 'merchant_available', currency);
  },

  async business(db: Executor, businessId: string): Promise<{ name: string; currency: string } | null> {
    const [row] = await db.select({ name: businesses.name, currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },

  /** The default bank account of a currency: where its payouts go. */
  async defaultAccount(db: Executor, businessId: string, currency: string) {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.currency, currency), eq(bankAccounts.isDefault, true)))
      .limit(1);
    return row ?? null;
  },

  async defaultCurrencies(db: Executor, businessId: string): Promise<string[]> {
    const rows = await db
      .select({ currency: bankAccounts.currency })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)))
      .orderBy(asc(bankAccounts.currency));
    return rows.map((r) => r.currency);
  },

  /**
   * The wallet's available-balance movements of a currency that no payout under way or paid contains yet,
   * oldest first, each with what is left of it (all of it, or the rest after a partial payout took part).
   * Their sum is the available balance: every payout takes exactly its lines' amounts out of it. This reads the
   * whole account (the definition, which the property test checks the payout mark and `takeLines` against);
   * a payout itself reads only the entries past the mark.
   */
  async freeEntries(db: Executor, businessId: string, currency: string): Promise<{ id: string; seq: number; createdAt: Date; remaining: number }[]> {
    const taken = sql<string>`coalesce((select sum(${payoutLines.amount}) from ${payoutLines} inner join ${payouts} on ${payouts.businessId} = ${payoutLines.businessId} and ${payouts.id} = ${payoutLines.payoutId} where ${payoutLines.businessId} = ${ledgerEntries.businessId} and ${payoutLines.entryId} = ${ledgerEntries.id} and ${payouts.status} <> 'failed'), 0)`;
    const rows = await db
      .select({ id: ledgerEntries.id, seq: ledgerEntries.seq, createdAt: ledgerEntries.createdAt, amount: ledgerEntries.amount, taken })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, joinTransaction)
      .where(
        and(
          eq(ledgerEntries.businessId, businessId),
          eq(ledgerEntries.account, 'merchant_available'),
          eq(ledgerEntries.currency, currency),
          notInArray(ledgerTransactions.kind, [...PAYOUT_KINDS]),
          inWallet,
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
    return rows.map((r) => ({ id: r.id, seq: r.seq, createdAt: r.createdAt, remaining: Number(r.amount) - Number(r.taken) })).filter((r) => r.remaining !== 0);
  },

  async insert(db: Executor, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [saved] = await db.insert(payouts).values(row).returning();
    return saved!;
  },

  /** The wallet's available balance in a currency (its rollup rows: a few, whatever the ledger's size). */
  async available(db: Executor, businessId: string, currency: string): Promise<number> {
    const [row] = await db
      .select({ amount: sumMinor(ledgerBalances.amount) })
      .from(ledgerBalances)
      .where(
        and(
          eq(ledgerBalances.businessId, businessId),
          eq(ledgerBalances.account, 'merchant_available'),
          eq(ledgerBalances.currency, currency),
          eq(ledgerBalances.balance, 'wallet'),
        ),
      );
    return row?.amount ?? 0;
  },

  /** The payout mark of a currency: every movement whose entry's `seq` is at most this is wholly paid out (0: none). */
  async mark(db: Executor, businessId: string, currency: string): Promise<number> {
    const [row] = await db
      .select({ entrySeq: payoutMarks.entrySeq })
      .from(payoutMarks)
      .where(and(eq(payoutMarks.businessId, businessId), eq(payoutMarks.currency, currency)))
      .limit(1);
    return row?.entrySeq ?? 0;
  },

  /** Sets the mark; only a payout holding the currency's lock moves it forward. */
  async setMark(db: Executor, businessId: string, currency: string, entrySeq: number, now: Date): Promise<void> {
    await db
      .insert(payoutMarks)
      .values({ businessId, currency, entrySeq, updatedAt: now })
      .onConflictDoUpdate({ target: [payoutMarks.businessId, payoutMarks.currency], set: { entrySeq, updatedAt: now } });
  },

  /**
   * A failed payout's lines are free again: the mark moves back to just before its first entry (only if it is
   * past it), so the next payout reads them. Runs in the failure's transaction, after its posting to the
   * available balance took the balance lock in shared mode, so no payout is between its read and its mark.
   */
  async lowerMark(db: Executor, businessId: string, currency: string, payoutId: string, now: Date): Promise<void> {
    const first = sql`(select min(${ledgerEntries.seq}) from ${payoutLines} inner join ${ledgerEntries} on ${ledgerEntries.businessId} = ${payoutLines.businessId} and ${ledgerEntries.id} = ${payoutLines.entryId} where ${payoutLines.businessId} = ${businessId} and ${payoutLines.payoutId} = ${payoutId})`;
    await db
      .update(payoutMarks)
      .set({ entrySeq: sql`least(${payoutMarks.entrySeq}, coalesce(${first} - 1, ${payoutMarks.entrySeq}))`, updatedAt: now })
      .where(and(eq(payoutMarks.businessId, businessId), eq(payoutMarks.currency, currency)));
  },

  /**
   * Writes a payout's lines in one statement, in the database (nothing travels to the app): the free movements
   * past the mark (what is left of each: its amount less what live payouts took), every debit whole, then the
   * credits oldest first, each whole until the running sum reaches the payout, the last one for the part that
   * makes the sum exact. Answers what the lines add up to (the detail's summary), the sum the caller checks,
   * and the new mark: just before the first movement still not wholly paid out, or the last one read.
   */
  async takeLines(db: Executor, input: { businessId: string; currency: string; payoutId: string; amount: number; mark: number }) {
    const { businessId, currency, payoutId, amount, mark } = input;
    const result = await db.execute(sql`
      with free as materialized (
        select e.id, e.created_at, e.seq, t.kind, t.payment_id,
          e.amount - coalesce((
            select sum(pl.amount) from payout_lines pl
            inner join payouts p on p.business_id = pl.business_id and p.id = pl.payout_id
            where pl.business_id = e.business_id and pl.entry_id = e.id and p.status <> 'failed'
          ), 0) as remaining
        from ledger_entries e
        inner join ledger_transactions t on t.business_id = e.business_id and t.id = e.transaction_id
        where e.business_id = ${businessId} and e.account = 'merchant_available' and e.balance = 'wallet'
          and e.currency = ${currency} and e.seq > ${mark}::bigint and t.kind not in ('payout', 'payout_return')
      ), ordered as (
        select f.*,
          sum(least(f.remaining, 0)) over () as debits,
          sum(greatest(f.remaining, 0)) over (order by f.remaining <= 0, f.created_at, f.id rows between unbounded preceding and current row) as credits_through
        from free f
      ), chosen as materialized (
        select o.id, o.created_at, o.seq, o.kind, o.payment_id, o.remaining,
          case when o.remaining <= 0 then o.remaining
               else least(o.remaining, greatest(0, ${amount}::bigint - o.debits - (o.credits_through - o.remaining))) end as take
        from ordered o
      ), inserted as (
        insert into payout_lines (business_id, payout_id, entry_id, amount, entry_created_at)
        select ${businessId}, ${payoutId}, c.id, c.take, c.created_at from chosen c where c.take <> 0
      )
      select
        count(*) filter (where c.take <> 0)::text as lines,
        coalesce(sum(c.take), 0)::text as total,
        coalesce(sum(pay.amount) filter (where c.take <> 0 and c.kind = 'settlement'), 0)::text as gross,
        coalesce(sum(pay.fee) filter (where c.take <> 0 and c.kind = 'settlement'), 0)::text as fees,
        coalesce(sum(c.take) filter (where c.kind = 'refund'), 0)::text as refunds,
        (min(c.seq) filter (where c.remaining <> c.take))::text as first_open,
        max(c.seq)::text as last_read
      from chosen c
      left join payments pay on pay.business_id = ${businessId} and pay.id = c.payment_id`);
    const [row] = (result as unknown as { rows: Record<string, string | null>[] }).rows;
    const num = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));
    const firstOpen = num(row?.first_open);
    const lastRead = num(row?.last_read);
    return {
      lines: num(row?.lines) ?? 0,
      total: num(row?.total) ?? 0,
      gross: num(row?.gross) ?? 0,
      fees: num(row?.fees) ?? 0,
      refunds: num(row?.refunds) ?? 0,
      mark: firstOpen !== null ? firstOpen - 1 : (lastRead ?? mark),
    };
  },

  async scheduledExists(db: Executor, businessId: string, currency: string, day: string): Promise<boolean> {
    const [row] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.businessId, businessId), eq(payouts.currency, currency), eq(payouts.scheduledFor, day)))
      .limit(1);
    return row !== undefined;
  },

  async find(db: Executor, businessId: string, id: string): Promise<PayoutRow | null> {
    const [row] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.businessId, businessId), eq(payouts.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** In-transit payouts the bank should have paid by `now`, across businesses (the test-mode bank's pass). */
  async arrived(db: Executor, now: Date, limit: number): Promise<{ businessId: string; id: string }[]> {
    return db
      .select({ businessId: payouts.businessId, id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'in_transit'), lte(payouts.arrivesAt, now)))
      .orderBy(asc(payouts.arrivesAt))
      .limit(limit);
  },

  /** Locks an in-transit payout for the bank's answer; null when another runner holds it or it is no longer in transit. */
  async lockInTransit(db: Executor, businessId: string, id: string): Promise<PayoutRow | null> {
    const [row] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.businessId, businessId), eq(payouts.id, id), eq(payouts.status, 'in_transit')))
      .for('update', { skipLocked: true });
    return row ?? null;
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<typeof payouts.$inferInsert>): Promise<PayoutRow> {
    const [row] = await db
      .update(payouts)
      .set(fields)
      .where(and(eq(payouts.businessId, businessId), eq(payouts.id, id)))
      .returning();
    return row!;
  },

  async list(db: Executor, businessId: string, filters: PayoutListFilters, limit: number, cursor?: Cursor): Promise<PayoutRow[]> {
    const conditions: (SQL | undefined)[] = [
      eq(payouts.businessId, businessId),
      filters.status ? eq(payouts.status, filters.status) : undefined,
      filters.currency ? eq(payouts.currency, filters.currency) : undefined,
      filters.since ? gte(payouts.createdAt, filters.since) : undefined,
      filters.before ? lt(payouts.createdAt, filters.before) : undefined,
      cursor ? pastCursor('desc', payouts.createdAt, payouts.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ];
    return db
      .select()
      .from(payouts)
      .where(and(...conditions))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit + 1);
  },

  /** A payout's lines, oldest first, with the movement each stands for and its payment's gross and fee. */
  async lines(db: Executor, businessId: string, payoutId: string, limit: number, cursor?: Cursor) {
    return db
      .select({
        entryId: payoutLines.entryId,
        amount: payoutLines.amount,
        createdAt: payoutLines.entryCreatedAt,
        net: ledgerEntries.amount,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        paymentId: ledgerTransactions.paymentId,
        referenceType: ledgerTransactions.referenceType,
        referenceId: ledgerTransactions.referenceId,
        reference: payments.reference,
        publicId: payments.publicId,
        gross: payments.amount,
        fee: payments.fee,
      })
      .from(payoutLines)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.businessId, payoutLines.businessId), eq(ledgerEntries.id, payoutLines.entryId)))
      .innerJoin(ledgerTransactions, joinTransaction)
      .leftJoin(payments, joinPayment)
      .where(
        and(
          eq(payoutLines.businessId, businessId),
          eq(payoutLines.payoutId, payoutId),
          cursor ? pastCursor('asc', payoutLines.entryCreatedAt, payoutLines.entryId, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(asc(payoutLines.entryCreatedAt), asc(payoutLines.entryId))
      .limit(limit + 1);
  },

  /** Ids of payouts of a business in some statuses (tests and the seed read them). */
  async ids(db: Executor, businessId: string, statuses: PayoutRow['status'][]): Promise<string[]> {
    const rows = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.businessId, businessId), inArray(payouts.status, statuses)));
    return rows.map((r) => r.id);
  },
};
