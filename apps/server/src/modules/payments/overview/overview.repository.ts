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

  /**
   * Captured payments of the span per currency and UTC day, per currency and method, and per currency and
   * source (gross, net and count), in one read: grouping sets, told apart by `grouping()` (a bit set for each
   * column the row is not grouped by: 3 is by day, 5 by method, 6 by source).
   */
  async captured(db: Executor, businessId: string, span: Span) {
    const { day, method, sourceType } = paymentsDaily;
    const rows = await db
      .select({
        currency: paymentsDaily.currency,
        day: sql<string | null>`${day}::text`,
        method,
        source: sourceType,
        set: sql<number>`grouping(${day}, ${method}, ${sourceType})`.mapWith(Number),
        gross: asNumber(sql`sum(${paymentsDaily.gross})`),
        net: asNumber(sql`sum(${paymentsDaily.net})`),
        count: asNumber(sql`sum(${paymentsDaily.captured})`),
      })
      .from(paymentsDaily)
      .where(and(eq(paymentsDaily.businessId, businessId), inDays(span)))
      .groupBy(sql`grouping sets ((${paymentsDaily.currency}, ${day}), (${paymentsDaily.currency}, ${method}), (${paymentsDaily.currency}, ${sourceType}))`)
      .having(sql`sum(${paymentsDaily.captured}) > 0`)
      .orderBy(sql`2`, sql`3`, sql`4`);
    const of = (set: number, key: (row: (typeof rows)[number]) => string | null) =>
      rows.filter((r) => r.set === set).map((r) => ({ currency: r.currency, key: key(r), gross: r.gross, net: r.net, count: r.count }));
    return { daily: of(3, (r) => r.day), byMethod: of(5, (r) => r.method), bySource: of(6, (r) => r.source) };
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
