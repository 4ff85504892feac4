import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEndpoints } from '@merchant/payments';
import { ledgerTransactions, payments, processorAttempts, subscriptionCharges, subscriptions } from '../src/db/schema';
import { RECONCILE_AFTER_MS } from '../src/modules/payments/charges/processor-attempts';
import { queuedFaults } from '../src/modules/payments/processor/test-provider';
import { createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createCustomer, createPlan, saveCard, subscribe, type FactoryBusiness } from './factories';

/**
 * A subscription's saved-card charge calls the processor between two transactions (docs/payments.md, "Two-phase
 * processor calls"), as a confirm does: the scheduler's charge of a due period and "charge now" record their attempt
 * first; an answer lost on the way (`timeout`: the processor charged) is settled by the reconciliation exactly once,
 * and a call that never reached the processor (`unreachable`) leaves the period unpaid, charged again later. Meanwhile
 * no pass charges the period a second time.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
const faults = queuedFaults();
const MONTH_MS = 31 * 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext({}, { processorFaults: faults });
});
afterAll(() => t.close());

const db = () => t.database.db;
const owner = () => business.people.owner.agent;
const at = (subscriptionId: string) => ({ params: { business_id: business.id, subscription_id: subscriptionId } });

/** A new business's monthly subscription whose customer saved 4242 now (its first period charged and paid). */
async function paidSubscription() {
  // The earlier tests' subscriptions end (a pass charges this one alone, so the fault queued is its own), and a
  // business of its own has its owner signed in now (the clock moves on by months between the tests).
  await db().update(subscriptions).set({ status: 'cancelled', nextChargeAt: null });
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  const plan = await createPlan(owner(), business.id);
  const customer = await createCustomer(owner(), business.id);
  const { subscription, setupId } = await subscribe(t, owner(), business.id, { customer_id: customer.id, plan_id: plan.id });
  expect((await saveCard(t, setupId)).status).toBe(200);
  return subscription.id;
}

// Read from the database: a month on, the owner's session has expired.
async function detail(id: string) {
  const [row] = await db()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, business.id), eq(subscriptions.id, id)));
  return row!;
}
async function periods(id: string) {
  const rows = await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, id));
  return rows.map((c) => [c.period, c.attempt, c.outcome]).sort();
}

async function paymentsOf(id: string) {
  return db()
    .select()
    .from(payments)
    .where(and(eq(payments.businessId, business.id), eq(payments.sourceId, id)))
    .orderBy(payments.createdAt, payments.id);
}

async function postings(paymentId: string) {
  const rows = await db().select({ kind: ledgerTransactions.kind }).from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId));
  return rows.map((r) => r.kind).sort();
}

const attemptsOf = (paymentId: string) => db().select().from(processorAttempts).where(eq(processorAttempts.paymentId, paymentId));

/** The scheduler's pass (and every other schedule) at the clock's time. */
const pass = () => t.app.jobs.runDue();

describe("the scheduler's charge of a due period", () => {
  it('whose answer is lost is finished by the reconciliation exactly once, and no pass charges the period meanwhile', async () => {
    const id = await paidSubscription();
    t.clock.advance(MONTH_MS);
    faults.next('charge', 'timeout');
    await pass();

    // The processor charged; its answer was lost: the period is not paid yet, its payment and attempt wait.
    expect(await periods(id)).toEqual([[1, 1, 'succeeded']]);
    const [, second] = await paymentsOf(id);
    expect(second).toMatchObject({ status: 'processing' });
    expect((await attemptsOf(second!.id)).map((a) => a.status)).toEqual(['pending']);
    expect((await detail(id)).status).toBe('active');

    // A pass before the reconciliation's wait finds the period in flight and charges nothing.
    t.clock.advance(60_000);
    await pass();
    expect(await paymentsOf(id)).toHaveLength(2);

    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await pass();
    await pass();
    const all = await paymentsOf(id);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ id: second!.id, status: 'succeeded' });
    expect(await postings(second!.id)).toEqual(['charge', 'fee']);
    expect((await attemptsOf(second!.id)).map((a) => a.status)).toEqual(['settled']);
    expect(await periods(id)).toEqual([
      [1, 1, 'succeeded'],
      [2, 1, 'succeeded'],
    ]);
    expect(await detail(id)).toMatchObject({ status: 'active', cyclesDone: 2, period: 3 });
  });

  it('that never reached the processor leaves the period unpaid, and a later pass charges it once', async () => {
    const id = await paidSubscription();
    t.clock.advance(MONTH_MS);
    faults.next('charge', 'unreachable');
    await pass();
    const [, lost] = await paymentsOf(id);
    expect(lost).toMatchObject({ status: 'processing' });

    // The reconciliation learns the processor never saw it: nothing moved, the payment expires, the period stays due.
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await pass();
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded', 'expired']);
    expect(await periods(id)).toEqual([[1, 1, 'succeeded']]);
    // The next pass (every 10 minutes) charges the period, once.
    t.clock.advance(10 * 60_000);
    await pass();
    t.clock.advance(10 * 60_000);
    await pass();
    const all = await paymentsOf(id);
    expect(all.map((p) => p.status)).toEqual(['succeeded', 'expired', 'succeeded']);
    expect(await postings(lost!.id)).toEqual([]);
    expect(await postings(all[2]!.id)).toEqual(['charge', 'fee']);
    expect(await periods(id)).toEqual([
      [1, 1, 'succeeded'],
      [2, 1, 'succeeded'],
    ]);
  });
});

describe('"charge now"', () => {
  it('answers 503 when the answer is lost, refuses a second charge while it is in flight, and the reconciliation pays the period', async () => {
    const id = await paidSubscription();
    faults.next('charge', 'timeout');
    const lost = await owner().call(subscriptionEndpoints.chargeNow, at(id));
    expect([lost.status, failure(lost).code]).toEqual([503, 'PAYMENT_PROCESSOR_UNAVAILABLE']);
    const again = await owner().call(subscriptionEndpoints.chargeNow, at(id));
    expect([again.status, failure(again).code]).toEqual([409, 'SUBSCRIPTION_ACTION_NOT_ALLOWED']);
    expect(await paymentsOf(id)).toHaveLength(2);

    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await pass();
    const all = await paymentsOf(id);
    expect(all.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(await postings(all[1]!.id)).toEqual(['charge', 'fee']);
    expect(await periods(id)).toEqual([
      [1, 1, 'succeeded'],
      [2, 1, 'succeeded'],
    ]);
  });
});
