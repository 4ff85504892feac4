import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiKeyEndpoints, type CreateApiKeyBody } from '@merchant/payments';
import { apiKeys, auditLogs } from '../src/db/schema';
import { createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness, type Person } from './factories';

/**
 * The public API's keys (docs/developers.md): made with the password or a two-factor code, shown in full once
 * and masked after, kept only as a hash (the salt sealed), rotated with a grace period in which both keys work,
 * revoked at once, audited and mailed to the owners; only owners and admins hold them.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let owner: Person;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  owner = business.people.owner;
});
afterAll(() => t.close());

const params = (b: { id: string } = business) => ({ business_id: b.id });
const create = (person: Person, body: Partial<CreateApiKeyBody> = {}, b: { id: string } = business) =>
  person.agent.call(apiKeyEndpoints.create, { params: params(b), body: { name: 'Website', access: 'full', password: person.password, ...body } });

describe('making a key', () => {
  it('answers the key and its salt in full once, and keeps neither in clear', async () => {
    const answer = await create(owner, { name: 'Shop backend', access: 'read_only' });
    expect(answer.status).toBe(201);
    if (!answer.ok) throw new Error('not made');
    const made = answer.body;
    expect(made.api_key).toMatch(/^[0-9a-f]{64}$/);
    expect(made.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(made).toMatchObject({ name: 'Shop backend', access: 'read_only', status: 'active', key_last4: `•••• ${made.api_key.slice(-4)}` });

    const listed = await owner.agent.ok(apiKeyEndpoints.list, { params: params() });
    const row = listed.find((k) => k.id === made.id)!;
    expect(row).toMatchObject({ name: 'Shop backend', salt_last4: `•••• ${made.salt.slice(-4)}`, last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(made.api_key);
    expect(JSON.stringify(listed)).not.toContain(made.salt);

    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(JSON.stringify(stored)).not.toContain(made.api_key);
    expect(JSON.stringify(stored)).not.toContain(made.salt);

    const principal = await t.services.apiKeys.authenticate(made.api_key);
    expect(principal).toMatchObject({ businessId: business.id, keyId: made.id, access: 'read_only' });
    expect(await principal!.salt()).toBe(made.salt);
    const used = await owner.agent.ok(apiKeyEndpoints.list, { params: params() });
    expect(used.find((k) => k.id === made.id)!.last_used_at).not.toBeNull();
  });

  it('asks for the password, and makes nothing with a wrong one', async () => {
    const before = (await owner.agent.ok(apiKeyEndpoints.list, { params: params() })).length;
    const wrong = await create(owner, { password: 'not the password' });
    expect(failure(wrong).code).toBe('AUTH_PASSWORD_INCORRECT');
    const none = await create(owner, { password: undefined });
    expect(failure(none)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'password' }] });
    expect(await owner.agent.ok(apiKeyEndpoints.list, { params: params() })).toHaveLength(before);
  });

  it('checks its fields', async () => {
    const answer = await create(owner, { name: ' ', access: 'everything' as never });
    const paths = (failure(answer).issues ?? []).map((i) => i.path).sort();
    expect(paths).toEqual(['access', 'name']);
  });

  it('is audited and mailed to the owners', async () => {
    const made = await owner.agent.ok(apiKeyEndpoints.create, {
      params: params(),
      body: { name: 'Audited key', access: 'full', password: owner.password },
    });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, made.id)));
    expect(entries.map((e) => e.action)).toEqual(['api_key.created']);
    expect(entries[0]!.description).toContain('Audited key');
    expect(JSON.stringify(entries)).not.toContain(made.api_key);
    const mails = (await mailbox(t.app)).filter((m) => m.to === owner.email && m.text.includes('Audited key'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain(made.api_key);
  });

  it('is for owners and admins only, each in their own business', async () => {
    expect((await create(business.people.admin)).status).toBe(201);
    expect(failure(await create(business.people.cashier)).code).toBe('FORBIDDEN');
    expect(failure(await business.people.cashier.agent.call(apiKeyEndpoints.list, { params: params() })).code).toBe('FORBIDDEN');
    const other = await createBusiness(t);
    expect(failure(await create(owner, {}, other)).code).toBe('NOT_FOUND');
    const theirs = await other.people.owner.agent.ok(apiKeyEndpoints.create, {
      params: params(other),
      body: { name: 'Theirs', access: 'full', password: other.people.owner.password },
    });
    const rotated = await owner.agent.call(apiKeyEndpoints.rotate, { params: { ...params(), api_key_id: theirs.id }, body: { password: owner.password } });
    expect(failure(rotated).code).toBe('API_KEY_NOT_FOUND');
    const revoked = await owner.agent.call(apiKeyEndpoints.revoke, { params: { ...params(), api_key_id: theirs.id }, body: { password: owner.password } });
    expect(failure(revoked).code).toBe('API_KEY_NOT_FOUND');
    expect(await t.services.apiKeys.authenticate(theirs.api_key)).toMatchObject({ businessId: other.id });
  });
});

describe('rotating and revoking', () => {
  it('refuses a revoked key from the next request on', async () => {
    const made = await owner.agent.ok(apiKeyEndpoints.create, { params: params(), body: { name: 'Revoked', access: 'full', password: owner.password } });
    expect(await t.services.apiKeys.authenticate(made.api_key)).not.toBeNull();
    const wrong = await owner.agent.call(apiKeyEndpoints.revoke, { params: { ...params(), api_key_id: made.id }, body: { password: 'wrong' } });
    expect(failure(wrong).code).toBe('AUTH_PASSWORD_INCORRECT');
    expect(await t.services.apiKeys.authenticate(made.api_key)).not.toBeNull();
    const revoked = await owner.agent.ok(apiKeyEndpoints.revoke, { params: { ...params(), api_key_id: made.id }, body: { password: owner.password } });
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await t.services.apiKeys.authenticate(made.api_key)).toBeNull();
  });

  it('refuses keys that are not one', async () => {
    const made = await owner.agent.ok(apiKeyEndpoints.create, { params: params(), body: { name: 'Guessed', access: 'full', password: owner.password } });
    // The right first characters (the lookup) with a wrong rest: the hash decides.
    const forged = made.api_key.slice(0, 16) + '0'.repeat(48);
    expect(await t.services.apiKeys.authenticate(forged)).toBeNull();
    expect(await t.services.apiKeys.authenticate('')).toBeNull();
    expect(await t.services.apiKeys.authenticate(made.api_key.toUpperCase())).toBeNull();
  });
  // Last: it moves the clock a day on.
  it('keeps the old key working for 24 hours beside the new one', async () => {
    const old = await owner.agent.ok(apiKeyEndpoints.create, { params: params(), body: { name: 'Rotated', access: 'full', password: owner.password } });
    const next = await owner.agent.ok(apiKeyEndpoints.rotate, { params: { ...params(), api_key_id: old.id }, body: { password: owner.password } });
    expect(next.api_key).not.toBe(old.api_key);
    expect(next.salt).not.toBe(old.salt);
    expect(next).toMatchObject({ name: 'Rotated', access: 'full', status: 'active' });
    const listed = await owner.agent.ok(apiKeyEndpoints.list, { params: params() });
    const expiring = listed.find((k) => k.id === old.id)!;
    expect(expiring.status).toBe('expiring');
    expect(new Date(expiring.expires_at!).getTime() - t.clock.now().getTime()).toBe(24 * 3_600_000);

    expect(await t.services.apiKeys.authenticate(old.api_key)).not.toBeNull();
    expect(await t.services.apiKeys.authenticate(next.api_key)).not.toBeNull();
    const again = await owner.agent.call(apiKeyEndpoints.rotate, { params: { ...params(), api_key_id: old.id }, body: { password: owner.password } });
    expect(failure(again).code).toBe('API_KEY_REVOKED');

    t.clock.advance(24 * 3_600_000 + 1000);
    expect(await t.services.apiKeys.authenticate(old.api_key)).toBeNull();
    expect(await t.services.apiKeys.authenticate(next.api_key)).not.toBeNull();
    // The clock moved past the owner's session: the service answers the list the screen shows.
    const after = await t.services.apiKeys.list(business.id);
    expect(after.find((k) => k.id === old.id)!.status).toBe('revoked');
    const mails = (await mailbox(t.app)).filter((m) => m.to === owner.email && m.text.includes('rotated the API key "Rotated"'));
    expect(mails).toHaveLength(1);
  });
});
