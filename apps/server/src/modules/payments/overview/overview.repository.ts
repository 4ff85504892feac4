import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { checkoutSettings, paymentLinks, paymentMethodSettings, payments } from '@/db/schema';
import { captured, type Span } from '../sales-figures/sales-figures.repository';

const inSpan = (span: Span) => sql`${payments.createdAt} >= ${span.start} and ${payments.createdAt} < ${span.end}`;

/**
 * Aggregates over the (business_id, created_at) index: every query reads only the business's payments of
 * the range, and the database sums them (nothing is summed in JS). The daily series and the splits are the
 * sales figures' (shared with the sales report).
 */
export const overviewRepository = {
  /** Per currency: the current and previous period's figures, in one scan of both periods. */
  async figures(db: Executor, businessId: string, current: Span, previous: Span) {
    const figure = (span: Span) => ({
      gross: asNumber(sql`sum(${payments.amount}) filter (where ${captured} and ${inSpan(span)})`),
      net: asNumber(sql`sum(${payments.net}) filter (where ${captured} and ${inSpan(span)})`),
      succeeded: asNumber(sql`count(*) filter (where ${captured} and ${inSpan(span)})`),
      failed: asNumber(sql`count(*) filter (where ${payments.status} = 'failed' and ${inSpan(span)})`),
    });
    const rows = await db
      .select({ currency: payments.currency, current: figure(current), previous: figure(previous) })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), gte(payments.createdAt, previous.start), lt(payments.createdAt, current.end)))
      .groupBy(payments.currency);
    return rows;
  },

  async recent(db: Executor, businessId: string, limit: number) {
    return db.select().from(payments).where(eq(payments.businessId, businessId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit);
  },

  /** The facts behind the setup checklist, in one query. */
  async setupFacts(db: Executor, businessId: string) {
    const [row] = await db
      .select({
        methodsChosen: sql<boolean>`exists (select 1 from ${paymentMethodSettings} where ${paymentMethodSettings.businessId} = ${businessId} and ${paymentMethodSettings.enabled})`,
        checkoutCustomised: sql<boolean>`exists (select 1 from ${checkoutSettings} where ${checkoutSettings.businessId} = ${businessId})`,
        linkCreated: sql<boolean>`exists (select 1 from ${paymentLinks} where ${paymentLinks.businessId} = ${businessId})`,
        paid: sql<boolean>`exists (select 1 from ${payments} where ${payments.businessId} = ${businessId} and ${captured})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  },
};
