import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, businesses } from '../src/db/schema';
import { Agent, createTestContext, signedIn, totp, DEMO_PASSWORD, DEMO_USERS, type TestContext } from './harness';

/** Business details (PATCH /v1/business/{id}) and the staff two-factor requirement. */
let t: TestContext;
let base: string;
let newBakeryId: string;

const signIn = (email: string) => signedIn(t.app, email);
async function turnOnTwoFactor(a: Agent): Promise<void> {
  const start = await a.post('/v1/user/two-factor', { password: DEMO_PASSWORD });
  expect(start.statusCode).toBe(200);
  const confirm = await a.post('/v1/user/two-factor/confirm', { code: totp.codeAt(start.json().secret, t.clock.now()) });
  expect(confirm.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext();
  base = `/v1/business/${t.demoBusinessId}`;
  const [bakery] = await t.database.db.select().from(businesses).where(eq(businesses.identifier, 'new-bakery'));
  newBakeryId = bakery!.id;
});
afterAll(() => t.close());

describe('business details', () => {
  it('changes name, address and currency; the business answer shows them; the change is audited', async () => {
    const owner = await signIn(DEMO_USERS.owner);
    const res = await owner.patch(base, {
      name: '  Demo Coffee & Tea ',
      currency: 'USD',
      address: { line1: '1 Harbour Road', line2: '', city: 'Singapore', state: '', postal_code: '018989' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Demo Coffee & Tea',
      currency: 'usd',
      country: 'sg',
      address: { line1: '1 Harbour Road', line2: null, city: 'Singapore', state: null, postal_code: '018989' },
      require_two_factor: false,
      two_factor_required_for_user: false,
      role: { title: 'Owner' },
    });
    expect((await owner.get(base)).json()).toMatchObject({ name: 'Demo Coffee & Tea', currency: 'usd', address: { city: 'Singapore' } });

    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'business.updated'));
    expect(entry).toMatchObject({ businessId: t.demoBusinessId, objectType: 'business', objectId: t.demoBusinessId });
    expect(entry!.description).toBe('Changed the business name, currency, address');
    expect(entry!.meta).toMatchObject({ changes: { name: { from: 'Demo Coffee Roasters', to: 'Demo Coffee & Tea' }, currency: { from: 'sgd', to: 'usd' } } });

    // Sending the same values again changes nothing and writes no entry.
    expect((await owner.patch(base, { name: 'Demo Coffee & Tea' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'business.updated'))).toHaveLength(1);
  });

  it('refuses bad input with field issues', async () => {
    const admin = await signIn(DEMO_USERS.admin);
    const res = await admin.patch(base, { name: 'x', currency: 'zzz', address: { line1: 'a', line2: null, city: null, state: null, postal_code: '<script>' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['address.postal_code', 'currency', 'name']);
    const empty = await admin.patch(base, {});
    expect(empty.statusCode).toBe(422);
  });

  it('only owners and admins may change the details', async () => {
    for (const email of [DEMO_USERS.manager, DEMO_USERS.cashier]) {
      const res = await (await signIn(email)).patch(base, { name: 'Taken over' });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await (await signIn(DEMO_USERS.partner)).patch(base, { name: 'Taken over' })).statusCode).toBe(404);
  });

  it('fixes the country once verification is completed, and lets it change before', async () => {
    const owner = await signIn(DEMO_USERS.owner);
    const locked = await owner.patch(base, { country: 'MY' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'BUSINESS_COUNTRY_LOCKED', issues: [{ path: 'country' }] });
    // The same country is no change.
    expect((await owner.patch(base, { country: 'sg' })).statusCode).toBe(200);

    const newOwner = await signIn(DEMO_USERS.new);
    const early = await newOwner.patch(`/v1/business/${newBakeryId}`, { country: 'my', currency: 'myr' });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ country: 'my', currency: 'myr', onboarding_status: 'questionnaire' });
    const unknown = await newOwner.patch(`/v1/business/${newBakeryId}`, { country: 'xx' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'country' })]);
  });
});

describe('staff two-factor requirement', () => {
  it('needs two-factor on the account that turns it on', async () => {
    const admin = await signIn(DEMO_USERS.admin);
    const res = await admin.patch(base, { require_two_factor: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_TWO_FACTOR_SELF_REQUIRED', issues: [{ path: 'require_two_factor' }] });
  });

  it('keeps members without two-factor out of everything but the business answer until they set it up', async () => {
    const owner = await signIn(DEMO_USERS.owner);
    await turnOnTwoFactor(owner);
    const on = await owner.patch(base, { require_two_factor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ require_two_factor: true, two_factor_required_for_user: false });
    expect((await owner.get(`${base}/business-user`)).statusCode).toBe(200);

    const manager = await signIn(DEMO_USERS.manager);
    const business = await manager.get(base);
    expect(business.statusCode).toBe(200);
    expect(business.json()).toMatchObject({ require_two_factor: true, two_factor_required_for_user: true });
    for (const url of [`${base}/business-user`, `${base}/onboarding-progress`, `${base}/invitations`]) {
      const res = await manager.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('BUSINESS_TWO_FACTOR_REQUIRED');
    }
    // Outsiders still get 404, not a hint that the business exists.
    expect((await (await signIn(DEMO_USERS.partner)).get(`${base}/business-user`)).statusCode).toBe(404);
    // Super admins are not staff: the requirement does not apply to them.
    expect((await (await signIn(DEMO_USERS.super)).get(`${base}/business-user`)).statusCode).toBe(200);

    // The user-level two-factor set-up stays open; once on, the business opens.
    await turnOnTwoFactor(manager);
    expect((await manager.get(base)).json().two_factor_required_for_user).toBe(false);
    expect((await manager.get(`${base}/business-user`)).statusCode).toBe(200);

    const off = await owner.patch(base, { require_two_factor: false });
    expect(off.statusCode).toBe(200);
    const cashier = await signIn(DEMO_USERS.cashier);
    expect((await cashier.get(`${base}/onboarding-progress`)).statusCode).toBe(200);
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'business.updated'));
    expect(entries.map((e) => e.description)).toEqual(
      expect.arrayContaining(['Changed the business staff two-factor requirement']),
    );
  });
});
