import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, type TestContext } from './harness';
import { signUp, type Person } from './factories';
import { expectIssueOn, raw, registration } from './auth-helpers';

/** Bad input to sign-in and sign-up never answers 500: POST /auth and /register with hostile bodies. */
let t: TestContext;
let person: Person;
beforeAll(async () => {
  t = await createTestContext();
  // Only ever a target of refused sign-ins below: nothing here changes it.
  ({ person } = await signUp(t));
});
afterAll(() => t.close());

const agent = () => new Agent(t.app);

describe('bad input never answers 500', () => {
  it('answers 422 with issues for missing fields', async () => {
    const a = agent();
    const res = await a.post(endpointPath(authEndpoints.login), {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), requestId: expect.any(String) });
    expectIssueOn(res, 'email');
    expectIssueOn(res, 'password');

    const onlyEmail = await a.post(endpointPath(authEndpoints.login), { email: person.email });
    expect(onlyEmail.statusCode).toBe(422);
    expectIssueOn(onlyEmail, 'password');
  });

  it('answers 422 for wrong types and malformed values', async () => {
    const a = agent();
    const cases: [unknown, string][] = [
      [{ email: 123, password: person.password }, 'email'],
      [{ email: person.email, password: [person.password] }, 'password'],
      [{ email: person.email, password: { $ne: null } }, 'password'],
      [{ email: 'not-an-email', password: person.password }, 'email'],
      [{ email: person.email, password: '' }, 'password'],
      [{ email: null, password: null }, 'email'],
    ];
    for (const [body, path] of cases) {
      const res = await a.post(endpointPath(authEndpoints.login), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expectIssueOn(res, path);
    }
    for (const body of [null, [], 'a string', 42]) {
      const res = await a.post(endpointPath(authEndpoints.login), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.any(Array) });
    }
    // None of it signed anyone in.
    expect((await a.call(userEndpoints.me)).status).toBe(401);
  });

  it('answers 422 for huge strings without hashing them', async () => {
    const a = agent();
    const hugeEmail = await a.post(endpointPath(authEndpoints.login), { email: `${'a'.repeat(100_000)}@example.test`, password: person.password });
    expect(hugeEmail.statusCode).toBe(422);
    expectIssueOn(hugeEmail, 'email');

    const hugePassword = await a.post(endpointPath(authEndpoints.login), { email: person.email, password: 'x'.repeat(500_000) });
    expect(hugePassword.statusCode).toBe(422);
    expectIssueOn(hugePassword, 'password');

    const hugeName = await a.post(endpointPath(authEndpoints.register), registration({ name: 'n'.repeat(100_000) }));
    expect(hugeName.statusCode).toBe(422);
    expectIssueOn(hugeName, 'name');
  });

  it('answers 413 (not 500) for a body over the size limit', async () => {
    const a = agent();
    const res = await raw(
      t,
      a,
      endpointPath(authEndpoints.login),
      JSON.stringify({ email: person.email, password: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 422 for non-JSON, malformed JSON and empty bodies', async () => {
    const a = agent();
    const email = encodeURIComponent(person.email);
    const cases: [string, string | null][] = [
      [`email=${email}&password=${encodeURIComponent(person.password)}`, 'application/x-www-form-urlencoded'],
      [`${person.email} ${person.password}`, 'text/plain'],
      [`{"email": "${person.email}", "password": `, 'application/json'],
      ['{email: owner}', 'application/json'],
      ['', 'application/json'],
    ];
    for (const [payload, type] of cases) {
      const res = await raw(t, a, endpointPath(authEndpoints.login), payload, type);
      expect(res.statusCode, `${type}: ${payload}`).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), requestId: expect.any(String) });
      expect(body.issues).toEqual([{ path: expect.any(String), message: expect.any(String) }]);
    }
    // None of it signed anyone in.
    expect((await a.call(userEndpoints.me)).status).toBe(401);
  });

  it('answers 422 with issues on the nested business fields of /register', async () => {
    const a = agent();
    const res = await a.post(endpointPath(authEndpoints.register), { name: '', email: 'x', password: 'short', business: { name: '', country: 1 } });
    expect(res.statusCode).toBe(422);
    for (const path of ['name', 'email', 'password', 'business.name', 'business.country', 'business.currency']) expectIssueOn(res, path);
  });
});
