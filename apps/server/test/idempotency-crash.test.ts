import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@merchant/core';
import { balanceEndpoints, checkoutEndpoints, transactionEndpoints, type RefundInput } from '@merchant/payments';
import { ledgerTransactions, payments, processorAttempts } from '../src/db/schema';
import { IDEMPOTENCY_LEASE_MS, TEST_CRASH_HEADER } from '../src/http/idempotency';
import { RECONCILE_AFTER_MS } from '../src/modules/payments/charges/processor-attempts';
import { availableMoney, createLink } from './factories';
import { killableServers } from './killed-servers';
import { Browser, CheckoutBrowser, startServer as startServerOn, stopServer } from './server-process';

/**
 * A real kill -9 between the commit of a refund and its stored answer (issue 23): the server process runs with
 * the test faults on (TEST_FAULTS=on, NODE_ENV=test, loopback), and the refund request asks it to SIGKILL
 * itself there. The server is started again on the same database and the client retries with the same
 * Idempotency-Key: it gets the refund's answer, and exactly one refund exists. A request killed before the
 * commit leaves its key busy while the lease lasts (the restarted server's dev clock passes it), then the
 * retry runs it, once. Both databases: the embedded one in its data directory, PostgreSQL in its own database.
 */
let setup: Awaited<ReturnType<typeof killableServers<{ paymentIds: string[]; linkPublicId: string }>>>;
let ownerEmail: string;
let businessId: string;
let paymentIds: string[];
let linkPublicId: string;

const startServer = () => startServerOn(setup.serverEnv());

beforeAll(async () => {
  // Its paid, settled payments and a payment link.
  setup = await killableServers('idempotency-crash', async (t, business) => {
    const ids: string[] = [];
    for (const amount of [100_00, 80_00]) ids.push((await availableMoney(t, business.id, amount)).id);
    return { paymentIds: ids, linkPublicId: await createLink(t, business, { amount: 40_00 }) };
  });
  ({ ownerEmail, businessId } = setup);
  ({ paymentIds, linkPublicId } = setup.made);
}, 120_000);

afterAll(() => setup.dispose());

const refundAt = (paymentId: string) => ({ params: { business_id: businessId, payment_id: paymentId } });

async function refundsOf(base: string, browser: Browser, paymentId: string) {
  const detail = transactionEndpoints.get.response.parse(await (await browser.call(base, transactionEndpoints.get, refundAt(paymentId))).json());
  return detail.refunds;
}

async function available(base: string, browser: Browser): Promise<number> {
  const res = await browser.call(base, balanceEndpoints.get, { params: { business_id: businessId, balance: 'wallet' } });
  const view = balanceEndpoints.get.response.parse(await res.json());
  return view.currencies.find((c) => c.currency === 'sgd')!.available.amount;
}

describe('a refund whose server is killed (kill -9)', () => {
  it('between the commit and the stored answer: after a restart the retry gets the answer, and one refund exists', { timeout: 300_000 }, async () => {
    const first = await startServer();
    const browser = await new Browser().signIn(first.base, ownerEmail);
    const [paymentId, otherPaymentId] = paymentIds as [string, string];
    const before = await available(first.base, browser);

    // Killed right after the refund's transaction committed, before anything else of the request ran.
    const body: RefundInput = { amount: 30_00, reason: 'requested_by_customer' };
    const key = { [IDEMPOTENCY_KEY_HEADER]: 'refund-cut-after-commit' };
    await expect(
      browser.call(first.base, transactionEndpoints.refund, { ...refundAt(paymentId), body }, { ...key, [TEST_CRASH_HEADER]: 'after-commit' }),
    ).rejects.toThrow();
    expect(await first.ended).toBe('SIGKILL');

    // The same database, a new process: the client's retry (same key, same input) gets the committed refund.
    const second = await startServer();
    const retried = await browser.call(second.base, transactionEndpoints.refund, { ...refundAt(paymentId), body }, key);
    expect([retried.status, retried.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([201, 'true']);
    const answer = transactionEndpoints.refund.response.parse(await retried.json());
    expect(answer.payment).toMatchObject({ status: 'partially_refunded', refunded: { amount: 30_00 } });
    const made = await refundsOf(second.base, browser, paymentId);
    expect(made.map((r) => [r.id, r.amount.amount])).toEqual([[answer.refund.id, 30_00]]);
    expect(await available(second.base, browser)).toBe(before - 30_00);

    // Killed just before the commit: nothing was refunded, and the key is busy until its lease ends.
    const early = { [IDEMPOTENCY_KEY_HEADER]: 'refund-cut-before-commit' };
    const otherBody: RefundInput = { amount: 20_00, reason: 'duplicate' };
    const otherRefund = (base: string, headers: Record<string, string>) =>
      browser.call(base, transactionEndpoints.refund, { ...refundAt(otherPaymentId), body: otherBody }, headers);
    await expect(otherRefund(second.base, { ...early, [TEST_CRASH_HEADER]: 'before-commit' })).rejects.toThrow();
    expect(await second.ended).toBe('SIGKILL');

    const third = await startServer();
    expect(await refundsOf(third.base, browser, otherPaymentId)).toEqual([]);
    const busy = await otherRefund(third.base, early);
    expect([busy.status, ((await busy.json()) as { code: string }).code]).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
    // The lease passes (the server's dev clock moves ahead): the retry takes the key over and refunds, once.
    const moved = await fetch(`${third.base}/_dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: IDEMPOTENCY_LEASE_MS }),
    });
    expect(moved.status).toBe(200);
    const ran = await otherRefund(third.base, early);
    expect([ran.status, ran.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([201, null]);
    const again = await otherRefund(third.base, early);
    expect([again.status, again.headers.get(IDEMPOTENT_REPLAYED_HEADER), await again.text()]).toEqual([201, 'true', await ran.text()]);
    expect((await refundsOf(third.base, browser, otherPaymentId)).map((r) => r.amount.amount)).toEqual([20_00]);
    expect(await refundsOf(third.base, browser, paymentId)).toHaveLength(1);
    expect(await available(third.base, browser)).toBe(before - 30_00 - 20_00);
    await stopServer(third);
  });

  it('between the processor and the outcome of a confirm: the reconciliation completes the payment, posted once', { timeout: 300_000 }, async () => {
    const first = await startServer();
    const customer = await new CheckoutBrowser().token(first.base);
    const started = await customer.call(first.base, checkoutEndpoints.start, {
      params: { kind: 'link', public_id: linkPublicId },
      body: { email: 'casey@example.com' },
    });
    expect(started.status).toBe(201);
    const publicId = (started.json as { public_id: string }).public_id;
    const paying = {
      params: { public_id: publicId },
      body: { method: 'card' as const, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
    };
    const key = { [IDEMPOTENCY_KEY_HEADER]: 'confirm-cut-before-outcome' };

    // Killed in the outcome's transaction: the processor has charged, the payment's outcome is not written.
    await expect(customer.call(first.base, checkoutEndpoints.confirm, paying, { ...key, [TEST_CRASH_HEADER]: 'before-commit' })).rejects.toThrow();
    expect(await first.ended).toBe('SIGKILL');

    const second = await startServer();
    const state = async () =>
      ((await customer.call(second.base, checkoutEndpoints.payment, { params: { public_id: publicId } })).json as { status: string }).status;
    expect(await state()).toBe('requires_payment_method');
    // Time passes beyond the reconciliation's wait: its schedule asks the processor by the attempt's key.
    const moved = await fetch(`${second.base}/_dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: RECONCILE_AFTER_MS + 60_000 }),
    });
    expect(moved.status).toBe(200);
    for (let i = 0; i < 300 && (await state()) !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe('succeeded');
    // The customer's retry (its lease has passed with the clock) answers the payment, charging nothing again.
    const retried = await customer.call(second.base, checkoutEndpoints.confirm, paying, key);
    expect([retried.status, (retried.json as { status: string }).status]).toEqual([200, 'succeeded']);
    await stopServer(second);

    const database = await setup.store.open();
    try {
      const [paid] = await database.db.select().from(payments).where(eq(payments.publicId, publicId));
      const posted = await database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.businessId, businessId), eq(ledgerTransactions.paymentId, paid!.id)));
      expect(posted.map((p) => p.kind).sort()).toEqual(['charge', 'fee']);
      const attempts = await database.db.select().from(processorAttempts).where(eq(processorAttempts.paymentId, paid!.id));
      expect(attempts.map((a) => [a.kind, a.status])).toEqual([['charge', 'settled']]);
    } finally {
      await database.close();
    }
  });
});
