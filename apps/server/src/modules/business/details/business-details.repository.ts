import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses } from '@/db/schema';

export type BusinessDetailsChange = Partial<
  Pick<
    typeof businesses.$inferInsert,
    | 'name'
    | 'country'
    | 'currency'
    | 'timeZone'
    | 'addressLine1'
    | 'addressLine2'
    | 'addressCity'
    | 'addressState'
    | 'addressPostalCode'
    | 'taxNumber'
    | 'requireTwoFactor'
  >
>;

export const businessDetailsRepository = {
  /** The business row, locked for the rest of the transaction. */
  async findForUpdate(db: Executor, businessId: string) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
    return row ?? null;
  },
  /** Whether the database knows the time zone too (its zone data may be older than the platform's). */
  async knowsTimeZone(db: Executor, zone: string) {
    const result = await db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`);
    return Boolean((result as unknown as { rows: { known: boolean }[] }).rows[0]?.known);
  },
  async update(db: Executor, businessId: string, values: BusinessDetailsChange & { updatedAt: Date }) {
    const [row] = await db.update(businesses).set(values).where(eq(businesses.id, businessId)).returning();
    return row!;
  },
};
