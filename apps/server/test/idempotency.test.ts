import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_HOURS, endpointPath } from '@merchant/core';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { idempotencyKeys } from '../src/db/schema';
import { mailbox, createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, signInAgain, uniqueEmail, type Person } from './factories';

/**
 * The stored-answer idempotency layer, through the endpoints that declare it: inviting staff (a business
 * endpoint that mails) and creating a business (a user endpoint).
 */
let t: TestContext;
let owner: Agent;
let admin: Agent;
let ownerPerson: Person;
let businessId: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['admin'] });
  businessId = business.id;
  ownerPerson = business.people.owner;
  owner = ownerPerson.agent;
  admin = business.people.admin.agent;
});
afterAll(() => t.close());

/*
 * The subject is the replay on the wire (the same bytes, the replay header), so requests are raw; their URLs
 * come from the declarations.
 */
const invitationsUrl = () => endpointPath(staffEndpoints.invite, { params: { business_id: businessId } });
const BUSINESSES = endpointPath(businessEndpoints.create);
const nextEmail = () => uniqueEmail(`idem-${++counter}`);
const nextKey = () => `key-${counter}-${Math.random().toString(36).slice(2)}`;
const key = (value: string) => ({ 'idempotency-key': value });

async function invitationsTo(email: string): Promise<number> {
  const { data } = await owner.ok(staffEndpoints.listInvitations, { params: { business_id: businessId } });
  return data.filter((i) => i.email === email).length;
}
async function mailsTo(email: string): Promise<number> {
  return (await mailbox(t.app)).filter((m) => m.to === email).length;
}

describe('idempotent endpoints', () => {
  it('replays the first answer, status and body, to a retry with the same key and body, and runs once', async () => {
    const email = nextEmail();
    const k = nextKey();
    const first = await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same input spelled differently (key order, case the schema folds) is the same request.
    const again = await owner.post(invitationsUrl(), { role: 'cashier', email: email.toUpperCase() }, key(k));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await invitationsTo(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
    // Without a key the same request runs and meets the domain rule.
    const unkeyed = await owner.post(invitationsUrl(), { email, role: 'cashier' });
    expect(unkeyed.statusCode).toBe(422);
    expect(unkeyed.json().code).toBe('STAFF_ALREADY_INVITED');
  });

  it('replays a first answer that was a domain refusal too', async () => {
    const email = nextEmail();
    await owner.post(invitationsUrl(), { email, role: 'cashier' });
    const k = nextKey();
    const first = await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k));
    expect(first.json().code).toBe('STAFF_ALREADY_INVITED');
    const again = await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k));
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
  });

  it('refuses the same key with another body, and runs nothing', async () => {
    const k = nextKey();
    const email = nextEmail();
    expect((await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k))).statusCode).toBe(201);
    const other = nextEmail();
    const res = await owner.post(invitationsUrl(), { email: other, role: 'cashier' }, key(k));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', requestId: res.headers['x-request-id'] });
    expect(await invitationsTo(other)).toBe(0);
    // The same key on another endpoint is another request too.
    const business = await owner.post(BUSINESSES, { name: 'Keyed Bakery', country: 'sg', currency: 'sgd' }, key(k));
    expect(business.statusCode).toBe(201);
    expect(business.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs concurrent requests with one key once; the others wait their turn (409) or get the first answer', async () => {
    const email = nextEmail();
    const k = nextKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.post(invitationsUrl(), { email, role: 'manager' }, key(k))));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of created) expect(res.body).toBe(created[0]!.body);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IDEMPOTENCY_REQUEST_IN_FLIGHT');
    }
    expect(await invitationsTo(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it('answers 409 while the first request with the key is still running elsewhere', async () => {
    const k = nextKey();
    const email = nextEmail();
    expect((await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k))).statusCode).toBe(201);
    // The state another app process leaves while its request with this key has not answered yet.
    await t.database.exec(`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL WHERE key = '${k}'`);
    const res = await owner.post(invitationsUrl(), { email, role: 'cashier' }, key(k));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_REQUEST_IN_FLIGHT', requestId: res.headers['x-request-id'] });
    const other = await owner.post(invitationsUrl(), { email: nextEmail(), role: 'cashier' }, key(k));
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await invitationsTo(email)).toBe(1);
  });

  it('scopes keys to the caller: another member using the same key runs their own request', async () => {
    const k = nextKey();
    const a = nextEmail();
    const b = nextEmail();
    expect((await owner.post(invitationsUrl(), { email: a, role: 'cashier' }, key(k))).statusCode).toBe(201);
    const theirs = await admin.post(invitationsUrl(), { email: b, role: 'cashier' }, key(k));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await invitationsTo(b)).toBe(1);
  });

  it(`forgets a key after ${IDEMPOTENCY_KEY_TTL_HOURS} hours`, async () => {
    const k = nextKey();
    const body = { name: 'Expiring Bakery', country: 'sg', currency: 'sgd' };
    const first = await owner.post(BUSINESSES, body, key(k));
    expect(first.statusCode).toBe(201);
    const other = nextKey();
    expect((await owner.post(BUSINESSES, { ...body, name: 'Another Expiring Bakery' }, key(other))).statusCode).toBe(201);
    // Sessions end after two idle hours: the same person signs in again later, with the same key.
    t.clock.advance(IDEMPOTENCY_KEY_TTL_HOURS * 3600_000 - 1000);
    owner = await signInAgain(t, ownerPerson);
    const replay = await owner.post(BUSINESSES, body, key(k));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    t.clock.advance(2000);
    const fresh = await owner.post(BUSINESSES, body, key(k));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.json().id).not.toBe(first.json().id);
    // The claim of the expired key dropped the caller's other expired key in the same statement.
    expect(
      await t.database.db
        .select()
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.key, [k, other])),
    ).toEqual([expect.objectContaining({ key: k, responseStatus: 201 })]);
  });

  it('refuses a malformed key, and a key sent to an endpoint that is not idempotent', async () => {
    const bad = await owner.post(invitationsUrl(), { email: nextEmail(), role: 'cashier' }, key('with space'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues).toEqual([expect.objectContaining({ path: 'headers.idempotency-key' })]);
    const long = await owner.post(invitationsUrl(), { email: nextEmail(), role: 'cashier' }, key('k'.repeat(256)));
    expect(long.statusCode).toBe(422);
    const notIdempotent = await owner.post(endpointPath(userEndpoints.startTwoFactor), { password: 'not-checked' }, key(nextKey()));
    expect(notIdempotent.statusCode).toBe(422);
    expect(notIdempotent.json().issues).toEqual([expect.objectContaining({ path: 'headers.idempotency-key' })]);
  });
});
