import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUBLIC_API_PATHS, apiKeyEndpoints } from '@merchant/payments';
import { testConfig } from '../src/config';
import { apiKeys } from '../src/db/schema';
import { createBusiness, type FactoryBusiness } from './factories';
import { createTestLink } from './factories/charges';
import { makePayment } from './factories/payments';
import { makeApiKey, publicCall } from './hitpay-document';
import type { TestContext } from './harness';
import { twoInstances } from './postgres-instances';

/**
 * Two app instances on one PostgreSQL database, each with its own pool, change feed and API key cache: a key one
 * instance keeps is refused by it on the very next request once the other revokes it (through the dashboard, or in
 * SQL behind both); a status check one instance keeps shows a payment the other made once the change has reached it.
 * PostgreSQL only: the embedded database belongs to one process.
 */
let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
let dbUrl: string;
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  instances = await twoInstances({ prefix: 'md_test', config: testConfig({ webDist: '/nonexistent' }) });
  ({ a, b, url: dbUrl } = instances);
  business = await createBusiness(a);
}, 120_000);

afterAll(() => instances?.close());

const list = (t: TestContext, key: string) => publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key });
const newKey = () =>
  business.people.owner.agent.ok(apiKeyEndpoints.create, {
    params: { business_id: business.id },
    body: { name: 'Two instances', access: 'full', password: business.people.owner.password },
  });

describe('the API key cache of two instances on one database', () => {
  it('a key revoked through one is refused by the other at the very next request', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await newKey();
      expect((await list(b, made.api_key)).statusCode).toBe(200);
      expect((await list(b, made.api_key)).statusCode).toBe(200); // now from b's cache
      await business.people.owner.agent.ok(apiKeyEndpoints.revoke, {
        params: { business_id: business.id, api_key_id: made.id },
        body: { password: business.people.owner.password },
      });
      expect((await list(b, made.api_key)).statusCode).toBe(401);
      expect((await list(a, made.api_key)).statusCode).toBe(401);
    }
  });

  it('a key revoked in SQL behind both is refused by both once the change has reached them', async () => {
    const made = await newKey();
    expect((await list(a, made.api_key)).statusCode).toBe(200);
    expect((await list(b, made.api_key)).statusCode).toBe(200);
    const outside = new pg.Client({ connectionString: dbUrl });
    await outside.connect();
    await outside.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [made.id]);
    await outside.end();
    // A change made outside the app reaches each instance's listening connection a moment after its commit.
    await a.database.changes!.barrier();
    expect((await list(a, made.api_key)).statusCode).toBe(401);
    expect((await list(b, made.api_key)).statusCode).toBe(401);
    expect((await a.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!.revokedAt).not.toBeNull();
  });
});

describe('the status check of two instances on one database', () => {
  it("a check one instance keeps shows the other's payment once the change has reached it", async () => {
    const key = await makeApiKey(business);
    const linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 700, singleUse: false });
    const check = async (t: TestContext) => {
      const res = await publicCall(t, PUBLIC_API_PATHS.paymentRequest.replace(':request_id', linkId), { key });
      expect(res.statusCode).toBe(200);
      return res.json() as { payments: { id: string; status: string }[] };
    };
    expect((await check(b)).payments).toEqual([]);
    expect((await check(b)).payments).toEqual([]); // now from b's cache
    const payment = await makePayment(a, business.id, { amount: 700, source: 'payment_link', sourceId: linkId });
    // Status checks may lag: no write waits for the other instance; its listening connection hears the payment a moment after the commit.
    await a.database.changes!.barrier();
    expect((await check(b)).payments).toMatchObject([{ id: payment.id, status: 'succeeded' }]);
    expect((await check(a)).payments).toMatchObject([{ id: payment.id, status: 'succeeded' }]);
  });
});
