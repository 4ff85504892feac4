import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, ROLES, ROLE_PERMISSIONS, ROLE_TITLES, endpointPath, type Role } from '@merchant/core';
import { businessEndpoints, shopCacheEndpoints, staffEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { businesses } from '../src/db/schema';
import { paymentMethodsEndpoints } from '@merchant/payments';
import { Agent, createTestContext, failure, type TestContext } from './harness';
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
const at = (business_id: string) => ({ params: { business_id } });

describe('GET /v1/business/:id', () => {
  it('answers the business with its flags and warnings', async () => {
    const res = await as('owner').call(businessEndpoints.get, at(businessId));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      id: businessId,
      identifier,
      name: business.name,
      type: 'merchant',
      country: 'sg',
      currency: 'sgd',
      // The test businesses count days in UTC unless a test asks for another zone (factories.ts).
      time_zone: 'UTC',
      tax_number: null,
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
          cta_permission: null,
        },
      ],
      permissions: [...ROLE_PERMISSIONS.owner],
      read_only: false,
      transfers_awaiting_review: 0,
      test_mode: true,
    });
  });

  it.each(ROLES)('answers the role title and the permissions of the permission map for %s', async (role) => {
    const body = await as(role).ok(businessEndpoints.get, at(businessId));
    expect(body.role).toEqual({ title: ROLE_TITLES[role] });
    expect([...body.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
    expect(body.warnings).toHaveLength(1);
    expect(body.read_only).toBe(false);
  });

  it('shows the spec rules in the permissions: cashiers have no Refer and Earn, store design or pages', async () => {
    const perms: string[] = (await as('cashier').ok(businessEndpoints.get, at(businessId))).permissions;
    for (const p of ['referral:view', 'store-design:manage', 'store-pages:manage', 'staff:view', 'wallets:manage']) expect(perms).not.toContain(p);
    const admin: string[] = (await as('admin').ok(businessEndpoints.get, at(businessId))).permissions;
    expect(admin).not.toContain('verification:view');
    expect(admin).toContain('developers:view');
  });

  it('answers 404 for a non-uuid id, an unknown business and a business the caller is not in', async () => {
    for (const id of ['not-a-uuid', '123', `${businessId}x`, '00000000-0000-4000-8000-000000000000']) {
      const res = await as('owner').call(businessEndpoints.get, at(id));
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String), requestId: expect.any(String) });
    }
    const outsider = await as('partner').call(businessEndpoints.get, at(businessId));
    expect(outsider.status).toBe(404);
    expect(failure(outsider).code).toBe('NOT_FOUND');
    expect((await as('owner').call(businessEndpoints.get, at(partnerBusinessId))).status).toBe(404);
  });

  it('lets a super admin read any business, with no role and every permission, and says it is read-only', async () => {
    for (const id of [businessId, partnerBusinessId, newBakeryId]) {
      const res = await as('super').call(businessEndpoints.get, at(id));
      expect(res.status, id).toBe(200);
      expect(res.body).toMatchObject({ id, role: null, permissions: [...ALL_PERMISSIONS], read_only: true });
    }
    expect((await as('super').call(businessEndpoints.users, at(businessId))).status).toBe(200);
    // Super admins own nothing themselves.
    expect(await as('super').ok(userEndpoints.me)).toMatchObject({ is_super_admin: true, businesses: { owned: [], member: [] } });
  });

  it('keeps a super admin read-only inside a business (changes go through the admin area)', async () => {
    const rename = await as('super').call(businessEndpoints.update, { ...at(businessId), body: { name: 'Taken Over' } });
    expect(rename.status).toBe(403);
    expect(rename.body).toMatchObject({ code: 'FORBIDDEN' });
    const invite = await as('super').call(staffEndpoints.invite, { ...at(businessId), body: { email: 'x@e2e.test', role: 'admin' } });
    expect(invite.status).toBe(403);
    expect(await as('owner').ok(businessEndpoints.get, at(businessId))).toMatchObject({ name: business.name });
  });

  it('answers 401 without a session', async () => {
    const res = await agent().call(businessEndpoints.get, at(businessId));
    expect(res.status).toBe(401);
    expect(failure(res).code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /v1/business', () => {
  it('creates another business owned by the caller', async () => {
    const a = as('manager');
    const body = await a.ok(businessEndpoints.create, { body: { name: '  Second Venture  ', country: 'MY', currency: 'MYR' } });
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

    const me = await a.ok(userEndpoints.me);
    expect(me.businesses.owned).toEqual([expect.objectContaining({ id: body.id, role: { title: 'Owner' } })]);
    // The existing membership is unchanged.
    expect(me.businesses.member).toEqual([expect.objectContaining({ id: businessId, role: { title: 'Manager' } })]);

    expect((await a.ok(businessEndpoints.get, at(body.id))).role).toEqual({ title: 'Owner' });
    expect(await a.ok(businessEndpoints.onboardingProgress, at(body.id))).toEqual({ is_completed: false, progress: 0 });
    const staff = (await a.ok(businessEndpoints.users, at(body.id))).data;
    expect(staff).toEqual([expect.objectContaining({ email: business.people.manager.email, role: { title: 'Owner' }, status: 'active' })]);
    // Nobody else sees it.
    expect((await as('owner').call(businessEndpoints.get, at(body.id))).status).toBe(404);

    // A second one with the same name gets another identifier.
    const again = await a.ok(businessEndpoints.create, { body: { name: 'Second Venture', country: 'my', currency: 'myr' } });
    expect(again.identifier).not.toBe('second-venture');
    expect((await a.ok(userEndpoints.me)).businesses.owned).toHaveLength(2);
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
    // Wrong types, unknown codes and missing fields: sent raw.
    for (const [body, path] of cases) {
      const res = await a.post(endpointPath(businessEndpoints.create), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([expect.objectContaining({ path })]) });
    }
    expect((await a.ok(userEndpoints.me)).businesses.owned).toHaveLength(1);
  });
});

describe('business resources', () => {
  it('GET business-user lists the staff for the owner', async () => {
    const staff = (await as('owner').ok(businessEndpoints.users, at(businessId))).data;
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
    }
    // What the wire carries, unparsed: no password hash.
    const wire = await as('owner').get(endpointPath(businessEndpoints.users, at(businessId)));
    expect(wire.statusCode).toBe(200);
    const rows = wire.json<{ data: Record<string, unknown>[] }>().data;
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).not.toHaveProperty('password_hash');
    expect(staff.find((s) => s.email === business.people.owner.email)!.name).toBe(business.people.owner.name);
  });

  it('GET business-user answers 403 to a cashier and 200 to a manager', async () => {
    const res = await as('cashier').call(businessEndpoints.users, at(businessId));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    expect((await as('manager').call(businessEndpoints.users, at(businessId))).status).toBe(200);
    expect((await as('partner').call(businessEndpoints.users, at(businessId))).status).toBe(404);
  });

  it('GET domain/info answers the storefront domains', async () => {
    const res = await as('cashier').ok(businessEndpoints.domainInfo, at(businessId));
    expect(res).toEqual({
      business_shop_domain: null,
      app_shop_domain: `${identifier}.shop.${t.config.baseDomain}`,
      app_api_shop_domain: `shop.${t.config.baseDomain}`,
      is_domain_verified: false,
    });

    await t.database.db.update(businesses).set({ customDomain: 'shop.newbakery.test', customDomainVerified: false }).where(eq(businesses.id, newBakeryId));
    const unverified = await as('new').ok(businessEndpoints.domainInfo, at(newBakeryId));
    expect(unverified).toMatchObject({
      business_shop_domain: 'shop.newbakery.test',
      app_shop_domain: `${newBakeryIdentifier}.shop.${t.config.baseDomain}`,
      is_domain_verified: false,
    });
    await t.database.db.update(businesses).set({ customDomainVerified: true }).where(eq(businesses.id, newBakeryId));
    expect((await as('new').ok(businessEndpoints.domainInfo, at(newBakeryId))).is_domain_verified).toBe(true);
  });

  it('GET onboarding-progress follows the onboarding status', async () => {
    const onboarded = await as('cashier').ok(businessEndpoints.onboardingProgress, at(businessId));
    expect(onboarded).toEqual({ is_completed: true, progress: 100 });

    const fresh = await as('new').ok(businessEndpoints.onboardingProgress, at(newBakeryId));
    expect(fresh).toEqual({ is_completed: false, progress: 0 });

    await t.database.db.update(businesses).set({ onboardingStatus: 'pending_verification' }).where(eq(businesses.id, newBakeryId));
    const pending = await as('new').ok(businessEndpoints.onboardingProgress, at(newBakeryId));
    expect(pending.is_completed).toBe(false);
    expect(pending.progress).toBeGreaterThan(0);
    expect(pending.progress).toBeLessThan(100);
    expect((await as('new').ok(businessEndpoints.get, at(newBakeryId))).onboarding_status).toBe('pending_verification');

    expect((await as('owner').call(businessEndpoints.onboardingProgress, at(newBakeryId))).status).toBe(404);
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
  const KINDS = ['identity', 'categories', 'products'] as const;
  const versions = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!.storefrontCacheVersions;

  it('bumps a version per kind for a member (1, then 2)', async () => {
    const headers = headersOf(businessId, identifier);
    for (const kind of KINDS) {
      const first = await as('owner').call(shopCacheEndpoints[kind], {}, { headers });
      expect(first.status, kind).toBe(200);
      expect(first.body).toEqual({ cache_version: 1 });
      const second = await as('cashier').call(shopCacheEndpoints[kind], {}, { headers });
      expect(second.status, kind).toBe(200);
      expect(second.body).toEqual({ cache_version: 2 });
    }
    expect(await versions(businessId)).toEqual({ identity: 2, categories: 2, products: 2 });
    // Other businesses are untouched.
    expect(await versions(newBakeryId)).toEqual({});
  });

  it('answers 403 to a super admin, who opens businesses read-only, and changes nothing', async () => {
    const before = await versions(businessId);
    for (const kind of KINDS) {
      const res = await as('super').call(shopCacheEndpoints[kind], {}, { headers: headersOf(businessId, identifier) });
      expect(res.status, kind).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', requestId: res.headers['x-request-id'] });
    }
    // An identifier that does not match is a 404 for a super admin too: the 403 says nothing new.
    expect((await as('super').call(shopCacheEndpoints.identity, {}, { headers: headersOf(businessId, newBakeryIdentifier) })).status).toBe(404);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 422 when a header is missing or malformed', async () => {
    const full = headersOf(businessId, identifier);
    const before = await versions(businessId);
    // Missing and malformed headers: sent raw.
    const none = await as('owner').delete(endpointPath(shopCacheEndpoints.identity), undefined, shopHost());
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
    const paths = none.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['headers.x-business-id', 'headers.x-business-identifier', 'headers.x-business-domain']));

    for (const name of (Object.keys(full) as (keyof typeof full)[]).filter((h) => h !== 'host')) {
      const partial: Record<string, string> = { ...full };
      delete partial[name];
      const res = await as('owner').delete(endpointPath(shopCacheEndpoints.categories), undefined, partial);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: `headers.${name}` })]);
    }
    const badId = await as('owner').delete(endpointPath(shopCacheEndpoints.categories), undefined, { ...full, 'x-business-id': 'not-a-uuid' });
    expect(badId.statusCode).toBe(422);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 404 for a business the caller is not in, or a mismatched identifier', async () => {
    const before = await versions(businessId);
    const drop = (a: Agent, headers: Record<string, string>) => a.call(shopCacheEndpoints.identity, {}, { headers });
    const outsider = await drop(as('partner'), headersOf(businessId, identifier));
    expect(outsider.status).toBe(404);
    expect(failure(outsider).code).toBe('NOT_FOUND');
    const mismatch = await drop(as('owner'), headersOf(businessId, newBakeryIdentifier));
    expect(mismatch.status).toBe(404);
    const unknown = await drop(as('owner'), headersOf('00000000-0000-4000-8000-000000000000', identifier));
    expect(unknown.status).toBe(404);
    expect(await versions(businessId)).toEqual(before);
  });

  it('answers 401 without a session and 419 without the token', async () => {
    const headers = headersOf(businessId, identifier);
    const guest = agent();
    await guest.token();
    expect((await guest.call(shopCacheEndpoints.identity, {}, { headers })).status).toBe(401);
    const owner = as('owner');
    const res = await t.app.inject({
      method: 'DELETE',
      url: endpointPath(shopCacheEndpoints.identity),
      headers: { ...headers, cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(419);
  });
});
