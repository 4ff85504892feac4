import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { CAPTURED_STATUSES, type PaymentMethod, type PaymentSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { asNumber, countRows } from '@/db/columns';
import { checkoutSettings, paymentLinks, paymentMethodSettings, payments } from '@/db/schema';

/** A half-open time range [start, end). */
export interface Span {
  start: Date;
  end: Date;
}

const captured = sql`${payments.status} in (${sql.join(
  CAPTURED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;
const inSpan = (span: Span) => sql`${payments.createdAt} >= ${span.start} and ${payments.createdAt} < ${span.end}`;
/** The payment's UTC calendar day. */
const utcDay = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Aggregates over the (business_id, created_at) index: every query reads only the business's payments of
 * the range, and the database sums them (nothing is summed in JS).
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

  /** Captured payments per currency and UTC day. */
  async daily(db: Executor, businessId: string, span: Span) {
    return db
      .select({
        currency: payments.currency,
        date: utcDay,
        gross: asNumber(sql`sum(${payments.amount})`),
        net: asNumber(sql`sum(${payments.net})`),
        count: countRows(),
      })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), gte(payments.createdAt, span.start), lt(payments.createdAt, span.end), captured))
      .groupBy(payments.currency, utcDay)
      .orderBy(utcDay);
  },

  /** Captured payments per currency and method. */
  async byMethod(db: Executor, businessId: string, span: Span): Promise<{ currency: string; method: PaymentMethod | null; gross: number; count: number }[]> {
    return db
      .select({ currency: payments.currency, method: payments.method, gross: asNumber(sql`sum(${payments.amount})`), count: countRows() })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), gte(payments.createdAt, span.start), lt(payments.createdAt, span.end), captured))
      .groupBy(payments.currency, payments.method);
  },

  /** Captured payments per currency and source type. */
  async bySource(db: Executor, businessId: string, span: Span): Promise<{ currency: string; source: PaymentSource; gross: number; count: number }[]> {
    return db
      .select({ currency: payments.currency, source: payments.sourceType, gross: asNumber(sql`sum(${payments.amount})`), count: countRows() })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), gte(payments.createdAt, span.start), lt(payments.createdAt, span.end), captured))
      .groupBy(payments.currency, payments.sourceType);
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
