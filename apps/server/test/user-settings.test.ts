import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { USER_AUDIT_ACTIONS, authEndpoints, userEndpoints, type AuditLogEntry } from '@merchant/identity';
import { auditLogs } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, totp, type Answer, type TestContext } from './harness';

/** User settings: account name, email, password, sessions, the user's own audit log. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
let counter = 0;
function agent(userAgent?: string): Agent {
  const a = new Agent(t.app);
  a.ip = `10.3.0.${++counter}`;
  if (userAgent) {
    const request = a.request.bind(a);
    a.request = (method, url, body, headers = {}) => request(method, url, body, { 'user-agent': userAgent, ...headers });
  }
  return a;
}

/** A new user of their own, so each test can change credentials freely. */
async function newUser(password = 'original passphrase'): Promise<{ email: string; password: string; a: Agent }> {
  const email = `settings${++counter}@example.test`;
  const a = agent();
  await a.ok(authEndpoints.register, {
    body: { name: `Settings User ${counter}`, email, password, business: { name: `Settings Shop ${counter}`, country: 'sg', currency: 'sgd' } },
  });
  return { email, password, a };
}

async function signIn(email: string, password: string, userAgent?: string): Promise<Agent> {
  const a = agent(userAgent);
  await a.login(email, password);
  return a;
}

function expectIssue<E>(answer: Answer<E>, status: number, code: string, path: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = failure(answer);
  expect(body).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
  expect(body.issues).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
}

async function sessionsOf(a: Agent) {
  return (await a.ok(userEndpoints.sessions)).data;
}

const me = (a: Agent) => a.ok(userEndpoints.me);
const status = async (a: Agent) => (await a.call(userEndpoints.me)).status;
const login = (email: string, password: string) => agent().call(authEndpoints.login, { body: { email, password } });
const revoke = (a: Agent, session_id: string) => a.call(userEndpoints.revokeSession, { params: { session_id } });

describe('account details', () => {
  it('PATCH /v1/user changes the name', async () => {
    const { a } = await newUser();
    const res = await a.ok(userEndpoints.updateAccount, { body: { name: '  Renamed Person  ' } });
    expect(res).toMatchObject({ name: 'Renamed Person', businesses: { owned: [expect.any(Object)] } });
    expect((await me(a)).name).toBe('Renamed Person');

    for (const name of ['', '   ', 'x'.repeat(121)])
      expectIssue(await a.call(userEndpoints.updateAccount, { body: { name } }), 422, 'VALIDATION_FAILED', 'name');
    // A body without the name is malformed: sent raw.
    expectIssue(answerOf(await a.patch(endpointPath(userEndpoints.updateAccount), {})), 422, 'VALIDATION_FAILED', 'name');
    expect((await me(a)).name).toBe('Renamed Person');
  });
});

describe('changing the email', () => {
  it('needs the right password', async () => {
    const { a, email } = await newUser();
    const change = (body: { email: string; password: string }) => a.call(userEndpoints.changeEmail, { body });
    expectIssue(await change({ email: 'changed@example.test', password: 'wrong password' }), 422, 'AUTH_PASSWORD_INCORRECT', 'password');
    // Without the password the body is malformed: sent raw.
    expectIssue(answerOf(await a.put(endpointPath(userEndpoints.changeEmail), { email: 'changed@example.test' })), 422, 'VALIDATION_FAILED', 'password');
    expectIssue(await change({ email: 'not an email', password: 'original passphrase' }), 422, 'VALIDATION_FAILED', 'email');
    expect((await me(a)).email).toBe(email);
  });

  it('refuses an email another user has, in any case', async () => {
    const { a, email, password } = await newUser();
    const other = (await newUser()).email;
    for (const taken of [other, other.toUpperCase()]) {
      expectIssue(await a.call(userEndpoints.changeEmail, { body: { email: taken, password } }), 422, 'AUTH_EMAIL_TAKEN', 'email');
    }
    expect((await me(a)).email).toBe(email);
    // Keeping one's own email is not "taken".
    const same = await a.ok(userEndpoints.changeEmail, { body: { email, password } });
    expect(same.email).toBe(email);
  });

  it('changes the sign-in email', async () => {
    const { a, email, password } = await newUser();
    const res = await a.ok(userEndpoints.changeEmail, { body: { email: ' New.Address@Example.TEST ', password } });
    expect(res).toMatchObject({ email: 'new.address@example.test' });
    expect((await me(a)).email).toBe('new.address@example.test');

    const old = await login(email, password);
    expect(old.status).toBe(422);
    expect(failure(old).code).toBe('AUTH_INVALID_CREDENTIALS');
    const signedIn = await agent().ok(authEndpoints.login, { body: { email: 'new.address@example.test', password } });
    expect(signedIn).toMatchObject({ status: 'authenticated', user: { email: 'new.address@example.test' } });

    // The old address is free for someone else now.
    await agent().ok(authEndpoints.register, {
      body: { name: 'Someone Else', email, password: 'another passphrase', business: { name: 'Else Shop', country: 'sg', currency: 'sgd' } },
    });
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password, a mismatched confirmation and a common password', async () => {
    const { a, email, password } = await newUser();
    expectIssue(
      await a.call(userEndpoints.changePassword, {
        body: { current_password: 'wrong password', password: 'next passphrase', password_confirmation: 'next passphrase' },
      }),
      422,
      'AUTH_PASSWORD_INCORRECT',
      'current_password',
    );
    expectIssue(
      await a.call(userEndpoints.changePassword, {
        body: { current_password: password, password: 'next passphrase', password_confirmation: 'other passphrase' },
      }),
      422,
      'VALIDATION_FAILED',
      'password_confirmation',
    );
    expectIssue(
      await a.call(userEndpoints.changePassword, { body: { current_password: password, password: 'password123', password_confirmation: 'password123' } }),
      422,
      'VALIDATION_FAILED',
      'password',
    );
    expectIssue(
      await a.call(userEndpoints.changePassword, { body: { current_password: password, password: 'short', password_confirmation: 'short' } }),
      422,
      'VALIDATION_FAILED',
      'password',
    );
    // Nothing changed.
    expect((await login(email, password)).status).toBe(200);
    expect(await status(a)).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps the current one', async () => {
    const { a, email, password } = await newUser();
    const other = await signIn(email, password);
    const bystander = (await newUser()).a;

    const res = await a.ok(userEndpoints.changePassword, {
      body: { current_password: password, password: 'next passphrase', password_confirmation: 'next passphrase' },
    });
    expect(res).toEqual({ ok: true });

    expect(await status(a)).toBe(200);
    const gone = await other.call(userEndpoints.me);
    expect(gone.status).toBe(401);
    expect(failure(gone).code).toBe('UNAUTHENTICATED');
    expect(await status(bystander)).toBe(200);
    expect((await sessionsOf(a)).map((s) => s.current)).toEqual([true]);

    expect((await login(email, password)).status).toBe(422);
    expect((await login(email, 'next passphrase')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the live sessions of the user with exactly one current', async () => {
    const { email, password } = await newUser();
    const laptop = await signIn(email, password, 'Laptop Browser/1.0');
    const phone = await signIn(email, password, 'Phone Browser/2.0');
    await newUser(); // someone else's session is never listed

    const list = await sessionsOf(laptop);
    expect(list.length).toBe(3); // registration, laptop, phone
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ ip: laptop.ip, user_agent: 'Laptop Browser/1.0', id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(list.find((s) => s.user_agent === 'Phone Browser/2.0')).toMatchObject({ current: false, ip: phone.ip });
    for (const s of list) {
      expect(Number.isNaN(Date.parse(s.last_active_at))).toBe(false);
      expect(Number.isNaN(Date.parse(s.created_at))).toBe(false);
    }
    // The public id is not the cookie value and does not reveal it.
    const cookie = laptop.cookies.get('md_session')!;
    for (const s of list) expect(cookie.includes(s.id) || s.id.includes(cookie)).toBe(false);

    // Seen from the phone, the phone is the current one.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.find((s) => s.current)!.user_agent).toBe('Phone Browser/2.0');
    expect(fromPhone.map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
  });

  it('does not list sessions that have been idle past the timeout', async () => {
    const { email, password, a } = await newUser();
    await signIn(email, password); // goes idle
    expect(await sessionsOf(a)).toHaveLength(2);
    t.clock.advance(100 * MINUTE);
    await me(a); // a stays active
    t.clock.advance(30 * MINUTE);
    const list = await sessionsOf(a);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
  });

  it('DELETE /v1/user/sessions/:id signs out that other session', async () => {
    const { email, password, a } = await newUser();
    const other = await signIn(email, password, 'Other Device');
    const target = (await sessionsOf(a)).find((s) => s.user_agent === 'Other Device')!;

    const res = await a.ok(userEndpoints.revokeSession, { params: { session_id: target.id } });
    expect(res).toEqual({ ok: true });
    expect(await status(other)).toBe(401);
    expect(await status(a)).toBe(200);
    expect((await sessionsOf(a)).map((s) => s.id)).not.toContain(target.id);

    // Once gone it is not found.
    const again = await revoke(a, target.id);
    expect(again.status).toBe(404);
    expect(failure(again).code).toBe('NOT_FOUND');
  });

  it('cannot revoke the current session, an unknown one or one of another user', async () => {
    const { a } = await newUser();
    const current = (await sessionsOf(a)).find((s) => s.current)!;
    expectIssue(await revoke(a, current.id), 422, 'VALIDATION_FAILED', 'session_id');
    expect(await status(a)).toBe(200);

    expect((await revoke(a, '0'.repeat(24))).status).toBe(404);
    expect((await revoke(a, 'short')).status).toBe(422);

    const owner = (await newUser()).a;
    const ownersSession = (await sessionsOf(owner)).find((s) => s.current)!;
    const res = await revoke(a, ownersSession.id);
    expect(res.status).toBe(404);
    expect(await status(owner)).toBe(200);
  });

  it('POST /v1/user/sessions/revoke-others needs the password and signs out every other session', async () => {
    const { email, password, a } = await newUser();
    const b = await signIn(email, password);
    const c = await signIn(email, password);

    expectIssue(await a.call(userEndpoints.revokeOtherSessions, { body: { password: 'wrong password' } }), 422, 'AUTH_PASSWORD_INCORRECT', 'password');
    expect(await status(b)).toBe(200);

    const res = await a.ok(userEndpoints.revokeOtherSessions, { body: { password } });
    expect(res).toEqual({ revoked: 2 });
    expect(await status(b)).toBe(401);
    expect(await status(c)).toBe(401);
    expect(await status(a)).toBe(200);
    expect(await sessionsOf(a)).toEqual([expect.objectContaining({ current: true })]);

    expect(await a.ok(userEndpoints.revokeOtherSessions, { body: { password } })).toEqual({ revoked: 0 });
  });
});

describe('audit log of the user', () => {
  const logOf = (a: Agent, query: { limit?: number; cursor?: string } = {}) => a.ok(userEndpoints.auditLogs, { query });
  async function allPages(a: Agent, limit: number): Promise<AuditLogEntry[][]> {
    const pages: AuditLogEntry[][] = [];
    let cursor: string | null = null;
    do {
      const body = await logOf(a, { limit, ...(cursor ? { cursor } : {}) });
      pages.push(body.data);
      cursor = body.next_cursor;
      expect(pages.length).toBeLessThan(50);
    } while (cursor);
    return pages;
  }

  it('shows sign-ins, password and two-factor changes, newest first, with cursor pagination', async () => {
    const { email, password, a } = await newUser();
    t.clock.advance(MINUTE);
    await signIn(email, password);
    t.clock.advance(MINUTE);
    await a.ok(userEndpoints.changePassword, {
      body: { current_password: password, password: 'second passphrase', password_confirmation: 'second passphrase' },
    });
    t.clock.advance(MINUTE);
    const { secret } = await a.ok(userEndpoints.startTwoFactor, { body: { password: 'second passphrase' } });
    await a.ok(userEndpoints.confirmTwoFactor, { body: { code: totp.codeAt(secret, t.clock.now()) } });
    t.clock.advance(MINUTE);
    // Another user's activity must not show up.
    const stranger = (await newUser()).a;
    await stranger.ok(userEndpoints.updateAccount, { body: { name: 'Casey Renamed' } });

    const { data, next_cursor } = await logOf(a);
    expect(next_cursor).toBeNull();
    expect(data.map((e) => e.action).slice(0, 3)).toEqual(['user.two_factor_enabled', 'user.password_changed', 'auth.login']);
    // Registration's creation of the business is the business's log's, not the person's.
    expect(data.map((e) => e.action).slice(3)).toEqual(['auth.registered']);
    const times = data.map((e) => Date.parse(e.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(data[2]).toMatchObject({ ip: expect.stringMatching(/^10\.3\.0\./), description: 'Signed in' });

    // limit=2 walks the same entries without overlap or gaps.
    const first = await logOf(a, { limit: 2 });
    expect(first.data.map((e) => e.id)).toEqual(data.slice(0, 2).map((e) => e.id));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await logOf(a, { limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((e) => e.id)).toEqual(data.slice(2, 4).map((e) => e.id));
    const pages = await allPages(a, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2]);
    expect(pages.flat().map((e) => e.id)).toEqual(data.map((e) => e.id));

    // The stranger's log has their rename and none of ours.
    const theirs = (await logOf(stranger, { limit: 100 })).data;
    expect(theirs.map((e) => e.action)).toContain('user.updated');
    expect(theirs.some((e) => data.some((d) => d.id === e.id))).toBe(false);
  });

  it('pages correctly through entries written at the same instant', async () => {
    const { a } = await newUser();
    for (let i = 0; i < 5; i++) await a.ok(userEndpoints.updateAccount, { body: { name: `Same Instant ${i}` } });
    const all = (await logOf(a, { limit: 100 })).data;
    expect(all.length).toBe(6);
    for (const limit of [1, 2, 3]) {
      const ids = (await allPages(a, limit)).flat().map((e) => e.id);
      expect(ids).toEqual(all.map((e) => e.id));
    }
  });

  it("lists the person's security events only: what they did in a business is in that business's log", async () => {
    const { email, password, a } = await newUser();
    const businessId = (await me(a)).businesses.owned[0]!.id;
    t.clock.advance(MINUTE);
    await a.ok(businessEndpoints.update, { params: { business_id: businessId }, body: { name: 'Renamed Settings Shop' } });
    t.clock.advance(MINUTE);
    await signIn(email, password);

    const { data } = await logOf(a, { limit: 100 });
    expect(data.map((e) => e.action)).toEqual(['auth.login', 'auth.registered']);
    for (const entry of data) expect(USER_AUDIT_ACTIONS, entry.action).toContain(entry.action);
    // The business's own log keeps what the person did there.
    const ofBusiness = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.businessId, businessId));
    expect(ofBusiness.map((e) => e.action).sort()).toEqual(['business.created', 'business.updated']);
  });

  it('validates the limit and ignores a garbage cursor', async () => {
    const { a } = await newUser();
    for (const limit of [0, 101, -1]) {
      const res = await a.call(userEndpoints.auditLogs, { query: { limit } });
      expect(res.status, String(limit)).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: expect.stringContaining('limit') })] });
    }
    // A limit that is not a number is malformed: sent raw.
    const word = await a.get(endpointPath(userEndpoints.auditLogs, { query: { limit: 'abc' } }));
    expect(word.statusCode).toBe(422);
    expect(word.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: expect.stringContaining('limit') })] });
    const garbage = await logOf(a, { cursor: 'not-a-cursor' });
    expect(garbage.data.length).toBeGreaterThan(0);
  });

  it('is append-only at the database level: UPDATE and DELETE are refused', async () => {
    const { a } = await newUser();
    const before = await t.database.db.select().from(auditLogs);
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]!.id;

    await expect(t.database.exec(`UPDATE audit_logs SET description = 'tampered' WHERE id = '${id}'`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`UPDATE audit_logs SET actor_user_id = NULL`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`DELETE FROM audit_logs WHERE id = '${id}'`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`DELETE FROM audit_logs`)).rejects.toThrow(/append-only/);

    const after = await t.database.db.select().from(auditLogs);
    expect(after.length).toBe(before.length);
    const [row] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.id, id));
    expect(row!.description).toBe(before[0]!.description);
    // Inserting still works (the product keeps writing).
    await a.ok(userEndpoints.updateAccount, { body: { name: 'Still Writing' } });
    expect((await t.database.db.select().from(auditLogs)).length).toBe(before.length + 1);
  });
});
