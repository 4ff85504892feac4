import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { invoices } from '@/db/schema';

/** How many of the business's invoices are overdue, as a scalar other modules' statements embed (the Overview's "needs attention"). */
export const overdueInvoiceCount = (businessId: Placeholder): SQL<string | number> =>
  sql`(select count(*) from ${invoices} where ${invoices.businessId} = ${businessId} and ${invoices.status} = 'overdue')`;

/** What another module's screen shows of some of the business's invoices, by id (an import's rows, a repeating invoice's runs). */
export async function invoiceSummaries(db: Executor, businessId: string, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, InvoiceSummary>();
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, status: invoices.status, total: invoices.total, currency: invoices.currency })
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), inArray(invoices.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}
export type InvoiceSummary = Pick<typeof invoices.$inferSelect, 'id' | 'number' | 'status' | 'total' | 'currency'>;
