import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { checkoutSettings, paymentLinks, paymentMethodSettings, payments, paymentsDaily } from '@/db/schema';
import { captured, type Span } from '../sales-figures/sales-figures.repository';

/** A UTC-day-aligned span as calendar days: [first, end). */
const daysIn = (span: Span) => ({ first: span.start.toISOString().slice(0, 10), end: span.end.toISOString().slice(0, 10) });
const inDays = (span: Span) => {
  const { first, end } = daysIn(span);
  return sql`${paymentsDaily.day} >= ${first} and ${paymentsDaily.day} < ${end}`;
};

/**
 * The Overview's figures come from `payments_daily` (docs/payments.md, "## overview" Performance): a row per
 * UTC day, currency, method and source that a trigger keeps exact with every payment's insert and state
 * change, so a 90-day period reads a few hundred rows whatever the number of payments. The periods are
 * whole UTC days, which is what the rollup is keyed by.
 */
export const overviewRepository = {
  /** Per currency: the current and previous period's figures, in one read of both periods. */
  async figures(db: Executor, businessId: string, current: Span, previous: Span) {
    const figure = (span: Span) => ({
      gross: asNumber(sql`sum(${paymentsDaily.gross}) filter (where ${inDays(span)})`),
      net: asNumber(sql`sum(${paymentsDaily.net}) filter (where ${inDays(span)})`),
      succeeded: asNumber(sql`sum(${paymentsDaily.captured}) filter (where ${inDays(span)})`),
      failed: asNumber(sql`sum(${paymentsDaily.failed}) filter (where ${inDays(span)})`),
    });
    const { first } = daysIn(previous);
    const { end } = daysIn(current);
    return db
      .select({ currency: paymentsDaily.currency, current: figure(current), previous: figure(previous) })
      .from(paymentsDaily)
      .where(and(eq(paymentsDaily.businessId, businessId), gte(paymentsDaily.day, first), lt(paymentsDaily.day, end)))
      .groupBy(paymentsDaily.currency);
  },

  /** Captured payments of the span per currency and key (UTC day, method or source): gross, net and count. */
  async captured(db: Executor, businessId: string, span: Span, by: 'day' | 'method' | 'source') {
    const key =
      by === 'day'
        ? sql<string | null>`${paymentsDaily.day}::text`
        : by === 'method'
          ? sql<string | null>`${paymentsDaily.method}`
          : sql<string | null>`${paymentsDaily.sourceType}`;
    return db
      .select({
        currency: paymentsDaily.currency,
        key,
        gross: asNumber(sql`sum(${paymentsDaily.gross})`),
        net: asNumber(sql`sum(${paymentsDaily.net})`),
        count: asNumber(sql`sum(${paymentsDaily.captured})`),
      })
      .from(paymentsDaily)
      .where(and(eq(paymentsDaily.businessId, businessId), inDays(span)))
      .groupBy(sql`1`, sql`2`)
      .having(sql`sum(${paymentsDaily.captured}) > 0`)
      .orderBy(sql`2`);
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
