import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { posOrderEndpoints, productEndpoints } from '@merchant/catalogue';
import { customerEndpoints, invoiceEndpoints, overviewEndpoints, paymentLinkEndpoints, transactionEndpoints } from '@merchant/payments';
// eslint-disable-next-line no-restricted-imports -- the test servers' starters are the root scripts' (scripts/postgres.mjs, shared with npm test), outside any app
import { startPostgres, startReplica } from '../../../scripts/postgres.mjs';
import { composeApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { lsnValue, mayLag, readRouting } from '../src/db/replica';
import { WRITTEN_COOKIE } from '../src/http/read-routing';
import { fixedClock } from '../src/lib/clock';
import { installJobsSchema } from '../src/modules/platform/jobs/jobs.service';
import { createBusiness, createCustomer, createInvoice, createLocation, createProduct, openDrawer, sell, unique } from './factories';
import { makePayment } from './factories/payments';
import type { Agent, TestContext } from './harness';

/**
 * A primary and its streaming replica (Debian's PostgreSQL: pg_basebackup -R), the app on both
 * (DATABASE_REPLICA_URL, docs/operations.md "Read replica"). The replica's replay is paused to make its lag
 * visible: lists read it, a person's own write is read back from the primary, a refund decides on the primary.
 */
let primary: Awaited<ReturnType<typeof startPostgres>>;
let replica: Awaited<ReturnType<typeof startReplica>>;
let database: Database;
let standby: pg.Client;
let primarySql: pg.Client;
let t: TestContext;
let owner: Agent;
let admin: Agent;
let businessId: string;

beforeAll(async () => {
  primary = await startPostgres();
  replica = await startReplica(primary);
  standby = new pg.Client({ connectionString: replica.url });
  await standby.connect();
  primarySql = new pg.Client({ connectionString: primary.url });
  await primarySql.connect();
  database = await openDatabase({ databaseUrl: primary.url, replicaUrl: replica.url, poolSize: 4 });
  await migrateDatabase(database);
  await installJobsSchema(database.jobs);
  const clock = fixedClock(new Date('2026-11-01T09:00:00Z'));
  const config = testConfig({ webDist: '/nonexistent' });
  const { app, services } = await composeApp({
    config,
    db: database.db,
    changes: database.changes,
    clock,
    logger: pino({ level: 'silent' }),
    jobsConnection: database.jobs,
    jobsMode: 'manual',
    poolStats: database.poolStats,
    replicaPoolStats: database.replicaPoolStats,
  });
  t = { app, database, clock, config, services, close: async () => app.close() };
  const business = await createBusiness(t, { staff: ['admin'] });
  businessId = business.id;
  owner = business.people.owner.agent;
  admin = business.people.admin.agent;
}, 120_000);

afterAll(async () => {
  await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await standby?.end();
  await primarySql?.end();
  await t?.close();
  await database?.close();
  replica?.stop();
  primary?.stop();
});

afterEach(async () => {
  await standby.query('select pg_wal_replay_resume()');
});

/**
 * Waits until the replica has replayed everything the primary has committed so far: its insert position (the test
 * server commits asynchronously, so the write position may still be before the last commit).
 */
async function caughtUp(): Promise<void> {
  const { rows } = await primarySql.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
  const target = lsnValue(rows[0]!.lsn)!;
  for (let i = 0; i < 300; i++) {
    const replayed = (await standby.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows[0]!.lsn;
    if (lsnValue(replayed)! >= target) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the replica did not catch up');
}

const pauseReplay = async () => {
  await standby.query('select pg_wal_replay_resume()');
  await caughtUp();
  await standby.query('select pg_wal_replay_pause()');
};
const resumeReplay = async () => {
  await standby.query('select pg_wal_replay_resume()');
  await caughtUp();
};

const at = () => ({ params: { business_id: businessId } });
const linkPurposes = async (agent: Agent) => (await agent.ok(paymentLinkEndpoints.list, at())).data.map((l) => l.purpose);
const paymentIds = async (agent: Agent) => (await agent.ok(transactionEndpoints.list, { ...at(), query: {} })).data.map((p) => p.id);
const overviewRecent = async (agent: Agent) => (await agent.ok(overviewEndpoints.get, { ...at(), query: { period: 'today' } })).recent.map((p) => p.id);
const inOneDay = () => new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();

describe('reads that may lag', () => {
  it('come from the replica: a list does not show what the replica has not replayed yet, and does once it has', async () => {
    await pauseReplay();
    const purpose = unique('Lagging class');
    await owner.ok(paymentLinkEndpoints.create, { ...at(), body: { amount: 25_00, purpose, expires_at: inOneDay() } });
    const payment = await makePayment(t, businessId, { amount: 12_00 });

    // The admin wrote nothing since the replica stopped: their lists are the replica's.
    expect(await linkPurposes(admin)).not.toContain(purpose);
    expect(await paymentIds(admin)).not.toContain(payment.id);
    expect(await overviewRecent(admin)).not.toContain(payment.id);

    await resumeReplay();
    expect(await linkPurposes(admin)).toContain(purpose);
    expect(await paymentIds(admin)).toContain(payment.id);
    expect(await overviewRecent(admin)).toContain(payment.id);
  });

  it('come from the replica for the catalogue, the customers, the invoices and the register orders too', async () => {
    const shop = await createLocation(owner, businessId);
    await openDrawer(owner, businessId, shop.id);
    await pauseReplay();
    const product = await createProduct(owner, businessId, { name: unique('Lagging beans') });
    const customer = await createCustomer(owner, businessId, { name: unique('Lagging customer') });
    const invoice = await createInvoice(owner, businessId, customer.id);
    const order = await sell(owner, businessId, shop.id);

    const lists = async () => ({
      products: (await admin.ok(productEndpoints.list, { ...at(), query: {} })).data.map((p) => p.id),
      customers: (await admin.ok(customerEndpoints.list, { ...at(), query: {} })).data.map((c) => c.id),
      invoices: (await admin.ok(invoiceEndpoints.list, { ...at(), query: {} })).data.map((i) => i.id),
      orders: (await admin.ok(posOrderEndpoints.list, { ...at(), query: {} })).data.map((o) => o.id),
    });
    const lagging = await lists();
    expect(lagging.products).not.toContain(product.id);
    expect(lagging.customers).not.toContain(customer.id);
    expect(lagging.invoices).not.toContain(invoice.id);
    expect(lagging.orders).not.toContain(order.id);
    // The writer reads their own writes back (from the primary).
    expect((await owner.ok(posOrderEndpoints.list, { ...at(), query: {} })).data.map((o) => o.id)).toContain(order.id);

    await resumeReplay();
    const caught = await lists();
    expect(caught.products).toContain(product.id);
    expect(caught.customers).toContain(customer.id);
    expect(caught.invoices).toContain(invoice.id);
    expect(caught.orders).toContain(order.id);
  });

  it("read a person's own write back at once (read-your-writes), from the primary until the replica has replayed it", async () => {
    await pauseReplay();
    const purpose = unique('Own class');
    await owner.ok(paymentLinkEndpoints.create, { ...at(), body: { amount: 30_00, purpose, expires_at: inOneDay() } });
    expect(owner.cookies.get(WRITTEN_COOKIE)).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

    // The writer sees it, again and again while the replica stands still; someone else does not yet.
    expect(await linkPurposes(owner)).toContain(purpose);
    expect(await linkPurposes(owner)).toContain(purpose);
    expect(await linkPurposes(admin)).not.toContain(purpose);
    expect(owner.cookies.has(WRITTEN_COOKIE)).toBe(true);

    // Once the replica has replayed the write, the writer reads it there, and the cookie is cleared.
    await resumeReplay();
    expect(await linkPurposes(owner)).toContain(purpose);
    expect(owner.cookies.has(WRITTEN_COOKIE)).toBe(false);
  });

  it('a refund decides on the primary: a payment the replica has not replayed is refunded, and not beyond its amount', async () => {
    await pauseReplay();
    const payment = await makePayment(t, businessId, { amount: 40_00 });
    expect(await paymentIds(admin)).not.toContain(payment.id);

    const refund = (amount: number) =>
      admin.call(
        transactionEndpoints.refund,
        { params: { business_id: businessId, payment_id: payment.id }, body: { amount, reason: 'requested_by_customer' } },
        { idempotencyKey: randomUUID() },
      );
    const first = await refund(40_00);
    expect(first.ok, JSON.stringify(first.body)).toBe(true);
    const beyond = await refund(1);
    expect(beyond.ok).toBe(false);
    expect(beyond.status).toBeGreaterThanOrEqual(400);
    expect(beyond.status).toBeLessThan(500);
    await resumeReplay();
  });

  it('shows the replica pool in /metrics beside the primary one', async () => {
    await linkPurposes(admin);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const sample = (line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${line} `))
          ?.slice(line.length + 1),
      );
    // The list above read the replica through its pool: at least one connection opened there.
    expect(sample('db_replica_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample('db_replica_pool_connections{state="waiting"}')).toBe(0);
    expect(sample('db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it('never reads the replica in a transaction or outside a request', async () => {
    expect(mayLag(database.db)).toBe(database.db);
    await readRouting.run({ replica: true }, async () => {
      expect(mayLag(database.db)).not.toBe(database.db);
      await database.db.transaction(async (tx) => {
        expect(mayLag(tx)).toBe(tx);
      });
    });
  });
});
