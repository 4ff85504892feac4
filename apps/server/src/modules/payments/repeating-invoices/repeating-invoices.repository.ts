import { and, asc, desc, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { RepeatingInvoiceFilters } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { businesses, customers, repeatingInvoiceRuns, repeatingInvoices } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';

export type RepeatingInvoiceRow = typeof repeatingInvoices.$inferSelect;
export type NewRepeatingInvoice = typeof repeatingInvoices.$inferInsert;
export type NewRepeatingInvoiceRun = typeof repeatingInvoiceRuns.$inferInsert;
export type RunKey = { businessId: string; repeatingInvoiceId: string; runDate: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const withCustomer = { template: repeatingInvoices, customerName: customers.name, customerEmail: customers.email };
export type RepeatingInvoiceWithCustomer = { template: RepeatingInvoiceRow; customerName: string | null; customerEmail: string | null };
const customerJoin = and(eq(customers.businessId, repeatingInvoices.businessId), eq(customers.id, repeatingInvoices.customerId));

/** Repeating invoices and their runs: SQL only. Scoped by business, except the scheduler's look for due work. */
export const repeatingInvoicesRepository = {
  async insert(db: Executor, row: NewRepeatingInvoice): Promise<void> {
    await db.insert(repeatingInvoices).values(row);
  },

  async find(db: Executor, businessId: string, id: string): Promise<RepeatingInvoiceWithCustomer | undefined> {
    const [row] = await db
      .select(withCustomer)
      .from(repeatingInvoices)
      .leftJoin(customers, customerJoin)
      .where(and(eq(repeatingInvoices.businessId, businessId), eq(repeatingInvoices.id, id)));
    return row;
  },

  /** The row, locked for the rest of the transaction. */
  async lock(db: Executor, businessId: string, id: string): Promise<RepeatingInvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(repeatingInvoices)
      .where(and(eq(repeatingInvoices.businessId, businessId), eq(repeatingInvoices.id, id)))
      .for('update');
    return row;
  },

  /**
   * The row if it is active with a run due on or before `today` and no other runner holds it; locked until
   * the transaction ends. A runner that waited for another's commit would read the advanced next run anyway;
   * skipping lets parallel schedulers share the work instead of queueing on one row.
   */
  async lockDue(db: Executor, businessId: string, id: string, today: string): Promise<RepeatingInvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(repeatingInvoices)
      .where(
        and(
          eq(repeatingInvoices.businessId, businessId),
          eq(repeatingInvoices.id, id),
          eq(repeatingInvoices.status, 'active'),
          lte(repeatingInvoices.nextRunDate, today),
        ),
      )
      .for('update', { skipLocked: true });
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<NewRepeatingInvoice>): Promise<void> {
    await db
      .update(repeatingInvoices)
      .set(patch)
      .where(and(eq(repeatingInvoices.businessId, businessId), eq(repeatingInvoices.id, id)));
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: RepeatingInvoiceFilters, limit: number, cursor?: Cursor): Promise<RepeatingInvoiceWithCustomer[]> {
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    return db
      .select(withCustomer)
      .from(repeatingInvoices)
      .leftJoin(customers, customerJoin)
      .where(
        and(
          eq(repeatingInvoices.businessId, businessId),
          filter.status ? eq(repeatingInvoices.status, filter.status) : undefined,
          pattern ? or(ilike(customers.name, pattern), ilike(customers.email, pattern)) : undefined,
          cursor ? pastCursor('desc', repeatingInvoices.createdAt, repeatingInvoices.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(repeatingInvoices.createdAt), desc(repeatingInvoices.id))
      .limit(limit + 1);
  },

  /** Active repeating invoices of every business with a run due on or before `today`, the most overdue first. */
  /** Active repeating invoices whose next run date has come in their business's time zone at `now`, with that zone. */
  async due(db: Executor, now: Date, limit: number): Promise<{ businessId: string; id: string; timeZone: string }[]> {
    return db
      .select({ businessId: repeatingInvoices.businessId, id: repeatingInvoices.id, timeZone: businesses.timeZone })
      .from(repeatingInvoices)
      .innerJoin(businesses, eq(businesses.id, repeatingInvoices.businessId))
      .where(
        and(
          eq(repeatingInvoices.status, 'active'),
          sql`${repeatingInvoices.nextRunDate} <= (${now.toISOString()}::timestamptz at time zone ${businesses.timeZone})::date`,
        ),
      )
      .orderBy(asc(repeatingInvoices.nextRunDate))
      .limit(limit);
  },

  /** The time zone of a business's days. */
  async timeZoneOf(db: Executor, businessId: string): Promise<string> {
    const [row] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  /** Fails on a second run of one date: the primary key is the exactly-once guarantee of last resort. */
  async insertRun(db: Executor, row: NewRepeatingInvoiceRun): Promise<void> {
    await db.insert(repeatingInvoiceRuns).values(row);
  },

  async updateRun(db: Executor, key: RunKey, patch: Partial<NewRepeatingInvoiceRun>): Promise<void> {
    await db
      .update(repeatingInvoiceRuns)
      .set(patch)
      .where(
        and(
          eq(repeatingInvoiceRuns.businessId, key.businessId),
          eq(repeatingInvoiceRuns.repeatingInvoiceId, key.repeatingInvoiceId),
          eq(repeatingInvoiceRuns.runDate, key.runDate),
        ),
      );
  },

  /** A repeating invoice's runs, newest first (the invoices service's read model adds what each invoice is now). */
  async runs(db: Executor, businessId: string, id: string, limit: number) {
    return db
      .select({
        runDate: repeatingInvoiceRuns.runDate,
        sendStatus: repeatingInvoiceRuns.sendStatus,
        sendError: repeatingInvoiceRuns.sendError,
        createdAt: repeatingInvoiceRuns.createdAt,
        invoiceId: repeatingInvoiceRuns.invoiceId,
      })
      .from(repeatingInvoiceRuns)
      .where(and(eq(repeatingInvoiceRuns.businessId, businessId), eq(repeatingInvoiceRuns.repeatingInvoiceId, id)))
      .orderBy(desc(repeatingInvoiceRuns.runDate))
      .limit(limit);
  },

  /** Runs of every business whose auto-send has not happened yet, oldest first. */
  async pendingSends(db: Executor, limit: number): Promise<(RunKey & { invoiceId: string })[]> {
    return db
      .select({
        businessId: repeatingInvoiceRuns.businessId,
        repeatingInvoiceId: repeatingInvoiceRuns.repeatingInvoiceId,
        runDate: repeatingInvoiceRuns.runDate,
        invoiceId: repeatingInvoiceRuns.invoiceId,
      })
      .from(repeatingInvoiceRuns)
      .where(eq(repeatingInvoiceRuns.sendStatus, 'pending'))
      .orderBy(asc(repeatingInvoiceRuns.createdAt))
      .limit(limit);
  },
};
