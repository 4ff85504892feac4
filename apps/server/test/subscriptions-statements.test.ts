import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/lib/rate-limit';
import { createMailer } from '../src/mail/mailer';
import { compose, type Platform } from '../src/modules/module';
import { chargesModule } from '../src/modules/payments/charges/charges.module';
import { customersModule } from '../src/modules/payments/customers/customers.module';
import { ledgerModule } from '../src/modules/payments/ledger/ledger.module';
import { emailTemplatesModule } from '../src/modules/business/email-templates/email-templates.module';
import { processorModule } from '../src/modules/payments/processor/processor.module';
import { subscriptionsModule } from '../src/modules/payments/subscriptions/subscriptions.module';
import { portalLinksModule } from '../src/modules/payments/customer-portal/portal-links.module';
import { chargesInFlight } from '../src/modules/payments/subscriptions/subscriptions.scheduler';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { createJobs } from '../src/modules/platform/jobs/jobs.service';
import { createBusiness, createCustomer, createPlan, saveCard, subscribe } from './factories';
import { writesOf } from './statement-writes';
import { createTestContext, mailbox, type TestContext } from './harness';

/**
 * What one subscription charge costs the database (docs/benchmarks.md, "Subscriptions"): the statements the
 * scheduler's pass sends to charge due subscriptions, as bench/subscriptions.mjs makes it do 100,000 times.
 * Pinned, so that a change that adds a round trip to each charge shows here. Transaction control (begin,
 * commit) is left out of the count: the two drivers report it differently. Both databases.
 */
let t: TestContext;
let businessId: string;
const queries: string[] = [];
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const DUE = 3;

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 }, { onQuery: (sql) => queries.push(sql) });
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  const owner = business.people.owner.agent;
  const plan = await createPlan(owner, businessId);
  for (let i = 0; i < DUE; i++) {
    const customer = await createCustomer(owner, businessId);
    const { setupId } = await subscribe(t, owner, businessId, { customer_id: customer.id, plan_id: plan.id });
    expect((await saveCard(t, setupId)).status).toBe(200);
  }
});
afterAll(() => t.close());

/** The scheduler of another process on the test's database (the app's own runs only through its job queue). */
async function scheduler() {
  const silent = pino({ level: 'silent' });
  const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
  const mailer = createMailer({ db: t.database.db, clock: t.clock, logger: silent, jobs, from: t.config.mailFrom });
  const platform: Platform = {
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    changes: undefined,
    mailer,
    limiter: createRateLimiter({ db: t.database.db, clock: t.clock }),
    audit: createAuditService({ clock: t.clock }),
    jobs,
  };
  const modules = compose(platform)
    .use(emailTemplatesModule)
    .use(ledgerModule)
    .use(processorModule)
    .use(customersModule)
    .use(chargesModule)
    .use(portalLinksModule)
    .use(subscriptionsModule);
  mailer.registerJobs(jobs);
  await jobs.start();
  return { scheduler: modules.services.subscriptions.scheduler, jobs };
}

/**
 * The statements sent while `fn` runs, without transaction control, on one line each. The portal link key's read
 * (and its creation, the first time) happens once per process, not per pass: left out too.
 */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const from = queries.length;
  await fn();
  return queries
    .slice(from)
    .filter((q) => !TRANSACTION_CONTROL.test(q) && !/"app_secrets"/.test(q))
    .map((q) => q.replace(/\s+/g, ' '));
}

describe('statements per subscription charge', () => {
  it('a pass charging 3 due subscriptions: 2 for the pass, then 14 per charge in two transactions around the processor (9 in one before, 17 before writes went together)', async () => {
    const { scheduler: pass, jobs } = await scheduler();
    try {
      t.clock.set(new Date(t.clock.now().getTime() + 32 * 24 * 60 * 60_000));
      let charged = 0;
      const statements = await statementsDuring(async () => {
        charged = await pass.runDue();
      });
      expect(charged).toBe(DUE);
      // On failure, the message lists the statements, so what was added shows.
      // Writes counted one by one, also those sent together in one statement (`writeTogether`).
      const parts = statements.flatMap((q) => (writesOf(q).length > 0 ? writesOf(q) : [q]));
      const of = (pattern: RegExp) => parts.filter((q) => pattern.test(q)).length;
      expect(
        {
          total: statements.length,
          dueReads: of(/^select .* from "subscriptions" where .* order by/),
          businessReads: of(/^select .* from "businesses"/),
          locks: of(/^select .* from "subscriptions" left join "customers"/),
          paymentInserts: of(/^insert into "payments"/),
          paymentUpdates: of(/^update "payments"/),
          eventInserts: of(/^insert into "payment_events"/),
          ledgerInserts: of(/^insert into "ledger_(transactions|entries)"/),
          attemptInserts: of(/^insert into "subscription_charges"/),
          subscriptionUpdates: of(/^update "subscriptions"/),
          receiptsKept: of(/^insert into "mail_outbox"/),
        },
        statements.map((q) => q.slice(0, 60)).join('\n'),
      ).toEqual({
        // Two phases (docs/payments.md): 7 more than in one transaction: the check for a charge in flight, the
        // attempt's insert, the created events before the call; the payment's lock, the attempt's claim, the
        // subscription's lock after it; the business's name read again for the mail, which is written where the
        // outcome is (the reconciliation records outcomes too, with no pass to hand it the business). Then 3 fewer:
        // the payment's update, its ledger postings and its events are one statement (`writeTogether`).
        total: 2 + 14 * DUE,
        dueReads: 1,
        businessReads: 1 + DUE,
        locks: DUE,
        paymentInserts: DUE,
        paymentUpdates: DUE,
        eventInserts: 2 * DUE,
        ledgerInserts: 2 * DUE,
        attemptInserts: DUE,
        subscriptionUpdates: DUE,
        receiptsKept: DUE,
      });
    } finally {
      await jobs.stop();
    }
    const receipts = (await mailbox(t.app)).filter((m) => /^Your receipt from/.test(m.subject));
    expect(receipts).toHaveLength(2 * DUE);
  });

  it('keeps charges in flight below the connection pool, at least one and at most 16', () => {
    expect([1, 2, 3, 4, 10, 30].map(chargesInFlight)).toEqual([1, 1, 1, 2, 8, 16]);
  });
});
