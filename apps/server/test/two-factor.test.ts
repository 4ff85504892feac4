import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { recoveryCodes, users } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, totp, type TestContext } from './harness';
import { FACTORY_PASSWORD, signUp } from './factories';

/** Two-factor sign-in: enabling, the checkpoint, single-use codes, recovery codes, disabling, audit. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const STEP = 30_000;
const MINUTE = 60_000;
let ipCounter = 0;
function agent(): Agent {
  const a = new Agent(t.app);
  a.ip = `10.2.0.${++ipCounter}`;
  return a;
}
const code = (secret: string) => totp.codeAt(secret, t.clock.now());
/** A six-digit code that is not valid for the secret around now. */
function wrongCode(secret: string): string {
  const valid = new Set([-STEP, 0, STEP].map((d) => totp.codeAt(secret, new Date(t.clock.now().getTime() + d))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
/** A new person of their own (signed up with FACTORY_PASSWORD): their email and business. */
async function newPerson(): Promise<{ email: string; businessId: string }> {
  const { person, businessId } = await signUp(t);
  return { email: person.email, businessId };
}
/** The session cookie an answer sets. */
function sessionCookie(answer: { headers: LightMyRequestResponse['headers'] }): string | undefined {
  const cookies = [answer.headers['set-cookie'] ?? []].flat();
  return cookies
    .find((c) => c.startsWith('md_session='))
    ?.split(';')[0]!
    .slice('md_session='.length);
}
const status = async (a: Agent) => (await a.call(userEndpoints.me)).status;
const me = (a: Agent) => a.ok(userEndpoints.me);
const login = (a: Agent, email: string, password = FACTORY_PASSWORD) => a.call(authEndpoints.login, { body: { email, password } });
const checkpoint = (a: Agent, body: { code?: string; recovery_code?: string }) => a.call(authEndpoints.checkpoint, { body });
const start = (a: Agent, password: string) => a.call(userEndpoints.startTwoFactor, { body: { password } });
const confirm = (a: Agent, code: string) => a.call(userEndpoints.confirmTwoFactor, { body: { code } });
const disable = (a: Agent, code: string) => a.call(userEndpoints.disableTwoFactor, { body: { code } });

async function enable(a: Agent, password = FACTORY_PASSWORD): Promise<{ secret: string; recovery: string[] }> {
  const { secret } = await a.ok(userEndpoints.startTwoFactor, { body: { password } });
  const confirmed = await a.ok(userEndpoints.confirmTwoFactor, { body: { code: code(secret) } });
  return { secret, recovery: confirmed.recovery_codes };
}

/** Signs out and back in with the password: the agent is left at the checkpoint. */
async function toCheckpoint(a: Agent, email: string, password = FACTORY_PASSWORD) {
  if (a.cookies.has('md_session')) await a.ok(authEndpoints.logout);
  await a.token();
  const res = await login(a, email, password);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'two_factor_required' });
  return res;
}

async function actions(a: Agent) {
  return (await a.ok(userEndpoints.auditLogs, { query: { limit: 100 } })).data;
}

describe('two-factor authentication (owner)', () => {
  let email = '';
  let businessId = '';
  let owner: Agent;
  let secret = '';
  let recovery: string[] = [];

  beforeAll(async () => {
    ({ email, businessId } = await newPerson());
    owner = agent();
    await owner.login(email, FACTORY_PASSWORD);
  });

  it('starts only with the right password and answers a secret with its QR code', async () => {
    const wrong = await start(owner, 'not my password');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'AUTH_PASSWORD_INCORRECT', issues: [{ path: 'password', message: expect.any(String) }] });

    // A body without the password is malformed: sent raw.
    const missing = answerOf(await owner.post(endpointPath(userEndpoints.startTwoFactor), {}));
    expect(missing.status).toBe(422);
    expect(failure(missing).issues).toEqual([expect.objectContaining({ path: 'password' })]);

    const body = await owner.ok(userEndpoints.startTwoFactor, { body: { password: FACTORY_PASSWORD } });
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes, base32
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(body.otpauth_url).toContain(encodeURIComponent(email));
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    secret = body.secret;

    // Not on until confirmed.
    expect((await me(owner)).two_factor_enabled).toBe(false);
  });

  it('refuses to confirm with a wrong or malformed code', async () => {
    const wrong = await confirm(owner, wrongCode(secret));
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });

    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await confirm(owner, bad);
      expect(res.status, bad).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'code' })] });
    }
    expect((await me(owner)).two_factor_enabled).toBe(false);
  });

  it('confirms with a current code and answers 8 distinct recovery codes', async () => {
    recovery = (await owner.ok(userEndpoints.confirmTwoFactor, { body: { code: code(secret) } })).recovery_codes;
    expect(recovery).toHaveLength(8);
    expect(new Set(recovery).size).toBe(8);
    for (const c of recovery) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    expect(await me(owner)).toMatchObject({ email, two_factor_enabled: true });

    // Starting again is refused while it is on.
    const again = await start(owner, FACTORY_PASSWORD);
    expect(again.status).toBe(409);
    expect(failure(again).code).toBe('AUTH_TWO_FACTOR_ALREADY_ENABLED');
    const reconfirm = await confirm(owner, code(secret));
    expect(reconfirm.status).toBe(409);
  });

  it('requires the checkpoint at sign-in, with no access before it', async () => {
    const a = agent();
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await login(a, email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'two_factor_required' });
    const pendingCookie = sessionCookie(res);
    expect(pendingCookie).toBeTruthy();
    expect(pendingCookie).not.toBe(guestCookie);

    const user = await a.call(userEndpoints.me);
    expect(user.status).toBe(401);
    expect(failure(user).code).toBe('UNAUTHENTICATED');
    expect((await a.call(businessEndpoints.get, { params: { business_id: businessId } })).status).toBe(401);
    expect((await a.call(userEndpoints.updateAccount, { body: { name: 'Sneaky' } })).status).toBe(401);
    expect((await a.call(userEndpoints.sessions)).status).toBe(401);
  });

  it('signs in at the checkpoint with a valid code and rotates the session', async () => {
    t.clock.advance(STEP); // the confirm code's step is spent
    const a = agent();
    await toCheckpoint(a, email);
    const pendingCookie = a.cookies.get('md_session');

    const res = await checkpoint(a, { code: code(secret) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { email, two_factor_enabled: true, businesses: { owned: [expect.objectContaining({ id: businessId })] } } });
    const signedInCookie = sessionCookie(res);
    expect(signedInCookie).toBeTruthy();
    expect(signedInCookie).not.toBe(pendingCookie);
    expect(await status(a)).toBe(200);

    // The pending session id is dead.
    const old = await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: { cookie: `md_session=${pendingCookie}` } });
    expect(old.statusCode).toBe(401);

    // A signed-in session has no pending checkpoint.
    const again = await checkpoint(a, { code: code(secret) });
    expect(again.status).toBe(409);
    expect(failure(again).code).toBe('AUTH_NO_PENDING_CHECKPOINT');
  });

  it('accepts each code once: a replay is refused, the next step works', async () => {
    t.clock.advance(STEP);
    const used = code(secret);
    const a = agent();
    await toCheckpoint(a, email);
    expect((await checkpoint(a, { code: used })).status).toBe(200);

    await toCheckpoint(a, email);
    const replay = await checkpoint(a, { code: used });
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    expect(await status(a)).toBe(401);

    // A replay from another browser at the same moment is refused too.
    const b = agent();
    await toCheckpoint(b, email);
    expect((await checkpoint(b, { code: used })).status).toBe(422);

    t.clock.advance(STEP);
    const next = code(secret);
    expect(next).not.toBe(used);
    const ok = await checkpoint(a, { code: next });
    expect(ok.status).toBe(200);
    expect(await status(a)).toBe(200);
  });

  it('refuses a wrong code and a code of an older step', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    const wrong = await checkpoint(a, { code: wrongCode(secret) });
    expect(wrong.status).toBe(422);
    expect(failure(wrong).code).toBe('AUTH_TWO_FACTOR_INVALID');
    const stale = totp.codeAt(secret, new Date(t.clock.now().getTime() - 5 * STEP));
    expect((await checkpoint(a, { code: stale })).status).toBe(422);
    expect(await status(a)).toBe(401);
  });

  it('refuses a body with both or neither kind of code', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    for (const body of [{}, { code: code(secret), recovery_code: recovery[7] }]) {
      const res = await checkpoint(a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'code' })] });
    }
  });

  it('accepts a recovery code once only', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    const res = await checkpoint(a, { recovery_code: recovery[0] });
    expect(res.status).toBe(200);
    expect(await status(a)).toBe(200);

    await toCheckpoint(a, email);
    const reuse = await checkpoint(a, { recovery_code: recovery[0] });
    expect(reuse.status).toBe(422);
    expect(reuse.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'recovery_code', message: expect.any(String) }] });
    expect(await status(a)).toBe(401);

    // Another code still works, typed in upper case with spaces around it.
    const other = await checkpoint(a, { recovery_code: `  ${recovery[1]!.toUpperCase()} ` });
    expect(other.status).toBe(200);

    // An unknown recovery code is refused.
    await toCheckpoint(a, email);
    expect((await checkpoint(a, { recovery_code: 'aaaaa-bbbbb' })).status).toBe(422);
  });

  it('answers 409 AUTH_NO_PENDING_CHECKPOINT without a pending sign-in', async () => {
    const guest = agent();
    await guest.token();
    const res = await checkpoint(guest, { code: code(secret) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'AUTH_NO_PENDING_CHECKPOINT', message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 409 when the checkpoint comes more than 10 minutes after the password', async () => {
    t.clock.advance(STEP);
    const a = agent();
    await toCheckpoint(a, email);
    t.clock.advance(11 * MINUTE);
    const res = await checkpoint(a, { code: code(secret) });
    expect(res.status).toBe(409);
    expect(failure(res).code).toBe('AUTH_NO_PENDING_CHECKPOINT');
    expect(await status(a)).toBe(401);

    // The code was not spent: a fresh sign-in can use it.
    await toCheckpoint(a, email);
    expect((await checkpoint(a, { code: code(secret) })).status).toBe(200);
  });

  it('disables with a current code only', async () => {
    t.clock.advance(STEP);
    const a = agent();
    await toCheckpoint(a, email);
    expect((await checkpoint(a, { code: code(secret) })).status).toBe(200);

    // The code just used to sign in cannot also disable.
    const replay = await disable(a, code(secret));
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    const wrong = await disable(a, wrongCode(secret));
    expect(wrong.status).toBe(422);
    expect((await me(a)).two_factor_enabled).toBe(true);

    t.clock.advance(STEP);
    expect(await a.ok(userEndpoints.disableTwoFactor, { body: { code: code(secret) } })).toEqual({ ok: true });
    expect((await me(a)).two_factor_enabled).toBe(false);

    const off = await disable(a, code(secret));
    expect(off.status).toBe(409);
    expect(failure(off).code).toBe('AUTH_TWO_FACTOR_NOT_ENABLED');

    // Sign-in no longer asks for a code, and the old recovery codes are gone.
    const b = agent();
    expect(await b.ok(authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } })).toMatchObject({
      status: 'authenticated',
      user: { two_factor_enabled: false },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ twoFactorSecret: null, twoFactorConfirmedAt: null });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id))).toEqual([]);
  });

  it('records enabling, sign-ins with a code or a recovery code, and disabling in the audit log', async () => {
    const entries = await actions(owner);
    const byAction = (name: string) => entries.filter((e) => e.action === name);
    expect(byAction('user.two_factor_enabled')).toHaveLength(1);
    expect(byAction('user.two_factor_disabled')).toHaveLength(1);
    const logins = byAction('auth.login').map((e) => e.description);
    expect(logins).toContain('Signed in with two-factor authentication');
    expect(logins).toContain('Signed in with a recovery code');
    // Newest first: the disable came after the enable.
    const names = entries.map((e) => e.action);
    expect(names.indexOf('user.two_factor_disabled')).toBeLessThan(names.indexOf('user.two_factor_enabled'));
  });
});

describe('two-factor with another user', () => {
  it('disables with a recovery code', async () => {
    const a = agent();
    await a.login((await newPerson()).email, FACTORY_PASSWORD);
    const { recovery } = await enable(a);
    await a.ok(userEndpoints.disableTwoFactor, { body: { code: recovery[3]! } });
    expect((await me(a)).two_factor_enabled).toBe(false);
  });

  it('keeps a pending secret out of sign-in until it is confirmed', async () => {
    const a = agent();
    const { email } = await newPerson();
    await a.login(email, FACTORY_PASSWORD);
    await a.ok(userEndpoints.startTwoFactor, { body: { password: FACTORY_PASSWORD } });
    const b = agent();
    expect(await b.ok(authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } })).toMatchObject({ status: 'authenticated' });
    // Confirming without starting is refused.
    const c = agent();
    await c.login((await newPerson()).email, FACTORY_PASSWORD);
    const res = await confirm(c, '123456');
    expect(res.status).toBe(409);
    expect(failure(res).code).toBe('AUTH_TWO_FACTOR_NOT_STARTED');
  });

  it('locks the checkpoint after 10 wrong codes, then lets the right one through 15 minutes later', async () => {
    const setup = agent();
    const { email } = await newPerson();
    await setup.login(email, FACTORY_PASSWORD);
    const { secret } = await enable(setup);
    t.clock.advance(STEP);

    const a = agent();
    await toCheckpoint(a, email);
    for (let i = 0; i < 10; i++) expect((await checkpoint(a, { code: wrongCode(secret) })).status).toBe(422);
    const locked = await checkpoint(a, { code: code(secret) });
    expect(locked.status).toBe(429);
    expect(failure(locked).code).toBe('AUTH_ACCOUNT_LOCKED');
    expect(await status(a)).toBe(401);

    t.clock.advance(5 * MINUTE); // still locked (the pending sign-in is still fresh)
    expect((await checkpoint(a, { code: code(secret) })).status).toBe(429);

    t.clock.advance(10 * MINUTE);
    await toCheckpoint(a, email);
    expect((await checkpoint(a, { code: code(secret) })).status).toBe(200);
  });
});
