import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { CAPTURED_STATUSES } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { asNumber, countRows } from '@/db/columns';
import { payments, refunds } from '@/db/schema';

/**
 * Sales aggregates the Overview and the sales report share (docs/payments.md, "overview" and
 * "sales-report"): captured payments and refunds of a time span, grouped by calendar day, method or source.
 * Every query reads only the business's rows of the span and the database sums them.
 * Published by the charges module, which owns payments and refunds (docs/architecture.md, "Table ownership").
 */

/** A half-open time range [start, end). */
export interface Span {
  start: Date;
  end: Date;
}

/** What a row is grouped by: a calendar day in a time zone, the payment method or the payment source. */
export type SalesGrouping = { by: 'day'; tz: string } | { by: 'method' } | { by: 'source' };

export const captured = sql`${payments.status} in (${sql.join(
  CAPTURED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
const dayIn = (instant: typeof payments.createdAt | typeof refunds.createdAt, tz: string) => sql<string>`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD')`;

/** The grouping key of a payment (a refund's day is its own; its method and source are its payment's). */
function keyOf(grouping: SalesGrouping, time: typeof payments.createdAt | typeof refunds.createdAt): SQL<string | null> {
  if (grouping.by === 'day') return dayIn(time, grouping.tz);
  return grouping.by === 'method' ? sql<string | null>`${payments.method}` : sql<string>`${payments.sourceType}`;
}

const onlyCurrency = (column: typeof payments.currency | typeof refunds.currency, currency: string | undefined) =>
  currency === undefined ? undefined : eq(column, currency);

export const salesFiguresReadModel = {
  /** Captured payments created in the span, per currency and key: gross, fees, net (amount - fee) and count. */
  async captured(db: Executor, businessId: string, span: Span, grouping: SalesGrouping, currency?: string) {
    return (
      db
        .select({
          currency: payments.currency,
          key: keyOf(grouping, payments.createdAt),
          gross: asNumber(sql`sum(${payments.amount})`),
          fees: asNumber(sql`sum(${payments.fee})`),
          net: asNumber(sql`sum(${payments.net})`),
          count: countRows(),
        })
        .from(payments)
        .where(
          and(
            eq(payments.businessId, businessId),
            gte(payments.createdAt, span.start),
            lt(payments.createdAt, span.end),
            captured,
            onlyCurrency(payments.currency, currency),
          ),
        )
        // By position: the day's expression carries the time zone as a parameter, which Postgres would not
        // match against the select list's own parameter.
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`2`)
    );
  },

  /** Refunds made in the span, per currency and key (method and source of the refunded payment): sum and count. */
  async refunded(db: Executor, businessId: string, span: Span, grouping: SalesGrouping, currency?: string) {
    return db
      .select({
        currency: refunds.currency,
        key: keyOf(grouping, refunds.createdAt),
        amount: asNumber(sql`sum(${refunds.amount})`),
        count: countRows(),
      })
      .from(refunds)
      .innerJoin(payments, and(eq(payments.businessId, refunds.businessId), eq(payments.id, refunds.paymentId)))
      .where(
        and(eq(refunds.businessId, businessId), gte(refunds.createdAt, span.start), lt(refunds.createdAt, span.end), onlyCurrency(refunds.currency, currency)),
      )
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`2`);
  },
};
