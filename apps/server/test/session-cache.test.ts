import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../src/lib/totp';
import { endpointPath } from '@merchant/core';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints, type User } from '@merchant/identity';
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

const me = (a: Agent) => a.ok(userEndpoints.me);
const status = async (a: Agent) => (await a.call(userEndpoints.me)).status;
const memberOf = (m: User) => m.businesses.member.map((b) => `${b.name}: ${b.role?.title}`);

let counter = 0;
/** A new person with their own login (so tests do not share sessions). */
async function newUser(): Promise<{ email: string; agent: Agent }> {
  counter++;
  const email = `cache-${counter}@example.test`;
  const agent = new Agent(t.app);
  await agent.ok(authEndpoints.register, {
    body: {
      name: `Cache User ${counter}`,
      email,
      password: 'a long enough passphrase',
      business: { name: `Cache Shop ${counter}`, country: 'SG', currency: 'SGD' },
    },
  });
  return { email, agent };
}

async function memberIdOf(business: FactoryBusiness, email: string): Promise<string> {
  const staff = await business.people.owner.agent.ok(businessEndpoints.users, { params: { business_id: business.id } });
  return staff.data.find((m) => m.email === email)!.id;
}

/** Invites a new person as a cashier of the business and has them accept; answers their agent. */
async function newCashier(business: FactoryBusiness): Promise<{ email: string; agent: Agent }> {
  const person = await newUser();
  await business.people.owner.agent.ok(staffEndpoints.invite, { params: { business_id: business.id }, body: { email: person.email, role: 'cashier' } });
  const invitations = (await person.agent.ok(userEndpoints.invitations)).data;
  await person.agent.ok(userEndpoints.acceptInvitation, { params: { invitation_id: invitations[0]!.id } });
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
    expect(await status(a)).toBe(401);
  });

  it('answers guests with an unknown cookie without asking the database again', async () => {
    const stranger = { cookie: `md_session=${'x'.repeat(43)}` };
    expect((await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: stranger })).statusCode).toBe(401);
    const sent = await queriesDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: stranger })).statusCode).toBe(401);
    });
    expect(sent).toEqual([]);
  });
});

describe('the cache follows every change at once', () => {
  it('sign-out: the cookie is refused on the next request', async () => {
    const a = (await signUp(t)).person.agent;
    await me(a);
    const cookie = a.cookies.get('md_session')!;
    await a.ok(authEndpoints.logout);
    const replay = await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: { cookie: `md_session=${cookie}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('password change: the other sessions are refused, this one goes on', async () => {
    const { email, agent } = await newUser();
    const other = await signedIn(t.app, email, 'a long enough passphrase');
    await me(other);
    await me(agent);
    await agent.ok(userEndpoints.changePassword, {
      body: { current_password: 'a long enough passphrase', password: 'another long passphrase', password_confirmation: 'another long passphrase' },
    });
    expect(await status(other)).toBe(401);
    expect(await status(agent)).toBe(200);
  });

  it('password reset: every session is refused', async () => {
    const { email, agent } = await newUser();
    await me(agent);
    await new Agent(t.app).ok(authEndpoints.requestPasswordReset, { body: { email } });
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await mailbox(t.app))[0]!.text)![1]!;
    await new Agent(t.app).ok(authEndpoints.resetPassword, {
      body: { token, email, password: 'a new long passphrase', password_confirmation: 'a new long passphrase' },
    });
    expect(await status(agent)).toBe(401);
  });

  it('role change, deactivation and removal show in GET /v1/user and in access at the next request', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const { email, agent } = await newCashier(business);
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Cashier`]);
    const id = await memberIdOf(business, email);

    const member = { params: { business_id: business.id, id } };
    await owner.ok(staffEndpoints.updateMemberRole, { ...member, body: { role: 'manager' } });
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Manager`]);

    await owner.ok(staffEndpoints.deactivateMember, member);
    expect(memberOf(await me(agent))).toEqual([]);
    expect((await agent.call(businessEndpoints.get, { params: { business_id: business.id } })).status).toBe(404);

    await owner.ok(staffEndpoints.reactivateMember, member);
    expect(memberOf(await me(agent))).toEqual([`${business.name}: Manager`]);

    await owner.ok(staffEndpoints.removeMember, member);
    expect(memberOf(await me(agent))).toEqual([]);
    expect((await agent.call(businessEndpoints.get, { params: { business_id: business.id } })).status).toBe(404);
  });

  it("a business request's access check is read once, and a role change, a rename and a removal apply at the next request", async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const { email, agent } = await newCashier(business);
    const params = { params: { business_id: business.id } };
    const staffList = async () => (await agent.call(businessEndpoints.users, params)).status;
    const name = async () => (await agent.ok(businessEndpoints.get, params)).name;
    expect(await staffList()).toBe(403); // a cashier does not see the staff
    expect(await name()).toBe(business.name);
    // Known now: the business and the membership are not read again.
    const sent = await queriesDuring(async () => {
      for (let i = 0; i < 5; i++) await name();
    });
    expect(sent.filter((q) => q.includes('business_users'))).toEqual([]);

    const member = { params: { business_id: business.id, id: await memberIdOf(business, email) } };
    await owner.ok(staffEndpoints.updateMemberRole, { ...member, body: { role: 'manager' } });
    expect(await staffList()).toBe(200);

    await owner.ok(businessEndpoints.update, { ...params, body: { name: 'Renamed For Access' } });
    expect(await name()).toBe('Renamed For Access');
    await t.database.exec(`UPDATE businesses SET name = 'Renamed In SQL' WHERE id = '${business.id}'`);
    expect(await name()).toBe('Renamed In SQL');

    await owner.ok(staffEndpoints.removeMember, member);
    expect((await agent.call(businessEndpoints.get, params)).status).toBe(404);
    expect(await staffList()).toBe(404);
  });

  it('two-factor on and off, and a new name, show in every session of the user', async () => {
    const { email, agent } = await newUser();
    const other = await signedIn(t.app, email, 'a long enough passphrase');
    expect((await me(other)).two_factor_enabled).toBe(false);
    const { secret } = await agent.ok(userEndpoints.startTwoFactor, { body: { password: 'a long enough passphrase' } });
    await agent.ok(userEndpoints.confirmTwoFactor, { body: { code: totp.codeAt(secret, t.clock.now()) } });
    expect((await me(other)).two_factor_enabled).toBe(true);

    t.clock.advance(MINUTE);
    await agent.ok(userEndpoints.disableTwoFactor, { body: { code: totp.codeAt(secret, t.clock.now()) } });
    expect((await me(other)).two_factor_enabled).toBe(false);

    await agent.ok(userEndpoints.updateAccount, { body: { name: 'Renamed Person' } });
    expect((await me(other)).name).toBe('Renamed Person');
  });

  it('a business renamed by someone else, and invitations arriving and expiring', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const { email, agent } = await newCashier(business);
    await me(agent);
    await owner.ok(businessEndpoints.update, { params: { business_id: business.id }, body: { name: 'Coffee Renamed' } });
    expect(memberOf(await me(agent))).toEqual(['Coffee Renamed: Cashier']);

    const otherBusiness = await createBusiness(t);
    const other = otherBusiness.people.owner.agent;
    expect((await me(agent)).pending_invitations).toBe(0);
    await other.ok(staffEndpoints.invite, { params: { business_id: otherBusiness.id }, body: { email, role: 'admin' } });
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
    expect(await status(agent)).toBe(401);
  });
});
