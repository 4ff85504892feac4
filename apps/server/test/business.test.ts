import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, ROLES, ROLE_PERMISSIONS, ROLE_TITLES, type Role } from '@merchant/core';
import { businesses } from '../src/db/schema';
import { paymentMethodsEndpoints } from '@merchant/payments';
import { Agent, createTestContext, type TestContext } from './harness';
import { addWarning, createBusiness, createSuperAdmin, signUp, type FactoryBusiness } from './factories';

/** Businesses: the business as the dashboard loads it, creating one, staff, domains, onboarding, storefront cache. */
let t: TestContext;
/** The business under test: onboarded, Stripe connected, sending money on, one warning, a member of each role. */
let business: FactoryBusiness<Role>;
let businessId: string;
let identifier: string;
let warningId: string;
/** A business that has just signed up (its questionnaire to fill in), and its owner as `new`. */
let newBakeryId: string;
let newBakeryIdentifier: string;
/** Another business, whose owner is `partner`. */
let partnerBusinessId: string;
const agents = new Map<Role | 'super' | 'partner' | 'new', Agent>();
const agent = () => new Agent(t.app);
const identifierOf = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!.identifier;
const WARNING = { title: 'Test mode', body: 'Payments here are in test mode.' };

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], flags: { features: { send_money: true } } });
  businessId = business.id;
  // Stripe connected with test keys: stripe_enabled and active_providers follow the connection.
  await business.people.owner.agent.ok(paymentMethodsEndpoints.connectProvider, {
    params: { business_id: businessId, provider: 'stripe' },
    body: { account_id: 'acct_1Nv0FGQ9RKHgCVdK', publishable_key: 'pk_test_51Nv0FGQ9RKHgCVdKabc', secret_key: 'sk_test_51Nv0FGQ9RKHgCVdKwxyz' },
  });
  identifier = await identifierOf(businessId);
  warningId = await addWarning(t, businessId, WARNING);
  for (const role of ROLES) agents.set(role, business.people[role].agent);
  const partner = await createBusiness(t);
  partnerBusinessId = partner.id;
  agents.set('partner', partner.people.owner.agent);
  const newcomer = await signUp(t);
  newBakeryId = newcomer.businessId;
  newBakeryIdentifier = await identifierOf(newBakeryId);
  agents.set('new', newcomer.person.agent);
  // A super admin as operators make one: no business of their own.
  agents.set('super', (await createSuperAdmin(t, { ownsBusiness: false })).agent);
});
afterAll(() => t.close());

const as = (key: Role | 'super' | 'partner' | 'new') => agents.get(key)!;

describe('GET /v1/business/:id', () => {
  it('answers the business with its flags and warnings', async () => {
    const res = await as('owner').get(`/v1/business/${businessId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: businessId,
      identifier,
      name: business.name,
      type: 'merchant',
      country: 'sg',
      currency: 'sgd',
      onboarding_status: 'completed',
      role: { title: 'Owner' },
      logo_url: null,
      address: { line1: null, line2: null, city: null, state: null, postal_code: null },
      require_two_factor: false,
      two_factor_required_for_user: false,
      stripe_enabled: true,
      xendit_enabled: false,
      active_providers: ['stripe'],
      features: { send_money: true },
      platform_enabled: false,
      warnings: [
        {
          id: warningId,
          style: 'info',
          title: WARNING.title,
          body: WARNING.body,
          cta_title: null,
          cta_url: null,
        },
      ],
      permissions: [...ROLE_PERMISSIONS.owner],
      read_only: false,
      transfers_awaiting_review: 0,
    });
  });

  it.each(ROLES)('answers the role title and the permissions of the permission map for %s', async (role) => {
    const res = await as(role).get(`/v1/business/${businessId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role).toEqual({ title: ROLE_TITLES[role] });
    expect([...body.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
    expect(body.warnings).toHaveLength(1);
    expect(body.read_only).toBe(false);
  });

  it('shows the spec rules in the permissions: cashiers have no Refer and Earn, store design or pages', async () => {
    const perms = (await as('cashier').get(`/v1/business/${businessId}`)).json().permissions as string[];
    for (const p of ['referral:view', 'store-design:manage', 'store-pages:manage', 'staff:view', 'wallets:manage']) expect(perms).not.toContain(p);
    const admin = (await as('admin').get(`/v1/business/${businessId}`)).json().permissions as string[];
    expect(admin).not.toContain('verification:view');
    expect(admin).toContain('developers:view');
  });

  it('answers 404 for a non-uuid id, an unknown business and a business the caller is not in', async () => {
    for (const id of ['not-a-uuid', '123', `${businessId}x`, '00000000-0000-4000-8000-000000000000']) {
      const res = await as('owner').get(`/v1/business/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String), requestId: expect.any(String) });
    }
    const outsider = await as('partner').get(`/v1/business/${businessId}`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('NOT_FOUND');
    expect((await as('owner').get(`/v1/business/${partnerBusinessId}`)).statusCode).toBe(404);
  });

  it('lets a super admin read any business, with no role and every permission, and says it is read-only', async () => {
    for (const id of [businessId, partnerBusinessId, newBakeryId]) {
      const res = await as('super').get(`/v1/business/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json()).toMatchObject({ id, role: null, permissions: [...ALL_PERMISSIONS], read_only: true });
    }
    expect((await as('super').get(`/v1/business/${businessId}/business-user`)).statusCode).toBe(200);
    // Super admins own nothing themselves.
    expect((await as('super').get('/v1/user')).json()).toMatchObject({ is_super_admin: true, businesses: { owned: [], member: [] } });
  });

  it('keeps a super admin read-only inside a business (changes go through the admin area)', async () => {
    const rename = await as('super').patch(`/v1/business/${businessId}`, { name: 'Taken Over' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ code: 'FORBIDDEN' });
    const invite = await as('super').post(`/v1/business/${businessId}/invitations`, { email: 'x@e2e.test', role: 'admin' });
    expect(invite.statusCode).toBe(403);
    expect((await as('owner').get(`/v1/business/${businessId}`)).json()).toMatchObject({ name: business.name });
  });

  it('answers 401 without a session', async () => {
    const res = await agent().get(`/v1/business/${businessId}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /v1/business', () => {
  it('creates another business owned by the caller', async () => {
    const a = as('manager');
    const res = await a.post('/v1/business', { name: '  Second Venture  ', country: 'MY', currency: 'MYR' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Second Venture',
      identifier: 'second-venture',
      type: 'merchant',
      country: 'my',
      currency: 'myr',
      onboarding_status: 'questionnaire',
      role: { title: 'Owner' },
      warnings: [],
      stripe_enabled: false,
      features: { send_money: false },
    });
    expect(body.permissions).toEqual([...ROLE_PERMISSIONS.owner]);

    const me = (await a.get('/v1/user')).json();
    expect(me.businesses.owned).toEqual([expect.objectContaining({ id: body.id, role: { title: 'Owner' } })]);
    // The existing membership is unchanged.
    expect(me.businesses.member).toEqual([expect.objectContaining({ id: businessId, role: { title: 'Manager' } })]);

    expect((await a.get(`/v1/business/${body.id}`)).json().role).toEqual({ title: 'Owner' });
    expect((await a.get(`/v1/business/${body.id}/onboarding-progress`)).json()).toEqual({ is_completed: false, progress: 0 });
    const staff = (await a.get(`/v1/business/${body.id}/business-user`)).json().data;
    expect(staff).toEqual([expect.objectContaining({ email: business.people.manager.email, role: { title: 'Owner' }, status: 'active' })]);
    // Nobody else sees it.
    expect((await as('owner').get(`/v1/business/${body.id}`)).statusCode).toBe(404);

    // A second one with the same name gets another identifier.
    const again = await a.post('/v1/business', { name: 'Second Venture', country: 'my', currency: 'myr' });
    expect(again.statusCode).toBe(201);
    expect(again.json().identifier).not.toBe('second-venture');
    expect((await a.get('/v1/user')).json().businesses.owned).toHaveLength(2);
  });

  it('refuses bad input with issues', async () => {
    const a = as('new');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X', country: 'sg', currency: 'sgd' }, 'name'],
      [{ name: 'Good Name', country: 'ZZ', currency: 'sgd' }, 'country'],
      [{ name: 'Good Name', country: 'sg', currency: 'abc' }, 'currency'],
      [{ name: 'Good Name', country: 'sg' }, 'currency'],
      [{ name: 42, country: 'sg', currency: 'sgd' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await a.post('/v1/business', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([expect.objectContaining({ path })]) });
    }
    expect((await a.get('/v1/user')).json().businesses.owned).toHaveLength(1);
  });
});

describe('business resources', () => {
  it('GET business-user lists the staff for the owner', async () => {
    const res = await as('owner').get(`/v1/business/${businessId}/business-user`);
    expect(res.statusCode).toBe(200);
    const staff = res.json<{
      data: { id: string; user_id: string; name: string; email: string; role: { title: string }; status: string; joined_at: string }[];
    }>().data;
    expect(staff).toHaveLength(4);
    expect(staff.map((s) => [s.email, s.role.title]).sort()).toEqual(
      [
        [business.people.admin.email, 'Admin'],
        [business.people.cashier.email, 'Cashier'],
        [business.people.manager.email, 'Manager'],
        [business.people.owner.email, 'Owner'],
      ].sort(),
    );
    for (const s of staff) {
      expect(s).toMatchObject({ id: expect.any(String), user_id: expect.any(String), name: expect.any(String), status: 'active' });
      expect(Number.isNaN(Date.parse(s.joined_at))).toBe(false);
      expect(s).not.toHaveProperty('password_hash');
    }
    expect(staff.find((s) => s.email === business.people.owner.email)!.name).toBe(business.people.owner.name);
  });

  it('GET business-user answers 403 to a cashier and 200 to a manager', async () => {
    const res = await as('cashier').get(`/v1/business/${businessId}/business-user`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    expect((await as('manager').get(`/v1/business/${businessId}/business-user`)).statusCode).toBe(200);
    expect((await as('partner').get(`/v1/business/${businessId}/business-user`)).statusCode).toBe(404);
  });

  it('GET domain/info answers the storefront domains', async () => {
    const res = await as('cashier').get(`/v1/business/${businessId}/domain/info`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      business_shop_domain: null,
      app_shop_domain: `${identifier}.shop.${t.config.baseDomain}`,
      app_api_shop_domain: `shop.${t.config.baseDomain}`,
      is_domain_verified: false,
    });

    await t.database.db.update(businesses).set({ customDomain: 'shop.newbakery.test', customDomainVerified: false }).where(eq(businesses.id, newBakeryId));
    const unverified = (await as('new').get(`/v1/business/${newBakeryId}/domain/info`)).json();
    expect(unverified).toMatchObject({
      business_shop_domain: 'shop.newbakery.test',
      app_shop_domain: `${newBakeryIdentifier}.shop.${t.config.baseDomain}`,
      is_domain_verified: false,
    });
    await t.database.db.update(businesses).set({ customDomainVerified: true }).where(eq(businesses.id, newBakeryId));
    expect((await as('new').get(`/v1/business/${newBakeryId}/domain/info`)).json().is_domain_verified).toBe(true);
  });

  it('GET onboarding-progress follows the onboarding status', async () => {
    const onboarded = await as('cashier').get(`/v1/business/${businessId}/onboarding-progress`);
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json()).toEqual({ is_completed: true, progress: 100 });

    const fresh = await as('new').get(`/v1/business/${newBakeryId}/onboarding-progress`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ is_completed: false, progress: 0 });

    await t.database.db.update(businesses).set({ onboardingStatus: 'pending_verification' }).where(eq(businesses.id, newBakeryId));
    const pending = (await as('new').get(`/v1/business/${newBakeryId}/onboarding-progress`)).json();
    expect(pending.is_completed).toBe(false);
    expect(pending.progress).toBeGreaterThan(0);
    expect(pending.progress).toBeLessThan(100);
    expect((await as('new').get(`/v1/business/${newBakeryId}`)).json().onboarding_status).toBe('pending_verification');

    expect((await as('owner').get(`/v1/business/${newBakeryId}/onboarding-progress`)).statusCode).toBe(404);
  });
});

describe('storefront cache calls', () => {
  // The storefront cache endpoints answer on the shop host only.
  const shopHost = () => ({ host: `shop.${t.config.baseDomain}` });
  const headersOf = (id: string, identifier: string) => ({
    ...shopHost(),
    'x-business-id': id,
    'x-business-identifier': identifier,
    'x-business-domain': `${identifier}.shop.${t.config.baseDomain}`,
  });
  const versions = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!.storefrontCacheVersions;

  it('bumps a version per kind for a member (1, then 2)', async () => {
    const headers = headersOf(businessId, identifier);
    for (const kind of ['identity', 'categories', 'products']) {
      const first = await as('owner').delete(`/api/cache-${kind}`, undefined, headers);
      expect(first.statusCode, kind).toBe(200);
      expect(first.json()).toEqual({ cache_version: 1 });
      const second = await as('cashier').delete(`/api/cache-${kind}`, undefined, headers);
      expect(second.statusCode, kind).toBe(200);
      expect(second.json()).toEqual({ cache_version: 2 });
    }
    expect(await versions(businessId)).toEqual({ identity: 2, categories: 2, products: 2 });
    // Other businesses are untouched.
    expect(await versions(newBakeryId)).toEqual({});
  });

  it('answers 403 to a super admin, who opens businesses read-only, and changes nothing', async () => {
    const before = await versions(businessId);
    for (const kind of ['identity', 'categories', 'products']) {
      const res = await as('super').delete(`/api/cache-${kind}`, undefined, headersOf(businessId, identifier));
      expect(res.statusCode, kind).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', requestId: res.headers['x-request-id'] });
    }
    // An identifier that does not match is a 404 for a super admin too: the 403 says nothing new.
    expect((await as('super').delete('/api/cache-identity', undefined, headersOf(businessId, newBakeryIdentifier))).statusCode).toBe(404);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 422 when a header is missing or malformed', async () => {
    const full = headersOf(businessId, identifier);
    const before = await versions(businessId);
    const none = await as('owner').delete('/api/cache-identity', undefined, shopHost());
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
    const paths = none.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['headers.x-business-id', 'headers.x-business-identifier', 'headers.x-business-domain']));

    for (const name of (Object.keys(full) as (keyof typeof full)[]).filter((h) => h !== 'host')) {
      const partial: Record<string, string> = { ...full };
      delete partial[name];
      const res = await as('owner').delete('/api/cache-categories', undefined, partial);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: `headers.${name}` })]);
    }
    const badId = await as('owner').delete('/api/cache-categories', undefined, { ...full, 'x-business-id': 'not-a-uuid' });
    expect(badId.statusCode).toBe(422);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 404 for a business the caller is not in, or a mismatched identifier', async () => {
    const before = await versions(businessId);
    const outsider = await as('partner').delete('/api/cache-identity', undefined, headersOf(businessId, identifier));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('NOT_FOUND');
    const mismatch = await as('owner').delete('/api/cache-identity', undefined, headersOf(businessId, newBakeryIdentifier));
    expect(mismatch.statusCode).toBe(404);
    const unknown = await as('owner').delete('/api/cache-identity', undefined, headersOf('00000000-0000-4000-8000-000000000000', identifier));
    expect(unknown.statusCode).toBe(404);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 401 without a session and 419 without the token', async () => {
    const headers = headersOf(businessId, identifier);
    const guest = agent();
    await guest.token();
    expect((await guest.delete('/api/cache-identity', undefined, headers)).statusCode).toBe(401);
    const owner = as('owner');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cache-identity',
      headers: { ...headers, cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(419);
  });
});
