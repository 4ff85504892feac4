import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { checkoutEndpoints, paymentLinkEndpoints, transactionEndpoints } from '@merchant/payments';
// eslint-disable-next-line no-restricted-imports -- the test servers' starters are the root scripts' (scripts/postgres.mjs, shared with npm test), outside any app
import { startPgBouncer } from '../../../scripts/postgres.mjs';
import { CHANGE_FEED_APPLICATION } from '../src/db/change-feed';
import { createLink } from './factories';
import { killableServers } from './killed-servers';
import { Browser, CheckoutBrowser, startServer } from './server-process';

/**
 * The app behind PgBouncer in transaction pooling mode (Debian's PgBouncer 1.18, which keeps no prepared statements
 * there; docs/operations.md "Connection pooler"): DATABASE_POOLER=pgbouncer sends every statement unnamed, and the
 * change feed LISTENs on DATABASE_DIRECT_URL. The api-pgbouncer project runs a set of API files the same way.
 */
let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
let setup: Awaited<ReturnType<typeof killableServers<string>>>;
const server = () => ({ port: Number(new URL(process.env.TEST_PG_URL!).port) });
const direct = () => setup.store.serverEnv.DATABASE_URL!;

beforeAll(async () => {
  bouncer = await startPgBouncer(server());
  setup = await killableServers('pgbouncer', (t, business) => createLink(t, business, { amount: 40_00 }));
}, 120_000);
afterAll(async () => {
  await setup?.dispose();
  bouncer?.stop();
});

describe('behind PgBouncer in transaction pooling mode', () => {
  it('a named prepared statement does not survive there (why statements are sent unnamed)', async () => {
    // One server connection per database: two clients' transactions take turns on it.
    const narrow = await startPgBouncer(server(), { poolSize: 1 });
    const a = new pg.Client({ connectionString: narrow.urlOf(direct()) });
    const b = new pg.Client({ connectionString: narrow.urlOf(direct()) });
    try {
      await a.connect();
      await b.connect();
      await a.query({ name: 'md_probe', text: 'select 1 as one' });
      // b's first use parses the name again on the server connection that already has it.
      await expect(b.query({ name: 'md_probe', text: 'select 1 as one' })).rejects.toThrow(/already exists/);
      expect((await b.query({ text: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
    } finally {
      await a.end();
      await b.end();
      narrow.stop();
    }
  });

  it('serves sign-in, a payment link, its payment, a refund, the lists and a sign-out', { timeout: 120_000 }, async () => {
    const web = await startServer(setup.serverEnv({ DATABASE_URL: bouncer.urlOf(direct()), DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: direct() }));
    const businessId = setup.businessId;
    const owner = await new Browser().signIn(web.base, setup.ownerEmail);
    const links = await owner.call(web.base, paymentLinkEndpoints.list, { params: { business_id: businessId } });
    expect(links.status).toBe(200);
    expect(((await links.json()) as { data: { public_id: string }[] }).data.map((l) => l.public_id)).toContain(setup.made);

    const customer = await new CheckoutBrowser().token(web.base);
    const started = await customer.call(web.base, checkoutEndpoints.start, {
      params: { kind: 'link', public_id: setup.made },
      body: { email: 'casey@example.com' },
    });
    expect(started.status).toBe(201);
    const publicId = (started.json as { public_id: string }).public_id;
    const paid = await customer.call(
      web.base,
      checkoutEndpoints.confirm,
      { params: { public_id: publicId }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
      { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    );
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);

    const list = async () =>
      (
        (await (await owner.call(web.base, transactionEndpoints.list, { params: { business_id: businessId } })).json()) as {
          data: { id: string; public_id: string; status: string }[];
        }
      ).data;
    const payment = (await list()).find((p) => p.public_id === publicId);
    expect(payment?.status).toBe('succeeded');
    const refund = (amount: number) =>
      owner.call(
        web.base,
        transactionEndpoints.refund,
        { params: { business_id: businessId, payment_id: payment!.id }, body: { amount, reason: 'requested_by_customer' } },
        { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      );
    expect((await refund(40_00)).status).toBe(201);
    const beyond = (await refund(1)).status;
    expect(beyond).toBeGreaterThanOrEqual(400);
    expect(beyond).toBeLessThan(500);
    expect((await list()).find((p) => p.public_id === publicId)?.status).toBe('refunded');

    // The change feed listens past the pooler, on its own connection to the database.
    const admin = new pg.Client({ connectionString: direct() });
    await admin.connect();
    const listeners = await admin.query('select 1 from pg_stat_activity where datname = current_database() and application_name = $1', [
      CHANGE_FEED_APPLICATION,
    ]);
    await admin.end();
    expect(listeners.rowCount).toBeGreaterThanOrEqual(1);

    // A sign-out is heard by the session cache at once: the very next request with the old cookie is signed out.
    const me = () => owner.call(web.base, userEndpoints.me);
    expect((await me()).status).toBe(200);
    const cookie = owner.cookie;
    expect((await owner.call(web.base, authEndpoints.logout)).status).toBeLessThan(300);
    owner.cookie = cookie;
    expect((await me()).status).toBe(401);
  });
});
