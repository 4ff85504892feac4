import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, totp, type TestContext } from './harness';

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
  const res = await a.post('/register', {
    name: `Settings User ${counter}`,
    email,
    password,
    business: { name: `Settings Shop ${counter}`, country: 'sg', currency: 'sgd' },
  });
  expect(res.statusCode).toBe(201);
  return { email, password, a };
}

async function signIn(email: string, password: string, userAgent?: string): Promise<Agent> {
  const a = agent(userAgent);
  await a.login(email, password);
  return a;
}

function expectIssue(res: LightMyRequestResponse, status: number, code: string, path: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
  expect(body.issues).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
}

interface SessionInfo {
  id: string;
  ip: string | null;
  user_agent: string | null;
  last_active_at: string;
  created_at: string;
  current: boolean;
}
async function sessionsOf(a: Agent): Promise<SessionInfo[]> {
  const res = await a.get('/v1/user/sessions');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SessionInfo[] }>().data;
}

interface AuditEntry {
  id: string;
  action: string;
  description: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  business_id: string | null;
}

describe('account details', () => {
  it('PATCH /v1/user changes the name', async () => {
    const { a } = await newUser();
    const res = await a.patch('/v1/user', { name: '  Renamed Person  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Person', businesses: { owned: [expect.any(Object)] } });
    expect((await a.get('/v1/user')).json().name).toBe('Renamed Person');

    for (const name of ['', '   ', 'x'.repeat(121)]) expectIssue(await a.patch('/v1/user', { name }), 422, 'VALIDATION_FAILED', 'name');
    expectIssue(await a.patch('/v1/user', {}), 422, 'VALIDATION_FAILED', 'name');
    expect((await a.get('/v1/user')).json().name).toBe('Renamed Person');
  });
});

describe('changing the email', () => {
  it('needs the right password', async () => {
    const { a, email } = await newUser();
    expectIssue(await a.put('/v1/user/email', { email: 'changed@example.test', password: 'wrong password' }), 422, 'AUTH_PASSWORD_INCORRECT', 'password');
    expectIssue(await a.put('/v1/user/email', { email: 'changed@example.test' }), 422, 'VALIDATION_FAILED', 'password');
    expectIssue(await a.put('/v1/user/email', { email: 'not an email', password: 'original passphrase' }), 422, 'VALIDATION_FAILED', 'email');
    expect((await a.get('/v1/user')).json().email).toBe(email);
  });

  it('refuses an email another user has, in any case', async () => {
    const { a, email, password } = await newUser();
    const other = (await newUser()).email;
    for (const taken of [other, other.toUpperCase()]) {
      expectIssue(await a.put('/v1/user/email', { email: taken, password }), 422, 'AUTH_EMAIL_TAKEN', 'email');
    }
    expect((await a.get('/v1/user')).json().email).toBe(email);
    // Keeping one's own email is not "taken".
    const same = await a.put('/v1/user/email', { email, password });
    expect(same.statusCode).toBe(200);
    expect(same.json().email).toBe(email);
  });

  it('changes the sign-in email', async () => {
    const { a, email, password } = await newUser();
    const res = await a.put('/v1/user/email', { email: ' New.Address@Example.TEST ', password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.address@example.test' });
    expect((await a.get('/v1/user')).json().email).toBe('new.address@example.test');

    const old = await agent().post('/auth', { email, password });
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('AUTH_INVALID_CREDENTIALS');
    const fresh = agent();
    const login = await fresh.post('/auth', { email: 'new.address@example.test', password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'authenticated', user: { email: 'new.address@example.test' } });

    // The old address is free for someone else now.
    const reuse = await agent().post('/register', {
      name: 'Someone Else',
      email,
      password: 'another passphrase',
      business: { name: 'Else Shop', country: 'sg', currency: 'sgd' },
    });
    expect(reuse.statusCode).toBe(201);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password, a mismatched confirmation and a common password', async () => {
    const { a, email, password } = await newUser();
    expectIssue(
      await a.put('/v1/user/password', { current_password: 'wrong password', password: 'next passphrase', password_confirmation: 'next passphrase' }),
      422,
      'AUTH_PASSWORD_INCORRECT',
      'current_password',
    );
    expectIssue(
      await a.put('/v1/user/password', { current_password: password, password: 'next passphrase', password_confirmation: 'other passphrase' }),
      422,
      'VALIDATION_FAILED',
      'password_confirmation',
    );
    expectIssue(
      await a.put('/v1/user/password', { current_password: password, password: 'password123', password_confirmation: 'password123' }),
      422,
      'VALIDATION_FAILED',
      'password',
    );
    expectIssue(
      await a.put('/v1/user/password', { current_password: password, password: 'short', password_confirmation: 'short' }),
      422,
      'VALIDATION_FAILED',
      'password',
    );
    // Nothing changed.
    expect((await agent().post('/auth', { email, password })).statusCode).toBe(200);
    expect((await a.get('/v1/user')).statusCode).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps the current one', async () => {
    const { a, email, password } = await newUser();
    const other = await signIn(email, password);
    const bystander = (await newUser()).a;

    const res = await a.put('/v1/user/password', { current_password: password, password: 'next passphrase', password_confirmation: 'next passphrase' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await a.get('/v1/user')).statusCode).toBe(200);
    const gone = await other.get('/v1/user');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('UNAUTHENTICATED');
    expect((await bystander.get('/v1/user')).statusCode).toBe(200);
    expect((await sessionsOf(a)).map((s) => s.current)).toEqual([true]);

    expect((await agent().post('/auth', { email, password })).statusCode).toBe(422);
    expect((await agent().post('/auth', { email, password: 'next passphrase' })).statusCode).toBe(200);
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
    await a.get('/v1/user'); // a stays active
    t.clock.advance(30 * MINUTE);
    const list = await sessionsOf(a);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
  });

  it('DELETE /v1/user/sessions/:id signs out that other session', async () => {
    const { email, password, a } = await newUser();
    const other = await signIn(email, password, 'Other Device');
    const target = (await sessionsOf(a)).find((s) => s.user_agent === 'Other Device')!;

    const res = await a.delete(`/v1/user/sessions/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await other.get('/v1/user')).statusCode).toBe(401);
    expect((await a.get('/v1/user')).statusCode).toBe(200);
    expect((await sessionsOf(a)).map((s) => s.id)).not.toContain(target.id);

    // Once gone it is not found.
    const again = await a.delete(`/v1/user/sessions/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
  });

  it('cannot revoke the current session, an unknown one or one of another user', async () => {
    const { a } = await newUser();
    const current = (await sessionsOf(a)).find((s) => s.current)!;
    expectIssue(await a.delete(`/v1/user/sessions/${current.id}`), 422, 'VALIDATION_FAILED', 'session_id');
    expect((await a.get('/v1/user')).statusCode).toBe(200);

    expect((await a.delete(`/v1/user/sessions/${'0'.repeat(24)}`)).statusCode).toBe(404);
    expect((await a.delete('/v1/user/sessions/short')).statusCode).toBe(422);

    const owner = (await newUser()).a;
    const ownersSession = (await sessionsOf(owner)).find((s) => s.current)!;
    const res = await a.delete(`/v1/user/sessions/${ownersSession.id}`);
    expect(res.statusCode).toBe(404);
    expect((await owner.get('/v1/user')).statusCode).toBe(200);
  });

  it('POST /v1/user/sessions/revoke-others needs the password and signs out every other session', async () => {
    const { email, password, a } = await newUser();
    const b = await signIn(email, password);
    const c = await signIn(email, password);

    expectIssue(await a.post('/v1/user/sessions/revoke-others', { password: 'wrong password' }), 422, 'AUTH_PASSWORD_INCORRECT', 'password');
    expect((await b.get('/v1/user')).statusCode).toBe(200);

    const res = await a.post('/v1/user/sessions/revoke-others', { password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await b.get('/v1/user')).statusCode).toBe(401);
    expect((await c.get('/v1/user')).statusCode).toBe(401);
    expect((await a.get('/v1/user')).statusCode).toBe(200);
    expect(await sessionsOf(a)).toEqual([expect.objectContaining({ current: true })]);

    expect((await a.post('/v1/user/sessions/revoke-others', { password })).json()).toEqual({ revoked: 0 });
  });
});

describe('audit log of the user', () => {
  async function allPages(a: Agent, limit: number): Promise<AuditEntry[][]> {
    const pages: AuditEntry[][] = [];
    let cursor: string | null = null;
    do {
      const res = await a.get(`/v1/user/audit-logs?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: AuditEntry[]; next_cursor: string | null }>();
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
    expect(
      (await a.put('/v1/user/password', { current_password: password, password: 'second passphrase', password_confirmation: 'second passphrase' })).statusCode,
    ).toBe(200);
    t.clock.advance(MINUTE);
    const { secret } = (await a.post('/v1/user/two-factor', { password: 'second passphrase' })).json<{ secret: string }>();
    expect((await a.post('/v1/user/two-factor/confirm', { code: totp.codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    // Another user's activity must not show up.
    const stranger = (await newUser()).a;
    await stranger.patch('/v1/user', { name: 'Casey Renamed' });

    const res = await a.get('/v1/user/audit-logs');
    expect(res.statusCode).toBe(200);
    const { data, next_cursor } = res.json<{ data: AuditEntry[]; next_cursor: string | null }>();
    expect(next_cursor).toBeNull();
    expect(data.map((e) => e.action).slice(0, 3)).toEqual(['user.two_factor_enabled', 'user.password_changed', 'auth.login']);
    // Registration wrote two entries at the same instant; their relative order is not defined.
    expect(
      data
        .map((e) => e.action)
        .slice(3)
        .sort(),
    ).toEqual(['auth.registered', 'business.created']);
    const times = data.map((e) => Date.parse(e.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(data[2]).toMatchObject({ ip: expect.stringMatching(/^10\.3\.0\./), description: 'Signed in' });
    expect(data.find((e) => e.action === 'business.created')!.business_id).toEqual(expect.any(String));

    // limit=2 walks the same entries without overlap or gaps.
    const first = (await a.get('/v1/user/audit-logs?limit=2')).json<{ data: AuditEntry[]; next_cursor: string | null }>();
    expect(first.data.map((e) => e.id)).toEqual(data.slice(0, 2).map((e) => e.id));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await a.get(`/v1/user/audit-logs?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)).json<{
      data: AuditEntry[];
      next_cursor: string | null;
    }>();
    expect(second.data.map((e) => e.id)).toEqual(data.slice(2, 4).map((e) => e.id));
    const pages = await allPages(a, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((e) => e.id)).toEqual(data.map((e) => e.id));

    // The stranger's log has their rename and none of ours.
    const theirs = (await stranger.get('/v1/user/audit-logs?limit=100')).json<{ data: AuditEntry[] }>().data;
    expect(theirs.map((e) => e.action)).toContain('user.updated');
    expect(theirs.some((e) => data.some((d) => d.id === e.id))).toBe(false);
  });

  it('pages correctly through entries written at the same instant', async () => {
    const { a } = await newUser();
    for (let i = 0; i < 5; i++) await a.patch('/v1/user', { name: `Same Instant ${i}` });
    const all = (await a.get('/v1/user/audit-logs?limit=100')).json<{ data: AuditEntry[] }>().data;
    expect(all.length).toBe(7);
    for (const limit of [1, 2, 3]) {
      const ids = (await allPages(a, limit)).flat().map((e) => e.id);
      expect(ids).toEqual(all.map((e) => e.id));
    }
  });

  it('validates the limit and ignores a garbage cursor', async () => {
    const { a } = await newUser();
    for (const limit of ['0', '101', 'abc', '-1']) {
      const res = await a.get(`/v1/user/audit-logs?limit=${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: expect.stringContaining('limit') })] });
    }
    const garbage = await a.get('/v1/user/audit-logs?cursor=not-a-cursor');
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json().data.length).toBeGreaterThan(0);
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
    expect((await a.patch('/v1/user', { name: 'Still Writing' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLogs)).length).toBe(before.length + 1);
  });
});
