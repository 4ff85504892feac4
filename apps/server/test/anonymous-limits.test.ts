import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { count } from 'drizzle-orm';
import { rateLimits, sessions } from '../src/db/schema';
import { MAX_REGISTRATIONS_PER_IP } from '../src/modules/identity/auth/auth.service';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, type TestContext } from './harness';
import { signUp, type Person } from './factories';

/** What a guest can make the server store is bounded (anti-forgery tokens, sign-ups). */
let t: TestContext;
let person: Person;
beforeAll(async () => {
  t = await createTestContext();
  ({ person } = await signUp(t));
});
afterAll(() => t.close());

const stored = async (table: typeof sessions | typeof rateLimits) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('a guest anti-forgery token', () => {
  it('stores nothing, however many are asked for', async () => {
    const before = { sessions: await stored(sessions), limits: await stored(rateLimits) };
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({ method: 'POST', url: endpointPath(authEndpoints.csrfToken) });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'md_session')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect({ sessions: await stored(sessions), limits: await stored(rateLimits) }).toEqual(before);
  });

  it('is bound to its cookie: another browser cookie, no cookie or a forged token answer 419', async () => {
    const a = new Agent(t.app);
    const b = new Agent(t.app);
    const tokenA = await a.token();
    await b.token();
    b.csrf = tokenA;
    expect((await b.post(endpointPath(authEndpoints.login), { email: person.email, password: person.password })).statusCode).toBe(419);
    const noCookie = await t.app.inject({
      method: 'POST',
      url: endpointPath(authEndpoints.login),
      headers: { 'x-csrf-token': tokenA },
      payload: { email: person.email, password: person.password },
    });
    expect(noCookie.statusCode).toBe(419);
    a.csrf = `${tokenA.slice(0, -2)}AA`;
    expect((await a.post(endpointPath(authEndpoints.login), { email: person.email, password: person.password })).statusCode).toBe(419);
  });

  it('signs in, and the signed-in session keeps the token of the open page', async () => {
    const a = new Agent(t.app);
    const token = await a.token();
    await a.login(person.email, person.password);
    expect((await a.post(endpointPath(authEndpoints.csrfToken))).json()).toEqual({ token });
    await a.ok(userEndpoints.updateAccount, { body: { name: 'Casey Guest' } });
  });
});

describe('registration', () => {
  let n = 0;
  const register = (a: Agent) => {
    n++;
    return a.post(endpointPath(authEndpoints.register), {
      name: `Limited ${n}`,
      email: `limited-${n}@example.test`,
      password: 'a long enough passphrase',
      business: { name: `Limited Shop ${n}`, country: 'SG', currency: 'SGD' },
    });
  };

  it(`is limited to ${MAX_REGISTRATIONS_PER_IP} per address in 15 minutes, like sign-in`, async () => {
    const from = (ip: string) => Object.assign(new Agent(t.app), { ip });
    for (let i = 0; i < MAX_REGISTRATIONS_PER_IP; i++) expect((await register(from('198.51.100.9'))).statusCode).toBe(201);
    const refused = await register(from('198.51.100.9'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', requestId: expect.any(String) });
    // Another address is not affected, and the window ends.
    expect((await register(from('198.51.100.10'))).statusCode).toBe(201);
    t.clock.advance(15 * 60_000 + 1);
    expect((await register(from('198.51.100.9'))).statusCode).toBe(201);
  });
});
