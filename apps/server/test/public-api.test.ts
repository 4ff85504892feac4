import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_PATHS, apiKeyEndpoints } from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { createTestLink } from './factories/charges';
import { expectSchema, hitpaySchema, makeApiKey } from './hitpay-document';

/**
 * The public API (docs/developers.md): HitPay's payment request paths on the API host, authenticated by
 * `X-BUSINESS-API-KEY`, scoped to the key's business, refused at once for a revoked key, rate-limited per key
 * (429 with Retry-After), in HitPay's answer and error shapes (validated against HitPay's published schemas).
 */
const LIMIT = 30;
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let otherKey: string;
let linkId: string;
let otherLinkId: string;

const getSchema = hitpaySchema('get', PUBLIC_API_PATHS.paymentRequest, 200)!;
const notFoundSchema = hitpaySchema('get', PUBLIC_API_PATHS.paymentRequest, 404)!;
/** The created request's schema is HitPay's full one (the get answer's example shares it). */
const requestSchema = hitpaySchema('post', PUBLIC_API_PATHS.paymentRequests, 200)!;

const apiHost = () => `api.${t.config.baseDomain}`;
const call = (path: string, options: { key?: string; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; host?: string } = {}) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: path,
    headers: { host: options.host ?? apiHost(), ...(options.key !== undefined ? { 'x-business-api-key': options.key } : {}) },
  });
const one = (id: string) => PUBLIC_API_PATHS.paymentRequest.replace(':request_id', id);
beforeAll(async () => {
  t = await createTestContext({ publicApiRateLimit: LIMIT });
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  other = await createBusiness(t);
  key = await makeApiKey(business);
  otherKey = await makeApiKey(other);
  linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 1250, singleUse: true });
  otherLinkId = await createTestLink(other.people.owner.agent, other.id, { amount: 900, singleUse: false });
}, 240_000);
afterAll(() => t.close());

describe('payment requests with a key', () => {
  it("answers the key's business's payment request in HitPay's schema", async () => {
    const res = await call(one(linkId), { key });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectSchema(getSchema, body);
    expectSchema(requestSchema, body);
    expect(body).toMatchObject({ id: linkId, amount: '12.50', currency: 'sgd', status: 'pending', allow_repeated_payments: false });
    expect(body.url).toMatch(/^https?:\/\/securecheckout\./);
  });

  it("lists only the key's business's payment requests", async () => {
    const res = await call(PUBLIC_API_PATHS.paymentRequests, { key });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { id: string }[] };
    expect(body.data.map((r) => r.id)).toEqual([linkId]);
    for (const request of body.data) expectSchema(requestSchema, request);
    const theirs = (await call(PUBLIC_API_PATHS.paymentRequests, { key: otherKey })).json() as { data: { id: string }[] };
    expect(theirs.data.map((r) => r.id)).toEqual([otherLinkId]);
  });

  it("answers another business's id as HitPay's 404", async () => {
    const res = await call(one(otherLinkId), { key });
    expect(res.statusCode).toBe(404);
    expectSchema(notFoundSchema, res.json());
    expect(Object.keys(res.json() as object)).toEqual(['message']);
    expect((await call(one('not-an-id'), { key })).statusCode).toBe(404);
  });

  it('refuses a call without a key, with a wrong one, or on another host', async () => {
    expect((await call(one(linkId))).statusCode).toBe(401);
    expect((await call(one(linkId), { key: key.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await call(one(linkId), { key, host: t.config.baseDomain })).statusCode).toBe(404);
  });

  it('refuses writes with a read-only key', async () => {
    const readOnly = await makeApiKey(business, 'read_only');
    expect((await call(one(linkId), { key: readOnly })).statusCode).toBe(200);
    // No write of the public API is built yet (docs/developers.md): the rule is the authorisation's, for every write.
    for (const method of ['POST', 'PUT', 'DELETE']) {
      await expect(t.services.publicApi.authorize(readOnly, method, 'payments:view')).rejects.toMatchObject({
        status: 403,
        message: 'This API key is read-only.',
      });
      await expect(t.services.publicApi.authorize(key, method, 'payments:view')).resolves.toMatchObject({ business: { row: { id: business.id } } });
    }
  });
});

describe('revoked keys and limits', () => {
  it("acts with its maker's role: an admin's key reaches nothing an admin cannot", async () => {
    const admin = business.people.admin;
    const adminKey = (
      await admin.agent.ok(apiKeyEndpoints.create, {
        params: { business_id: business.id },
        body: { name: 'Admin key', access: 'full', password: admin.password },
      })
    ).api_key;
    // Account verification is the owner's alone: the admin's key cannot reach it, the owner's can.
    await expect(t.services.publicApi.authorize(adminKey, 'GET', 'verification:view')).rejects.toMatchObject({ status: 403 });
    await expect(t.services.publicApi.authorize(key, 'GET', 'verification:view')).resolves.toBeDefined();
    expect((await call(one(linkId), { key: adminKey })).statusCode).toBe(200);
  });

  it('refuses a revoked key from the next request on', async () => {
    const made = await business.people.owner.agent.ok(apiKeyEndpoints.create, {
      params: { business_id: business.id },
      body: { name: 'Soon revoked', access: 'full', password: business.people.owner.password },
    });
    expect((await call(one(linkId), { key: made.api_key })).statusCode).toBe(200);
    await business.people.owner.agent.ok(apiKeyEndpoints.revoke, {
      params: { business_id: business.id, api_key_id: made.id },
      body: { password: business.people.owner.password },
    });
    expect((await call(one(linkId), { key: made.api_key })).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After once a key has made its requests of the minute', async () => {
    const limited = await makeApiKey(other);
    for (let i = 0; i < LIMIT; i++) expect((await call(one(otherLinkId), { key: limited })).statusCode).toBe(200);
    const refused = await call(one(otherLinkId), { key: limited });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: 'Too Many Attempts.' });
    // Another key of the same business has its own count.
    expect((await call(one(otherLinkId), { key: otherKey })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await call(one(otherLinkId), { key: limited })).statusCode).toBe(200);
  });
});
