import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints as endpoints } from '@merchant/payments';
import { createBusiness, createQr } from './factories';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { writesOf } from './statement-writes';

/**
 * What one paid payment costs the database (docs/benchmarks.md, "Payments at scale"): the statements the
 * app sends for the checkout's four requests, as bench/checkout-load.mjs makes them (the anti-forgery token,
 * the page, start and confirm of a static QR code's open amount, paid by card, the receipt mailed), and the
 * receipt's delivery from the outbox afterwards. Pinned, so that a change that adds a round trip to the hot path
 * shows here. Transaction control (begin, commit) is left out of the count: the two drivers report it differently.
 * Both databases.
 */
let t: TestContext;
let host: string;
let qr: string;
const queries: string[] = [];
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** Where each transaction the app opened began and ended in `queries`. */
const transactions: { from: number; to: number }[] = [];

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
  // Every transaction the app opens on its database (nested ones are savepoints of these).
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
  host = hostOfKind('checkout', t.config.baseDomain);
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  qr = await createQr(t, business);
});
afterAll(() => t.close());

/** The statements sent while `fn` runs, without transaction control, each cut to its first words. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const from = queries.length;
  await fn();
  return queries
    .slice(from)
    .filter((q) => !TRANSACTION_CONTROL.test(q))
    .map((q) => q.replace(/\s+/g, ' ').slice(0, 60));
}

/** One customer's paid payment, request by request: the statements of each. */
async function pay(email: string) {
  const agent = new Agent(t.app);
  const token = await statementsDuring(async () => {
    agent.csrf = (await agent.ok(endpoints.csrfToken, {}, { host, headers: { 'x-csrf-token': '' } })).token;
  });
  const page = await statementsDuring(() => agent.ok(endpoints.get, { params: { kind: 'qr', public_id: qr } }, { host }));
  let publicId = '';
  const start = await statementsDuring(async () => {
    const body = { amount: 12_34, name: 'Sam Counter', email };
    publicId = (await agent.ok(endpoints.start, { params: { kind: 'qr', public_id: qr }, body }, { host, idempotencyKey: randomUUID() })).public_id;
  });
  let status = '';
  const [confirmFrom, confirmTransactionsFrom] = [queries.length, transactions.length];
  const confirm = await statementsDuring(async () => {
    const body = { method: 'card' as const, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } };
    status = (await agent.ok(endpoints.confirm, { params: { public_id: publicId }, body }, { host, idempotencyKey: randomUUID() })).status;
  });
  // The statements of each of the confirm's transactions (without transaction control).
  const confirmTransactions = transactions
    .slice(confirmTransactionsFrom)
    .filter(({ from }) => from >= confirmFrom)
    .map(({ from, to }) => queries.slice(from, to).filter((q) => !TRANSACTION_CONTROL.test(q)).length);
  // Every write of the confirm, also those sent together in one statement (`writeTogether`).
  const confirmWrites = queries
    .slice(confirmFrom)
    .filter((q) => !TRANSACTION_CONTROL.test(q))
    .flatMap(writesOf);
  return { status, token, page, start, confirm, confirmTransactions, confirmWrites };
}

const counts = (flow: Awaited<ReturnType<typeof pay>>) => ({
  token: flow.token.length,
  page: flow.page.length,
  start: flow.start.length,
  confirm: flow.confirm.length,
  total: flow.token.length + flow.page.length + flow.start.length + flow.confirm.length,
});

describe('statements per paid payment at the checkout', () => {
  // The start's card-testing limits (docs/security.md, "Card testing at the checkout") added two: the address's
  // start counter and the link's or code's payments nobody paid. The confirm's checks stayed one statement.
  // The two-phase processor call (docs/payments.md) added five to the confirm: the payment's attempts read and the
  // attempt's insert in the first phase, the test processor's record of the call (a network call with a real
  // one), and the payment's lock and the attempt's claim in the second phase.
  // The receipt takes the business's name and receipt switch from the confirm's first read (it read them again in the
  // outcome's transaction, one more statement while the payment is locked).
  it('a new customer: 33 statements (it was 43, then 29 before the start limits, 31 before the two phases, 36 after, 35 before writes went together, 32 before the event webhooks read the endpoints that want charge.created), the confirm 19 of them', async () => {
    const flow = await pay('new.customer@example.com');
    expect(flow.status).toBe('succeeded');
    // On failure, the message lists the statements, so what was added shows.
    expect(counts(flow), [...flow.page, ...flow.start, ...flow.confirm].join('\n')).toEqual({ token: 1, page: 3, start: 10, confirm: 19, total: 33 });
  });

  it('a returning customer (the email matches a customer): 31 statements, no customer or audit insert', async () => {
    await pay('returning@example.com');
    const flow = await pay('returning@example.com');
    expect(flow.status).toBe('succeeded');
    expect(counts(flow), flow.confirm.join('\n')).toEqual({ token: 1, page: 3, start: 10, confirm: 17, total: 31 });
    expect(flow.confirmWrites.filter((q) => /^insert into "(customers|audit_logs)"/.test(q))).toEqual([]);
  });

  it("the confirm's two transactions: the intent's 5 statements, the outcome's 10 (a new customer) or 8 (a returning one), the read of the endpoints that want charge.created among them", async () => {
    // The intent: the payment's lock, its attempts, the business's context, the source's lock, the attempt. The
    // outcome: the payment's lock and the attempt's claim, the customer, the payment with its ledger and events in
    // one statement (`writeTogether`; they were three), the receipt's mail and the answer. A statement added inside
    // them is held under the payment's lock.
    expect((await pay('transactions@example.com')).confirmTransactions).toEqual([5, 10]);
    expect((await pay('transactions@example.com')).confirmTransactions).toEqual([5, 8]);
  });

  it("a 3-D Secure approval's outcome reads nothing of the business: the receipt takes what its first phase read", async () => {
    const agent = new Agent(t.app);
    agent.csrf = (await agent.ok(endpoints.csrfToken, {}, { host, headers: { 'x-csrf-token': '' } })).token;
    const body = { amount: 12_34, name: 'Sam Counter', email: 'challenged@example.com' };
    const { public_id } = await agent.ok(endpoints.start, { params: { kind: 'qr', public_id: qr }, body }, { host, idempotencyKey: randomUUID() });
    const card = { number: '4000000000003220', exp_month: 12, exp_year: 2030, cvc: '123' };
    const challenged = await agent.ok(endpoints.confirm, { params: { public_id }, body: { method: 'card', card } }, { host, idempotencyKey: randomUUID() });
    expect(challenged.status).toBe('requires_action');
    const transactionsFrom = transactions.length;
    const approved = await agent.ok(endpoints.challenge, { params: { public_id }, body: { decision: 'approve' } }, { host, idempotencyKey: randomUUID() });
    expect(approved.status).toBe('succeeded');
    const [intent, outcome] = transactions.slice(transactionsFrom).map(({ from, to }) => queries.slice(from, to));
    const readsBusiness = (statements: string[] | undefined) => (statements ?? []).filter((q) => /from "businesses"/.test(q)).length;
    expect({ intent: readsBusiness(intent), outcome: readsBusiness(outcome) }).toEqual({ intent: 1, outcome: 0 });
    expect((await mailbox(t.app)).filter((m) => m.to === 'challenged@example.com' && /receipt/i.test(m.subject))).toHaveLength(1);
  });

  // The receipt was a job of its own until the outbox was delivered in batches: pg-boss's insert of the job with the
  // mail (outside the query log), then its fetch, the mail's claim, its mark as sent and the job's completion.
  it('the receipt leaves after the confirm has answered with two statements, the claim and the mark as sent; no job is enqueued', async () => {
    await t.app.jobs.runDue();
    const jobCount = async () =>
      ((await t.database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const jobsBefore = await jobCount();
    expect((await pay('delivered@example.com')).status).toBe('succeeded');
    expect((await jobCount()) - jobsBefore).toBe(0);
    const delivery = await statementsDuring(() => t.app.jobs.runDue());
    expect(
      delivery.map((q) => q.split(' ').slice(0, 4).join(' ')),
      delivery.join('\n'),
    ).toEqual(['update "mail_outbox" set "claimed_until"', 'update "mail_outbox" set "sent_at"']);
    expect((await mailbox(t.app)).filter((m) => m.to === 'delivered@example.com' && /receipt/i.test(m.subject))).toHaveLength(1);
  });

  it('writes the confirm with one update of the payment, one insert of its events and two of its ledger postings', async () => {
    const { start, confirm, confirmWrites } = await pay('writes@example.com');
    const writes = (table: string, verb: 'insert into' | 'update') => confirmWrites.filter((q) => q.startsWith(`${verb} "${table}"`)).length;
    // The confirm's counters and, for a card, whether cards are paused: one statement (`hitManyAndRead`).
    const rateLimits = (statements: string[]) => statements.filter((q) => q.includes('"rate_limits"')).length;
    expect({
      paymentUpdates: writes('payments', 'update'),
      eventInserts: writes('payment_events', 'insert into'),
      ledgerTransactionInserts: writes('ledger_transactions', 'insert into'),
      ledgerEntryInserts: writes('ledger_entries', 'insert into'),
      rateLimitStatements: rateLimits(confirm),
      startRateLimitStatements: rateLimits(start),
    }).toEqual({ paymentUpdates: 1, eventInserts: 1, ledgerTransactionInserts: 1, ledgerEntryInserts: 1, rateLimitStatements: 1, startRateLimitStatements: 1 });
  });
});
