import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionEndpoints } from '@merchant/payments';
import type { Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { compose } from '../src/modules/module';
import { chargesModule } from '../src/modules/payments/charges/charges.module';
import { customersModule } from '../src/modules/payments/customers/customers.module';
import { ledgerModule } from '../src/modules/payments/ledger/ledger.module';
import { emailTemplatesModule } from '../src/modules/business/email-templates/email-templates.module';
import { processorModule } from '../src/modules/payments/processor/processor.module';
import { subscriptionsModule } from '../src/modules/payments/subscriptions/subscriptions.module';
import { portalLinksModule } from '../src/modules/payments/customer-portal/portal-links.module';
import { createBusiness, createCustomer, createPlan, saveCard, subscribe } from './factories';
import { Agent, mailbox, type TestContext } from './harness';
import { appOn, breakInsert, heal, otherProcessOn, racingProcesses, rows } from './app-processes';
import { restartableDatabase } from './restartable-database';

/**
 * The schedule's promise (docs/payments.md, "subscriptions"): each period of a subscription is charged exactly
 * once (one payment, one set of ledger postings, one receipt), when several app processes run the scheduler at
 * once on one database, and when a process stops in the middle of a charge and the work is done again after a
 * restart. On both databases (the embedded one is owned by one process, so there its "processes" share its one
 * handle and their transactions take turns).
 */
const START = new Date('2026-11-01T09:00:00Z');
const MONTH_LATER = new Date('2026-12-01T09:30:00Z');

/** Another process's scheduler: the modules it is built from, on a platform and a job queue of its own. */
async function schedulerOn(database: Database, clock: ReturnType<typeof fixedClock>) {
  const { services, jobs } = await otherProcessOn(database, clock, (platform) =>
    compose(platform)
      .use(emailTemplatesModule)
      .use(ledgerModule)
      .use(processorModule)
      .use(customersModule)
      .use(chargesModule)
      .use(portalLinksModule)
      .use(subscriptionsModule),
  );
  return { scheduler: services.subscriptions.scheduler, jobs };
}

const counts = async (database: Database, businessId: string) => {
  const [row] = await rows<{ payments: number; succeeded: number; attempts: number; charge_postings: number; periods: number }>(
    database,
    sql`select
      (select count(*)::int from payments where business_id = ${businessId} and source_type = 'subscription') as payments,
      (select count(*)::int from payments where business_id = ${businessId} and source_type = 'subscription' and status = 'succeeded') as succeeded,
      (select count(*)::int from subscription_charges where business_id = ${businessId}) as attempts,
      (select count(distinct (subscription_id, period))::int from subscription_charges where business_id = ${businessId} and outcome = 'succeeded') as periods,
      (select count(*)::int from ledger_transactions where business_id = ${businessId} and kind = 'charge') as charge_postings`,
  );
  return row!;
};

/** A business with `n` monthly subscriptions whose customers saved 4242 at START (each charged its first period then). */
async function subscriptionsIn(t: TestContext, n: number) {
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  const owner = business.people.owner.agent;
  const plan = await createPlan(owner, business.id);
  const made = [];
  for (let i = 0; i < n; i++) {
    const customer = await createCustomer(owner, business.id);
    const { subscription, setupId } = await subscribe(t, owner, business.id, { customer_id: customer.id, plan_id: plan.id });
    expect((await saveCard(t, setupId)).status).toBe(200);
    made.push({ subscription, customer });
  }
  return { id: business.id, owner, made };
}

/** Makes the process's next insert into `table` fail, as if the process stopped there (until `heal`). */
describe('two servers charging at once on one database', () => {
  it('charges each due period exactly once, whichever process gets there', async () => {
    const clock = fixedClock(START);
    const { first, a, b, others, close } = await racingProcesses(clock, schedulerOn);
    try {
      const { id, owner, made } = await subscriptionsIn(a, 8);
      expect(await counts(first, id)).toEqual({ payments: 8, succeeded: 8, attempts: 8, periods: 8, charge_postings: 8 });
      clock.set(MONTH_LATER);
      await Promise.all([...others.map((p) => p.scheduler.runDue()), ...others.map((p) => p.scheduler.runDue()), a.app.jobs.runDue(), b.app.jobs.runDue()]);
      // Whatever is left (nothing, when the racing passes did it all) is done by one more pass.
      await others[0]!.scheduler.runDue();

      expect(await counts(first, id)).toEqual({ payments: 16, succeeded: 16, attempts: 16, periods: 16, charge_postings: 16 });
      for (const { subscription, customer } of made) {
        const detail = await owner.ok(subscriptionEndpoints.get, { params: { business_id: id, subscription_id: subscription.id } });
        expect(detail.charges.map((c) => [c.period, c.attempt, c.outcome])).toEqual([
          [1, 1, 'succeeded'],
          [2, 1, 'succeeded'],
        ]);
        expect(detail).toMatchObject({ cycles_done: 2, status: 'active', next_charge_at: '2027-01-01T09:00:00.000Z' });
        const receipts = (await mailbox(a.app)).filter((m) => m.to === customer.email && /receipt/i.test(m.subject));
        expect(receipts).toHaveLength(2);
      }

      // The attempt's key, and the one success a period may have, refuse a second charge whatever runs it.
      const [charge] = await rows<{ subscription_id: string; payment_id: string; amount: number }>(
        first,
        sql`select subscription_id, payment_id, amount from subscription_charges where business_id = ${id} and period = 2 limit 1`,
      );
      const insert = (attempt: number) =>
        first.exec(
          `insert into subscription_charges (business_id, id, subscription_id, period, attempt, payment_id, amount, currency, outcome)
           values ('${id}', gen_random_uuid(), '${charge!.subscription_id}', 2, ${attempt}, '${charge!.payment_id}', ${charge!.amount}, 'sgd', 'succeeded')`,
        );
      await expect(insert(1)).rejects.toThrow(/duplicate key|unique/i);
      await expect(insert(2)).rejects.toThrow(/duplicate key|unique/i);
    } finally {
      await close();
    }
  });
});

describe('a process that stops in the middle of a charge', () => {
  it('leaves its charge in flight (nothing charged twice), and after a restart the reconciliation records it once', async () => {
    const store = await restartableDatabase();
    const clock = fixedClock(START);
    let database = await store.open();
    let t = await appOn(database, clock);
    try {
      const { id, owner, made } = await subscriptionsIn(t, 2);
      // The process stops in the outcome's transaction (after the processor charged), before the attempt is recorded:
      // the payments and their processor attempts, committed before the call, wait in `processing`.
      await breakInsert(database, 'subscription_charges');
      clock.set(MONTH_LATER);
      await t.app.jobs.runDue();
      expect(await counts(database, id)).toEqual({ payments: 4, succeeded: 2, attempts: 2, periods: 2, charge_postings: 2 });
      await t.close();
      await database.close();

      // Restart: the scheduler leaves the periods in flight alone; the reconciliation records each charge once.
      database = await store.open();
      await heal(database, 'subscription_charges');
      t = await appOn(database, clock);
      await t.app.jobs.runDue({ ignoreDelays: true });
      clock.set(new Date(MONTH_LATER.getTime() + 60 * 60_000));
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(await counts(database, id)).toEqual({ payments: 4, succeeded: 4, attempts: 4, periods: 4, charge_postings: 4 });
      await t.close();
      await database.close();

      database = await store.open();
      t = await appOn(database, clock);
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(await counts(database, id)).toEqual({ payments: 4, succeeded: 4, attempts: 4, periods: 4, charge_postings: 4 });
      const again = new Agent(t.app);
      again.cookies = owner.cookies;
      again.csrf = owner.csrf;
      const detail = await again.ok(subscriptionEndpoints.get, { params: { business_id: id, subscription_id: made[0]!.subscription.id } });
      expect(detail).toMatchObject({ cycles_done: 2, current_period_start: '2026-12-01T09:00:00.000Z', next_charge_at: '2027-01-01T09:00:00.000Z' });
    } finally {
      await t.close();
      await database.close();
      await store.dispose();
    }
  });
});
