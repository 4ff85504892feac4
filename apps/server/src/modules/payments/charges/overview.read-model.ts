import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asNumber } from '@/db/columns';
import { preparedStatement } from '@/db/prepared';
import { payments, paymentsDaily } from '@/db/schema';
import { checkoutCustomised } from '../checkout-customisation/checkout-customisation.read-model';
import { linkCreated } from '../payment-links/payment-links.read-model';
import { methodChosen } from '../payment-methods/payment-methods.read-model';
import { captured } from './sales-figures.read-model';
import { bankAccountAdded } from '../bank-accounts/bank-accounts.read-model';
import { overdueInvoiceCount } from '../invoices/invoices.read-model';
import { transfersAwaitingReviewCount } from '../send-money/transfers.read-model';
import { mayLag } from '@/db/replica';

/** Calendar days of the business's zone, [first, end): the day after the last is `end`. */
export interface DayRange {
  first: string;
  end: string;
}
/** The rows of a span whose days the statement's placeholders `<prefix>First` and `<prefix>End` name. */
const inDays = (prefix: string) =>
  sql`${paymentsDaily.day} >= ${sql.placeholder(`${prefix}First`)} and ${paymentsDaily.day} < ${sql.placeholder(`${prefix}End`)}`;
const businessIs = eq(paymentsDaily.businessId, sql.placeholder('businessId'));

// Every Overview request runs these reads: each is built once (db/prepared.ts), its values bound per run.
const figureOf = (prefix: string) => ({
  gross: asNumber(sql`sum(${paymentsDaily.gross}) filter (where ${inDays(prefix)})`),
  net: asNumber(sql`sum(${paymentsDaily.net}) filter (where ${inDays(prefix)})`),
  succeeded: asNumber(sql`sum(${paymentsDaily.captured}) filter (where ${inDays(prefix)})`),
  failed: asNumber(sql`sum(${paymentsDaily.failed}) filter (where ${inDays(prefix)})`),
});
const figuresRead = preparedStatement('overview_figures', (db, name) =>
  db
    .select({ currency: paymentsDaily.currency, current: figureOf('current'), previous: figureOf('previous') })
    .from(paymentsDaily)
    .where(and(businessIs, gte(paymentsDaily.day, sql.placeholder('previousFirst')), lt(paymentsDaily.day, sql.placeholder('currentEnd'))))
    .groupBy(paymentsDaily.currency)
    .prepare(name),
);

const { day, method, sourceType } = paymentsDaily;
const capturedRead = preparedStatement('overview_captured', (db, name) =>
  db
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
    .where(and(businessIs, inDays('span')))
    .groupBy(sql`grouping sets ((${paymentsDaily.currency}, ${day}), (${paymentsDaily.currency}, ${method}), (${paymentsDaily.currency}, ${sourceType}))`)
    .having(sql`sum(${paymentsDaily.captured}) > 0`)
    .orderBy(sql`2`, sql`3`, sql`4`)
    .prepare(name),
);

const recentRead = preparedStatement('overview_recent', (db, name) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.businessId, sql.placeholder('businessId')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(sql.placeholder('limit'))
    .prepare(name),
);

const setupFactsRead = preparedStatement('overview_setup_facts', (db, name) => {
  const businessId = sql.placeholder('businessId');
  return db
    .select({
      methodsChosen: methodChosen(businessId),
      bankAccount: bankAccountAdded(businessId),
      checkoutCustomised: checkoutCustomised(businessId),
      linkCreated: linkCreated(businessId),
      paid: sql<boolean>`exists (select 1 from ${payments} where ${payments.businessId} = ${businessId} and ${captured})`,
    })
    .from(sql`(select 1) as one`)
    .prepare(name);
});

/** Unsettled payments' net per currency and day of the business's zone their `available_on` (the settlement rule's) falls on. */
const pendingPartsRead = preparedStatement('overview_pending_parts', (db, name) => {
  const dayOf = sql<string>`((${payments.availableOn} at time zone ${sql.placeholder('zone')})::date)::text`;
  return db
    .select({ currency: payments.currency, day: dayOf, amount: asNumber(sql`sum(${payments.net})`) })
    .from(payments)
    .where(
      and(
        eq(payments.businessId, sql.placeholder('businessId')),
        sql`${payments.settledAt} is null and ${payments.availableOn} is not null and ${payments.net} > 0`,
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`2`, sql`1`)
    .prepare(name);
});

/** Transfers waiting for a second person that the caller did not request, and overdue invoices. */
const attentionRead = preparedStatement('overview_attention', (db, name) => {
  const businessId = sql.placeholder('businessId');
  return db
    .select({
      transfers: asNumber(transfersAwaitingReviewCount(businessId, sql.placeholder('userId'))),
      overdue: asNumber(overdueInvoiceCount(businessId)),
    })
    .from(sql`(select 1) as one`)
    .prepare(name);
});

/**
 * The Overview's reads, published by the charges module, which owns payments and their daily rollup; the setup
 * checklist embeds the conditions the owners of the other tables publish. The Overview's figures come from `payments_daily` (docs/payments.md, "## overview" Performance): a row per
 * local day of the business (in its time zone), currency, method and source that a trigger keeps exact with
 * every payment's insert and state change (and rebuilds when the zone changes), so a 90-day period reads a
 * few hundred rows whatever the number of payments. The periods are whole local days, which is what the
 * rollup is keyed by.
 */
/** The overview may lag: every read here reads the replica when there is one (db/replica.ts). */
export const overviewReadModel = {
  /** Per currency: the current and previous period's figures, in one read of both periods. */
  async figures(db: Executor, businessId: string, now: DayRange, before: DayRange) {
    return figuresRead(mayLag(db), { businessId, currentFirst: now.first, currentEnd: now.end, previousFirst: before.first, previousEnd: before.end });
  },

  /**
   * Captured payments of the days per currency and local day, per currency and method, and per currency and
   * source (gross, net and count), in one read: grouping sets, told apart by `grouping()` (a bit set for each
   * column the row is not grouped by: 3 is by day, 5 by method, 6 by source).
   */
  async captured(db: Executor, businessId: string, { first, end }: DayRange) {
    const rows = await capturedRead(mayLag(db), { businessId, spanFirst: first, spanEnd: end });
    const of = (set: number, key: (row: (typeof rows)[number]) => string | null) =>
      rows.filter((r) => r.set === set).map((r) => ({ currency: r.currency, key: key(r), gross: r.gross, net: r.net, count: r.count }));
    return { daily: of(3, (r) => r.day), byMethod: of(5, (r) => r.method), bySource: of(6, (r) => r.source) };
  },

  async recent(db: Executor, businessId: string, limit: number) {
    return recentRead(mayLag(db), { businessId, limit });
  },

  /** The facts behind the setup checklist, in one query. */
  async setupFacts(db: Executor, businessId: string) {
    const [row] = await setupFactsRead(mayLag(db), { businessId });
    return row!;
  },

  /** Per currency, the unsettled payments' net by the day (of `zone`) it becomes available, soonest first. */
  async pendingParts(db: Executor, businessId: string, zone: string) {
    return pendingPartsRead(mayLag(db), { businessId, zone });
  },

  /** Transfers awaiting a second person that `userId` did not request, and overdue invoices. */
  async attention(db: Executor, businessId: string, userId: string) {
    const [row] = await attentionRead(mayLag(db), { businessId, userId });
    return row!;
  },
};
