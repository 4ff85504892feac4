import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath, hostOfKind, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, type Endpoint } from '@merchant/core';
import { authEndpoints } from '@merchant/identity';
import { balanceEndpoints, checkoutEndpoints, transactionEndpoints, type RefundInput } from '@merchant/payments';
import { ledgerTransactions, payments, processorAttempts } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { IDEMPOTENCY_LEASE_MS, TEST_CRASH_HEADER } from '../src/http/idempotency';
import type { CallInput } from './harness';
import { appOn, freePort } from './app-processes';
import { RECONCILE_AFTER_MS } from '../src/modules/payments/charges/processor-attempts';
import { availableMoney, createBusiness, FACTORY_PASSWORD, insertLink } from './factories';
import { restartableDatabase } from './restartable-database';

/**
 * A real kill -9 between the commit of a refund and its stored answer (issue 23): the server process runs with
 * the test faults on (TEST_FAULTS=on, NODE_ENV=test, loopback), and the refund request asks it to SIGKILL
 * itself there. The server is started again on the same database and the client retries with the same
 * Idempotency-Key: it gets the refund's answer, and exactly one refund exists. A request killed before the
 * commit leaves its key busy while the lease lasts (the restarted server's dev clock passes it), then the
 * retry runs it, once. Both databases: the embedded one in its data directory, PostgreSQL in its own database.
 */
const SERVER = fileURLToPath(new URL('..', import.meta.url));
let store: Awaited<ReturnType<typeof restartableDatabase>>;
let uploads: string;
const processes = new Set<ChildProcess>();
let ownerEmail: string;
let businessId: string;
const paymentIds: string[] = [];
let linkPublicId: string;

interface Server {
  child: ChildProcess;
  base: string;
  /** Resolves with the signal that ended the process (null: it exited by itself). */
  ended: Promise<NodeJS.Signals | null>;
}

/** The server as an operator starts it (src/server.ts, from its folder so tsx reads its tsconfig), on the test's database. */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: uploads,
      ...store.serverEnv,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      NODE_ENV: 'test',
      TEST_FAULTS: 'on',
      DEV_CLOCK: 'on',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.add(child);
  const ended = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => {
      processes.delete(child);
      resolve(signal);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, ended };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** Stops a server as an operator does (SIGTERM), and waits for it. */
async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.ended;
}

/** A signed-in browser: its cookie and anti-forgery token, sent to whichever server process is up. */
class Browser {
  cookie = '';
  csrf = '';
  async call<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${base}${endpointPath(endpoint, input)}`, {
      method: endpoint.method,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        'x-requested-with': 'XMLHttpRequest',
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }
  async signIn(base: string): Promise<this> {
    this.csrf = ((await (await this.call(base, authEndpoints.csrfToken)).json()) as { token: string }).token;
    const res = await this.call(base, authEndpoints.login, { body: { email: ownerEmail, password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    return this;
  }
}

/** A customer's browser on the checkout host (its Host header set, which fetch cannot do): its cookie and token. */
class CheckoutBrowser {
  cookie = '';
  csrf = '';
  call<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}, headers: Record<string, string> = {}) {
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const req = request(
        `${base}${endpointPath(endpoint, input)}`,
        {
          method: endpoint.method,
          headers: {
            host: hostOfKind('checkout', 'localhost'),
            cookie: this.cookie,
            'x-csrf-token': this.csrf,
            'x-requested-with': 'XMLHttpRequest',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const set = res.headers['set-cookie']?.[0];
          if (set) this.cookie = set.split(';')[0]!;
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  async token(base: string): Promise<this> {
    this.csrf = ((await this.call(base, checkoutEndpoints.csrfToken)).json as { token: string }).token;
    return this;
  }
}

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'md-idempotency-crash-'));
  store = await restartableDatabase();
  // The business and its paid, settled payments are made by an app in this process, closed before the servers start.
  const database = await store.open();
  const t = await appOn(database, fixedClock(new Date()));
  const business = await createBusiness(t, {});
  ownerEmail = business.people.owner.email;
  businessId = business.id;
  for (const amount of [100_00, 80_00]) paymentIds.push((await availableMoney(t, businessId, amount)).id);
  linkPublicId = await insertLink(database.db, businessId, { amount: 40_00 });
  await t.close();
  await database.close();
}, 120_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await store.dispose();
  rmSync(uploads, { recursive: true, force: true });
});

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
    const browser = await new Browser().signIn(first.base);
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

    const database = await store.open();
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
