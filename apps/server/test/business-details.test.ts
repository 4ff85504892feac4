import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { auditLogs } from '../src/db/schema';
import { createBusiness, createSuperAdmin, enableTwoFactor } from './factories';
import { createTestContext, failure, type TestContext } from './harness';

/** Business details (PATCH /v1/business/{id}) and the staff two-factor requirement. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const the = (businessId: string) => ({ params: { business_id: businessId } }) as const;
const updatesOf = (businessId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, 'business.updated')));

describe('business details', () => {
  it('changes name, address and currency; the business answer shows them; the change is audited', async () => {
    const { id, name, people } = await createBusiness(t);
    const owner = people.owner.agent;
    const updated = await owner.ok(businessEndpoints.update, {
      ...the(id),
      body: { name: '  Coffee & Tea ', currency: 'USD', address: { line1: '1 Harbour Road', line2: '', city: 'Singapore', state: '', postal_code: '018989' } },
    });
    expect(updated).toMatchObject({
      name: 'Coffee & Tea',
      currency: 'usd',
      country: 'sg',
      address: { line1: '1 Harbour Road', line2: null, city: 'Singapore', state: null, postal_code: '018989' },
      require_two_factor: false,
      two_factor_required_for_user: false,
      role: { title: 'Owner' },
    });
    expect(await owner.ok(businessEndpoints.get, the(id))).toMatchObject({ name: 'Coffee & Tea', currency: 'usd', address: { city: 'Singapore' } });

    const [entry, ...more] = await updatesOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ businessId: id, objectType: 'business', objectId: id });
    expect(entry!.description).toBe('Changed the business name, currency, address');
    expect(entry!.meta).toMatchObject({ changes: { name: { from: name, to: 'Coffee & Tea' }, currency: { from: 'sgd', to: 'usd' } } });

    // Sending the same values again changes nothing and writes no entry.
    await owner.ok(businessEndpoints.update, { ...the(id), body: { name: 'Coffee & Tea' } });
    expect(await updatesOf(id)).toHaveLength(1);
  });

  it('refuses bad input with field issues', async () => {
    const { id, people } = await createBusiness(t, { staff: ['admin'] });
    const admin = people.admin.agent;
    const res = await admin.call(businessEndpoints.update, {
      ...the(id),
      body: { name: 'x', currency: 'zzz', address: { line1: 'a', line2: null, city: null, state: null, postal_code: '<script>' } },
    });
    expect(res.status).toBe(422);
    expect(
      failure(res)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['address.postal_code', 'currency', 'name']);
    expect((await admin.call(businessEndpoints.update, { ...the(id), body: {} })).status).toBe(422);
  });

  it('only owners and admins may change the details', async () => {
    const { id, people } = await createBusiness(t, { staff: ['manager', 'cashier'] });
    for (const role of ['manager', 'cashier'] as const) {
      const res = await people[role].agent.call(businessEndpoints.update, { ...the(id), body: { name: 'Taken over' } });
      expect(res, role).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    const stranger = (await createBusiness(t)).people.owner.agent;
    expect((await stranger.call(businessEndpoints.update, { ...the(id), body: { name: 'Taken over' } })).status).toBe(404);
  });

  it('fixes the country once verification is completed, and lets it change before', async () => {
    const verified = await createBusiness(t);
    const owner = verified.people.owner.agent;
    const locked = await owner.call(businessEndpoints.update, { ...the(verified.id), body: { country: 'MY' } });
    expect(locked).toMatchObject({ status: 422, body: { code: 'BUSINESS_COUNTRY_LOCKED', issues: [{ path: 'country' }] } });
    // The same country is no change.
    await owner.ok(businessEndpoints.update, { ...the(verified.id), body: { country: 'sg' } });

    const early = await createBusiness(t, { onboarding: 'questionnaire' });
    const newOwner = early.people.owner.agent;
    expect(await newOwner.ok(businessEndpoints.update, { ...the(early.id), body: { country: 'my', currency: 'myr' } })).toMatchObject({
      country: 'my',
      currency: 'myr',
      onboarding_status: 'questionnaire',
    });
    const unknown = await newOwner.call(businessEndpoints.update, { ...the(early.id), body: { country: 'xx' } });
    expect(unknown.status).toBe(422);
    expect(failure(unknown).issues).toEqual([expect.objectContaining({ path: 'country' })]);
  });
});

describe('staff two-factor requirement', () => {
  it('needs two-factor on the account that turns it on', async () => {
    const { id, people } = await createBusiness(t, { staff: ['admin'] });
    const res = await people.admin.agent.call(businessEndpoints.update, { ...the(id), body: { require_two_factor: true } });
    expect(res).toMatchObject({ status: 422, body: { code: 'BUSINESS_TWO_FACTOR_SELF_REQUIRED', issues: [{ path: 'require_two_factor' }] } });
  });

  it('keeps members without two-factor out of everything but the business answer until they set it up', async () => {
    const { id, people } = await createBusiness(t, { staff: ['manager', 'cashier'] });
    const owner = people.owner.agent;
    await enableTwoFactor(t, people.owner);
    expect(await owner.ok(businessEndpoints.update, { ...the(id), body: { require_two_factor: true } })).toMatchObject({
      require_two_factor: true,
      two_factor_required_for_user: false,
    });
    await owner.ok(businessEndpoints.users, the(id));

    const manager = people.manager.agent;
    expect(await manager.ok(businessEndpoints.get, the(id))).toMatchObject({ require_two_factor: true, two_factor_required_for_user: true });
    const closed = [
      () => manager.call(businessEndpoints.users, the(id)),
      () => manager.call(businessEndpoints.onboardingProgress, the(id)),
      () => manager.call(staffEndpoints.listInvitations, the(id)),
    ];
    for (const attempt of closed) expect(await attempt()).toMatchObject({ status: 403, body: { code: 'BUSINESS_TWO_FACTOR_REQUIRED' } });
    // Outsiders still get 404, not a hint that the business exists.
    const stranger = (await createBusiness(t)).people.owner.agent;
    expect((await stranger.call(businessEndpoints.users, the(id))).status).toBe(404);
    // Super admins are not staff: the requirement does not apply to them.
    await (await createSuperAdmin(t)).agent.ok(businessEndpoints.users, the(id));

    // The user-level two-factor set-up stays open; once on, the business opens.
    await enableTwoFactor(t, people.manager);
    expect((await manager.ok(businessEndpoints.get, the(id))).two_factor_required_for_user).toBe(false);
    await manager.ok(businessEndpoints.users, the(id));

    await owner.ok(businessEndpoints.update, { ...the(id), body: { require_two_factor: false } });
    await people.cashier.agent.ok(businessEndpoints.onboardingProgress, the(id));
    expect((await updatesOf(id)).map((e) => e.description)).toEqual(expect.arrayContaining(['Changed the business staff two-factor requirement']));
  });
});
