import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { directDebitMandates as mandates } from '@/db/schema';

export type MandateRow = typeof mandates.$inferSelect;

/** Direct-debit mandates: SQL only. A mandate is found by its public id (the customer's pages) or within its business. */
export const directDebitRepository = {
  async insert(db: Executor, row: typeof mandates.$inferInsert): Promise<MandateRow> {
    const [saved] = await db.insert(mandates).values(row).returning();
    return saved!;
  },
  async byPublicId(db: Executor, publicId: string): Promise<MandateRow | null> {
    const [row] = await db.select().from(mandates).where(eq(mandates.publicId, publicId)).limit(1);
    return row ?? null;
  },
  /** Locks the mandate's row until the transaction ends (two tabs confirming one mandate run one after the other). */
  async lockByPublicId(tx: Executor, publicId: string): Promise<MandateRow | null> {
    const [row] = await tx.select().from(mandates).where(eq(mandates.publicId, publicId)).limit(1).for('update');
    return row ?? null;
  },
  async find(db: Executor, businessId: string, id: string): Promise<MandateRow | null> {
    const [row] = await db
      .select()
      .from(mandates)
      .where(and(eq(mandates.businessId, businessId), eq(mandates.id, id)))
      .limit(1);
    return row ?? null;
  },
  async update(tx: Executor, row: MandateRow, changes: Partial<Omit<MandateRow, 'businessId' | 'id' | 'publicId' | 'customerId'>>): Promise<MandateRow> {
    const [saved] = await tx
      .update(mandates)
      .set(changes)
      .where(and(eq(mandates.businessId, row.businessId), eq(mandates.id, row.id)))
      .returning();
    return saved!;
  },
};
