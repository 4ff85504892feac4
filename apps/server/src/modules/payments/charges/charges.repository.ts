import { DEFAULT_TIME_ZONE, type StandingFacts } from '@merchant/core';
import { and, asc, desc, eq, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { CheckoutPaymentMethod } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import { preparedStatement } from '@/db/prepared';
import { businesses, checkoutSettings, paymentEvents, paymentMethodSettings, payments, processorAttempts, refunds } from '@/db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentPatch = Partial<Omit<NewPayment, 'businessId' | 'id' | 'publicId'>>;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The row a patch makes of `row`, as its update writes it (a key left undefined is not written). */
export function patched(row: PaymentRow, patch: PaymentPatch): PaymentRow {
  const next: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) next[key] = value;
  return next as PaymentRow;
}

// The checkout's statements that have the same shape every time: built once (db/prepared.ts).
const byPublicId = preparedStatement('payment_by_public_id', (db, name) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.publicId, sql.placeholder('publicId')))
    .limit(1)
    .prepare(name),
);
const lockedByPublicId = preparedStatement('payment_lock_by_public_id', (db, name) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.publicId, sql.placeholder('publicId')))
    .for('update')
    .prepare(name),
);
// The lock every change of a payment takes by its id (both phases of a refund, the outcome of every processor call).
const lockedById = preparedStatement('payment_lock_by_id', (db, name) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.businessId, sql.placeholder('businessId')), eq(payments.id, sql.placeholder('id'))))
    .for('update')
    .prepare(name),
);
const nameOfBusiness = preparedStatement('payment_business_name', (db, name) =>
  db
    .select({
      name: businesses.name,
      type: businesses.type,
      onboardingStatus: businesses.onboardingStatus,
      sendReceipts: checkoutSettings.sendReceipts,
      timeZone: businesses.timeZone,
      settlementDelayDays: checkoutSettings.settlementDelayDays,
    })
    .from(businesses)
    .leftJoin(checkoutSettings, eq(checkoutSettings.businessId, businesses.id))
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .limit(1)
    .prepare(name),
);
const contextOfConfirm = preparedStatement('payment_confirm_context', (db, name) =>
  db
    .select({
      name: businesses.name,
      type: businesses.type,
      onboardingStatus: businesses.onboardingStatus,
      settlementDelayDays: checkoutSettings.settlementDelayDays,
      sendReceipts: checkoutSettings.sendReceipts,
      timeZone: businesses.timeZone,
      enabled: paymentMethodSettings.enabled,
      passFeeToCustomer: paymentMethodSettings.passFeeToCustomer,
    })
    .from(businesses)
    .leftJoin(checkoutSettings, eq(checkoutSettings.businessId, businesses.id))
    .leftJoin(paymentMethodSettings, and(eq(paymentMethodSettings.businessId, businesses.id), eq(paymentMethodSettings.method, sql.placeholder('method'))))
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .limit(1)
    .prepare(name),
);

export const chargesRepository = {
  async insert(tx: Executor, row: NewPayment): Promise<PaymentRow> {
    const [created] = await tx.insert(payments).values(row).returning();
    return created!;
  },
  async setIntegration(tx: Executor, businessId: string, id: string, integrationId: string): Promise<void> {
    await tx
      .update(payments)
      .set({ integrationId })
      .where(and(eq(payments.businessId, businessId), eq(payments.id, id)));
  },
  /** A platform's fee leaves the payment's net (what settlement moves to available): docs/developers.md, "Platform accounts". */
  async reduceNet(tx: Executor, businessId: string, id: string, by: number): Promise<void> {
    await tx
      .update(payments)
      .set({ net: sql`${payments.net} - ${by}` })
      .where(and(eq(payments.businessId, businessId), eq(payments.id, id)));
  },
  async findByPublicId(db: Executor, publicId: string): Promise<PaymentRow | null> {
    const [row] = await byPublicId(db, { publicId });
    return row ?? null;
  },
  async findById(db: Executor, businessId: string, id: string): Promise<PaymentRow | null> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.id, id)))
      .limit(1);
    return row ?? null;
  },
  /** The payment's row, locked until the transaction ends (every change of a payment starts here). */
  async lockByPublicId(tx: Executor, publicId: string): Promise<PaymentRow | null> {
    const [row] = await lockedByPublicId(tx, { publicId });
    return row ?? null;
  },
  async lockById(tx: Executor, businessId: string, id: string): Promise<PaymentRow | null> {
    const [row] = await lockedById(tx, { businessId, id });
    return row ?? null;
  },
  async update(tx: Executor, row: PaymentRow, patch: PaymentPatch): Promise<PaymentRow> {
    const [updated] = await tx
      .update(payments)
      .set(patch)
      .where(and(eq(payments.businessId, row.businessId), eq(payments.id, row.id)))
      .returning();
    return updated!;
  },
  async insertEvent(tx: Executor, event: typeof paymentEvents.$inferInsert): Promise<void> {
    await tx.insert(paymentEvents).values(event);
  },
  /** The payment's patch as a write for `writeTogether` (the row it makes is `patched(row, patch)`). */
  updateWrite(tx: Executor, row: PaymentRow, patch: PaymentPatch): Write {
    return tx
      .update(payments)
      .set(patch)
      .where(and(eq(payments.businessId, row.businessId), eq(payments.id, row.id)))
      .getSQL();
  },
  eventWrite(tx: Executor, event: typeof paymentEvents.$inferInsert): Write {
    return tx.insert(paymentEvents).values(event).getSQL();
  },
  /** Several events (at least one) as one write for `writeTogether`. */
  eventsWrite(tx: Executor, events: (typeof paymentEvents.$inferInsert)[]): Write {
    return tx.insert(paymentEvents).values(events).getSQL();
  },
  /** A refund's row, every column given (the row it makes is the one given), as a write for `writeTogether`. */
  refundWrite(tx: Executor, row: RefundRow): Write {
    return tx.insert(refunds).values(row).getSQL();
  },
  /** Several events in one statement (a confirm's method_selected, processing and outcome). */
  async insertEvents(tx: Executor, events: (typeof paymentEvents.$inferInsert)[]): Promise<void> {
    if (events.length > 0) await tx.insert(paymentEvents).values(events);
  },
  /** Oldest first: the payment's timeline. */
  async events(db: Executor, businessId: string, paymentId: string): Promise<PaymentEventRow[]> {
    return db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.businessId, businessId), eq(paymentEvents.paymentId, paymentId)))
      .orderBy(asc(paymentEvents.id));
  },
  async latestEvent(db: Executor, businessId: string, paymentId: string, type: PaymentEventRow['type']): Promise<PaymentEventRow | null> {
    const [row] = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.businessId, businessId), eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, type)))
      .orderBy(desc(paymentEvents.id))
      .limit(1);
    return row ?? null;
  },
  async insertRefund(tx: Executor, row: typeof refunds.$inferInsert): Promise<RefundRow> {
    const [created] = await tx.insert(refunds).values(row).returning();
    return created!;
  },
  async refundById(db: Executor, businessId: string, id: string): Promise<RefundRow | null> {
    const [row] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.businessId, businessId), eq(refunds.id, id)))
      .limit(1);
    return row ?? null;
  },
  async refunds(db: Executor, businessId: string, paymentId: string): Promise<RefundRow[]> {
    return db
      .select()
      .from(refunds)
      .where(and(eq(refunds.businessId, businessId), eq(refunds.paymentId, paymentId)))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
  },
  /**
   * The business's name (the provider's intent, the receipt), whether it takes payments and whether it sends receipts
   * (no settings: it does); null: no such business.
   */
  async businessOfPayment(
    db: Executor,
    businessId: string,
  ): Promise<{ name: string; standing: StandingFacts; sendReceipts: boolean; timeZone: string; settlementDelayDays: number | null } | null> {
    const [row] = await nameOfBusiness(db, { businessId });
    return row
      ? {
          name: row.name,
          standing: { type: row.type, onboardingStatus: row.onboardingStatus },
          sendReceipts: row.sendReceipts ?? true,
          timeZone: row.timeZone,
          settlementDelayDays: row.settlementDelayDays,
        }
      : null;
  },
  /** The business's settlement delay in days (null when it has no payments settings yet) and its time zone. */
  async settlementTerms(db: Executor, businessId: string): Promise<{ delayDays: number | null; timeZone: string }> {
    const [row] = await db
      .select({ days: checkoutSettings.settlementDelayDays, timeZone: businesses.timeZone })
      .from(businesses)
      .leftJoin(checkoutSettings, eq(checkoutSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId))
      .limit(1);
    return { delayDays: row?.days ?? null, timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE };
  },
  /**
   * What a confirm needs of the business in one read: its name (the provider's intent and the receipt), whether it
   * takes payments, its settlement delay (null: no payments settings yet), whether it sends receipts (no settings:
   * it does), and the method's setting (no row: on, fee not passed on).
   */
  async confirmContext(db: Executor, businessId: string, method: CheckoutPaymentMethod) {
    const [row] = await contextOfConfirm(db, { businessId, method });
    return {
      name: row?.name ?? '',
      // No such business takes nothing.
      standing: row ? { type: row.type, onboardingStatus: row.onboardingStatus } : ({ type: 'partner', onboardingStatus: 'blocked' } as StandingFacts),
      settlementDelayDays: row?.settlementDelayDays ?? null,
      sendReceipts: row?.sendReceipts ?? true,
      timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
      methodEnabled: row?.enabled ?? true,
      passFeeToCustomer: row?.passFeeToCustomer ?? false,
    };
  },
  /** Succeeded payments whose funds are due to become available, oldest first. */
  async dueForSettlement(db: Executor, now: Date, limit: number) {
    return db
      .select({ businessId: payments.businessId, id: payments.id })
      .from(payments)
      .where(and(isNull(payments.settledAt), lte(payments.availableOn, now)))
      .orderBy(asc(payments.availableOn))
      .limit(limit);
  },
  /**
   * Marks `expired` up to `limit` payments still waiting for their confirm that were started at or before `cutoff`
   * (oldest first; a payment a confirm holds is skipped, and one it paid meanwhile no longer matches), in one
   * statement that walks the partial index `payments_incomplete_idx`. Answers the expired payments.
   */
  async expireIncomplete(tx: Executor, cutoff: Date, now: Date, limit: number): Promise<{ businessId: string; id: string }[]> {
    const incomplete = sql`${payments.status} = 'requires_payment_method'`;
    // A payment whose confirm reached the processor waits for its outcome (or the reconciliation), never expires.
    const inFlight = tx
      .select({ one: sql`1` })
      .from(processorAttempts)
      .where(and(eq(processorAttempts.businessId, payments.businessId), eq(processorAttempts.paymentId, payments.id), eq(processorAttempts.status, 'pending')));
    const due = tx
      .select({ businessId: payments.businessId, id: payments.id })
      .from(payments)
      .where(and(incomplete, lte(payments.createdAt, cutoff), notExists(inFlight)))
      .orderBy(asc(payments.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(incomplete, sql`(${payments.businessId}, ${payments.id}) in ${due}`))
      .returning({ businessId: payments.businessId, id: payments.id });
  },
  /** The business's name and time zone (a refund's mail names it and writes its date on the business's calendar). */
  async businessNameAndZone(tx: Executor, businessId: string): Promise<{ name: string; timeZone: string } | null> {
    const [row] = await tx.select({ name: businesses.name, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row ?? null;
  },
  /** The payment's row if it is still unsettled and no other settler holds it; locked until the transaction ends. */
  async lockUnsettled(tx: Executor, businessId: string, id: string): Promise<PaymentRow | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.id, id), isNull(payments.settledAt)))
      .for('update', { skipLocked: true });
    return row ?? null;
  },
};
