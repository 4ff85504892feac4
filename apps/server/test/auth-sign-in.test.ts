import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { endpointPath } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, signUp, signInAgain, uniqueEmail, FACTORY_PASSWORD } from './factories';
import { MINUTE, sessionCookie } from './auth-helpers';

/** The anti-forgery token, sign-in, sign-out and session expiry: POST /csrf-token, POST and DELETE /auth. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const agent = () => new Agent(t.app);

async function auditActions(a: Agent): Promise<{ action: string; ip: string | null }[]> {
  return (await a.ok(userEndpoints.auditLogs, { query: { limit: 100 } })).data;
}

describe('anti-forgery token', () => {
  it('starts a guest session with an HttpOnly, SameSite=Lax cookie and answers the same token on repeat', async () => {
    const a = agent();
    const first = await a.post(endpointPath(authEndpoints.csrfToken));
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

    const again = await a.post(endpointPath(authEndpoints.csrfToken));
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
    const { person } = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: endpointPath(authEndpoints.login), payload: { email: person.email, password: person.password } });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH', requestId: expect.any(String) });
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('answers the user with the businesses they own and rotates the session id', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner;
    const a = agent();
    const token = await a.token();
    const guestCookie = a.cookies.get('md_session')!;

    const res = await a.post(endpointPath(authEndpoints.login), { email: owner.email, password: owner.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'authenticated',
      user: {
        id: owner.id,
        email: owner.email,
        name: owner.name,
        is_super_admin: false,
        two_factor_enabled: false,
        pending_invitations: 0,
        businesses: { owned: [expect.objectContaining({ id: business.id, name: business.name, role: { title: 'Owner' } })], member: [] },
      },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');

    const newCookie = sessionCookie(res);
    expect(newCookie?.value).toBeTruthy();
    expect(newCookie!.value).not.toBe(guestCookie);
    expect(newCookie!.httpOnly).toBe(true);

    // The anti-forgery token survives the rotation.
    expect(await a.ok(authEndpoints.csrfToken)).toEqual({ token });
    expect(await a.ok(userEndpoints.me)).toMatchObject({ email: owner.email });

    // The pre-login session id is dead (no fixation).
    const old = await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: { cookie: `md_session=${guestCookie}` } });
    expect(old.statusCode).toBe(401);
  });

  it('lists memberships that are not owned under businesses.member', async () => {
    const business = await createBusiness(t, { staff: ['cashier'] });
    const cashier = business.people.cashier;
    const login = await agent().ok(authEndpoints.login, { body: { email: cashier.email, password: cashier.password } });
    expect(login).toMatchObject({
      user: { businesses: { owned: [], member: [expect.objectContaining({ id: business.id, role: { title: 'Cashier' } })] } },
    });
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const { person } = await signUp(t);
    const login = await agent().ok(authEndpoints.login, { body: { email: `  ${person.email.toUpperCase()} `, password: person.password } });
    expect(login).toMatchObject({ status: 'authenticated', user: { email: person.email } });
  });

  it('answers a wrong password and an unknown email the same way: 422 AUTH_INVALID_CREDENTIALS on email', async () => {
    const { person } = await signUp(t);
    const a = agent();
    const wrong = await a.post(endpointPath(authEndpoints.login), { email: person.email, password: 'not-the-password' });
    const unknown = await a.post(endpointPath(authEndpoints.login), { email: uniqueEmail('nobody'), password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'AUTH_INVALID_CREDENTIALS',
        message: 'These credentials do not match our records.',
        issues: [{ path: 'email', message: 'These credentials do not match our records.' }],
        requestId: expect.any(String),
      });
    }
    const strip = (r: LightMyRequestResponse) => ({ ...r.json(), requestId: undefined });
    expect(strip(wrong)).toEqual(strip(unknown));
    // Still a guest.
    expect((await a.call(userEndpoints.me)).status).toBe(401);
  });

  it('locks the account after 10 failures, even for the right password, and unlocks after 15 minutes', async () => {
    const { person } = await signUp(t);
    const { person: bystander } = await signUp(t);
    const email = person.email;

    const a = agent();
    for (let i = 0; i < 10; i++) {
      const answer = await a.call(authEndpoints.login, { body: { email, password: `wrong-${i}` } });
      expect(answer.status, `attempt ${i + 1}`).toBe(422);
      expect(failure(answer).code).toBe('AUTH_INVALID_CREDENTIALS');
    }
    const locked = await a.call(authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(failure(locked)).toMatchObject({ code: 'AUTH_ACCOUNT_LOCKED', message: expect.stringContaining('15 minutes') });
    expect((await a.call(userEndpoints.me)).status).toBe(401);

    // The lock is per account, not per browser: another IP is locked out too.
    expect((await agent().call(authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } })).status).toBe(429);

    // Other accounts are not affected.
    expect((await agent().call(authEndpoints.login, { body: { email: bystander.email, password: bystander.password } })).status).toBe(200);

    t.clock.advance(15 * MINUTE);
    const again = await a.ok(authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } });
    expect(again).toMatchObject({ status: 'authenticated', user: { email } });
  });

  it('locks unknown emails the same way as known ones', async () => {
    const a = agent();
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await a.call(authEndpoints.login, { body: { email, password: 'whatever-it-is' } })).status).toBe(422);
    const res = await a.call(authEndpoints.login, { body: { email, password: 'whatever-it-is' } });
    expect(res.status).toBe(429);
    expect(failure(res).code).toBe('AUTH_ACCOUNT_LOCKED');
  });

  it('records successful and failed sign-ins in the audit log', async () => {
    const { person } = await signUp(t);
    const a = agent();
    expect((await a.call(authEndpoints.login, { body: { email: person.email, password: 'wrong password' } })).status).toBe(422);
    await a.ok(authEndpoints.login, { body: { email: person.email, password: person.password } });
    const logs = await auditActions(a);
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed']));
    expect(logs.find((l) => l.action === 'auth.login')!.ip).toBe(a.ip);
  });

  it('signs a super admin in and says so', async () => {
    const admin = await createSuperAdmin(t);
    const a = await signInAgain(t, admin);
    expect(await a.ok(userEndpoints.me)).toMatchObject({ is_super_admin: true });
  });
});

describe('sign-out and expiry', () => {
  it('DELETE /auth destroys the session server-side', async () => {
    const { person } = await signUp(t);
    const a = person.agent;
    const cookie = a.cookies.get('md_session')!;
    const csrf = a.csrf!;

    const res = await a.delete(endpointPath(authEndpoints.logout));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = sessionCookie(res);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');

    // Replaying the old cookie does not bring the session back.
    const replay = await t.app.inject({ method: 'GET', url: endpointPath(userEndpoints.me), headers: { cookie: `md_session=${cookie}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
    const replayPost = await t.app.inject({
      method: 'PATCH',
      url: endpointPath(userEndpoints.me),
      headers: { cookie: `md_session=${cookie}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: { name: 'Hijacker' },
    });
    expect(replayPost.statusCode).toBe(419);
  });

  it('records the sign-out in the audit log', async () => {
    const { person } = await signUp(t);
    const a = person.agent;
    await a.ok(authEndpoints.logout);
    // The session and its token died with the sign-out: the client fetches a new token first.
    expect((await a.call(authEndpoints.login, { body: { email: person.email, password: person.password } })).status).toBe(419);
    await a.token();
    await a.ok(authEndpoints.login, { body: { email: person.email, password: person.password } });
    expect((await auditActions(a)).map((l) => l.action)).toContain('auth.logout');
  });

  it('ends an idle session after 120 minutes: GET answers 401, a POST with the old token 419', async () => {
    const { person } = await signUp(t);
    const a = await signInAgain(t, person);
    const b = await signInAgain(t, person);

    t.clock.advance(119 * MINUTE);
    expect((await a.call(userEndpoints.me)).status).toBe(200); // activity keeps it alive

    t.clock.advance(121 * MINUTE);
    const get = await a.call(userEndpoints.me);
    expect(get.status).toBe(401);
    expect(failure(get)).toMatchObject({ code: 'UNAUTHENTICATED' });

    // b never touched the session in 240 minutes: its POST is refused before authentication.
    const post = await b.call(userEndpoints.updateAccount, { body: { name: 'Too Late' } });
    expect(post.status).toBe(419);
    expect(failure(post)).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH', requestId: expect.any(String) });

    // A fresh token (the client's retry) then gets 401, not a silent success.
    await b.token();
    expect((await b.call(userEndpoints.updateAccount, { body: { name: 'Too Late' } })).status).toBe(401);
  });
});
