import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints, transactionEndpoints } from '@merchant/payments';
import { createBusiness, createQr } from './factories';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { writesOf } from './statement-writes';

/**
 * What one refund costs the database (docs/benchmarks.md, "Money paths after issue 24"): the statements and
 * transactions the app sends for a refund of 1.00 from the dashboard, as bench/money-paths.mjs makes them (a card
 * payment of a static QR code whose customer left an email, so the refund is mailed), and then the delivery of its
 * mail from the outbox. Pinned, so that a change that adds a round trip or a commit to the refund shows here.
 * Transaction control (begin, commit) is left out of the statements (the two drivers report it differently) and
 * counted as transactions instead. No statement escapes the count: the refund enqueues no job (pg-boss's statements
 * run on a connection of their own, outside the query log). Both databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
let paymentId: string;
const queries: string[] = [];
/** The statements each transaction sent, in order (their index in `queries` when it began and when it ended). */
const transactions: { from: number; to: number }[] = [];
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const EMAIL = 'refunded.customer@example.com';

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  // Every transaction the app opens on its database (nested ones are savepoints of these), with its statements.
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<typeof transaction>[0], config?: Parameters<typeof transaction>[1]) => {
    const entry = { from: queries.length, to: -1 };
    transactions.push(entry);
    try {
      return await transaction(fn, config);
    } finally {
      entry.to = queries.length;
    }
  }) as typeof db.transaction;
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  owner = business.people.owner.agent;
  const qr = await createQr(t, business);
  const host = hostOfKind('checkout', t.config.baseDomain);
  const customer = new Agent(t.app);
  customer.csrf = (await customer.ok(checkoutEndpoints.csrfToken, {}, { host, headers: { 'x-csrf-token': '' } })).token;
  const started = await customer.ok(
    checkoutEndpoints.start,
    { params: { kind: 'qr', public_id: qr }, body: { amount: 50_00, name: 'Sam Counter', email: EMAIL } },
    { host, idempotencyKey: randomUUID() },
  );
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
  const paid = await customer.ok(
    checkoutEndpoints.confirm,
    { params: { public_id: started.public_id }, body: { method: 'card', card } },
    { host, idempotencyKey: randomUUID() },
  );
  expect(paid.status).toBe('succeeded');
  paymentId = (await owner.ok(transactionEndpoints.list, { params: { business_id: businessId }, query: {} })).data[0]!.id;
  // The mail kept so far (the receipt) leaves now, and the schedules of this instant run: only the refund's is left.
  await t.app.jobs.runDue();
});

/** Every job pg-boss keeps, of every state (a job sent by the refund would add one). */
const jobCount = async () => ((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
afterAll(() => t.close());

const statement = (q: string) => q.replace(/\s+/g, ' ').slice(0, 60);

/**
 * One refund of 1.00: its statements (without transaction control), per transaction the statements it sent, the
 * jobs it enqueued, and the statements of its mail's delivery afterwards (the deliverer, which a server runs once the
 * refund has answered; the test runs it).
 */
async function refundOne() {
  const jobsBefore = await jobCount();
  const from = queries.length;
  const firstTransaction = transactions.length;
  const done = await owner.ok(
    transactionEndpoints.refund,
    { params: { business_id: businessId, payment_id: paymentId }, body: { amount: 1_00, reason: 'requested_by_customer' } },
    { idempotencyKey: randomUUID() },
  );
  const answered = queries.length;
  const jobsEnqueued = (await jobCount()) - jobsBefore;
  const deliveryFrom = queries.length;
  await t.app.jobs.runDue();
  const sent = (a: number, b: number) =>
    queries
      .slice(a, b)
      .filter((q) => !TRANSACTION_CONTROL.test(q))
      .map(statement);
  return {
    done,
    statements: sent(from, answered),
    writes: queries
      .slice(from, answered)
      .filter((q) => !TRANSACTION_CONTROL.test(q))
      .flatMap(writesOf),
    transactions: transactions.slice(firstTransaction).map(({ from: a, to: b }) => sent(a, b)),
    jobsEnqueued,
    delivery: sent(deliveryFrom, queries.length),
  };
}

describe('statements per refund', () => {
  // Before issue 24 a refund was 11 statements in one transaction (the processor called inside it, no mail). The two
  // phases and the refund's mail made it 20 in two: the request's own attempt and the refunds in flight are now one
  // read, the outcome takes the refunder's role and the business's name from the first phase (not read again), the
  // mail's template is read beside the processor's call, and the outcome's writes go in one statement (17 before).
  it('a refund of a payment whose customer left an email: 12 statements in two transactions (it was 20; 11 before the event webhooks)', async () => {
    const { done, statements, transactions: perTransaction } = await refundOne();
    expect(done.payment.status).toBe('partially_refunded');
    // On failure, the message lists the statements, so what was added shows.
    const counts = { statements: statements.length, transactions: perTransaction.map((s) => s.length) };
    expect(counts, statements.join('\n')).toEqual({ statements: 12, transactions: [3, 6] });
    // The intent's transaction: the payment's lock, one read of the attempts (its own, the refunds in flight), the attempt.
    expect(perTransaction[0]!.map((q) => q.split(' ').slice(0, 3).join(' '))).toEqual([
      'select "business_id", "id",',
      'select "business_id", "id",',
      'insert into "processor_attempts"',
    ]);
    // The outcome, the payment locked: the lock, the attempt's claim, the wallet's shared lock (taken before the ledger's
    // entries draw their order), every write in one statement, the endpoints that want charge.updated (event webhooks)
    // and the request's answer. It reads nothing else.
    expect(perTransaction[1]!.map((q) => q.split(' ').slice(0, 3).join(' '))).toEqual([
      'select "business_id", "id",',
      'update "processor_attempts" set',
      'select pg_advisory_xact_lock_shared(hashtextextended($1, 0))',
      'with w0 as',
      'select "business_id", "id",',
      'update "idempotency_keys" set',
    ]);
    const mails = (await mailbox(t.app)).filter((m) => m.to === EMAIL && /refund/i.test(m.subject));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  // Its mail was a job of its own until the outbox was delivered in batches: pg-boss's insert of the job with the
  // mail (outside the query log), then its fetch, the mail's claim, its mark as sent and the job's completion.
  it('delivers its mail with two statements after the answer, the claim and the mark as sent, and enqueues no job', async () => {
    const { delivery, jobsEnqueued } = await refundOne();
    expect(jobsEnqueued).toBe(0);
    expect(
      delivery.map((q) => q.split(' ').slice(0, 4).join(' ')),
      delivery.join('\n'),
    ).toEqual(['update "mail_outbox" set "claimed_until"', 'update "mail_outbox" set "sent_at"']);
    expect(
      await t.database.db
        .execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`)
        .then((r) => (r as unknown as { rows: unknown[] }).rows),
    ).toEqual([{ n: 0 }]);
  });

  it('writes the refund with one update of the payment, one insert each of the refund, its event, its ledger and its mail', async () => {
    const { writes: all } = await refundOne();
    const writes = (table: string, verb: 'insert into' | 'update') => all.filter((w) => w.startsWith(`${verb} "${table}"`)).length;
    expect({
      paymentUpdates: writes('payments', 'update'),
      refundInserts: writes('refunds', 'insert into'),
      eventInserts: writes('payment_events', 'insert into'),
      ledgerTransactionInserts: writes('ledger_transactions', 'insert into'),
      ledgerEntryInserts: writes('ledger_entries', 'insert into'),
      auditInserts: writes('audit_logs', 'insert into'),
      mailInserts: writes('mail_outbox', 'insert into'),
      attemptInserts: writes('processor_attempts', 'insert into'),
      attemptUpdates: writes('processor_attempts', 'update'),
    }).toEqual({
      paymentUpdates: 1,
      refundInserts: 1,
      eventInserts: 1,
      ledgerTransactionInserts: 1,
      ledgerEntryInserts: 1,
      auditInserts: 1,
      mailInserts: 1,
      attemptInserts: 1,
      attemptUpdates: 1,
    });
  });
});
