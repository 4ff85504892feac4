import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../src/lib/totp';
import { Agent, createTestContext, mailbox, signedIn, type TestContext } from './harness';
import { createBusiness, signUp, type FactoryBusiness } from './factories';

/**
 * The session cache answers a signed-in request without a database round trip and stays exact: every
 * change to what it keeps takes effect on the very next request (both databases).
 */
let t: TestContext;
const queries: string[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext({}, { onQuery: (sql) => queries.push(sql) });
});
afterAll(() => t.close());

/** The SQL statements sent while `fn` runs. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const from = queries.length;
  await fn();
  return queries.slice(from);
}

type Me = {
  name: string;
  two_factor_enabled: boolean;
  pending_invitations: number;
  businesses: { owned: { id: string; name: string }[]; member: { id: string; name: string; role: { title: string } }[] };
};
const me = async (a: Agent) => {
  const res = await a.get('/v1/user');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Me>();
};
const memberOf = (m: Me) => m.businesses.member.map((b) => `${b.name}: ${b.role.title}`);

let counter = 0;
/** A new person with their own login (so tests do not share sessions). */
async function newUser(): Promise<{ email: string; agent: Agent }> {
  counter++;
  const email = `cache-${counter}@example.test`;
  const agent = new Agent(t.app);
  const res = await agent.post('/register', {
    name: `Cache User ${counter}`,
    email,
    password: 'a long enough passphrase',
    business: { name: `Cache Shop ${counter}`, country: 'SG', currency: 'SGD' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, agent };
}

async function memberIdOf(business: FactoryBusiness, email: string): Promise<string> {
  const res = await business.people.owner.agent.get(`/v1/business/${business.id}/business-user`);
  return res.json<{ data: { id: string; email: string }[] }>().data.find((m) => m.email === email)!.id;
}

/** Invites a new person as a cashier of the business and has them accept; answers their agent. */
async function newCashier(business: FactoryBusiness): Promise<{ email: string; agent: Agent }> {
  const person = await newUser();
  const invited = await business.people.owner.agent.post(`/v1/business/${business.id}/invitations`, { email: person.email, role: 'cashier' });
  expect(invited.statusCode).toBe(201);
  const invitations = (await person.agent.get('/v1/user/invitations')).json<{ data: { id: string }[] }>().data;
  expect((await person.agent.post(`/v1/user/invitations/${invitations[0]!.id}/accept`)).statusCode).toBe(200);
  return person;
}

describe('a signed-in request', () => {
  it('is answered without a database round trip once its session is known, GET /v1/user included', async () => {
    const a = (await signUp(t)).person.agent;
    await me(a);
    const sent = await queriesDuring(async () => {
      for (let i = 0; i < 20; i++) await me(a);
    });
    expect(sent).toEqual([]);
  });

  it('writes its last activity at most once a minute, and the idle timeout still ends it', async () => {
    const a = (await signUp(t)).person.agent;
    await me(a);
    t.clock.advance(30_000);
    expect(await queriesDuring(() => me(a))).toEqual([]);
    t.clock.advance(31_000);
    const touch = await queriesDuring(() => me(a));
    expect(touch.filter((q) => /^update "sessions"/i.test(q))).toHaveLength(1);
    expect(await queriesDuring(() => me(a))).toEqual([]);

    t.clock.advance(119 * MINUTE);
    await me(a);
    t.clock.advance(121 * MINUTE);
    expect((await a.get('/v1/user')).statusCode).toBe(401);
  });

  it('answers guests with an unknown cookie without asking the database again', async () => {
    const stranger = { cookie: `md_session=${'x'.repeat(43)}` };
    expect((await t.app.inject({ method: 'GET', url: '/v1/user', headers: stranger })).statusCode).toBe(401);
    const sent = await queriesDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/v1/user', headers: stranger })).statusCode).toBe(401);
    });
    expect(sent).toEqual([]);
  });
});

describe('the cache follows every change at once', () => {
  it('sign-out: the cookie is refused on the next request', async () => {
    const a = (await signUp(t)).person.agent;
    await me(a);
    const cookie = a.cookies.get('md_session')!;
    expect((await a.delete('/auth')).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/v1/user', headers: { cookie: `md_session=${cookie}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('password change: the other sessions are refused, this one goes on', async () => {
    const { email, agent } = await newUser();
    const other = await signedIn(t.app, email, 'a long enough passphrase');
    await me(other);
    await me(agent);
    const res = await agent.put('/v1/user/password', {
      current_password: 'a long enough passphrase',
      password: 'another long passphrase',
      password_confirmation: 'another long passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await other.get('/v1/user')).statusCode).toBe(401);
    expect((await agent.get('/v1/user')).statusCode).toBe(200);
  });

  it('password reset: every session is refused', async () => {
    const { email, agent } = await newUser();
    await me(agent);
    expect((await new Agent(t.app).post('/password/email', { email })).statusCode).toBe(200);
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await mailbox(t.app))[0]!.text)![1]!;
    const reset = await new Agent(t.app).post('/password/reset', {
      token,
      email,
      password: 'a new long passphrase',
      password_confirmation: 'a new long passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await agent.get('/v1/user')).statusCode).toBe(401);
  });

  it('role change, deactivation and removal show in GET /v1/user and in access at the next request', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const { email, agent } = await newCashier(business);
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Cashier`]);
    const id = await memberIdOf(business, email);

    expect((await owner.patch(`/v1/business/${business.id}/business-user/${id}`, { role: 'manager' })).statusCode).toBe(200);
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Manager`]);

    expect((await owner.post(`/v1/business/${business.id}/business-user/${id}/deactivate`)).statusCode).toBe(200);
    expect(memberOf(await me(agent))).toEqual([]);
    expect((await agent.get(`/v1/business/${business.id}`)).statusCode).toBe(404);

    expect((await owner.post(`/v1/business/${business.id}/business-user/${id}/reactivate`)).statusCode).toBe(200);
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Manager`]);

    expect((await owner.delete(`/v1/business/${business.id}/business-user/${id}`)).statusCode).toBe(200);
    expect(memberOf(await me(agent))).toEqual([]);
    expect((await agent.get(`/v1/business/${business.id}`)).statusCode).toBe(404);
  });

  it('two-factor on and off, and a new name, show in every session of the user', async () => {
    const { email, agent } = await newUser();
    const other = await signedIn(t.app, email, 'a long enough passphrase');
    expect((await me(other)).two_factor_enabled).toBe(false);
    const start = await agent.post('/v1/user/two-factor', { password: 'a long enough passphrase' });
    const { secret } = start.json<{ secret: string }>();
    expect((await agent.post('/v1/user/two-factor/confirm', { code: totp.codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    expect((await me(other)).two_factor_enabled).toBe(true);

    t.clock.advance(MINUTE);
    expect((await agent.delete('/v1/user/two-factor', { code: totp.codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    expect((await me(other)).two_factor_enabled).toBe(false);

    expect((await agent.patch('/v1/user', { name: 'Renamed Person' })).statusCode).toBe(200);
    expect((await me(other)).name).toBe('Renamed Person');
  });

  it('a business renamed by someone else, and invitations arriving and expiring', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const { email, agent } = await newCashier(business);
    await me(agent);
    expect((await owner.patch(`/v1/business/${business.id}`, { name: 'Coffee Renamed' })).statusCode).toBe(200);
    expect(memberOf(await me(agent))).toEqual(['Coffee Renamed: Cashier']);

    const partnerBusiness = await createBusiness(t, { kind: 'partner' });
    const partner = partnerBusiness.people.owner.agent;
    expect((await me(agent)).pending_invitations).toBe(0);
    expect((await partner.post(`/v1/business/${partnerBusiness.id}/invitations`, { email, role: 'admin' })).statusCode).toBe(201);
    expect((await me(agent)).pending_invitations).toBe(1);
    // Nothing is written when an invitation expires: the count follows the clock.
    t.clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
    expect((await me(await signedIn(t.app, email, 'a long enough passphrase'))).pending_invitations).toBe(0);
  });

  it('a change written straight to the database (another tool, a migration) is heard too', async () => {
    const { agent } = await newUser();
    await me(agent);
    await t.database.exec(`UPDATE users SET name = 'Changed In SQL' WHERE email = 'cache-${counter}@example.test'`);
    expect((await me(agent)).name).toBe('Changed In SQL');
    await t.database.exec(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'cache-${counter}@example.test')`);
    expect((await agent.get('/v1/user')).statusCode).toBe(401);
  });
});
