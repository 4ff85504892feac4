import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Agent, createTestContext, totp, type TestContext } from './harness';

/**
 * Where a signed-in person confirms their password or a two-factor code, guesses count against the same
 * per-account lock as sign-in (10 per 15 minutes), so a stolen session cannot brute-force the secret.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const STEP = 30_000;
const PASSWORD = 'the owner passphrase';

let counter = 0;
/** A new person with their own business, signed in, on their own address. */
async function newUser(): Promise<{ agent: Agent; email: string }> {
  counter++;
  const email = `reauth${counter}@example.test`;
  const agent = new Agent(t.app);
  const res = await agent.post('/register', {
    name: `Reauth User ${counter}`,
    email,
    password: PASSWORD,
    business: { name: `Reauth Shop ${counter}`, country: 'SG', currency: 'SGD' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { agent, email };
}

function expectLocked(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ code: 'AUTH_ACCOUNT_LOCKED', message: expect.stringContaining('15 minutes'), requestId: expect.any(String) });
}

const signIn = (email: string, password = PASSWORD) => new Agent(t.app).post('/auth', { email, password });

/** Each place that asks for the password: the call with a given password, and whether it took effect. */
const confirmations = [
  {
    name: 'changing the password',
    send: (a: Agent, password: string) =>
      a.put('/v1/user/password', { current_password: password, password: 'a brand new passphrase', password_confirmation: 'a brand new passphrase' }),
    field: 'current_password',
    changed: async (email: string) => (await signIn(email, 'a brand new passphrase')).statusCode === 200,
  },
  {
    name: 'changing the email',
    send: (a: Agent, password: string) => a.put('/v1/user/email', { email: `moved${counter}@example.test`, password }),
    field: 'password',
    changed: async (email: string, a: Agent) => (await a.get('/v1/user')).json<{ email: string }>().email !== email,
  },
  {
    name: 'starting two-factor',
    send: (a: Agent, password: string) => a.post('/v1/user/two-factor', { password }),
    field: 'password',
    changed: async (_email: string, a: Agent) => (await a.post('/v1/user/two-factor/confirm', { code: '000000' })).statusCode !== 409,
  },
  {
    name: 'signing out the other sessions',
    send: (a: Agent, password: string) => a.post('/v1/user/sessions/revoke-others', { password }),
    field: 'password',
    changed: async (_email: string, _a: Agent, other: Agent) => (await other.get('/v1/user')).statusCode === 401,
  },
];

describe.each(confirmations)('$name', ({ send, field, changed }) => {
  it('takes 10 wrong passwords, then refuses even the right one for 15 minutes, and so does sign-in', async () => {
    const { agent, email } = await newUser();
    const other = new Agent(t.app);
    await other.login(email, PASSWORD);

    for (let i = 0; i < 10; i++) {
      const res = await send(agent, `wrong guess ${i}`);
      expect(res.statusCode, `guess ${i + 1}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'AUTH_PASSWORD_INCORRECT', issues: [{ path: field, message: expect.any(String) }] });
    }
    expectLocked(await send(agent, PASSWORD));
    // One lock per account: sign-in with the right password is refused too, from anywhere.
    expectLocked(await signIn(email));
    expect(await changed(email, agent, other)).toBe(false);

    t.clock.advance(15 * MINUTE);
    const res = await send(agent, PASSWORD);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await changed(email, agent, other)).toBe(true);
  });
});

describe('the password lock', () => {
  it('counts sign-in failures and signed-in confirmations together', async () => {
    const { agent, email } = await newUser();
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong guess ${i}`)).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await agent.post('/v1/user/two-factor', { password: `wrong again ${i}` })).statusCode).toBe(422);
    expectLocked(await agent.post('/v1/user/two-factor', { password: PASSWORD }));
  });

  it('lets at most 10 of 30 guesses sent at once be checked', async () => {
    const { agent } = await newUser();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => agent.post('/v1/user/sessions/revoke-others', { password: `parallel guess ${i}` })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
  });

  it('is cleared by a right password, as at sign-in', async () => {
    const { agent } = await newUser();
    for (let i = 0; i < 9; i++) expect((await agent.post('/v1/user/two-factor', { password: `wrong guess ${i}` })).statusCode).toBe(422);
    expect((await agent.post('/v1/user/sessions/revoke-others', { password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await agent.post('/v1/user/two-factor', { password: `wrong again ${i}` })).statusCode).toBe(422);
    expectLocked(await agent.post('/v1/user/two-factor', { password: PASSWORD }));
  });
});

describe('turning two-factor off', () => {
  it('takes 10 wrong codes, then refuses even a right one for 15 minutes, and so does the sign-in checkpoint', async () => {
    const { agent, email } = await newUser();
    const start = await agent.post('/v1/user/two-factor', { password: PASSWORD });
    const { secret } = start.json<{ secret: string }>();
    expect((await agent.post('/v1/user/two-factor/confirm', { code: totp.codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    t.clock.advance(STEP);

    for (let i = 0; i < 10; i++) {
      const res = await agent.delete('/v1/user/two-factor', { code: `wrong-recovery-${i}` });
      expect(res.statusCode, `guess ${i + 1}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    }
    expectLocked(await agent.delete('/v1/user/two-factor', { code: totp.codeAt(secret, t.clock.now()) }));
    expect((await agent.get('/v1/user')).json()).toMatchObject({ two_factor_enabled: true });

    // The checkpoint of a new sign-in shares the lock.
    const elsewhere = new Agent(t.app);
    expect((await elsewhere.post('/auth', { email, password: PASSWORD })).json()).toEqual({ status: 'two_factor_required' });
    expectLocked(await elsewhere.post('/auth/checkpoint', { code: totp.codeAt(secret, t.clock.now()) }));

    t.clock.advance(15 * MINUTE);
    expect((await agent.delete('/v1/user/two-factor', { code: totp.codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    expect((await agent.get('/v1/user')).json()).toMatchObject({ two_factor_enabled: false });
  });
});
