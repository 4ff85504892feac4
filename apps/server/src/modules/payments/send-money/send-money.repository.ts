import { startOfLocalDay } from '@merchant/core';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TransferFilters, TransferStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { pastCursor } from '@/db/keyset';
import { beneficiaries, businesses, transferEvents, transferQuotes, transfers, transferSettings } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type QuoteRow = typeof transferQuotes.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;
export type TransferEventRow = typeof transferEvents.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const oneBeneficiary = (businessId: string, id: string) => and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.id, id));
const oneTransfer = (businessId: string, id: string) => and(eq(transfers.businessId, businessId), eq(transfers.id, id));

const activeMatching = (businessId: string, q: string | undefined) => {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  return and(
    eq(beneficiaries.businessId, businessId),
    eq(beneficiaries.status, 'active'),
    pattern ? or(ilike(beneficiaries.holderName, pattern), ilike(beneficiaries.bankName, pattern)) : undefined,
  );
};

/** SQL of send money: beneficiaries, quotes, transfers, their events and the approval rule. */
export const sendMoneyRepository = {
  async beneficiaryPage(db: Executor, businessId: string, q: string | undefined, status: 'active' | 'closed' | 'all', limit: number, cursor?: Cursor) {
    const pattern = q ? `%${escapeLike(q)}%` : undefined;
    return db
      .select()
      .from(beneficiaries)
      .where(
        and(
          eq(beneficiaries.businessId, businessId),
          status === 'all' ? undefined : eq(beneficiaries.status, status),
          pattern
            ? or(ilike(beneficiaries.holderName, pattern), ilike(beneficiaries.bankName, pattern), sql`right(${beneficiaries.accountNumber}, 4) = ${q}`)
            : undefined,
          cursor ? pastCursor('desc', beneficiaries.createdAt, beneficiaries.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
      .limit(limit + 1);
  },

  /** Active beneficiaries matching `q` (the holder's name or the bank), newest first, from `offset` (numbered pages). */
  async beneficiaryNumberedPage(db: Executor, businessId: string, q: string | undefined, limit: number, offset: number) {
    return db
      .select()
      .from(beneficiaries)
      .where(activeMatching(businessId, q))
      .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
      .limit(limit)
      .offset(offset);
  },

  async countActiveBeneficiaries(db: Executor, businessId: string, q: string | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(beneficiaries).where(activeMatching(businessId, q));
    return row?.n ?? 0;
  },

  /** The business's name and time zone (a mail to a beneficiary is from it, dated on its calendar). */
  async businessNameAndZone(db: Executor, businessId: string): Promise<{ name: string; timeZone: string } | null> {
    const [row] = await db.select({ name: businesses.name, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },

  async findBeneficiary(db: Executor, businessId: string, id: string, lock: 'share' | null = null): Promise<BeneficiaryRow | null> {
    const query = db.select().from(beneficiaries).where(oneBeneficiary(businessId, id)).limit(1);
    const [row] = lock ? await query.for(lock) : await query;
    return row ?? null;
  },

  async insertBeneficiary(db: Executor, row: typeof beneficiaries.$inferInsert): Promise<BeneficiaryRow> {
    const [saved] = await db.insert(beneficiaries).values(row).returning();
    return saved!;
  },

  async updateBeneficiary(db: Executor, businessId: string, id: string, fields: Partial<typeof beneficiaries.$inferInsert>): Promise<BeneficiaryRow | null> {
    const [saved] = await db.update(beneficiaries).set(fields).where(oneBeneficiary(businessId, id)).returning();
    return saved ?? null;
  },

  async insertQuote(db: Executor, row: typeof transferQuotes.$inferInsert): Promise<QuoteRow> {
    const [saved] = await db.insert(transferQuotes).values(row).returning();
    return saved!;
  },

  /** The quote, locked until the transaction ends (a quote is used once). */
  async lockQuote(db: Executor, businessId: string, id: string): Promise<QuoteRow | null> {
    const [row] = await db
      .select()
      .from(transferQuotes)
      .where(and(eq(transferQuotes.businessId, businessId), eq(transferQuotes.id, id)))
      .for('update');
    return row ?? null;
  },

  async useQuote(db: Executor, businessId: string, id: string, at: Date): Promise<void> {
    await db
      .update(transferQuotes)
      .set({ usedAt: at })
      .where(and(eq(transferQuotes.businessId, businessId), eq(transferQuotes.id, id)));
  },

  async insertTransfer(db: Executor, row: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [saved] = await db.insert(transfers).values(row).returning();
    return saved!;
  },

  async findTransfer(db: Executor, businessId: string, id: string, lock = false): Promise<TransferRow | null> {
    const query = db.select().from(transfers).where(oneTransfer(businessId, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async updateTransfer(db: Executor, businessId: string, id: string, fields: Partial<typeof transfers.$inferInsert>): Promise<TransferRow> {
    const [saved] = await db.update(transfers).set(fields).where(oneTransfer(businessId, id)).returning();
    return saved!;
  },

  /** Newest first; `from` and `to` are days of `zone` (the business's), as on every other list. */
  async transferPage(
    db: Executor,
    businessId: string,
    zone: string,
    filters: Partial<TransferFilters>,
    limit: number,
    cursor?: Cursor,
  ): Promise<TransferRow[]> {
    const conditions: (SQL | undefined)[] = [
      eq(transfers.businessId, businessId),
      filters.status ? eq(transfers.status, filters.status) : undefined,
      filters.beneficiary_id ? eq(transfers.beneficiaryId, filters.beneficiary_id) : undefined,
      filters.from ? gte(transfers.createdAt, startOfLocalDay(filters.from, zone)) : undefined,
      filters.to ? lt(transfers.createdAt, startOfLocalDay(filters.to, zone, 1)) : undefined,
      filters.min_amount !== undefined ? gte(transfers.sendAmount, filters.min_amount) : undefined,
      filters.max_amount !== undefined ? lte(transfers.sendAmount, filters.max_amount) : undefined,
      cursor ? pastCursor('desc', transfers.createdAt, transfers.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
    ];
    return db
      .select()
      .from(transfers)
      .where(and(...conditions))
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(limit + 1);
  },

  async transfersWithStatus(db: Executor, businessId: string, status: TransferStatus, limit: number): Promise<TransferRow[]> {
    return db
      .select()
      .from(transfers)
      .where(and(eq(transfers.businessId, businessId), eq(transfers.status, status)))
      .orderBy(asc(transfers.createdAt), asc(transfers.id))
      .limit(limit);
  },

  async insertEvent(db: Executor, row: typeof transferEvents.$inferInsert): Promise<void> {
    await db.insert(transferEvents).values(row);
  },

  async events(db: Executor, businessId: string, transferId: string): Promise<TransferEventRow[]> {
    return db
      .select()
      .from(transferEvents)
      .where(and(eq(transferEvents.businessId, businessId), eq(transferEvents.transferId, transferId)))
      .orderBy(asc(transferEvents.createdAt), asc(transferEvents.id));
  },

  async threshold(db: Executor, businessId: string): Promise<number | null> {
    const [row] = await db.select({ amount: transferSettings.approvalThreshold }).from(transferSettings).where(eq(transferSettings.businessId, businessId));
    return row?.amount ?? null;
  },

  async saveThreshold(db: Executor, businessId: string, amount: number | null, at: Date): Promise<void> {
    await db
      .insert(transferSettings)
      .values({ businessId, approvalThreshold: amount, updatedAt: at })
      .onConflictDoUpdate({ target: transferSettings.businessId, set: { approvalThreshold: amount, updatedAt: at } });
  },
};
