import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bankAccounts } from '@/db/schema';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
type Columns = Omit<typeof bankAccounts.$inferInsert, 'businessId' | 'id' | 'createdAt' | 'isDefault'>;

const one = (businessId: string, id: string) => and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, id));

export const bankAccountsRepository = {
  /** Every account of a business: by currency, the default first, then newest first. */
  async list(db: Executor, businessId: string): Promise<BankAccountRow[]> {
    return db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.businessId, businessId))
      .orderBy(asc(bankAccounts.currency), desc(bankAccounts.isDefault), desc(bankAccounts.createdAt), desc(bankAccounts.id));
  },

  async find(db: Executor, businessId: string, id: string): Promise<BankAccountRow | null> {
    const [row] = await db.select().from(bankAccounts).where(one(businessId, id)).limit(1);
    return row ?? null;
  },

  /**
   * Serialises the changes of one currency's defaults in a business until the transaction ends: two
   * requests (a set-default and an add, two adds of a currency's first account) take turns, so each sees
   * what the other committed.
   */
  async lockCurrency(db: Executor, businessId: string, currency: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bank_accounts:${businessId}:${currency}`}, 0))`);
  },

  async hasDefault(db: Executor, businessId: string, currency: string): Promise<boolean> {
    const [row] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.currency, currency), eq(bankAccounts.isDefault, true)))
      .limit(1);
    return row !== undefined;
  },

  async clearDefault(db: Executor, businessId: string, currency: string): Promise<void> {
    await db
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.currency, currency), eq(bankAccounts.isDefault, true)));
  },

  /** The newest account of a currency other than `exceptId` (who takes over a removed default). */
  async newestOther(db: Executor, businessId: string, currency: string, exceptId: string): Promise<BankAccountRow | null> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.currency, currency), ne(bankAccounts.id, exceptId)))
      .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
      .limit(1);
    return row ?? null;
  },

  async insert(db: Executor, row: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
    const [saved] = await db.insert(bankAccounts).values(row).returning();
    return saved!;
  },

  async update(db: Executor, businessId: string, id: string, fields: Partial<Columns> & { isDefault?: boolean }): Promise<BankAccountRow | null> {
    const [saved] = await db.update(bankAccounts).set(fields).where(one(businessId, id)).returning();
    return saved ?? null;
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(bankAccounts).where(one(businessId, id));
  },
};
