import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { balanceEndpoints, checkoutEndpoints, transactionEndpoints, type RefundInput } from '@merchant/payments';
import { ledgerTransactions, payments, processorAttempts, refunds, testProcessorCalls } from '../src/db/schema';
import { IDEMPOTENCY_LEASE_MS, TEST_CRASH_HEADER } from '../src/http/idempotency';
import { RECONCILE_AFTER_MS } from '../src/modules/payments/charges/processor-attempts';
import { queuedFaults } from '../src/modules/payments/processor/test-provider';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { availableMoney, createBusiness, createLink, type FactoryBusiness } from './factories';

/**
 * No call to the processor inside a database transaction (docs/payments.md, "Two-phase processor calls"): the
 * attempt is committed before the call, the outcome written after it. The test provider's faults lose the
 * processor's answer (`timeout`) or never reach it (`unreachable`); `X-Test-Crash: before-commit` stops the request
 * in the outcome's transaction, after the processor acted (a real kill -9 there: idempotency-crash.test.ts). The
 * reconciliation schedule then settles what was left pending: nothing is lost, nothing is doubled.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let host: string;
const faults = queuedFaults();

beforeAll(async () => {
  t = await createTestContext({}, { processorFaults: faults });
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  host = hostOfKind('checkout', t.config.baseDomain);
});
afterAll(() => t.close());

const db = () => t.database.db;
const visa = (number = '4242424242424242') => ({ method: 'card' as const, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });

/** A customer's payment of a new single-use link, started (requires_payment_method). */
async function startedPayment(agent = new Agent(t.app), email = 'casey@example.com') {
  const link = await createLink(t, business, { amount: 40_00 });
  const started = await agent.ok(
    checkoutEndpoints.start,
    { params: { kind: 'link', public_id: link }, body: { email } },
    { host, idempotencyKey: randomUUID() },
  );
  return { agent, publicId: started.public_id };
}

const confirm = (agent: Agent, publicId: string, key: string, details = visa(), headers: Record<string, string> = {}) =>
  agent.call(checkoutEndpoints.confirm, { params: { public_id: publicId }, body: details }, { host, idempotencyKey: key, headers });

async function paymentOf(publicId: string) {
  const [row] = await db().select().from(payments).where(eq(payments.publicId, publicId));
  return row!;
}

/** The ledger transactions of a payment by kind (a charge posts `charge` and `fee` once each). */
async function postings(paymentId: string) {
  const rows = await db().select({ kind: ledgerTransactions.kind }).from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId));
  return rows.map((r) => r.kind).sort();
}

async function attemptsOf(paymentId: string) {
  return db().select().from(processorAttempts).where(eq(processorAttempts.paymentId, paymentId)).orderBy(processorAttempts.id);
}

/** Time passes beyond the reconciliation's wait, and the schedules run. */
async function reconcileLater() {
  t.clock.advance(RECONCILE_AFTER_MS + 60_000);
  await t.app.jobs.runDue();
}

const refundAt = (paymentId: string) => ({ params: { business_id: business.id, payment_id: paymentId } });
const refund = (paymentId: string, body: RefundInput, key: string, headers: Record<string, string> = {}) =>
  business.people.owner.agent.call(transactionEndpoints.refund, { ...refundAt(paymentId), body }, { idempotencyKey: key, headers });
const refundsOf = (paymentId: string) => db().select().from(refunds).where(eq(refunds.paymentId, paymentId));

async function available(): Promise<number> {
  const view = await business.people.owner.agent.ok(balanceEndpoints.get, { params: { business_id: business.id, balance: 'wallet' } });
  return view.currencies.find((c) => c.currency === 'sgd')!.available.amount;
}

describe('a confirm whose processor answer is lost (timeout)', () => {
  it('answers 503 and leaves a pending attempt; the reconciliation completes the payment, posted exactly once, and mails its receipt', async () => {
    const email = `reconciled-${randomUUID()}@example.com`;
    const receipts = async () => (await mailbox(t.app)).filter((m) => m.to === email && /^Your receipt from/.test(m.subject)).length;
    const { agent, publicId } = await startedPayment(new Agent(t.app), email);
    faults.next('charge', 'timeout');
    const lost = await confirm(agent, publicId, randomUUID());
    expect([lost.status, failure(lost).code]).toEqual([503, 'PAYMENT_PROCESSOR_UNAVAILABLE']);
    const payment = await paymentOf(publicId);
    expect(payment.status).toBe('requires_payment_method');
    const [attempt] = await attemptsOf(payment.id);
    expect(attempt).toMatchObject({ kind: 'charge', status: 'pending', amount: 40_00 });
    // The processor did act, under the attempt's id as its idempotency key.
    const [call] = await db().select().from(testProcessorCalls).where(eq(testProcessorCalls.key, attempt!.id));
    expect(call?.answer).toMatchObject({ kind: 'charge', outcome: { status: 'succeeded' } });

    // Another confirm of it, meanwhile, never reaches the processor.
    const other = await confirm(agent, publicId, randomUUID());
    expect([other.status, failure(other).code]).toEqual([409, 'PAYMENT_NOT_PAYABLE']);
    expect(await attemptsOf(payment.id)).toHaveLength(1);

    await reconcileLater();
    const done = await paymentOf(publicId);
    expect(done).toMatchObject({ status: 'succeeded', method: 'card', cardLast4: '4242' });
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
    expect(await attemptsOf(payment.id)).toMatchObject([{ status: 'settled' }]);
    // The request that would have mailed the receipt died: the reconciliation's outcome mails it, once.
    expect(await receipts()).toBe(1);
    await reconcileLater();
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
    expect(await receipts()).toBe(1);
  });

  it("the customer's retry with the same key resumes the attempt: the processor answers what it did, once", async () => {
    const { agent, publicId } = await startedPayment();
    const key = randomUUID();
    faults.next('charge', 'timeout');
    expect((await confirm(agent, publicId, key)).status).toBe(503);
    const retried = await confirm(agent, publicId, key);
    expect(retried.ok && retried.body).toMatchObject({ status: 'succeeded' });
    const payment = await paymentOf(publicId);
    expect(await attemptsOf(payment.id)).toMatchObject([{ status: 'settled' }]);
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
    await reconcileLater();
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
  });
});

describe('a confirm that never reaches the processor (unreachable)', () => {
  it('answers 503; the reconciliation finds nothing at the processor and lets the payment be paid again', async () => {
    const { agent, publicId } = await startedPayment();
    faults.next('charge', 'unreachable');
    expect((await confirm(agent, publicId, randomUUID())).status).toBe(503);
    await reconcileLater();
    const payment = await paymentOf(publicId);
    expect(payment.status).toBe('requires_payment_method');
    expect(await attemptsOf(payment.id)).toMatchObject([{ status: 'abandoned', requestKey: null }]);
    expect(await postings(payment.id)).toEqual([]);
    const paid = await confirm(agent, publicId, randomUUID());
    expect(paid.ok && paid.body.status).toBe('succeeded');
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
  });
});

describe('a confirm whose process stops between the processor and the outcome (crash)', () => {
  it('leaves the attempt pending; the reconciliation completes the payment once, and the retry answers it', async () => {
    const { agent, publicId } = await startedPayment();
    const key = randomUUID();
    const cut = await confirm(agent, publicId, key, visa(), { [TEST_CRASH_HEADER]: 'before-commit' });
    expect(cut.status).toBe(500);
    const payment = await paymentOf(publicId);
    expect(payment.status).toBe('requires_payment_method');
    expect(await attemptsOf(payment.id)).toMatchObject([{ status: 'pending' }]);

    await reconcileLater();
    expect(await paymentOf(publicId)).toMatchObject({ status: 'succeeded' });
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
    // The lease of the stopped request has ended: its retry answers the payment as it is, charging nothing again.
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retried = await confirm(agent, publicId, key);
    expect(retried.ok && retried.body).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
  });
});

describe('a 3-D Secure completion whose answer is lost', () => {
  it('is completed by the reconciliation; two approvals at once reach the processor once', async () => {
    const { agent, publicId } = await startedPayment();
    const challenged = await confirm(agent, publicId, randomUUID(), visa('4000000000003220'));
    expect(challenged.ok && challenged.body.status).toBe('requires_action');
    const approve = () =>
      agent.call(checkoutEndpoints.challenge, { params: { public_id: publicId }, body: { decision: 'approve' } }, { host, idempotencyKey: randomUUID() });
    faults.next('action', 'timeout');
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([409, 503]);
    const payment = await paymentOf(publicId);
    expect(payment.status).toBe('requires_action');
    expect((await attemptsOf(payment.id)).map((a) => [a.kind, a.status])).toEqual([
      ['charge', 'settled'],
      ['action', 'pending'],
    ]);
    await reconcileLater();
    expect(await paymentOf(publicId)).toMatchObject({ status: 'succeeded' });
    expect(await postings(payment.id)).toEqual(['charge', 'fee']);
  });
});

describe('a refund cut midway', () => {
  it('whose answer is lost: the reconciliation records it once; the retry with its key answers that refund', async () => {
    const paid = await availableMoney(t, business.id, 100_00);
    const before = await available();
    const body: RefundInput = { amount: 30_00, reason: 'requested_by_customer' };
    const key = `lost-${randomUUID()}`;
    faults.next('refund', 'timeout');
    const lost = await refund(paid.id, body, key);
    expect([lost.status, failure(lost).code]).toEqual([503, 'PAYMENT_PROCESSOR_UNAVAILABLE']);
    expect(await refundsOf(paid.id)).toEqual([]);
    // What is at the processor counts: no more than is left can be refunded meanwhile.
    const more = await refund(paid.id, { amount: 80_00, reason: 'other' }, randomUUID());
    expect([more.status, failure(more).code]).toEqual([422, 'REFUND_EXCEEDS_REMAINING']);

    await reconcileLater();
    const made = await refundsOf(paid.id);
    expect(made.map((r) => r.amount)).toEqual([30_00]);
    const [attempt] = (await attemptsOf(paid.id)).filter((a) => a.kind === 'refund');
    expect(made[0]!.id).toBe(attempt!.id);
    expect(await available()).toBe(before - 30_00);
    const retried = await refund(paid.id, body, key);
    expect(retried.ok && retried.body.refund.id).toBe(made[0]!.id);
    expect(await refundsOf(paid.id)).toHaveLength(1);
    const [row] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(row).toMatchObject({ status: 'partially_refunded', refundedAmount: 30_00 });
    const ledger = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.paymentId, paid.id), eq(ledgerTransactions.kind, 'refund')));
    expect(ledger).toHaveLength(1);
  });

  it('by a crash before its outcome committed: neither lost nor doubled, whichever of the retry and the reconciliation comes first', async () => {
    const paid = await availableMoney(t, business.id, 100_00);
    const before = await available();
    const body: RefundInput = { amount: 20_00, reason: 'duplicate' };
    const key = `cut-${randomUUID()}`;
    expect((await refund(paid.id, body, key, { [TEST_CRASH_HEADER]: 'before-commit' })).status).toBe(500);
    expect(await refundsOf(paid.id)).toEqual([]);
    // The retry once the lease has ended resumes the same attempt: the processor answers its first refund.
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retried = await refund(paid.id, body, key);
    expect(retried.status).toBe(201);
    await reconcileLater();
    expect((await refundsOf(paid.id)).map((r) => r.amount)).toEqual([20_00]);
    // One attempt, so one call under one key: the processor refunded once.
    expect((await attemptsOf(paid.id)).filter((a) => a.kind === 'refund')).toMatchObject([{ status: 'settled' }]);
    expect(await available()).toBe(before - 20_00);

    // Another one cut the same way, settled by the reconciliation first, then retried: the retry answers it.
    const other = `cut-${randomUUID()}`;
    expect((await refund(paid.id, body, other, { [TEST_CRASH_HEADER]: 'before-commit' })).status).toBe(500);
    await reconcileLater();
    const again = await refund(paid.id, body, other);
    expect(again.status).toBe(201);
    expect((await refundsOf(paid.id)).map((r) => r.amount)).toEqual([20_00, 20_00]);
    expect(await available()).toBe(before - 40_00);
  });
});
