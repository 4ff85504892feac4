import { and, asc, desc, eq, gte, inArray, lte, max, or, sql } from 'drizzle-orm';
import type { InvoiceFilters, InvoiceStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { countRows } from '@/db/columns';
import { businesses, customers, invoiceEvents, invoiceRemindersSent, invoices, users } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { pastCursor } from '@/db/keyset';
import { searchMatches } from '@/db/search';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type NewInvoiceEvent = typeof invoiceEvents.$inferInsert;

const withCustomer = { invoice: invoices, customerName: customers.name, customerEmail: customers.email };
export type InvoiceWithCustomer = { invoice: InvoiceRow; customerName: string | null; customerEmail: string | null };

/** The number a search names: `INV-000042`, `inv-42` or `42`. */
function searchedNumber(search: string): number | undefined {
  const match = /^(?:inv-?)?0*(\d{1,9})$/i.exec(search);
  return match ? Number(match[1]) : undefined;
}

/**
 * The list's filters. A search finds invoices by their customer's words (word prefixes of the name, email and phone,
 * db/search.ts) and, when it names a number, by number. The customers are found in their own index first; alone, the
 * match is a semi-join the planner sizes from the customers' statistics (a few customers: their invoices by
 * `invoices_customer_idx`, then sorted; most of them: the list's date order); with a number, the customers' ids
 * are one array, so the invoices of those customers and the numbered one are two index reads ORed.
 */
function filtersOf(businessId: string, filter: InvoiceFilters) {
  const number = filter.search ? searchedNumber(filter.search) : undefined;
  const customersFound = filter.search
    ? sql`select ${customers.id} from ${customers} where ${customers.businessId} = ${businessId} and ${searchMatches(customers, filter.search)}`
    : undefined;
  const found =
    customersFound === undefined
      ? undefined
      : number === undefined
        ? sql`${invoices.customerId} in (${customersFound})`
        : or(sql`${invoices.customerId} = any(array(${customersFound}))`, eq(invoices.number, number));
  return [
    eq(invoices.businessId, businessId),
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.from ? gte(invoices.issueDate, filter.from) : undefined,
    filter.to ? lte(invoices.issueDate, filter.to) : undefined,
    found,
  ];
}

/** Invoices: SQL only. Every query is scoped by business, except the invoice host's read by public id. */
export const invoicesRepository = {
  async insert(db: Executor, row: NewInvoice): Promise<void> {
    await db.insert(invoices).values(row);
  },

  /** The next number of the business's invoices, under a lock on the business's numbering until commit. */
  async nextNumber(db: Executor, businessId: string): Promise<number> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-number:${businessId}`}))`);
    const [row] = await db
      .select({ last: max(invoices.number) })
      .from(invoices)
      .where(eq(invoices.businessId, businessId));
    return (row?.last ?? 0) + 1;
  },

  async find(db: Executor, businessId: string, id: string): Promise<InvoiceWithCustomer | undefined> {
    const [row] = await db
      .select(withCustomer)
      .from(invoices)
      .leftJoin(customers, and(eq(customers.businessId, invoices.businessId), eq(customers.id, invoices.customerId)))
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
    return row;
  },

  /** The invoice host's read: by the business of the URL and the invoice's public id. */
  async findByPublicId(db: Executor, businessId: string, publicId: string): Promise<InvoiceWithCustomer | undefined> {
    const [row] = await db
      .select(withCustomer)
      .from(invoices)
      .leftJoin(customers, and(eq(customers.businessId, invoices.businessId), eq(customers.id, invoices.customerId)))
      .where(and(eq(invoices.businessId, businessId), eq(invoices.publicId, publicId)));
    return row;
  },

  /** Serialises the writers of one invoice's "viewed" events until commit (the invoice's row stays free for payments). */
  async lockViews(db: Executor, businessId: string, invoiceId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-view:${businessId}:${invoiceId}`}))`);
  },

  /** When the invoice's latest event of a kind happened, if ever. */
  async lastEventAt(db: Executor, businessId: string, invoiceId: string, kind: NewInvoiceEvent['kind']): Promise<Date | null> {
    const [row] = await db
      .select({ at: invoiceEvents.createdAt })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.businessId, businessId), eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.kind, kind)))
      .orderBy(desc(invoiceEvents.createdAt), desc(invoiceEvents.id))
      .limit(1);
    return row?.at ?? null;
  },

  /** What an invoice needs of its business when no request carries it (a schedule, an import). */
  async business(db: Executor, businessId: string): Promise<{ id: string; name: string; currency: string } | undefined> {
    const [row] = await db
      .select({ id: businesses.id, name: businesses.name, currency: businesses.currency })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row;
  },

  /** The invoice's row, locked for the rest of the transaction. */
  async lock(db: Executor, businessId: string, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)))
      .for('update');
    return row;
  },

  async update(db: Executor, businessId: string, id: string, patch: Partial<NewInvoice>): Promise<void> {
    await db
      .update(invoices)
      .set(patch)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
  },

  /** Records an automatic reminder of the invoice at `offsetDays` from its due date: false when one was recorded already. */
  async claimReminder(db: Executor, businessId: string, invoiceId: string, offsetDays: number, at: Date): Promise<boolean> {
    const claimed = await db
      .insert(invoiceRemindersSent)
      .values({ businessId, invoiceId, offsetDays, sentAt: at })
      .onConflictDoNothing()
      .returning({ offsetDays: invoiceRemindersSent.offsetDays });
    return claimed.length > 0;
  },

  /** Every business's sent invoices due before `today` become overdue (answers which). */
  /** Sent invoices whose due date is before their business's today (in its time zone) at `at` become overdue. */
  async markOverdue(db: Executor, at: Date) {
    const today = sql`(${at.toISOString()}::timestamptz at time zone (select ${businesses.timeZone} from ${businesses} where ${businesses.id} = ${invoices.businessId}))::date`;
    return db
      .update(invoices)
      .set({ status: 'overdue', updatedAt: at })
      .where(and(eq(invoices.status, 'sent'), sql`${invoices.dueDate} < ${today}`))
      .returning({ businessId: invoices.businessId, id: invoices.id, dueDate: invoices.dueDate });
  },

  async addEvent(db: Executor, event: NewInvoiceEvent): Promise<void> {
    await db.insert(invoiceEvents).values(event);
  },

  async timeline(db: Executor, businessId: string, invoiceId: string) {
    return db
      .select({ kind: invoiceEvents.kind, detail: invoiceEvents.detail, by: users.name, at: invoiceEvents.createdAt })
      .from(invoiceEvents)
      .leftJoin(users, eq(users.id, invoiceEvents.userId))
      .where(and(eq(invoiceEvents.businessId, businessId), eq(invoiceEvents.invoiceId, invoiceId)))
      .orderBy(asc(invoiceEvents.createdAt), asc(invoiceEvents.id))
      .limit(500);
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: InvoiceFilters, limit: number, cursor?: Cursor): Promise<InvoiceWithCustomer[]> {
    return db
      .select(withCustomer)
      .from(invoices)
      .leftJoin(customers, and(eq(customers.businessId, invoices.businessId), eq(customers.id, invoices.customerId)))
      .where(
        and(
          ...filtersOf(businessId, filter),
          cursor ? pastCursor('desc', invoices.createdAt, invoices.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit + 1);
  },

  async customerExists(db: Executor, businessId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
    return Boolean(row);
  },

  /**
   * The public API's page (Laravel's offset pages, newest first) and how many match: by statuses, the customer's
   * email (without case) and the notes (HitPay's `reference`).
   */
  async offsetPage(
    db: Executor,
    businessId: string,
    filter: { statuses?: readonly InvoiceStatus[] | undefined; customerEmail?: string | undefined; notes?: string | undefined },
    limit: number,
    offset: number,
  ): Promise<{ rows: InvoiceWithCustomer[]; total: number }> {
    const where = and(
      eq(invoices.businessId, businessId),
      filter.statuses ? inArray(invoices.status, [...filter.statuses]) : undefined,
      filter.customerEmail ? sql`lower(${customers.email}) = lower(${filter.customerEmail})` : undefined,
      filter.notes ? eq(invoices.notes, filter.notes) : undefined,
    );
    const join = and(eq(customers.businessId, invoices.businessId), eq(customers.id, invoices.customerId));
    const rows = await db
      .select(withCustomer)
      .from(invoices)
      .leftJoin(customers, join)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset);
    const [count] = await db.select({ total: countRows() }).from(invoices).leftJoin(customers, join).where(where);
    return { rows, total: count?.total ?? 0 };
  },
};
