import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { SubscriptionFilters } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { countRows, sumMinor } from '@/db/columns';
import { pastCursor } from '@/db/keyset';
import { businesses, customers, payments, recurringPlans, subscriptionCharges, subscriptionSettings, subscriptionSetups, subscriptions } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type SubscriptionPatch = Partial<Omit<NewSubscription, 'businessId' | 'id'>>;
export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;
export type SubscriptionSetupRow = typeof subscriptionSetups.$inferSelect;
export type PlanRow = typeof recurringPlans.$inferSelect;
export type SubscriptionWithNames = SubscriptionRow & {
  customerName: string | null;
  customerEmail: string | null;
  planName: string | null;
  pendingPlanName: string | null;
  pendingPlanAmount: number | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Statuses the scheduler acts on. */
const SCHEDULED = ['trialing', 'active', 'past_due'] as const;

const pendingPlan = sql<
  string | null
>`(select p.name from recurring_plans p where p.business_id = ${subscriptions.businessId} and p.id = ${subscriptions.pendingPlanId})`;
const pendingAmount = sql<
  number | null
>`(select p.amount from recurring_plans p where p.business_id = ${subscriptions.businessId} and p.id = ${subscriptions.pendingPlanId})`.mapWith((v) =>
  v === null ? null : Number(v),
);
const planName = sql<
  string | null
>`(select p.name from recurring_plans p where p.business_id = ${subscriptions.businessId} and p.id = ${subscriptions.planId})`;

const withNames = {
  row: subscriptions,
  customerName: customers.name,
  customerEmail: customers.email,
  planName,
  pendingPlanName: pendingPlan,
  pendingPlanAmount: pendingAmount,
};
const customerJoin = and(eq(customers.businessId, subscriptions.businessId), eq(customers.id, subscriptions.customerId));
type Joined = {
  row: SubscriptionRow;
  customerName: string | null;
  customerEmail: string | null;
  planName: string | null;
  pendingPlanName: string | null;
  pendingPlanAmount: number | null;
};
const flat = (r: Joined): SubscriptionWithNames => ({
  ...r.row,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  planName: r.planName,
  pendingPlanName: r.pendingPlanName,
  pendingPlanAmount: r.pendingPlanAmount,
});

/** Subscriptions, their charges, setups and retry settings: SQL only. Scoped by business, except the scheduler's look for due work. */
export const subscriptionsRepository = {
  async insert(db: Executor, row: NewSubscription): Promise<void> {
    await db.insert(subscriptions).values(row);
  },

  async find(db: Executor, businessId: string, id: string): Promise<SubscriptionWithNames | undefined> {
    const [row] = await db
      .select(withNames)
      .from(subscriptions)
      .innerJoin(customers, customerJoin)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id)));
    return row ? flat(row) : undefined;
  },

  async lock(db: Executor, businessId: string, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id)))
      .for('update');
    return row;
  },

  /**
   * The row if the scheduler should act on it now (charging, retrying, ending) and no other runner holds it;
   * locked until the transaction ends. Skipping lets parallel schedulers share the work; a runner that came
   * after the commit reads the advanced `next_charge_at` and leaves it.
   */
  async lockDue(db: Executor, businessId: string, id: string, now: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id), inArray(subscriptions.status, SCHEDULED), lte(subscriptions.nextChargeAt, now)),
      )
      .for('update', { skipLocked: true });
    return row;
  },

  /**
   * `lockDue` with the subscription's customer (name, email, phone) in the same statement: the scheduler's pass
   * locks only the subscription's row (`FOR UPDATE OF subscriptions SKIP LOCKED`), the customer is read.
   */
  async lockDueWithCustomer(db: Executor, businessId: string, id: string, now: Date) {
    const [row] = await db
      .select({ subscription: subscriptions, customerName: customers.name, customerEmail: customers.email, customerPhone: customers.phone })
      .from(subscriptions)
      .leftJoin(customers, and(eq(customers.businessId, subscriptions.businessId), eq(customers.id, subscriptions.customerId)))
      .where(
        and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id), inArray(subscriptions.status, SCHEDULED), lte(subscriptions.nextChargeAt, now)),
      )
      .for('update', { of: subscriptions, skipLocked: true });
    if (!row) return undefined;
    return { subscription: row.subscription, customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone } };
  },

  /**
   * Due subscriptions across businesses in (next charge, id) order, after `after` (the last one a pass read):
   * the partial index `subscriptions_due_idx` serves it.
   */
  async due(db: Executor, now: Date, limit: number, after?: { at: Date; id: string }): Promise<{ businessId: string; id: string; at: Date }[]> {
    const rows = await db
      .select({ businessId: subscriptions.businessId, id: subscriptions.id, at: subscriptions.nextChargeAt })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, SCHEDULED),
          lte(subscriptions.nextChargeAt, now),
          after ? sql`(${subscriptions.nextChargeAt}, ${subscriptions.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(subscriptions.nextChargeAt), asc(subscriptions.id))
      .limit(limit);
    return rows.map((r) => ({ businessId: r.businessId, id: r.id, at: r.at! }));
  },

  async update(db: Executor, businessId: string, id: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
    const [row] = await db
      .update(subscriptions)
      .set(patch)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id)))
      .returning();
    return row!;
  },

  /** Newest first, after the cursor; reads `limit + 1` rows. */
  async page(db: Executor, businessId: string, filter: SubscriptionFilters, limit: number, cursor?: Cursor): Promise<SubscriptionWithNames[]> {
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    const rows = await db
      .select(withNames)
      .from(subscriptions)
      .innerJoin(customers, customerJoin)
      .where(
        and(
          eq(subscriptions.businessId, businessId),
          filter.status ? eq(subscriptions.status, filter.status) : undefined,
          filter.plan_id ? eq(subscriptions.planId, filter.plan_id) : undefined,
          filter.customer_id ? eq(subscriptions.customerId, filter.customer_id) : undefined,
          pattern ? or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(subscriptions.name, pattern)) : undefined,
          cursor ? pastCursor('desc', subscriptions.createdAt, subscriptions.id, { key: cursor.createdAt, id: cursor.id }) : undefined,
        ),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit + 1);
    return rows.map(flat);
  },

  async charges(db: Executor, businessId: string, subscriptionId: string): Promise<SubscriptionChargeRow[]> {
    return db
      .select()
      .from(subscriptionCharges)
      .where(and(eq(subscriptionCharges.businessId, businessId), eq(subscriptionCharges.subscriptionId, subscriptionId)))
      .orderBy(asc(subscriptionCharges.period), asc(subscriptionCharges.attempt));
  },

  /** A refund of a period's payment is noted on the period's charge. */
  async noteRefund(tx: Executor, businessId: string, paymentId: string, amount: number): Promise<void> {
    await tx
      .update(subscriptionCharges)
      .set({ refundedAmount: sql`${subscriptionCharges.refundedAmount} + ${amount}` })
      .where(and(eq(subscriptionCharges.businessId, businessId), eq(subscriptionCharges.paymentId, paymentId)));
  },

  async insertCharge(db: Executor, row: typeof subscriptionCharges.$inferInsert): Promise<SubscriptionChargeRow> {
    const [inserted] = await db.insert(subscriptionCharges).values(row).returning();
    return inserted!;
  },

  /** When the first attempt of a period failed: the retries are counted from it. */
  async firstAttemptAt(db: Executor, businessId: string, subscriptionId: string, period: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: subscriptionCharges.createdAt })
      .from(subscriptionCharges)
      .where(
        and(eq(subscriptionCharges.businessId, businessId), eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.period, period)),
      )
      .orderBy(asc(subscriptionCharges.attempt))
      .limit(1);
    return row?.at ?? null;
  },

  async plan(db: Executor, businessId: string, id: string): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(recurringPlans)
      .where(and(eq(recurringPlans.businessId, businessId), eq(recurringPlans.id, id)));
    return row;
  },

  async customer(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
    return row;
  },

  /** What a plan's subscriptions brought: captured payments of its subscriptions' succeeded charges, per currency. */
  async planRevenue(db: Executor, businessId: string, planId: string) {
    const [counts] = await db
      .select({ all: countRows(), active: countRows(sql`case when ${subscriptions.status} in ('trialing', 'active', 'past_due') then 1 end`) })
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.planId, planId)));
    const revenue = await db
      .select({ currency: payments.currency, amount: sumMinor(sql`${payments.amount} - ${payments.refundedAmount}`) })
      .from(subscriptionCharges)
      .innerJoin(subscriptions, and(eq(subscriptions.businessId, subscriptionCharges.businessId), eq(subscriptions.id, subscriptionCharges.subscriptionId)))
      .innerJoin(payments, and(eq(payments.businessId, subscriptionCharges.businessId), eq(payments.id, subscriptionCharges.paymentId)))
      .where(and(eq(subscriptionCharges.businessId, businessId), eq(subscriptions.planId, planId), eq(subscriptionCharges.outcome, 'succeeded')))
      .groupBy(payments.currency)
      .orderBy(asc(payments.currency));
    return { all: counts?.all ?? 0, active: counts?.active ?? 0, revenue };
  },

  async settings(db: Executor, businessId: string) {
    const [row] = await db.select().from(subscriptionSettings).where(eq(subscriptionSettings.businessId, businessId));
    return row;
  },

  async saveSettings(db: Executor, row: typeof subscriptionSettings.$inferInsert): Promise<void> {
    await db
      .insert(subscriptionSettings)
      .values(row)
      .onConflictDoUpdate({
        target: subscriptionSettings.businessId,
        set: { retryDays: row.retryDays, finalAction: row.finalAction, updatedAt: row.updatedAt },
      });
  },

  async insertSetup(db: Executor, row: typeof subscriptionSetups.$inferInsert): Promise<SubscriptionSetupRow> {
    const [inserted] = await db.insert(subscriptionSetups).values(row).returning();
    return inserted!;
  },

  async setupByPublicId(db: Executor, publicId: string, lock = false): Promise<SubscriptionSetupRow | undefined> {
    const query = db.select().from(subscriptionSetups).where(eq(subscriptionSetups.publicId, publicId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async completeSetup(db: Executor, setup: SubscriptionSetupRow, at: Date): Promise<void> {
    await db
      .update(subscriptionSetups)
      .set({ status: 'completed', completedAt: at })
      .where(and(eq(subscriptionSetups.businessId, setup.businessId), eq(subscriptionSetups.id, setup.id)));
  },

  async setKind(db: Executor, setup: SubscriptionSetupRow, kind: SubscriptionSetupRow['kind']): Promise<SubscriptionSetupRow> {
    const [row] = await db
      .update(subscriptionSetups)
      .set({ kind })
      .where(and(eq(subscriptionSetups.businessId, setup.businessId), eq(subscriptionSetups.id, setup.id)))
      .returning();
    return row!;
  },

  /** The business's time zone: its periods are months and weeks of its calendar. */
  async businessTimeZone(db: Executor, businessId: string): Promise<string> {
    const [row] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },
  async businessName(db: Executor, businessId: string): Promise<string | null> {
    const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return row?.name ?? null;
  },

  async paymentPublicId(db: Executor, businessId: string, paymentId: string): Promise<string | null> {
    const [row] = await db
      .select({ publicId: payments.publicId })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.id, paymentId)));
    return row?.publicId ?? null;
  },

  /**
   * The public API's page (Laravel's offset pages, newest first) and how many match: by statuses, plan and the
   * customer's email (without case).
   */
  async offsetPage(
    db: Executor,
    businessId: string,
    filter: {
      statuses?: readonly SubscriptionRow['status'][] | undefined;
      planId?: string | undefined;
      customerEmail?: string | undefined;
      reference?: string | undefined;
    },
    limit: number,
    offset: number,
  ): Promise<{ rows: SubscriptionWithNames[]; total: number }> {
    const where = and(
      eq(subscriptions.businessId, businessId),
      filter.statuses ? inArray(subscriptions.status, [...filter.statuses]) : undefined,
      filter.planId ? eq(subscriptions.planId, filter.planId) : undefined,
      filter.customerEmail ? sql`lower(${customers.email}) = lower(${filter.customerEmail})` : undefined,
      filter.reference ? eq(subscriptions.reference, filter.reference) : undefined,
    );
    const rows = await db
      .select(withNames)
      .from(subscriptions)
      .innerJoin(customers, customerJoin)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset);
    const [count] = await db.select({ total: countRows() }).from(subscriptions).innerJoin(customers, customerJoin).where(where);
    return { rows: rows.map(flat), total: count?.total ?? 0 };
  },

  /** The subscription's newest setup (its card page), if any. */
  async latestSetup(db: Executor, businessId: string, subscriptionId: string): Promise<SubscriptionSetupRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptionSetups)
      .where(and(eq(subscriptionSetups.businessId, businessId), eq(subscriptionSetups.subscriptionId, subscriptionId)))
      .orderBy(desc(subscriptionSetups.createdAt), desc(subscriptionSetups.id))
      .limit(1);
    return row;
  },
};
