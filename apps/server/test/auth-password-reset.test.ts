import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { signUp, signInAgain, uniqueEmail, type Person } from './factories';
import { MINUTE, expectIssueOn } from './auth-helpers';

/** Forgotten passwords: POST /password/email mails a link, POST /password/reset sets the new password. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const agent = () => new Agent(t.app);
const RESET_MESSAGE = 'If an account uses this email, we have mailed it a link to reset the password.';

async function requestReset(email: string): Promise<string> {
  expect(await agent().ok(authEndpoints.requestPasswordReset, { body: { email } })).toEqual({ message: RESET_MESSAGE });
  const mail = (await mailbox(t.app)).find((m) => m.to === email && m.subject === 'Reset your password');
  expect(mail).toBeDefined();
  const match = /\/password\/reset\/([A-Za-z0-9_-]+)\?email=/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function canSignIn(person: Person, password: string): Promise<boolean> {
  return (await agent().call(authEndpoints.login, { body: { email: person.email, password } })).ok;
}

const reset = (body: { token: string; email: string; password: string; password_confirmation?: string }) =>
  agent().call(authEndpoints.resetPassword, { body: { password_confirmation: body.password, ...body } });

describe('password reset', () => {
  it('answers the same message for unknown and known emails, and mails only the known one', async () => {
    const { person } = await signUp(t);
    const before = (await mailbox(t.app)).length;
    const unknown = await agent().ok(authEndpoints.requestPasswordReset, { body: { email: uniqueEmail('stranger') } });
    expect(unknown).toEqual({ message: RESET_MESSAGE });
    expect(await mailbox(t.app)).toHaveLength(before);

    const known = await agent().ok(authEndpoints.requestPasswordReset, { body: { email: person.email } });
    expect(known).toEqual({ message: RESET_MESSAGE });
    const mails = await mailbox(t.app);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ to: person.email, subject: 'Reset your password' });
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/:]/g, '\\$&');
    expect(mails[0]!.text).toMatch(
      new RegExp(`^.*${escape(t.config.publicUrl)}/password/reset/[A-Za-z0-9_-]{40,}\\?email=${escape(encodeURIComponent(person.email))}`, 'm'),
    );
  });

  it('sets the new password, ends every session of the user, and cannot be reused', async () => {
    const { person } = await signUp(t);
    const newPassword = 'the brand new passphrase';
    const second = await signInAgain(t, person);

    const token = await requestReset(person.email);
    const a = agent();
    expect(
      await a.ok(authEndpoints.resetPassword, { body: { token, email: person.email, password: newPassword, password_confirmation: newPassword } }),
    ).toEqual({
      message: 'Your password has been reset.',
    });

    // Every session of the user ended.
    expect((await person.agent.call(userEndpoints.me)).status).toBe(401);
    expect((await second.call(userEndpoints.me)).status).toBe(401);
    // The reset itself does not sign in.
    expect((await a.call(userEndpoints.me)).status).toBe(401);

    const oldLogin = await agent().call(authEndpoints.login, { body: { email: person.email, password: person.password } });
    expect(oldLogin.status).toBe(422);
    expect(failure(oldLogin).code).toBe('AUTH_INVALID_CREDENTIALS');
    const fresh = agent();
    await fresh.ok(authEndpoints.login, { body: { email: person.email, password: newPassword } });
    const actions = (await fresh.ok(userEndpoints.auditLogs, { query: { limit: 100 } })).data.map((l) => l.action);
    expect(actions).toContain('auth.password_reset');

    const reuse = await reset({ token, email: person.email, password: 'yet another passphrase' });
    expect(reuse.status).toBe(422);
    expect(failure(reuse)).toMatchObject({ code: 'AUTH_RESET_TOKEN_INVALID', issues: [{ path: 'token', message: expect.any(String) }] });
    expect(await canSignIn(person, newPassword)).toBe(true);
  });

  it('refuses a wrong token, a token for another email, a common password and a mismatched confirmation', async () => {
    const { person } = await signUp(t);
    const { person: other } = await signUp(t);
    const token = await requestReset(person.email);
    const attempt = (body: Partial<{ token: string; email: string; password: string; password_confirmation: string }>) =>
      reset({ token, email: person.email, password: 'a fine new passphrase', password_confirmation: 'a fine new passphrase', ...body });

    const wrong = await attempt({ token: 'x'.repeat(43) });
    expect(wrong.status).toBe(422);
    expect(failure(wrong).code).toBe('AUTH_RESET_TOKEN_INVALID');

    const otherEmail = await attempt({ email: other.email });
    expect(otherEmail.status).toBe(422);
    expect(failure(otherEmail).code).toBe('AUTH_RESET_TOKEN_INVALID');

    const common = await agent().post(endpointPath(authEndpoints.resetPassword), {
      token,
      email: person.email,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(common.statusCode).toBe(422);
    expectIssueOn(common, 'password');

    const mismatch = await agent().post(endpointPath(authEndpoints.resetPassword), {
      token,
      email: person.email,
      password: 'a fine new passphrase',
      password_confirmation: 'something else entirely',
    });
    expect(mismatch.statusCode).toBe(422);
    expectIssueOn(mismatch, 'password_confirmation');

    // None of it changed either password.
    expect(await canSignIn(person, person.password)).toBe(true);
    expect(await canSignIn(other, other.password)).toBe(true);
  });

  it('refuses an expired token (older than 60 minutes)', async () => {
    const { person } = await signUp(t);
    const token = await requestReset(person.email);
    t.clock.advance(61 * MINUTE);
    const res = await reset({ token, email: person.email, password: 'a fine new passphrase' });
    expect(res.status).toBe(422);
    expect(failure(res)).toMatchObject({ code: 'AUTH_RESET_TOKEN_INVALID', issues: [{ path: 'token', message: expect.any(String) }] });
    expect(await canSignIn(person, person.password)).toBe(true);
  });

  it('kills older links once a newer one was used', async () => {
    const { person } = await signUp(t);
    const first = await requestReset(person.email);
    const second = await requestReset(person.email);
    expect(first).not.toBe(second);
    expect((await reset({ token: second, email: person.email, password: 'partner new passphrase' })).status).toBe(200);
    const stale = await reset({ token: first, email: person.email, password: 'attacker passphrase' });
    expect(stale.status).toBe(422);
    expect(await canSignIn(person, 'partner new passphrase')).toBe(true);
  });
});
