import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PUBLIC_API_PATHS, apiKeyEndpoints, integrationEndpoints } from '@merchant/payments';
import { apiKeys, apiRequestLogs, integrations, paymentLinks, rateLimits } from '../src/db/schema';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { card, createTestLink } from './factories/charges';
import { makeApiKey, publicCall } from './hitpay-document';

/**
 * What a public API request keeps in the process (docs/developers.md, "The read path's cost"): its key (the API key
 * cache, left at once by every change to the key or its integration, also one made in SQL), its use noted at most
 * once a minute, its count against the rate limit (added to the shared counters in the background), and its request
 * log entry (written in batches, nothing lost at the app's close); and the status check (the status-check cache, left at
 * once by every change of the link or of a payment it lists).
 */
const LIMIT = 40;
let t: TestContext;
let business: FactoryBusiness<'owner'>;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestContext({ publicApiRateLimit: LIMIT }, { onQuery: (sql) => statements.push(sql) });
  business = await createBusiness(t);
}, 240_000);
afterAll(() => t.close());

const list = (key: string) => publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key });
const keyRow = async (id: string) => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;
const keyReads = () => statements.filter((s) => /from "api_keys"/i.test(s) && /"lookup"/.test(s)).length;
const newKey = () =>
  business.people.owner.agent.ok(apiKeyEndpoints.create, {
    params: { business_id: business.id },
    body: { name: 'Cached', access: 'full', password: business.people.owner.password },
  });

describe('the key kept in the process', () => {
  it('reads a warm key from no statement, and notes its use once a minute', async () => {
    const made = await newKey();
    expect((await list(made.api_key)).statusCode).toBe(200);
    const firstUse = (await keyRow(made.id)).lastUsedAt;
    expect(firstUse).not.toBeNull();
    const reads = keyReads();
    statements.length = 0;
    for (let i = 0; i < 5; i++) expect((await list(made.api_key)).statusCode).toBe(200);
    expect(keyReads()).toBe(0);
    expect(statements.filter((s) => /^update "api_keys"/i.test(s))).toEqual([]);
    expect(reads).toBeGreaterThan(0);

    t.clock.advance(61_000);
    expect((await list(made.api_key)).statusCode).toBe(200);
    expect((await keyRow(made.id)).lastUsedAt!.getTime()).toBe(t.clock.now().getTime());
    // The last use moved, and the key is still kept: noting a use announces no change.
    statements.length = 0;
    expect((await list(made.api_key)).statusCode).toBe(200);
    expect(keyReads()).toBe(0);
  });

  it('refuses a warm key at once when it is revoked through the dashboard', async () => {
    const made = await newKey();
    expect((await list(made.api_key)).statusCode).toBe(200);
    expect((await list(made.api_key)).statusCode).toBe(200);
    await business.people.owner.agent.ok(apiKeyEndpoints.revoke, {
      params: { business_id: business.id, api_key_id: made.id },
      body: { password: business.people.owner.password },
    });
    expect((await list(made.api_key)).statusCode).toBe(401);
  });

  it('refuses a warm key at once when it is revoked in SQL, behind the app', async () => {
    const made = await newKey();
    expect((await list(made.api_key)).statusCode).toBe(200);
    await t.database.db.update(apiKeys).set({ revokedAt: t.clock.now() }).where(eq(apiKeys.id, made.id));
    expect((await list(made.api_key)).statusCode).toBe(401);
  });

  it("refuses a warm plugin integration's key at once when the integration is disabled, and again when enabled", async () => {
    const { integration, api_key } = await business.people.owner.agent.ok(integrationEndpoints.create, {
      params: { business_id: business.id },
      body: { name: 'Shop', platform: 'woocommerce', callback_url: null, password: business.people.owner.password },
    });
    const params = { business_id: business.id, gateway_provider_id: integration.id };
    expect((await list(api_key)).statusCode).toBe(200);
    await business.people.owner.agent.ok(integrationEndpoints.update, { params, body: { name: 'Shop', callback_url: null, enabled: false } });
    expect((await list(api_key)).statusCode).toBe(401);
    await business.people.owner.agent.ok(integrationEndpoints.update, { params, body: { name: 'Shop', callback_url: null, enabled: true } });
    expect((await list(api_key)).statusCode).toBe(200);
    // Deleted in SQL, behind the app.
    await t.database.db.update(integrations).set({ deletedAt: t.clock.now() }).where(eq(integrations.id, integration.id));
    expect((await list(api_key)).statusCode).toBe(401);
  });
});

describe('the status check kept in the process', () => {
  const paymentsTable = sql.identifier('payments');
  const check = async (key: string, linkId: string) => {
    const res = await publicCall(t, PUBLIC_API_PATHS.paymentRequest.replace(':request_id', linkId), { key });
    expect(res.statusCode).toBe(200);
    return res.json() as { status: string; purpose: string; payments: { id: string; status: string; refunded_amount: string }[] };
  };
  // Statements the check sent, leaving out the background writes of the rate limit's shared count and the request log.
  const checkStatements = () => statements.filter((s) => !/"rate_limits"|"api_request_logs"/.test(s));

  it('answers a warm check from no statement, and each change of the link or its payments at the next check', async () => {
    const key = await makeApiKey(business);
    const linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 1250, singleUse: true });
    expect(await check(key, linkId)).toMatchObject({ status: 'pending', payments: [] });
    statements.length = 0;
    expect(await check(key, linkId)).toMatchObject({ status: 'pending', payments: [] });
    expect(checkStatements()).toEqual([]);

    // A payment started and never paid is not listed, and announces nothing: the check stays kept.
    const started = await t.services.charges.start({
      businessId: business.id,
      source: { type: 'payment_link', id: linkId },
      amount: 1250,
      currency: 'sgd',
      reference: null,
    });
    statements.length = 0;
    expect((await check(key, linkId)).payments).toEqual([]);
    expect(checkStatements()).toEqual([]);

    // Paid at the checkout: the link is completed and lists the payment at once.
    const { payment } = await t.services.charges.confirm(started.publicId, card());
    expect(await check(key, linkId)).toMatchObject({ status: 'completed', payments: [{ id: payment.id, status: 'succeeded', refunded_amount: '0.00' }] });

    // Changed in SQL, behind the app: the payment's refund, then the link's purpose.
    await t.database.db.execute(sql`update ${paymentsTable} set status = 'refunded', refunded_amount = amount where id = ${payment.id}`);
    expect((await check(key, linkId)).payments).toMatchObject([{ id: payment.id, status: 'refunded', refunded_amount: '12.50' }]);
    await t.database.db.update(paymentLinks).set({ purpose: 'Changed in SQL' }).where(eq(paymentLinks.id, linkId));
    expect((await check(key, linkId)).purpose).toBe('Changed in SQL');
    statements.length = 0;
    await check(key, linkId);
    expect(checkStatements()).toEqual([]);
  });

  it("answers another business's key 404 for a link another key keeps", async () => {
    const key = await makeApiKey(business);
    const linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 900, singleUse: false });
    await check(key, linkId);
    const other = await createBusiness(t);
    const res = await publicCall(t, PUBLIC_API_PATHS.paymentRequest.replace(':request_id', linkId), { key: await makeApiKey(other) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `No query results for model [PaymentRequest] ${linkId}` });
  });
});

describe('the rate limit counted in the process', () => {
  it('refuses past the limit at once, and adds the count to the shared counter', async () => {
    const made = await newKey();
    for (let i = 0; i < LIMIT; i++) expect((await list(made.api_key)).statusCode).toBe(200);
    expect((await list(made.api_key)).statusCode).toBe(429);
    await t.services.publicApi.shareCounts();
    const [row] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `api-key:${made.id}`));
    expect(row!.hits).toBe(LIMIT + 1);
  });

  it("counts another process's requests the shared counter holds once it has shared", async () => {
    const made = await newKey();
    expect((await list(made.api_key)).statusCode).toBe(200);
    await t.services.publicApi.shareCounts();
    // Another process sharing the database made the rest of the minute's requests.
    await t.database.db
      .update(rateLimits)
      .set({ hits: LIMIT - 1 })
      .where(eq(rateLimits.key, `api-key:${made.id}`));
    expect((await list(made.api_key)).statusCode).toBe(200);
    await t.services.publicApi.shareCounts();
    expect((await list(made.api_key)).statusCode).toBe(429);
  });
});

// Last: the day it moves the clock by ends every signed-in session of the file.
describe('a rotated key', () => {
  it("ends a rotated key's grace period on time, with no change announced", async () => {
    const made = await newKey();
    expect((await list(made.api_key)).statusCode).toBe(200);
    const rotated = await business.people.owner.agent.ok(apiKeyEndpoints.rotate, {
      params: { business_id: business.id, api_key_id: made.id },
      body: { password: business.people.owner.password },
    });
    expect((await list(made.api_key)).statusCode).toBe(200);
    expect((await list(rotated.api_key)).statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect((await list(made.api_key)).statusCode).toBe(401);
    expect((await list(rotated.api_key)).statusCode).toBe(200);
  });
});

describe('the request log written in batches', () => {
  it('writes the calls after a flush, and what waits at the close', async () => {
    const own = await createTestContext();
    const b = await createBusiness(own);
    const key = await makeApiKey(b);
    const entries = async () => (await own.database.db.select().from(apiRequestLogs).where(eq(apiRequestLogs.businessId, b.id))).length;
    for (let i = 0; i < 3; i++) expect((await publicCall(own, PUBLIC_API_PATHS.paymentRequests, { key })).statusCode).toBe(200);
    await own.services.requestLog.flush();
    expect(await entries()).toBe(3);
    // A call, and the app closes at once (before the buffer's 200 ms): the close writes it.
    expect((await publicCall(own, PUBLIC_API_PATHS.paymentRequests, { key })).statusCode).toBe(200);
    await own.app.close();
    expect(await entries()).toBe(4);
    await own.database.close();
  }, 120_000);
});
