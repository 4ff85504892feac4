import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Agent, type TestContext } from './harness';
import { unique, uniqueEmail } from './factories';

/** Shared by the sign-in, input, registration and password reset tests of POST /auth, /register*, /password/*. */
export const MINUTE = 60_000;

export function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'md_session');
}

/** A request the Agent cannot make: any content type and raw payload, with the agent's cookie and token. */
export async function raw(t: TestContext, a: Agent, url: string, payload: string | Buffer, contentType: string | null): Promise<LightMyRequestResponse> {
  if (!a.csrf) await a.token();
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: a.ip,
    headers: {
      cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': a.csrf!,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload,
  });
}

export function expectIssueOn(res: LightMyRequestResponse, path: string): void {
  const body = res.json<{ issues?: { path: string; message: string }[] }>();
  expect(body.issues, res.body).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]));
}

/** A new person's sign-up form, filled in (fields overridable). */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: unique('Reg User'),
    email: uniqueEmail('reg'),
    password: 'a long enough passphrase',
    business: { name: unique('Shop'), country: 'SG', currency: 'SGD' },
    ...overrides,
  };
}
