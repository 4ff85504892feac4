import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Agent, createTestContext, mailbox, signedIn, DEMO_PASSWORD, DEMO_USERS, type TestContext } from './harness';

/** Sign-in, sign-out, sessions, registration and password reset: POST /csrf-token, /auth, /register*, /password/*. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { demoData: true });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const agent = () => new Agent(t.app);

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'md_session');
}

function cookieHeader(a: Agent): string {
  return [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A request the Agent cannot make: any content type and raw payload, with the agent's cookie and token. */
async function raw(a: Agent, url: string, payload: string | Buffer, contentType: string | null): Promise<LightMyRequestResponse> {
  if (!a.csrf) await a.token();
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: a.ip,
    headers: {
      cookie: cookieHeader(a),
      'x-csrf-token': a.csrf!,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload,
  });
}

function expectIssueOn(res: LightMyRequestResponse, path: string): void {
  const body = res.json<{ issues?: { path: string; message: string }[] }>();
  expect(body.issues, res.body).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]));
}

let userCounter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  userCounter++;
  return {
    name: `Reg User ${userCounter}`,
    email: `reg${userCounter}@example.test`,
    password: 'a long enough passphrase',
    business: { name: `Shop Number ${userCounter}`, country: 'SG', currency: 'SGD' },
    ...overrides,
  };
}

describe('anti-forgery token', () => {
  it('starts a guest session with an HttpOnly, SameSite=Lax cookie and answers the same token on repeat', async () => {
    const a = agent();
    const first = await a.post('/csrf-token');
    expect(first.statusCode).toBe(200);
    const { token } = first.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = sessionCookie(first);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // Over plain http the cookie cannot be Secure, or the browser would drop it.
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url

    const again = await a.post('/csrf-token');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ token });
    expect(sessionCookie(again)).toBeUndefined(); // no new session
  });

  it('gives another browser another session and token', async () => {
    const a = agent();
    const b = agent();
    expect(await a.token()).not.toBe(await b.token());
    expect(a.cookies.get('md_session')).not.toBe(b.cookies.get('md_session'));
  });

  it('is still required for sign-in: a POST /auth without it answers 419', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth', payload: { email: DEMO_USERS.owner, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH', requestId: expect.any(String) });
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('answers the user with the businesses they own and rotates the session id', async () => {
    const a = agent();
    const token = await a.token();
    const guestCookie = a.cookies.get('md_session')!;

    const res = await a.post('/auth', { email: DEMO_USERS.owner, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'authenticated',
      user: {
        email: DEMO_USERS.owner,
        name: 'Olivia Owner',
        is_super_admin: false,
        two_factor_enabled: false,
        pending_invitations: 0,
        businesses: { owned: [expect.objectContaining({ id: t.demoBusinessId, identifier: 'demo-coffee', role: { title: 'Owner' } })], member: [] },
      },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');

    const newCookie = sessionCookie(res);
    expect(newCookie?.value).toBeTruthy();
    expect(newCookie!.value).not.toBe(guestCookie);
    expect(newCookie!.httpOnly).toBe(true);

    // The anti-forgery token survives the rotation.
    expect((await a.post('/csrf-token')).json()).toEqual({ token });

    const me = await a.get('/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: DEMO_USERS.owner });

    // The pre-login session id is dead (no fixation).
    const old = await t.app.inject({ method: 'GET', url: '/v1/user', headers: { cookie: `md_session=${guestCookie}` } });
    expect(old.statusCode).toBe(401);
  });

  it('lists memberships that are not owned under businesses.member', async () => {
    const a = agent();
    const res = await a.login(DEMO_USERS.cashier);
    expect(res.json()).toMatchObject({
      user: { businesses: { owned: [], member: [expect.objectContaining({ id: t.demoBusinessId, role: { title: 'Cashier' } })] } },
    });
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const a = agent();
    const res = await a.post('/auth', { email: '  Manager@Demo.TEST ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'authenticated', user: { email: DEMO_USERS.manager } });
  });

  it('answers a wrong password and an unknown email the same way: 422 AUTH_INVALID_CREDENTIALS on email', async () => {
    const a = agent();
    const wrong = await a.post('/auth', { email: DEMO_USERS.admin, password: 'not-the-password' });
    const unknown = await a.post('/auth', { email: 'nobody@demo.test', password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({
        code: 'AUTH_INVALID_CREDENTIALS',
        message: 'These credentials do not match our records.',
        issues: [{ path: 'email', message: 'These credentials do not match our records.' }],
        requestId: expect.any(String),
      });
    }
    const strip = (r: LightMyRequestResponse) => ({ ...r.json(), requestId: undefined });
    expect(strip(wrong)).toEqual(strip(unknown));
    // Still a guest.
    expect((await a.get('/v1/user')).statusCode).toBe(401);
  });

  it('locks the account after 10 failures, even for the right password, and unlocks after 15 minutes', async () => {
    const email = 'lockout@example.test';
    const reg = await agent().post('/register', registration({ email }));
    expect(reg.statusCode).toBe(201);

    const a = agent();
    for (let i = 0; i < 10; i++) {
      const res = await a.post('/auth', { email, password: `wrong-${i}` });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(422);
      expect(res.json().code).toBe('AUTH_INVALID_CREDENTIALS');
    }
    const locked = await a.post('/auth', { email, password: 'a long enough passphrase' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'AUTH_ACCOUNT_LOCKED', message: expect.stringContaining('15 minutes') });
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    // The lock is per account, not per browser: another IP is locked out too.
    const elsewhere = await agent().post('/auth', { email, password: 'a long enough passphrase' });
    expect(elsewhere.statusCode).toBe(429);

    // Other accounts are not affected.
    expect((await agent().post('/auth', { email: DEMO_USERS.admin, password: DEMO_PASSWORD })).statusCode).toBe(200);

    t.clock.advance(15 * MINUTE);
    const again = await a.post('/auth', { email, password: 'a long enough passphrase' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'authenticated', user: { email } });
  });

  it('locks unknown emails the same way as known ones', async () => {
    const a = agent();
    const email = 'ghost@example.test';
    for (let i = 0; i < 10; i++) expect((await a.post('/auth', { email, password: 'whatever-it-is' })).statusCode).toBe(422);
    const res = await a.post('/auth', { email, password: 'whatever-it-is' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('AUTH_ACCOUNT_LOCKED');
  });

  it('records successful and failed sign-ins in the audit log', async () => {
    const a = agent();
    await a.post('/auth', { email: DEMO_USERS.manager, password: 'wrong password' });
    await a.login(DEMO_USERS.manager);
    const logs = (await a.get('/v1/user/audit-logs?limit=100')).json<{ data: { action: string; ip: string }[] }>().data;
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed']));
    expect(logs.find((l) => l.action === 'auth.login')!.ip).toBe(a.ip);
  });
});

describe('bad input never answers 500', () => {
  it('answers 422 with issues for missing fields', async () => {
    const a = agent();
    const res = await a.post('/auth', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), requestId: expect.any(String) });
    expectIssueOn(res, 'email');
    expectIssueOn(res, 'password');

    const onlyEmail = await a.post('/auth', { email: DEMO_USERS.owner });
    expect(onlyEmail.statusCode).toBe(422);
    expectIssueOn(onlyEmail, 'password');
  });

  it('answers 422 for wrong types and malformed values', async () => {
    const a = agent();
    const cases: [unknown, string][] = [
      [{ email: 123, password: DEMO_PASSWORD }, 'email'],
      [{ email: DEMO_USERS.owner, password: ['demo-password'] }, 'password'],
      [{ email: DEMO_USERS.owner, password: { $ne: null } }, 'password'],
      [{ email: 'not-an-email', password: DEMO_PASSWORD }, 'email'],
      [{ email: DEMO_USERS.owner, password: '' }, 'password'],
      [{ email: null, password: null }, 'email'],
    ];
    for (const [body, path] of cases) {
      const res = await a.post('/auth', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expectIssueOn(res, path);
    }
    for (const body of [null, [], 'a string', 42]) {
      const res = await a.post('/auth', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.any(Array) });
    }
  });

  it('answers 422 for huge strings without hashing them', async () => {
    const a = agent();
    const hugeEmail = await a.post('/auth', { email: `${'a'.repeat(100_000)}@example.test`, password: DEMO_PASSWORD });
    expect(hugeEmail.statusCode).toBe(422);
    expectIssueOn(hugeEmail, 'email');

    const started = Date.now();
    const hugePassword = await a.post('/auth', { email: DEMO_USERS.owner, password: 'x'.repeat(500_000) });
    expect(hugePassword.statusCode).toBe(422);
    expectIssueOn(hugePassword, 'password');
    expect(Date.now() - started).toBeLessThan(5_000);

    const hugeName = await a.post('/register', registration({ name: 'n'.repeat(100_000) }));
    expect(hugeName.statusCode).toBe(422);
    expectIssueOn(hugeName, 'name');
  });

  it('answers 413 (not 500) for a body over the size limit', async () => {
    const a = agent();
    const res = await raw(a, '/auth', JSON.stringify({ email: DEMO_USERS.owner, password: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 422 for non-JSON, malformed JSON and empty bodies', async () => {
    const a = agent();
    const cases: [string, string | null][] = [
      ['email=owner@demo.test&password=demo-password', 'application/x-www-form-urlencoded'],
      ['owner@demo.test demo-password', 'text/plain'],
      ['{"email": "owner@demo.test", "password": ', 'application/json'],
      ['{email: owner}', 'application/json'],
      ['', 'application/json'],
    ];
    for (const [payload, type] of cases) {
      const res = await raw(a, '/auth', payload, type);
      expect(res.statusCode, `${type}: ${payload}`).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), requestId: expect.any(String) });
      expect(body.issues).toEqual([{ path: expect.any(String), message: expect.any(String) }]);
    }
    // None of it signed anyone in.
    expect((await a.get('/v1/user')).statusCode).toBe(401);
  });

  it('answers 422 with issues on the nested business fields of /register', async () => {
    const a = agent();
    const res = await a.post('/register', { name: '', email: 'x', password: 'short', business: { name: '', country: 1 } });
    expect(res.statusCode).toBe(422);
    for (const path of ['name', 'email', 'password', 'business.name', 'business.country', 'business.currency']) expectIssueOn(res, path);
  });
});

describe('sign-out and expiry', () => {
  it('DELETE /auth destroys the session server-side', async () => {
    const a = agent();
    await a.login(DEMO_USERS.admin);
    const cookie = a.cookies.get('md_session')!;
    const csrf = a.csrf!;

    const res = await a.delete('/auth');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = sessionCookie(res);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');

    // Replaying the old cookie does not bring the session back.
    const replay = await t.app.inject({ method: 'GET', url: '/v1/user', headers: { cookie: `md_session=${cookie}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
    const replayPost = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user',
      headers: { cookie: `md_session=${cookie}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: { name: 'Hijacker' },
    });
    expect(replayPost.statusCode).toBe(419);
  });

  it('records the sign-out in the audit log', async () => {
    const a = agent();
    await a.login(DEMO_USERS.partner);
    await a.delete('/auth');
    // The session and its token died with the sign-out: the client fetches a new token first.
    expect((await a.post('/auth', { email: DEMO_USERS.partner, password: DEMO_PASSWORD })).statusCode).toBe(419);
    await a.token();
    await a.login(DEMO_USERS.partner);
    const actions = (await a.get('/v1/user/audit-logs?limit=100')).json<{ data: { action: string }[] }>().data.map((l) => l.action);
    expect(actions).toContain('auth.logout');
  });

  it('ends an idle session after 120 minutes: GET answers 401, a POST with the old token 419', async () => {
    const a = agent();
    await a.login(DEMO_USERS.manager);
    const b = agent();
    await b.login(DEMO_USERS.manager);

    t.clock.advance(119 * MINUTE);
    expect((await a.get('/v1/user')).statusCode).toBe(200); // activity keeps it alive

    t.clock.advance(121 * MINUTE);
    const get = await a.get('/v1/user');
    expect(get.statusCode).toBe(401);
    expect(get.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    // b never touched the session in 240 minutes: its POST is refused before authentication.
    const post = await b.patch('/v1/user', { name: 'Too Late' });
    expect(post.statusCode).toBe(419);
    expect(post.json()).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH', requestId: expect.any(String) });

    // A fresh token (the client's retry) then gets 401, not a silent success.
    await b.token();
    expect((await b.patch('/v1/user', { name: 'Too Late' })).statusCode).toBe(401);
  });
});

describe('registration', () => {
  it('creates the user and a merchant business in the questionnaire, and signs in', async () => {
    const a = agent();
    const body = registration({ email: 'Founder@Example.TEST', business: { name: 'Founder Foods', country: 'my', currency: 'myr' } });
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await a.post('/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      business_id: expect.any(String),
      user: {
        email: 'founder@example.test',
        name: body.name,
        two_factor_enabled: false,
        businesses: {
          owned: [
            {
              id: json.business_id,
              name: 'Founder Foods',
              identifier: 'founder-foods',
              type: 'merchant',
              country: 'my',
              currency: 'myr',
              onboarding_status: 'questionnaire',
              role: { title: 'Owner' },
            },
          ],
          member: [],
        },
      },
    });
    expect(a.cookies.get('md_session')).not.toBe(guestCookie);

    const me = await a.get('/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(json.user.id);

    const business = await a.get(`/v1/business/${json.business_id}`);
    expect(business.statusCode).toBe(200);
    expect(business.json()).toMatchObject({ role: { title: 'Owner' }, onboarding_status: 'questionnaire' });
    expect((await a.get(`/v1/business/${json.business_id}/onboarding-progress`)).json()).toEqual({ is_completed: false, progress: 0 });

    // The new password works from another browser.
    expect((await agent().post('/auth', { email: 'founder@example.test', password: body.password })).statusCode).toBe(200);
  });

  it('refuses a taken email (in any case) with 422 AUTH_EMAIL_TAKEN on email', async () => {
    for (const email of [DEMO_USERS.owner, 'OWNER@demo.test']) {
      const res = await agent().post('/register', registration({ email }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'AUTH_EMAIL_TAKEN', issues: [{ path: 'email', message: expect.any(String) }] });
    }
  });

  it('refuses common and short passwords with an issue on password', async () => {
    for (const password of ['password123', 'Password123', 'qwertyuiop']) {
      const res = await agent().post('/register', registration({ password }));
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'password', message: expect.stringContaining('common') }] });
    }
    const short = await agent().post('/register', registration({ password: 'short' }));
    expect(short.statusCode).toBe(422);
    expectIssueOn(short, 'password');
    // Long passphrases are allowed (field notes: allow 64+).
    const long = await agent().post('/register', registration({ password: 'correct horse battery staple '.repeat(3) }));
    expect(long.statusCode).toBe(201);
  });

  it('refuses unknown currency and country codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Bad Currency', country: 'SG', currency: 'XYZ' }, 'business.currency'],
      [{ name: 'Withdrawn Currency', country: 'HR', currency: 'hrk' }, 'business.currency'],
      [{ name: 'Bad Country', country: 'ZZ', currency: 'SGD' }, 'business.country'],
      [{ name: 'Bad Country', country: 'QQ', currency: 'SGD' }, 'business.country'],
      [{ name: 'Bad Country', country: 'SGP', currency: 'SGD' }, 'business.country'],
      [{ name: 'Bad Country', country: '12', currency: 'SGD' }, 'business.country'],
    ];
    for (const [business, path] of cases) {
      const email = `unknown-code-${path}-${String(business.country)}-${String(business.currency)}@example.test`.toLowerCase();
      const res = await agent().post('/register', registration({ email, business }));
      expect(res.statusCode, JSON.stringify(business)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expectIssueOn(res, path);
      // Nothing was created.
      expect((await agent().post('/auth', { email, password: 'a long enough passphrase' })).statusCode).toBe(422);
    }
  });

  it('register-partner creates a partner business whose onboarding is complete', async () => {
    const a = agent();
    const res = await a.post('/register-partner', registration({ business: { name: 'Partner Agency', country: 'ph', currency: 'php' } }));
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.user.businesses.owned).toEqual([
      expect.objectContaining({ id: json.business_id, type: 'partner', onboarding_status: 'completed', role: { title: 'Owner' } }),
    ]);
    expect((await a.get(`/v1/business/${json.business_id}/onboarding-progress`)).json()).toEqual({ is_completed: true, progress: 100 });
    const actions = (await a.get('/v1/user/audit-logs?limit=100')).json<{ data: { action: string }[] }>().data.map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.registered', 'business.created']));
  });

  it('gives two businesses with the same name different identifiers', async () => {
    const one = await agent().post('/register', registration({ business: { name: 'Twin Bakery', country: 'sg', currency: 'sgd' } }));
    const two = await agent().post('/register', registration({ business: { name: 'Twin Bakery', country: 'sg', currency: 'sgd' } }));
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    const idOf = (r: LightMyRequestResponse) => r.json().user.businesses.owned[0].identifier as string;
    expect(idOf(one)).toBe('twin-bakery');
    expect(idOf(two)).toMatch(/^twin-bakery-[a-z0-9]+$/);
  });
});

describe('password reset', () => {
  const RESET_MESSAGE = 'If an account uses this email, we have mailed it a link to reset the password.';

  async function requestReset(email: string): Promise<string> {
    const res = await agent().post('/password/email', { email });
    expect(res.statusCode).toBe(200);
    const mail = (await mailbox(t.app)).find((m) => m.to === email && m.subject === 'Reset your password');
    expect(mail).toBeDefined();
    const match = /\/password\/reset\/([A-Za-z0-9_-]+)\?email=/.exec(mail!.text);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('answers the same message for unknown and known emails, and mails only the known one', async () => {
    const before = (await mailbox(t.app)).length;
    const unknown = await agent().post('/password/email', { email: 'stranger@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_MESSAGE });
    expect(await mailbox(t.app)).toHaveLength(before);

    const known = await agent().post('/password/email', { email: DEMO_USERS.cashier });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_MESSAGE });
    const mails = await mailbox(t.app);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ to: DEMO_USERS.cashier, subject: 'Reset your password' });
    expect(mails[0]!.text).toMatch(
      new RegExp(`^.*${t.config.publicUrl.replace(/[.:/]/g, '\\$&')}/password/reset/[A-Za-z0-9_-]{40,}\\?email=cashier%40demo\\.test`, 'm'),
    );
  });

  it('sets the new password, ends every session of the user, and cannot be reused', async () => {
    const email = 'resetme@example.test';
    const oldPassword = 'the old passphrase';
    const newPassword = 'the brand new passphrase';
    const signedInBefore = agent();
    expect((await signedInBefore.post('/register', registration({ email, password: oldPassword }))).statusCode).toBe(201);
    const second = agent();
    await second.login(email, oldPassword);

    const token = await requestReset(email);
    const a = agent();
    const res = await a.post('/password/reset', { token, email, password: newPassword, password_confirmation: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset.' });

    // Every session of the user ended.
    expect((await signedInBefore.get('/v1/user')).statusCode).toBe(401);
    expect((await second.get('/v1/user')).statusCode).toBe(401);
    // The reset itself does not sign in.
    expect((await a.get('/v1/user')).statusCode).toBe(401);

    const oldLogin = await agent().post('/auth', { email, password: oldPassword });
    expect(oldLogin.statusCode).toBe(422);
    expect(oldLogin.json().code).toBe('AUTH_INVALID_CREDENTIALS');
    const fresh = agent();
    expect((await fresh.post('/auth', { email, password: newPassword })).statusCode).toBe(200);
    const actions = (await fresh.get('/v1/user/audit-logs?limit=100')).json<{ data: { action: string }[] }>().data.map((l) => l.action);
    expect(actions).toContain('auth.password_reset');

    const reuse = await agent().post('/password/reset', { token, email, password: 'yet another passphrase', password_confirmation: 'yet another passphrase' });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toMatchObject({ code: 'AUTH_RESET_TOKEN_INVALID', issues: [{ path: 'token', message: expect.any(String) }] });
    expect((await agent().post('/auth', { email, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses a wrong token, a token for another email, a common password and a mismatched confirmation', async () => {
    const email = DEMO_USERS.admin;
    const token = await requestReset(email);
    const attempt = (body: Record<string, string>) =>
      agent().post('/password/reset', { token, email, password: 'a fine new passphrase', password_confirmation: 'a fine new passphrase', ...body });

    const wrong = await attempt({ token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('AUTH_RESET_TOKEN_INVALID');

    const otherEmail = await attempt({ email: DEMO_USERS.manager });
    expect(otherEmail.statusCode).toBe(422);
    expect(otherEmail.json().code).toBe('AUTH_RESET_TOKEN_INVALID');

    const common = await attempt({ password: 'password123', password_confirmation: 'password123' });
    expect(common.statusCode).toBe(422);
    expectIssueOn(common, 'password');

    const mismatch = await attempt({ password_confirmation: 'something else entirely' });
    expect(mismatch.statusCode).toBe(422);
    expectIssueOn(mismatch, 'password_confirmation');

    // None of it changed the password.
    expect((await agent().post('/auth', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an expired token (older than 60 minutes)', async () => {
    const email = DEMO_USERS.new;
    const token = await requestReset(email);
    t.clock.advance(61 * MINUTE);
    const res = await agent().post('/password/reset', { token, email, password: 'a fine new passphrase', password_confirmation: 'a fine new passphrase' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AUTH_RESET_TOKEN_INVALID', issues: [{ path: 'token', message: expect.any(String) }] });
    expect((await agent().post('/auth', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('kills older links once a newer one was used', async () => {
    const email = DEMO_USERS.partner;
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(first).not.toBe(second);
    const ok = await agent().post('/password/reset', {
      token: second,
      email,
      password: 'partner new passphrase',
      password_confirmation: 'partner new passphrase',
    });
    expect(ok.statusCode).toBe(200);
    const stale = await agent().post('/password/reset', { token: first, email, password: 'attacker passphrase', password_confirmation: 'attacker passphrase' });
    expect(stale.statusCode).toBe(422);
    expect((await agent().post('/auth', { email, password: 'partner new passphrase' })).statusCode).toBe(200);
  });
});

describe('signed-in helper', () => {
  it('signs the demo users in', async () => {
    const a = await signedIn(t.app, DEMO_USERS.super);
    expect((await a.get('/v1/user')).json()).toMatchObject({ is_super_admin: true, businesses: { owned: [], member: [] } });
  });
});
