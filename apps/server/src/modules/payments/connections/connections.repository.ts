import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { AccountingTool } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { accountingConnections, accountingJournals, businesses } from '@/db/schema';

export type ConnectionRow = typeof accountingConnections.$inferSelect;
export type JournalRow = typeof accountingJournals.$inferSelect;
export type NewJournalRow = typeof accountingJournals.$inferInsert;

const active = (businessId: string, tool: AccountingTool) =>
  and(eq(accountingConnections.businessId, businessId), eq(accountingConnections.tool, tool), isNull(accountingConnections.disconnectedAt));

/** Accounting connections and their journals (docs/developers.md, "Accounting connections"). */
export const connectionsRepository = {
  async activeOf(db: Executor, businessId: string): Promise<ConnectionRow[]> {
    return db
      .select()
      .from(accountingConnections)
      .where(and(eq(accountingConnections.businessId, businessId), isNull(accountingConnections.disconnectedAt)));
  },

  async find(db: Executor, businessId: string, tool: AccountingTool): Promise<ConnectionRow | null> {
    const [row] = await db.select().from(accountingConnections).where(active(businessId, tool)).limit(1);
    return row ?? null;
  },

  async lock(db: Executor, businessId: string, tool: AccountingTool): Promise<ConnectionRow | null> {
    const [row] = await db.select().from(accountingConnections).where(active(businessId, tool)).limit(1).for('update');
    return row ?? null;
  },

  /** Inserts the connection unless the tool is connected already (two connects at once keep one). */
  async insert(db: Executor, row: typeof accountingConnections.$inferInsert): Promise<ConnectionRow | null> {
    const [saved] = await db.insert(accountingConnections).values(row).onConflictDoNothing().returning();
    return saved ?? null;
  },

  async update(db: Executor, businessId: string, id: string, values: Partial<typeof accountingConnections.$inferInsert>): Promise<ConnectionRow | null> {
    const [row] = await db
      .update(accountingConnections)
      .set(values)
      .where(and(eq(accountingConnections.businessId, businessId), eq(accountingConnections.id, id)))
      .returning();
    return row ?? null;
  },

  /** Every connected and mapped connection with its business's time zone (the daily job's list). */
  async mappedForSync(db: Executor, businessId?: string) {
    return db
      .select({ connection: accountingConnections, timeZone: businesses.timeZone })
      .from(accountingConnections)
      .innerJoin(businesses, eq(businesses.id, accountingConnections.businessId))
      .where(
        and(
          isNull(accountingConnections.disconnectedAt),
          sql`${accountingConnections.salesAccount} is not null`,
          businessId === undefined ? undefined : eq(accountingConnections.businessId, businessId),
        ),
      )
      .orderBy(asc(accountingConnections.connectedAt), asc(accountingConnections.id));
  },

  /** Claims a day's journal: null when it exists already (another run or process posted or is posting it). */
  async claimJournal(db: Executor, row: NewJournalRow): Promise<JournalRow | null> {
    const [saved] = await db.insert(accountingJournals).values(row).onConflictDoNothing().returning();
    return saved ?? null;
  },

  async updateJournal(db: Executor, businessId: string, id: string, values: Partial<NewJournalRow>): Promise<void> {
    await db
      .update(accountingJournals)
      .set(values)
      .where(and(eq(accountingJournals.businessId, businessId), eq(accountingJournals.id, id)));
  },

  /** A connection's failed journals of a day (a rerun posts them again). */
  async failedOf(db: Executor, businessId: string, connectionId: string, day: string): Promise<JournalRow[]> {
    return db
      .select()
      .from(accountingJournals)
      .where(
        and(
          eq(accountingJournals.businessId, businessId),
          eq(accountingJournals.connectionId, connectionId),
          eq(accountingJournals.day, day),
          eq(accountingJournals.status, 'failed'),
        ),
      )
      .for('update', { skipLocked: true });
  },

  async recentJournals(db: Executor, businessId: string, tool: AccountingTool, limit: number): Promise<JournalRow[]> {
    const rows = await db
      .select({ journal: accountingJournals })
      .from(accountingJournals)
      .innerJoin(
        accountingConnections,
        and(eq(accountingConnections.businessId, accountingJournals.businessId), eq(accountingConnections.id, accountingJournals.connectionId)),
      )
      .where(and(eq(accountingJournals.businessId, businessId), eq(accountingConnections.tool, tool)))
      .orderBy(desc(accountingJournals.day), asc(accountingJournals.currency))
      .limit(limit);
    return rows.map((r) => r.journal);
  },

  /** A tool's journals of a range of days (every connection of the business to that tool), oldest first. */
  async journalsBetween(db: Executor, businessId: string, tool: AccountingTool, from: string, to: string): Promise<JournalRow[]> {
    const rows = await db
      .select({ journal: accountingJournals })
      .from(accountingJournals)
      .innerJoin(
        accountingConnections,
        and(eq(accountingConnections.businessId, accountingJournals.businessId), eq(accountingConnections.id, accountingJournals.connectionId)),
      )
      .where(
        and(
          eq(accountingJournals.businessId, businessId),
          eq(accountingConnections.tool, tool),
          gte(accountingJournals.day, from),
          lte(accountingJournals.day, to),
        ),
      )
      .orderBy(asc(accountingJournals.day), asc(accountingJournals.currency), asc(accountingJournals.id));
    return rows.map((r) => r.journal);
  },

  async lastJournalDay(db: Executor, connectionId: string): Promise<string | null> {
    const [row] = await db
      .select({ day: sql<string | null>`max(${accountingJournals.day})::text` })
      .from(accountingJournals)
      .where(eq(accountingJournals.connectionId, connectionId));
    return row?.day ?? null;
  },
};
