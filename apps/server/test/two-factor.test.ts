import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { recoveryCodes, users } from '../src/db/schema';
import { Agent, createTestContext, totp, type TestContext } from './harness';
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
const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'md_session')?.value;

async function enable(a: Agent, password = FACTORY_PASSWORD): Promise<{ secret: string; recovery: string[] }> {
  const start = await a.post('/v1/user/two-factor', { password });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await a.post('/v1/user/two-factor/confirm', { code: code(secret) });
  expect(confirm.statusCode).toBe(200);
  return { secret, recovery: confirm.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** Signs out and back in with the password: the agent is left at the checkpoint. */
async function toCheckpoint(a: Agent, email: string, password = FACTORY_PASSWORD): Promise<LightMyRequestResponse> {
  if (a.cookies.has('md_session')) await a.delete('/auth');
  await a.token();
  const res = await a.post('/auth', { email, password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'two_factor_required' });
  return res;
}

async function actions(a: Agent): Promise<{ action: string; description: string }[]> {
  const res = await a.get('/v1/user/audit-logs?limit=100');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { action: string; description: string }[] }>().data;
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
    const wrong = await owner.post('/v1/user/two-factor', { password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'AUTH_PASSWORD_INCORRECT', issues: [{ path: 'password', message: expect.any(String) }] });

    const missing = await owner.post('/v1/user/two-factor', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().issues).toEqual([expect.objectContaining({ path: 'password' })]);

    const res = await owner.post('/v1/user/two-factor', { password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ secret: string; otpauth_url: string; qr_code: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes, base32
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(body.otpauth_url).toContain(encodeURIComponent(email));
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    secret = body.secret;

    // Not on until confirmed.
    expect((await owner.get('/v1/user')).json().two_factor_enabled).toBe(false);
  });

  it('refuses to confirm with a wrong or malformed code', async () => {
    const wrong = await owner.post('/v1/user/two-factor/confirm', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });

    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await owner.post('/v1/user/two-factor/confirm', { code: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'code' })] });
    }
    expect((await owner.get('/v1/user')).json().two_factor_enabled).toBe(false);
  });

  it('confirms with a current code and answers 8 distinct recovery codes', async () => {
    const res = await owner.post('/v1/user/two-factor/confirm', { code: code(secret) });
    expect(res.statusCode).toBe(200);
    recovery = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(recovery).toHaveLength(8);
    expect(new Set(recovery).size).toBe(8);
    for (const c of recovery) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const me = await owner.get('/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, two_factor_enabled: true });

    // Starting again is refused while it is on.
    const again = await owner.post('/v1/user/two-factor', { password: FACTORY_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AUTH_TWO_FACTOR_ALREADY_ENABLED');
    const reconfirm = await owner.post('/v1/user/two-factor/confirm', { code: code(secret) });
    expect(reconfirm.statusCode).toBe(409);
  });

  it('requires the checkpoint at sign-in, with no access before it', async () => {
    const a = agent();
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await a.post('/auth', { email, password: FACTORY_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'two_factor_required' });
    const pendingCookie = sessionCookie(res);
    expect(pendingCookie).toBeTruthy();
    expect(pendingCookie).not.toBe(guestCookie);

    const me = await a.get('/v1/user');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');
    expect((await a.get(`/v1/business/${businessId}`)).statusCode).toBe(401);
    expect((await a.patch('/v1/user', { name: 'Sneaky' })).statusCode).toBe(401);
    expect((await a.get('/v1/user/sessions')).statusCode).toBe(401);
  });

  it('signs in at the checkpoint with a valid code and rotates the session', async () => {
    t.clock.advance(STEP); // the confirm code's step is spent
    const a = agent();
    await toCheckpoint(a, email);
    const pendingCookie = a.cookies.get('md_session');

    const res = await a.post('/auth/checkpoint', { code: code(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email, two_factor_enabled: true, businesses: { owned: [expect.objectContaining({ id: businessId })] } } });
    const signedInCookie = sessionCookie(res);
    expect(signedInCookie).toBeTruthy();
    expect(signedInCookie).not.toBe(pendingCookie);
    expect((await a.get('/v1/user')).statusCode).toBe(200);

    // The pending session id is dead.
    const old = await t.app.inject({ method: 'GET', url: '/v1/user', headers: { cookie: `md_session=${pendingCookie}` } });
    expect(old.statusCode).toBe(401);

    // A signed-in session has no pending checkpoint.
    const again = await a.post('/auth/checkpoint', { code: code(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AUTH_NO_PENDING_CHECKPOINT');
  });

  it('accepts each code once: a replay is refused, the next step works', async () => {
    t.clock.advance(STEP);
    const used = code(secret);
    const a = agent();
    await toCheckpoint(a, email);
    expect((await a.post('/auth/checkpoint', { code: used })).statusCode).toBe(200);

    await toCheckpoint(a, email);
    const replay = await a.post('/auth/checkpoint', { code: used });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    // A replay from another browser at the same moment is refused too.
    const b = agent();
    await toCheckpoint(b, email);
    expect((await b.post('/auth/checkpoint', { code: used })).statusCode).toBe(422);

    t.clock.advance(STEP);
    const next = code(secret);
    expect(next).not.toBe(used);
    const ok = await a.post('/auth/checkpoint', { code: next });
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/v1/user')).statusCode).toBe(200);
  });

  it('refuses a wrong code and a code of an older step', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    const wrong = await a.post('/auth/checkpoint', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('AUTH_TWO_FACTOR_INVALID');
    const stale = totp.codeAt(secret, new Date(t.clock.now().getTime() - 5 * STEP));
    expect((await a.post('/auth/checkpoint', { code: stale })).statusCode).toBe(422);
    expect((await a.get('/v1/user')).statusCode).toBe(401);
  });

  it('refuses a body with both or neither kind of code', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    for (const body of [{}, { code: code(secret), recovery_code: recovery[7] }]) {
      const res = await a.post('/auth/checkpoint', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'code' })] });
    }
  });

  it('accepts a recovery code once only', async () => {
    const a = agent();
    await toCheckpoint(a, email);
    const res = await a.post('/auth/checkpoint', { recovery_code: recovery[0] });
    expect(res.statusCode).toBe(200);
    expect((await a.get('/v1/user')).statusCode).toBe(200);

    await toCheckpoint(a, email);
    const reuse = await a.post('/auth/checkpoint', { recovery_code: recovery[0] });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'recovery_code', message: expect.any(String) }] });
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    // Another code still works, typed in upper case with spaces around it.
    const other = await a.post('/auth/checkpoint', { recovery_code: `  ${recovery[1]!.toUpperCase()} ` });
    expect(other.statusCode).toBe(200);

    // An unknown recovery code is refused.
    await toCheckpoint(a, email);
    expect((await a.post('/auth/checkpoint', { recovery_code: 'aaaaa-bbbbb' })).statusCode).toBe(422);
  });

  it('answers 409 AUTH_NO_PENDING_CHECKPOINT without a pending sign-in', async () => {
    const guest = agent();
    await guest.token();
    const res = await guest.post('/auth/checkpoint', { code: code(secret) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'AUTH_NO_PENDING_CHECKPOINT', message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 409 when the checkpoint comes more than 10 minutes after the password', async () => {
    t.clock.advance(STEP);
    const a = agent();
    await toCheckpoint(a, email);
    t.clock.advance(11 * MINUTE);
    const res = await a.post('/auth/checkpoint', { code: code(secret) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AUTH_NO_PENDING_CHECKPOINT');
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    // The code was not spent: a fresh sign-in can use it.
    await toCheckpoint(a, email);
    expect((await a.post('/auth/checkpoint', { code: code(secret) })).statusCode).toBe(200);
  });

  it('disables with a current code only', async () => {
    t.clock.advance(STEP);
    const a = agent();
    await toCheckpoint(a, email);
    expect((await a.post('/auth/checkpoint', { code: code(secret) })).statusCode).toBe(200);

    // The code just used to sign in cannot also disable.
    const replay = await a.delete('/v1/user/two-factor', { code: code(secret) });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code', message: expect.any(String) }] });
    const wrong = await a.delete('/v1/user/two-factor', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect((await a.get('/v1/user')).json().two_factor_enabled).toBe(true);

    t.clock.advance(STEP);
    const res = await a.delete('/v1/user/two-factor', { code: code(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await a.get('/v1/user')).json().two_factor_enabled).toBe(false);

    const off = await a.delete('/v1/user/two-factor', { code: code(secret) });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('AUTH_TWO_FACTOR_NOT_ENABLED');

    // Sign-in no longer asks for a code, and the old recovery codes are gone.
    const b = agent();
    const login = await b.post('/auth', { email, password: FACTORY_PASSWORD });
    expect(login.json()).toMatchObject({ status: 'authenticated', user: { two_factor_enabled: false } });
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
    const res = await a.delete('/v1/user/two-factor', { code: recovery[3] });
    expect(res.statusCode).toBe(200);
    expect((await a.get('/v1/user')).json().two_factor_enabled).toBe(false);
  });

  it('keeps a pending secret out of sign-in until it is confirmed', async () => {
    const a = agent();
    const { email } = await newPerson();
    await a.login(email, FACTORY_PASSWORD);
    expect((await a.post('/v1/user/two-factor', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    const b = agent();
    const login = await b.post('/auth', { email, password: FACTORY_PASSWORD });
    expect(login.json()).toMatchObject({ status: 'authenticated' });
    // Confirming without starting is refused.
    const c = agent();
    await c.login((await newPerson()).email, FACTORY_PASSWORD);
    const res = await c.post('/v1/user/two-factor/confirm', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AUTH_TWO_FACTOR_NOT_STARTED');
  });

  it('locks the checkpoint after 10 wrong codes, then lets the right one through 15 minutes later', async () => {
    const setup = agent();
    const { email } = await newPerson();
    await setup.login(email, FACTORY_PASSWORD);
    const { secret } = await enable(setup);
    t.clock.advance(STEP);

    const a = agent();
    await toCheckpoint(a, email);
    for (let i = 0; i < 10; i++) expect((await a.post('/auth/checkpoint', { code: wrongCode(secret) })).statusCode).toBe(422);
    const locked = await a.post('/auth/checkpoint', { code: code(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('AUTH_ACCOUNT_LOCKED');
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    t.clock.advance(5 * MINUTE); // still locked (the pending sign-in is still fresh)
    expect((await a.post('/auth/checkpoint', { code: code(secret) })).statusCode).toBe(429);

    t.clock.advance(10 * MINUTE);
    await toCheckpoint(a, email);
    expect((await a.post('/auth/checkpoint', { code: code(secret) })).statusCode).toBe(200);
  });
});
