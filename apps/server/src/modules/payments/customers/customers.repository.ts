import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { customers } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';
import { searchMatches } from '@/db/search';

export type CustomerRow = typeof customers.$inferSelect;

/** Newest first, after the cursor's row. */
const customerAfter = (cursor: Cursor | undefined): SQL | undefined =>
  cursor ? pastCursor('desc', customers.createdAt, customers.id, { key: cursor.createdAt, id: cursor.id }) : undefined;

/** The checkout matches every paying customer by email: built once (db/prepared.ts). */
const byEmail = preparedStatement('customer_by_email', (db, name) =>
  db
    .select()
    .from(customers)
    .where(and(eq(customers.businessId, sql.placeholder('businessId')), sql`lower(${customers.email}) = lower(${sql.placeholder('email')})`))
    .orderBy(customers.createdAt)
    .limit(1)
    .prepare(name),
);

export const customersRepository = {
  /**
   * One page of a business's customers, newest first, whose name, email or phone has the words of `q` (word
   * prefixes, db/search.ts). Reads `limit + 1` rows.
   */
  async page(db: Executor, businessId: string, q: string | undefined, limit: number, cursor?: Cursor): Promise<CustomerRow[]> {
    const conditions = [eq(customers.businessId, businessId), q ? searchMatches(customers, q) : undefined, customerAfter(cursor)].filter(
      (c): c is SQL => c !== undefined,
    );
    return db
      .select()
      .from(customers)
      .where(and(...conditions))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit + 1);
  },

  async find(db: Executor, businessId: string, id: string): Promise<CustomerRow | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** The customer of the business with this email, compared case-insensitively (other than `exceptId`). */
  async findByEmail(db: Executor, businessId: string, email: string, exceptId?: string): Promise<CustomerRow | null> {
    if (!exceptId) {
      const [first] = await byEmail(db, { businessId, email });
      return first ?? null;
    }
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = lower(${email})`, ne(customers.id, exceptId)))
      .orderBy(customers.createdAt)
      .limit(1);
    return row ?? null;
  },

  /**
   * Serialises writers of one email in one business until the transaction ends, so two requests (or two
   * checkouts) with the same email cannot both find it free and both insert it.
   */
  async lockEmail(tx: Executor, businessId: string, email: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-email:${businessId}:${email.toLowerCase()}`}, 0))`);
  },

  async insert(db: Executor, row: typeof customers.$inferInsert): Promise<CustomerRow> {
    const [saved] = await db.insert(customers).values(row).returning();
    return saved!;
  },

  async update(
    db: Executor,
    businessId: string,
    id: string,
    fields: Pick<CustomerRow, 'name' | 'email' | 'phone' | 'notes' | 'updatedAt'>,
  ): Promise<CustomerRow | null> {
    const [saved] = await db
      .update(customers)
      .set(fields)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
      .returning();
    return saved ?? null;
  },

  async remove(db: Executor, businessId: string, id: string): Promise<void> {
    await db.delete(customers).where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
  },
};
