import { and, asc, desc, eq, gte, inArray, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bankAccounts, businesses, ledgerEntries, ledgerTransactions, payments, payoutLines, payouts, payoutSettings } from '@/db/schema';
import { pastCursor } from '@/db/keyset';
import type { Cursor } from '@/lib/cursor';
import { lockBalance } from '../ledger/ledger.repository';

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;
export type NewPayoutLine = typeof payoutLines.$inferInsert;

/** Ledger kinds that move money between the balance and the bank: never a line of a payout themselves. */
const PAYOUT_KINDS = ['payout', 'payout_return'] as const;
const LINE_BATCH = 1000;

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
  async scheduled(db: Executor, afterId: string | null, limit: number): Promise<PayoutSettingsRow[]> {
    return db
      .select()
      .from(payoutSettings)
      .where(and(ne(payoutSettings.schedule, 'manual'), afterId ? sql`${payoutSettings.businessId} > ${afterId}` : undefined))
      .orderBy(asc(payoutSettings.businessId))
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
   * Their sum is the available balance: every payout takes exactly its lines' amounts out of it.
   */
  async freeEntries(db: Executor, businessId: string, currency: string): Promise<{ id: string; createdAt: Date; remaining: number }[]> {
    const taken = sql<string>`coalesce((select sum(${payoutLines.amount}) from ${payoutLines} inner join ${payouts} on ${payouts.businessId} = ${payoutLines.businessId} and ${payouts.id} = ${payoutLines.payoutId} where ${payoutLines.businessId} = ${ledgerEntries.businessId} and ${payoutLines.entryId} = ${ledgerEntries.id} and ${payouts.status} <> 'failed'), 0)`;
    const rows = await db
      .select({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt, amount: ledgerEntries.amount, taken })
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
    return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, remaining: Number(r.amount) - Number(r.taken) })).filter((r) => r.remaining !== 0);
  },

  async insert(db: Executor, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [saved] = await db.insert(payouts).values(row).returning();
    return saved!;
  },

  async insertLines(db: Executor, lines: NewPayoutLine[]): Promise<void> {
    for (let i = 0; i < lines.length; i += LINE_BATCH) await db.insert(payoutLines).values(lines.slice(i, i + LINE_BATCH));
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

  /** What a payout's lines add up to, by kind: settlements (with their payments' gross and fee) and refunds; kept on the payout when it is made. */
  async summary(db: Executor, businessId: string, payoutId: string) {
    const settled = sql`${ledgerTransactions.kind} = 'settlement'`;
    const [row] = await db
      .select({
        lines: sql<number>`count(*)`.mapWith(Number),
        fees: sql<number>`coalesce(sum(${payments.fee}) filter (where ${settled}), 0)`.mapWith(Number),
        gross: sql<number>`coalesce(sum(${payments.amount}) filter (where ${settled}), 0)`.mapWith(Number),
        refunds: sql<number>`coalesce(sum(${payoutLines.amount}) filter (where ${ledgerTransactions.kind} = 'refund'), 0)`.mapWith(Number),
      })
      .from(payoutLines)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.businessId, payoutLines.businessId), eq(ledgerEntries.id, payoutLines.entryId)))
      .innerJoin(ledgerTransactions, joinTransaction)
      .leftJoin(payments, joinPayment)
      .where(and(eq(payoutLines.businessId, businessId), eq(payoutLines.payoutId, payoutId)));
    return row ?? { lines: 0, fees: 0, gross: 0, refunds: 0 };
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
