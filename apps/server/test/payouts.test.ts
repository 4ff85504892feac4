import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { auditLogEndpoints } from '@merchant/business';
import { balanceEndpoints, bankAccountEndpoints, payoutEndpoints, type PayoutLine } from '@merchant/payments';
import { ledgerEntries, ledgerTransactions, payments, payoutMarks, payouts } from '@/db/schema';
import { parseCsv } from '@/lib/csv';
import { actorOf } from './factories/charges';
import { Agent, answerOf, createTestContext, failure, mailbox, type TestContext } from './harness';
import { addBankAccount, availableMoney, createBusiness, localSgAccount, signInAgain, type FactoryBusiness, type Person } from './factories';

/**
 * Payouts on both databases: the schedule and its settings, pay out now (bad input, the lock under 200
 * concurrent full-balance requests, idempotency), the test-mode bank (paid, and failed with the funds back),
 * the reconciliation lines summing to each payout, the list, detail and CSVs, the mail and who may do it.
 */
let t: TestContext;

const params = (b: { id: string }) => ({ business_id: b.id });

async function wallet(agent: Agent, b: { id: string }, currency = 'sgd') {
  const view = await agent.ok(balanceEndpoints.get, { params: { business_id: b.id, balance: 'wallet' } });
  const c = view.currencies.find((x) => x.currency === currency)!;
  return { available: c.available.amount, inTransit: c.in_transit.amount };
}

async function allLines(agent: Agent, b: { id: string }, payoutId: string): Promise<PayoutLine[]> {
  const lines: PayoutLine[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await agent.ok(payoutEndpoints.lines, { params: { ...params(b), payout_id: payoutId }, query: { limit: 2, ...(cursor ? { cursor } : {}) } });
    lines.push(...page.data);
    if (!page.next_cursor) return lines;
    cursor = page.next_cursor;
  }
}

/** Every ledger entry of the business sums to zero per currency, and its paid-out and in-transit sums match its payouts. */
async function assertLedgerMatchesPayouts(businessId: string) {
  const db = t.database.db;
  const sums = await db
    .select({ account: ledgerEntries.account, sum: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.businessId, businessId), eq(ledgerEntries.currency, 'sgd')))
    .groupBy(ledgerEntries.account);
  const of = (account: string) => sums.find((s) => s.account === account)?.sum ?? 0;
  expect(sums.reduce((total, s) => total + s.sum, 0)).toBe(0);
  const rows = await db.select().from(payouts).where(eq(payouts.businessId, businessId));
  const total = (status: string) => rows.filter((r) => r.status === status).reduce((s, r) => s + r.amount, 0);
  expect(of('merchant_in_transit')).toBe(total('in_transit'));
  expect(of('merchant_paid_out')).toBe(total('paid'));
}

/** Moves the clock and answers the person signed in again (a session idles out after two hours). */
async function at(iso: string, person: Person): Promise<Agent> {
  t.clock.set(new Date(iso));
  return signInAgain(t, person);
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('payout settings', () => {
  it('start manual with no minimum, save a schedule with field errors for what is missing, audit the change', async () => {
    const b = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
    const owner = b.people.owner.agent;
    expect(await owner.ok(payoutEndpoints.settings, { params: params(b) })).toEqual({
      schedule: 'manual',
      weekly_day: null,
      monthly_day: null,
      minimum_amount: { amount: 0, currency: 'sgd' },
      is_default: true,
    });
    const missing = failure(await owner.call(payoutEndpoints.saveSettings, { params: params(b), body: { schedule: 'weekly', minimum_amount: 0 } }));
    expect(missing.issues).toEqual([expect.objectContaining({ path: 'weekly_day' })]);
    const negative = await owner.put(endpointPath(payoutEndpoints.saveSettings, { params: params(b) }), { schedule: 'daily', minimum_amount: -1 });
    expect(failure(answerOf(negative)).issues).toEqual([expect.objectContaining({ path: 'minimum_amount' })]);
    const saved = await b.people.admin.agent.ok(payoutEndpoints.saveSettings, {
      params: params(b),
      body: { schedule: 'weekly', weekly_day: 3, monthly_day: 12, minimum_amount: 50_00 },
    });
    expect(saved).toEqual({ schedule: 'weekly', weekly_day: 3, monthly_day: null, minimum_amount: { amount: 50_00, currency: 'sgd' }, is_default: false });
    const audit = await owner.ok(auditLogEndpoints.list, { params: params(b), query: { action: 'payout_settings.*' } });
    expect(audit.data[0]?.description).toBe('Set payouts to weekly on Wednesday, at least SGD 50.00 each');
    for (const role of ['manager', 'cashier'] as const) {
      expect((await b.people[role].agent.call(payoutEndpoints.settings, { params: params(b) })).status).toBe(403);
      const refused = await b.people[role].agent.call(payoutEndpoints.saveSettings, { params: params(b), body: { schedule: 'daily', minimum_amount: 0 } });
      expect(refused.status).toBe(403);
    }
  });
});

describe('pay out now', () => {
  let b: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
  let owner: Agent;
  let nets: number[];

  beforeAll(async () => {
    t.clock.set(new Date('2026-11-02T09:00:00Z'));
    b = await createBusiness(t, { staff: ['admin', 'cashier'] });
    owner = b.people.owner.agent;
    nets = [];
    for (const amount of [100_00, 50_00]) nets.push((await availableMoney(t, b.id, amount, `ref-${amount}`)).net);
  });

  it('refuses a currency without a default bank account, zero, negative and over-available amounts; nothing moves', async () => {
    const before = await wallet(owner, b);
    const noAccount = failure(await owner.call(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } }, { idempotencyKey: 'no-account' }));
    expect(noAccount).toMatchObject({ code: 'PAYOUT_NO_BANK_ACCOUNT', issues: [{ path: 'currency' }] });
    await addBankAccount(t, b, b.people.owner);
    const url = endpointPath(payoutEndpoints.create, { params: params(b) });
    for (const amount of [0, -5, 1.5, '10']) {
      const res = await owner.post(url, { currency: 'sgd', amount });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(failure(answerOf(res)).issues?.[0]?.path).toBe('amount');
    }
    const unknown = await owner.post(url, { currency: 'zzz' });
    expect(failure(answerOf(unknown)).issues?.[0]?.path).toBe('currency');
    const over = failure(await owner.call(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd', amount: before.available + 1 } }));
    expect(over).toMatchObject({ code: 'PAYOUT_EXCEEDS_AVAILABLE', issues: [{ path: 'amount' }] });
    const usd = failure(await owner.call(payoutEndpoints.create, { params: params(b), body: { currency: 'usd' } }));
    expect(usd.code).toBe('PAYOUT_NO_BANK_ACCOUNT');
    expect(await wallet(owner, b)).toEqual(before);
    expect((await owner.ok(payoutEndpoints.list, { params: params(b) })).data).toEqual([]);
  });

  it('pays out part, then the rest: each payout lists the movements it contains and they sum to it', async () => {
    const before = await wallet(owner, b);
    expect(before.available).toBe(nets[0]! + nets[1]!);
    const part = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd', amount: nets[0]! + 10_00 } }, { idempotencyKey: 'part' });
    expect(part).toMatchObject({ status: 'in_transit', trigger: 'manual', amount: { amount: nets[0]! + 10_00, currency: 'sgd' } });
    expect(part.bank_account).toMatchObject({ bank_name: 'DBS Bank', account_last4: '6789' });
    const replay = await owner.call(
      payoutEndpoints.create,
      { params: params(b), body: { currency: 'sgd', amount: nets[0]! + 10_00 } },
      { idempotencyKey: 'part' },
    );
    expect([replay.status, replay.headers['idempotent-replayed'], replay.ok && replay.body.id]).toEqual([201, 'true', part.id]);
    expect(await wallet(owner, b)).toEqual({ available: nets[1]! - 10_00, inTransit: nets[0]! + 10_00 });

    const first = await allLines(owner, b, part.id);
    expect(first.map((l) => [l.kind, l.net.amount, l.amount.amount])).toEqual([
      ['settlement', nets[0], nets[0]],
      ['settlement', nets[1], 10_00],
    ]);
    expect(first[0]).toMatchObject({ payment_reference: 'ref-10000', gross: { amount: 100_00 }, fee: { amount: 100_00 - nets[0]! } });

    // A refund of the second payment comes out of what is left.
    const actor = await actorOf(t.database.db, b.id, b.people.owner.email, 'owner');
    const { charges } = t.services;
    const [second] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.businessId, b.id), eq(payments.reference, 'ref-5000')));
    await charges.refund(actor, second!.id, { amount: 5_00, reason: 'requested_by_customer' });

    const rest = await b.people.admin.agent.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } }, { idempotencyKey: 'rest' });
    expect(rest.amount.amount).toBe(nets[1]! - 10_00 - 5_00);
    const lines = await allLines(owner, b, rest.id);
    expect(lines.map((l) => [l.kind, l.amount.amount])).toEqual([
      ['settlement', nets[1]! - 10_00],
      ['refund', -5_00],
    ]);
    expect(lines.reduce((s, l) => s + l.amount.amount, 0)).toBe(rest.amount.amount);
    // Each line names its payment as the statement does, not by its id (the id is the line's payment_reference).
    expect([...first, ...lines].filter((l) => l.description.includes('pay_'))).toEqual([]);
    expect(lines[1]!.description).toMatch(/^Refund/);
    const detail = await owner.ok(payoutEndpoints.get, { params: { ...params(b), payout_id: rest.id } });
    const { gross, fees, refunds, other } = detail.summary;
    expect(gross.amount - fees.amount - refunds.amount + other.amount).toBe(rest.amount.amount);
    expect(refunds.amount).toBe(5_00);
    expect(await wallet(owner, b)).toEqual({ available: 0, inTransit: nets[0]! + nets[1]! - 5_00 });
    const nothing = failure(await owner.call(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } }));
    expect(nothing).toMatchObject({ code: 'PAYOUT_EXCEEDS_AVAILABLE', message: 'Nothing is available to pay out in this currency.' });
    await assertLedgerMatchesPayouts(b.id);

    // The payout_sent notification goes to its recipients (owners and admins by default) and the change is audited.
    const mails = (await mailbox(t.app)).filter((m) => m.subject.startsWith('Payout of'));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([b.people.owner.email, b.people.admin.email]));
    expect(mails.some((m) => m.to === b.people.cashier.email)).toBe(false);
    expect(mails[0]!.text).toContain('•••• 6789');
    // When it arrives, on the business's clock and naming its zone in words (it said "2026-11-03 09:00 UTC", then "(Asia/Singapore)").
    expect(mails[0]!.text).toMatch(/reach the bank by \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (UTC|[A-Za-z ]+ time \(GMT[+-]\d+(:\d{2})?\))\./);
    const audit = await owner.ok(auditLogEndpoints.list, { params: params(b), query: { action: 'payout.*' } });
    expect(audit.data).toHaveLength(2);
  });

  it('lets a cashier neither see nor make payouts, and answers another business 404', async () => {
    const cashier = b.people.cashier.agent;
    expect((await cashier.call(payoutEndpoints.list, { params: params(b) })).status).toBe(403);
    expect((await cashier.call(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } })).status).toBe(403);
    const other = await createBusiness(t);
    const [mine] = (await owner.ok(payoutEndpoints.list, { params: params(b) })).data;
    const foreign = await other.people.owner.agent.call(payoutEndpoints.get, { params: { ...params(other), payout_id: mine!.id } });
    expect(failure(foreign).code).toBe('PAYOUT_NOT_FOUND');
  });
});

describe('the balance lock', () => {
  it('lets exactly one of 200 concurrent full-balance payouts through', async () => {
    const b = await createBusiness(t);
    await addBankAccount(t, b, b.people.owner);
    const payment = await availableMoney(t, b.id, 500_00);
    const owner = b.people.owner.agent;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        owner.call(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd', amount: payment.net } }, { idempotencyKey: `race-${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422 && failure(a).code === 'PAYOUT_EXCEEDS_AVAILABLE')).toHaveLength(199);
    expect(await wallet(owner, b)).toEqual({ available: 0, inTransit: payment.net });
    await assertLedgerMatchesPayouts(b.id);
  }, 120_000);
});

describe('the test-mode bank and the schedule', () => {
  it('pays most accounts a day later, fails the test account number and returns its funds with the reason', async () => {
    t.clock.set(new Date('2026-11-10T08:00:00Z'));
    const b = await createBusiness(t);
    let owner = b.people.owner.agent;
    await addBankAccount(t, b, b.people.owner);
    const first = await availableMoney(t, b.id, 80_00);
    const good = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    // The next account of the currency becomes the default; its number ends with the failing 000000.
    const failing = await addBankAccount(t, b, b.people.owner, localSgAccount({ account_number: '1234000000' }));
    await owner.ok(bankAccountEndpoints.setDefault, { params: { ...params(b), bank_account_id: failing.id } });
    const second = await availableMoney(t, b.id, 30_00);
    const bad = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect(bad.amount.amount).toBe(second.net);

    owner = await at('2026-11-11T07:00:00Z', b.people.owner);
    await t.app.jobs.runDue();
    expect((await owner.ok(payoutEndpoints.get, { params: { ...params(b), payout_id: good.id } })).payout.status).toBe('in_transit');
    owner = await at('2026-11-11T09:00:00Z', b.people.owner);
    await t.app.jobs.runDue();
    const paid = await owner.ok(payoutEndpoints.get, { params: { ...params(b), payout_id: good.id } });
    expect(paid.payout).toMatchObject({ status: 'paid', paid_at: '2026-11-11T09:00:00.000Z' });
    expect(paid.timeline.map((s) => s.status)).toEqual(['created', 'in_transit', 'paid']);
    const failed = await owner.ok(payoutEndpoints.get, { params: { ...params(b), payout_id: bad.id } });
    expect(failed.payout).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('does not exist') });
    expect(await wallet(owner, b)).toEqual({ available: second.net, inTransit: 0 });
    await assertLedgerMatchesPayouts(b.id);

    // The failed payout keeps its lines; its movements are free again and go into the next payout.
    expect((await allLines(owner, b, bad.id)).map((l) => l.amount.amount)).toEqual([second.net]);
    await owner.ok(bankAccountEndpoints.setDefault, { params: { ...params(b), bank_account_id: good.bank_account.id } });
    const again = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect((await allLines(owner, b, again.id)).map((l) => l.amount.amount)).toEqual([second.net]);
    expect(first.net).toBe(good.amount.amount);
  });

  it('reads only the movements past the payout mark: moved past what is paid out, before a part left, back on a failure', async () => {
    t.clock.set(new Date('2026-11-12T08:00:00Z'));
    const b = await createBusiness(t);
    let owner = b.people.owner.agent;
    const db = t.database.db;
    const mark = async () => {
      const [row] = await db
        .select()
        .from(payoutMarks)
        .where(and(eq(payoutMarks.businessId, b.id), eq(payoutMarks.currency, 'sgd')));
      return row?.entrySeq ?? 0;
    };
    /** The `seq` of the available-balance entry of each payment's settlement. */
    const settledSeq = async (paymentId: string) => {
      const [row] = await db
        .select({ seq: ledgerEntries.seq })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.businessId, ledgerEntries.businessId), eq(ledgerTransactions.id, ledgerEntries.transactionId)))
        .where(and(eq(ledgerEntries.businessId, b.id), eq(ledgerEntries.account, 'merchant_available'), eq(ledgerTransactions.paymentId, paymentId)));
      return row!.seq;
    };
    await addBankAccount(t, b, b.people.owner);
    expect(await mark()).toBe(0);

    const one = await availableMoney(t, b.id, 40_00);
    const two = await availableMoney(t, b.id, 60_00);
    const all = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect(all.amount.amount).toBe(one.net + two.net);
    expect(await mark()).toBe(await settledSeq(two.id));

    // A partial payout takes the third movement in part: the mark stops just before it, and the rest is paid out next.
    const three = await availableMoney(t, b.id, 50_00);
    const part = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd', amount: 10_00 } });
    expect((await allLines(owner, b, part.id)).map((l) => l.amount.amount)).toEqual([10_00]);
    expect(await mark()).toBe((await settledSeq(three.id)) - 1);
    const rest = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect((await allLines(owner, b, rest.id)).map((l) => l.amount.amount)).toEqual([three.net - 10_00]);
    expect(await mark()).toBe(await settledSeq(three.id));

    // A failed payout's movement is free again: the mark moves back before it, and the next payout takes it.
    const failing = await addBankAccount(t, b, b.people.owner, localSgAccount({ account_number: '2345000000' }));
    await owner.ok(bankAccountEndpoints.setDefault, { params: { ...params(b), bank_account_id: failing.id } });
    const four = await availableMoney(t, b.id, 30_00);
    const bad = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect(await mark()).toBe(await settledSeq(four.id));
    owner = await at('2026-11-13T09:00:00Z', b.people.owner);
    await t.app.jobs.runDue();
    expect((await owner.ok(payoutEndpoints.get, { params: { ...params(b), payout_id: bad.id } })).payout.status).toBe('failed');
    expect(await mark()).toBe((await settledSeq(four.id)) - 1);
    await owner.ok(bankAccountEndpoints.setDefault, { params: { ...params(b), bank_account_id: all.bank_account.id } });
    const again = await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } });
    expect((await allLines(owner, b, again.id)).map((l) => l.amount.amount)).toEqual([four.net]);
    expect(await mark()).toBe(await settledSeq(four.id));
    expect(await wallet(owner, b)).toEqual({ available: 0, inTransit: again.amount.amount });
    await assertLedgerMatchesPayouts(b.id);
  });

  it('pays out each due business once per day, per currency with a default account, from the minimum up', async () => {
    t.clock.set(new Date('2026-11-16T10:00:00Z')); // a Monday
    const daily = await createBusiness(t);
    const weekly = await createBusiness(t);
    const small = await createBusiness(t);
    for (const b of [daily, weekly, small]) {
      await addBankAccount(t, b, b.people.owner);
      await availableMoney(t, b.id, 40_00);
    }
    await daily.people.owner.agent.ok(payoutEndpoints.saveSettings, { params: params(daily), body: { schedule: 'daily', minimum_amount: 10_00 } });
    await weekly.people.owner.agent.ok(payoutEndpoints.saveSettings, {
      params: params(weekly),
      body: { schedule: 'weekly', weekly_day: 2, minimum_amount: 0 },
    });
    await small.people.owner.agent.ok(payoutEndpoints.saveSettings, { params: params(small), body: { schedule: 'daily', minimum_amount: 1000_00 } });

    t.clock.set(new Date('2026-11-16T11:00:00Z'));
    await t.app.jobs.runDue();
    const listed = async (b: FactoryBusiness) => (await (await signInAgain(t, b.people.owner)).ok(payoutEndpoints.list, { params: params(b) })).data;
    expect((await listed(daily)).map((p) => p.trigger)).toEqual(['scheduled']);
    expect(await listed(weekly)).toEqual([]);
    expect(await listed(small)).toEqual([]);

    // More money the same day: the day's payout is made already.
    await availableMoney(t, daily.id, 40_00);
    t.clock.set(new Date('2026-11-16T12:00:00Z'));
    await t.app.jobs.runDue();
    expect(await listed(daily)).toHaveLength(1);

    // Tuesday: the weekly one pays, the daily one pays the rest.
    t.clock.set(new Date('2026-11-17T01:00:00Z'));
    await t.app.jobs.runDue();
    expect(await listed(daily)).toHaveLength(2);
    expect(await listed(weekly)).toHaveLength(1);
    expect(await listed(small)).toEqual([]);
    for (const b of [daily, weekly, small]) await assertLedgerMatchesPayouts(b.id);
  });
});

describe('the payout list and CSVs', () => {
  it('filters by status and date, pages, and exports the list and the lines exactly as shown', async () => {
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
    const b = await createBusiness(t);
    let owner = b.people.owner.agent;
    await addBankAccount(t, b, b.people.owner);
    const made: string[] = [];
    for (const time of ['2026-11-20T10:00', '2026-11-21T11:00', '2026-11-22T10:00']) {
      owner = await at(`${time}:00Z`, b.people.owner);
      await availableMoney(t, b.id, 20_00, `ref-${time.slice(0, 10)}`);
      made.push((await owner.ok(payoutEndpoints.create, { params: params(b), body: { currency: 'sgd' } })).id);
    }
    owner = await at('2026-11-22T10:30:00Z', b.people.owner);
    await t.app.jobs.runDue(); // the first is paid (24 hours passed), the two others are in transit
    const page1 = await owner.ok(payoutEndpoints.list, { params: params(b), query: { limit: 2 } });
    expect(page1.data.map((p) => p.id)).toEqual([made[2], made[1]]);
    const page2 = await owner.ok(payoutEndpoints.list, { params: params(b), query: { limit: 2, cursor: page1.next_cursor! } });
    expect(page2.data.map((p) => p.id)).toEqual([made[0]]);
    expect((await owner.ok(payoutEndpoints.list, { params: params(b), query: { status: 'paid' } })).data.map((p) => p.id)).toEqual([made[0]]);
    const ranged = await owner.ok(payoutEndpoints.list, { params: params(b), query: { from: '2026-11-21', to: '2026-11-21' } });
    expect(ranged.data.map((p) => p.id)).toEqual([made[1]]);
    const badRange = await owner.get(endpointPath(payoutEndpoints.list, { params: params(b), query: { from: '2026-11-22', to: '2026-11-21' } }));
    expect(failure(answerOf(badRange)).issues?.[0]?.path).toBe('querystring.to');
    const badStatus = await owner.get(`${endpointPath(payoutEndpoints.list, { params: params(b) })}?status=lost`);
    expect(badStatus.statusCode).toBe(422);

    const csv = await owner.get(endpointPath(payoutEndpoints.export, { params: params(b), query: { status: 'in_transit' } }));
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]![0]).toBe('Payout ID');
    expect(
      rows
        .slice(1)
        .filter((r) => r.length > 1)
        .map((r) => r[0]),
    ).toEqual([made[2], made[1]]);

    const linesCsv = await owner.get(endpointPath(payoutEndpoints.exportLines, { params: { ...params(b), payout_id: made[0]! } }));
    const lineRows = parseCsv(linesCsv.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    expect(lineRows[0]).toEqual(expect.arrayContaining(['Gross', 'Fee', 'Net', 'In this payout']));
    expect(lineRows[1]).toEqual(expect.arrayContaining(['Settlement', 'ref-2026-11-20', 'SGD', '20.00']));
    const missing = await owner.call(payoutEndpoints.lines, { params: { ...params(b), payout_id: '00000000-0000-4000-8000-000000000000' } });
    expect(failure(missing).code).toBe('PAYOUT_NOT_FOUND');
  });
});
