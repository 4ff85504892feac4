import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, userEndpoints } from '@merchant/identity';
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
  await agent.ok(authEndpoints.register, {
    body: { name: `Reauth User ${counter}`, email, password: PASSWORD, business: { name: `Reauth Shop ${counter}`, country: 'SG', currency: 'SGD' } },
  });
  return { agent, email };
}

function expectLocked(answer: { status: number; ok: boolean; body: unknown }): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.ok).toBe(false);
  expect(answer.body).toMatchObject({ code: 'AUTH_ACCOUNT_LOCKED', message: expect.stringContaining('15 minutes'), requestId: expect.any(String) });
}

const signIn = (email: string, password = PASSWORD) => new Agent(t.app).call(authEndpoints.login, { body: { email, password } });
const startTwoFactor = (a: Agent, password: string) => a.call(userEndpoints.startTwoFactor, { body: { password } });
const revokeOthers = (a: Agent, password: string) => a.call(userEndpoints.revokeOtherSessions, { body: { password } });
const disableTwoFactor = (a: Agent, code: string) => a.call(userEndpoints.disableTwoFactor, { body: { code } });

/** Each place that asks for the password: the call with a given password, and whether it took effect. */
const confirmations = [
  {
    name: 'changing the password',
    send: (a: Agent, password: string) =>
      a.call(userEndpoints.changePassword, {
        body: { current_password: password, password: 'a brand new passphrase', password_confirmation: 'a brand new passphrase' },
      }),
    field: 'current_password',
    changed: async (email: string) => (await signIn(email, 'a brand new passphrase')).status === 200,
  },
  {
    name: 'changing the email',
    send: (a: Agent, password: string) => a.call(userEndpoints.changeEmail, { body: { email: `moved${counter}@example.test`, password } }),
    field: 'password',
    changed: async (email: string, a: Agent) => (await a.ok(userEndpoints.me)).email !== email,
  },
  {
    name: 'starting two-factor',
    send: startTwoFactor,
    field: 'password',
    changed: async (_email: string, a: Agent) => (await a.call(userEndpoints.confirmTwoFactor, { body: { code: '000000' } })).status !== 409,
  },
  {
    name: 'signing out the other sessions',
    send: revokeOthers,
    field: 'password',
    changed: async (_email: string, _a: Agent, other: Agent) => (await other.call(userEndpoints.me)).status === 401,
  },
];

describe.each(confirmations)('$name', ({ send, field, changed }) => {
  it('takes 10 wrong passwords, then refuses even the right one for 15 minutes, and so does sign-in', async () => {
    const { agent, email } = await newUser();
    const other = new Agent(t.app);
    await other.login(email, PASSWORD);

    for (let i = 0; i < 10; i++) {
      const res = await send(agent, `wrong guess ${i}`);
      expect(res.status, `guess ${i + 1}`).toBe(422);
      expect(res.body).toMatchObject({ code: 'AUTH_PASSWORD_INCORRECT', issues: [{ path: field, message: expect.any(String) }] });
    }
    expectLocked(await send(agent, PASSWORD));
    // One lock per account: sign-in with the right password is refused too, from anywhere.
    expectLocked(await signIn(email));
    expect(await changed(email, agent, other)).toBe(false);

    t.clock.advance(15 * MINUTE);
    const res = await send(agent, PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await changed(email, agent, other)).toBe(true);
  });
});

describe('the password lock', () => {
  it('counts sign-in failures and signed-in confirmations together', async () => {
    const { agent, email } = await newUser();
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong guess ${i}`)).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await startTwoFactor(agent, `wrong again ${i}`)).status).toBe(422);
    expectLocked(await startTwoFactor(agent, PASSWORD));
  });

  it('lets at most 10 of 30 guesses sent at once be checked', async () => {
    const { agent } = await newUser();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => revokeOthers(agent, `parallel guess ${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
  });

  it('is cleared by a right password, as at sign-in', async () => {
    const { agent } = await newUser();
    for (let i = 0; i < 9; i++) expect((await startTwoFactor(agent, `wrong guess ${i}`)).status).toBe(422);
    expect((await revokeOthers(agent, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await startTwoFactor(agent, `wrong again ${i}`)).status).toBe(422);
    expectLocked(await startTwoFactor(agent, PASSWORD));
  });
});

describe('turning two-factor off', () => {
  it('takes 10 wrong codes, then refuses even a right one for 15 minutes, and so does the sign-in checkpoint', async () => {
    const { agent, email } = await newUser();
    const { secret } = await agent.ok(userEndpoints.startTwoFactor, { body: { password: PASSWORD } });
    await agent.ok(userEndpoints.confirmTwoFactor, { body: { code: totp.codeAt(secret, t.clock.now()) } });
    t.clock.advance(STEP);

    for (let i = 0; i < 10; i++) {
      const res = await disableTwoFactor(agent, `wrong-recovery-${i}`);
      expect(res.status, `guess ${i + 1}`).toBe(422);
      expect(res.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    }
    expectLocked(await disableTwoFactor(agent, totp.codeAt(secret, t.clock.now())));
    expect(await agent.ok(userEndpoints.me)).toMatchObject({ two_factor_enabled: true });

    // The checkpoint of a new sign-in shares the lock.
    const elsewhere = new Agent(t.app);
    expect(await elsewhere.ok(authEndpoints.login, { body: { email, password: PASSWORD } })).toEqual({ status: 'two_factor_required' });
    expectLocked(await elsewhere.call(authEndpoints.checkpoint, { body: { code: totp.codeAt(secret, t.clock.now()) } }));

    t.clock.advance(15 * MINUTE);
    await agent.ok(userEndpoints.disableTwoFactor, { body: { code: totp.codeAt(secret, t.clock.now()) } });
    expect(await agent.ok(userEndpoints.me)).toMatchObject({ two_factor_enabled: false });
  });
});
