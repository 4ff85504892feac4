import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import type { LightMyRequestResponse } from 'fastify';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { businessEndpoints } from '@merchant/business';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { signUp, unique, uniqueEmail } from './factories';
import { expectIssueOn, registration } from './auth-helpers';

/** Sign-up of a merchant and of a partner: POST /register and /register-partner. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const agent = () => new Agent(t.app);
/** The identifier a factory-made name gets: lower case, spaces to hyphens. */
const slug = (name: string) => name.toLowerCase().replaceAll(' ', '-');

describe('registration', () => {
  it('creates the user and a merchant business in the questionnaire, and signs in', async () => {
    const a = agent();
    const address = uniqueEmail('founder');
    const businessName = unique('Founder Foods');
    const body = registration({ email: address.toUpperCase(), business: { name: businessName, country: 'my', currency: 'myr' } });
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await a.post(endpointPath(authEndpoints.register), body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      business_id: expect.any(String),
      user: {
        email: address,
        name: body.name,
        two_factor_enabled: false,
        businesses: {
          owned: [
            {
              id: json.business_id,
              name: businessName,
              identifier: slug(businessName),
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

    expect((await a.ok(userEndpoints.me)).id).toBe(json.user.id);
    const params = { business_id: json.business_id as string };
    expect(await a.ok(businessEndpoints.get, { params })).toMatchObject({ role: { title: 'Owner' }, onboarding_status: 'questionnaire' });
    expect(await a.ok(businessEndpoints.onboardingProgress, { params })).toEqual({ is_completed: false, progress: 0 });

    // The new password works from another browser.
    expect((await agent().call(authEndpoints.login, { body: { email: address, password: body.password } })).status).toBe(200);
  });

  it('refuses a taken email (in any case) with 422 AUTH_EMAIL_TAKEN on email', async () => {
    const { person } = await signUp(t);
    for (const email of [person.email, person.email.toUpperCase()]) {
      const res = await agent().post(endpointPath(authEndpoints.register), registration({ email }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'AUTH_EMAIL_TAKEN', issues: [{ path: 'email', message: expect.any(String) }] });
    }
  });

  it('refuses common and short passwords with an issue on password', async () => {
    for (const password of ['password123', 'Password123', 'qwertyuiop']) {
      const res = await agent().post(endpointPath(authEndpoints.register), registration({ password }));
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'password', message: expect.stringContaining('common') }] });
    }
    const short = await agent().post(endpointPath(authEndpoints.register), registration({ password: 'short' }));
    expect(short.statusCode).toBe(422);
    expectIssueOn(short, 'password');
    // Long passphrases are allowed (field notes: allow 64+).
    const long = await agent().post(endpointPath(authEndpoints.register), registration({ password: 'correct horse battery staple '.repeat(3) }));
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
      const email = uniqueEmail('unknown-code');
      const res = await agent().post(endpointPath(authEndpoints.register), registration({ email, business }));
      expect(res.statusCode, JSON.stringify(business)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expectIssueOn(res, path);
      // Nothing was created.
      const login = await agent().call(authEndpoints.login, { body: { email, password: 'a long enough passphrase' } });
      expect(failure(login).code).toBe('AUTH_INVALID_CREDENTIALS');
    }
  });

  it('register-partner creates a partner business whose onboarding is complete', async () => {
    const a = agent();
    const json = await a.ok(authEndpoints.registerPartner, {
      body: registration({ business: { name: unique('Partner Agency'), country: 'ph', currency: 'php' } }),
    });
    expect(json.user.businesses.owned).toEqual([
      expect.objectContaining({ id: json.business_id, type: 'partner', onboarding_status: 'completed', role: { title: 'Owner' } }),
    ]);
    expect(await a.ok(businessEndpoints.onboardingProgress, { params: { business_id: json.business_id } })).toEqual({ is_completed: true, progress: 100 });
    // The person's own log has the account's creation; the business's creation is the business's log's.
    const actions = (await a.ok(userEndpoints.auditLogs, { query: { limit: 100 } })).data.map((l) => l.action);
    expect(actions).toEqual(['auth.registered']);
    const ofBusiness = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.businessId, json.business_id));
    expect(ofBusiness.map((l) => l.action)).toContain('business.created');
  });

  it('gives two businesses with the same name different identifiers', async () => {
    const name = unique('Twin Bakery');
    const one = await agent().post(endpointPath(authEndpoints.register), registration({ business: { name, country: 'sg', currency: 'sgd' } }));
    const two = await agent().post(endpointPath(authEndpoints.register), registration({ business: { name, country: 'sg', currency: 'sgd' } }));
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    const idOf = (r: LightMyRequestResponse) => r.json().user.businesses.owned[0].identifier as string;
    expect(idOf(one)).toBe(slug(name));
    expect(idOf(two)).toMatch(new RegExp(`^${slug(name)}-[a-z0-9]+$`));
  });
});
