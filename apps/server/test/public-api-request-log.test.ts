import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEndpoints, PUBLIC_API_PATHS, requestLogEndpoints, type RequestLogEntry, type RequestLogQuery } from '@merchant/payments';
import { createTestContext, failure, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';
import { makeApiKey, publicCall } from './hitpay-document';

/**
 * The public API's request log (docs/developers.md, "Request log"): every call a key authenticated on the API host
 * is noted after its answer (buffered, written in batches: the test flushes the buffer), with its key, method, path
 * (secret-looking query values redacted), status, duration, idempotency key, request id and error message; listed
 * newest first for `developers:view` of its own business only, filtered, and deleted after 30 days by its schedule.
 */
const DAY_MS = 86_400_000;
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let readOnly: string;
let otherKey: string;
let keyId: string;
let readOnlyId: string;
/** When the first call was made (the test clock). */
let start: Date;

const list = (b: FactoryBusiness<'owner'>, query: RequestLogQuery = {}) =>
  b.people.owner.agent.ok(requestLogEndpoints.list, { params: { business_id: b.id }, query });
const paths = (entries: RequestLogEntry[]) => entries.map((e) => `${e.method} ${e.path} ${e.status}`);

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  other = await createBusiness(t);
  key = await makeApiKey(business);
  readOnly = await makeApiKey(business, 'read_only');
  otherKey = await makeApiKey(other);
  const keys = await business.people.owner.agent.ok(apiKeyEndpoints.list, { params: { business_id: business.id } });
  keyId = keys.find((k) => k.access === 'full')!.id;
  readOnlyId = keys.find((k) => k.access === 'read_only')!.id;
}, 240_000);
afterAll(() => t.close());

describe('recording calls', () => {
  let listed: Awaited<ReturnType<typeof publicCall>>;
  let invalid: Awaited<ReturnType<typeof publicCall>>;

  it('notes every call a key authenticated, with its fields, and none with a bad key', async () => {
    start = t.clock.now();
    listed = await publicCall(t, `${PUBLIC_API_PATHS.paymentRequests}?per_page=5&api_key=${key}&note=a+b`, { key });
    expect(listed.statusCode).toBe(200);
    t.clock.advance(60_000);
    invalid = await publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key, method: 'POST', json: { currency: 'sgd' }, idempotencyKey: 'order-1001' });
    expect(invalid.statusCode).toBe(422);
    t.clock.advance(60_000);
    // Found, then refused: a read-only key's POST is logged with its refusal.
    expect((await publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key: readOnly, method: 'POST', json: {} })).statusCode).toBe(403);
    // Refused before any key was found: nothing to log it under.
    expect((await publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key: 'f'.repeat(64) })).statusCode).toBe(401);
    expect((await publicCall(t, PUBLIC_API_PATHS.paymentRequests)).statusCode).toBe(401);
    t.clock.advance(60_000);
    expect((await publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key: otherKey })).statusCode).toBe(200);

    // Nothing is written until the buffer is flushed (a second later, or at the app's close).
    await t.services.requestLog.flush();
    const page = await list(business);
    expect(paths(page.data)).toEqual([
      'POST /v1/payment-requests 403',
      'POST /v1/payment-requests 422',
      `GET /v1/payment-requests?per_page=5&api_key=[redacted]&note=a+b 200`,
    ]);
    expect(page.next_cursor).toBeNull();
    const [refused, failed, ok] = page.data as [RequestLogEntry, RequestLogEntry, RequestLogEntry];
    expect(JSON.stringify(page)).not.toContain(key);
    expect(ok).toMatchObject({
      created_at: start.toISOString(),
      api_key: { id: keyId, name: 'Key full' },
      idempotency_key: null,
      request_id: listed.headers['x-request-id'],
      error_message: null,
    });
    expect(ok.duration_ms).toBeGreaterThanOrEqual(0);
    expect(failed).toMatchObject({
      api_key: { id: keyId },
      idempotency_key: 'order-1001',
      request_id: invalid.headers['x-request-id'],
    });
    expect(failed.error_message).toMatch(/^The given data was invalid\. \w+: ./);
    expect(refused).toMatchObject({ api_key: { id: readOnlyId, name: 'Key read_only' }, status: 403, error_message: 'This API key is read-only.' });

    // The detail of one entry.
    const one = await business.people.owner.agent.ok(requestLogEndpoints.get, { params: { business_id: business.id, entry_id: failed.id } });
    expect(one).toEqual(failed);
    expect(paths((await list(other)).data)).toEqual(['GET /v1/payment-requests 200']);
  });

  it("keeps each business's log its own, and to those who may see the API keys", async () => {
    const [theirs] = (await list(other)).data;
    // Another business's entry by its id is not found in this business; this business's log is not theirs to read.
    const crossed = await business.people.owner.agent.call(requestLogEndpoints.get, { params: { business_id: business.id, entry_id: theirs!.id } });
    expect(failure(crossed)).toMatchObject({ code: 'REQUEST_LOG_ENTRY_NOT_FOUND' });
    expect(crossed.status).toBe(404);
    const outsider = await other.people.owner.agent.call(requestLogEndpoints.list, { params: { business_id: business.id } });
    expect(outsider.status).toBe(404);
    const cashier = await business.people.cashier.agent.call(requestLogEndpoints.list, { params: { business_id: business.id } });
    expect(cashier).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const cashierOne = await business.people.cashier.agent.call(requestLogEndpoints.get, { params: { business_id: business.id, entry_id: theirs!.id } });
    expect(cashierOne.status).toBe(403);
    const admin = await business.people.admin.agent.ok(requestLogEndpoints.list, { params: { business_id: business.id } });
    expect(admin.data).toHaveLength(3);
  });

  it('filters by key, method, status class or status, path and day, and pages newest first', async () => {
    expect(paths((await list(business, { api_key_id: readOnlyId })).data)).toEqual(['POST /v1/payment-requests 403']);
    expect((await list(business, { method: 'GET' })).data.map((e) => e.status)).toEqual([200]);
    expect((await list(business, { status: '4xx' })).data.map((e) => e.status)).toEqual([403, 422]);
    expect((await list(business, { status: '2xx' })).data.map((e) => e.status)).toEqual([200]);
    expect((await list(business, { status: '422' })).data.map((e) => e.status)).toEqual([422]);
    expect((await list(business, { status: '5xx' })).data).toEqual([]);
    expect((await list(business, { path: 'PER_PAGE=5' })).data.map((e) => e.status)).toEqual([200]);
    // A `%` is a character, not a wildcard.
    expect((await list(business, { path: '%' })).data).toEqual([]);
    // Days of the business's time zone (the calls were made on 1 November there).
    expect((await list(business, { from: '2026-11-01', to: '2026-11-01' })).data).toHaveLength(3);
    expect((await list(business, { from: '2026-11-02' })).data).toEqual([]);
    expect((await list(business, { to: '2026-10-31' })).data).toEqual([]);

    const first = await list(business, { limit: 2 });
    expect(first.data.map((e) => e.status)).toEqual([403, 422]);
    const second = await list(business, { limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((e) => e.status)).toEqual([200]);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses filters it cannot read with their fields', async () => {
    const bad = await business.people.owner.agent.call(requestLogEndpoints.list, {
      params: { business_id: business.id },
      query: { status: '2xy', method: 'TRACE' as 'GET', from: '2026-11-05', to: '2026-11-01' },
    });
    expect(bad.status).toBe(422);
    const fields = failure(bad).issues?.map((i) => i.path);
    expect(fields).toEqual(expect.arrayContaining(['querystring.status', 'querystring.method']));
  });
});

/** The owners sign in again after the clock moved days on (their sessions were idle too long). */
async function signInOwners() {
  business.people.owner.agent = await signInAgain(t, business.people.owner);
  other.people.owner.agent = await signInAgain(t, other.people.owner);
}

describe('retention', () => {
  it('deletes calls older than 30 days on its schedule and keeps the rest', async () => {
    const later = new Date(start.getTime() + 29 * DAY_MS);
    t.clock.set(later);
    expect((await publicCall(t, PUBLIC_API_PATHS.paymentRequests, { key })).statusCode).toBe(200);
    await t.services.requestLog.flush();
    await signInOwners();
    // 29 days after the first calls they are all kept.
    await t.app.jobs.runDue();
    expect((await list(business)).data).toHaveLength(4);

    // Past 30 days the first calls go (the other business's too); the call of 29 days later stays.
    t.clock.set(new Date(start.getTime() + 30 * DAY_MS + 4 * 60_000));
    await t.app.jobs.runDue();
    await signInOwners();
    expect((await list(business)).data.map((e) => e.created_at)).toEqual([later.toISOString()]);
    expect((await list(other)).data).toEqual([]);
  });
});
