import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ROLES, ROLE_PERMISSIONS, assignableRoles, canManageMember, type Role } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { businessUsers } from '../src/db/schema';
import { newId } from '../src/lib/crypto';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { createTestContext, failure, type Agent, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, uniqueEmail } from './factories';

/**
 * The permission map, proved on the server for each role: the business answer carries exactly the
 * role's permissions, and staff management follows the map and its owner rules.
 */
let t: TestContext;
let base: { params: { business_id: string } };
let businessId: string;
const agents = new Map<Role | 'super', Agent>();

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  businessId = business.id;
  base = { params: { business_id: businessId } };
  for (const role of ROLES) agents.set(role, business.people[role].agent);
  agents.set('super', (await createSuperAdmin(t)).agent);
});
afterAll(() => t.close());

const member = (id: string) => ({ params: { ...base.params, id } });

/** A throwaway member with a role, so the rules can be exercised without touching the people who act. */
async function memberWith(role: Role): Promise<string> {
  const email = uniqueEmail(`matrix-${role}`);
  const now = t.clock.now();
  const userId = newId();
  await userRepository.insert(t.database.db, { id: userId, name: `Matrix ${role}`, email, passwordHash: 'x', createdAt: now, updatedAt: now });
  const id = newId();
  await t.database.db.insert(businessUsers).values({ id, businessId: businessId, userId, role, createdAt: now });
  return id;
}

describe('permission map on the server', () => {
  it.each(ROLES)('GET /v1/business/{id} gives the %s exactly the permissions of the map', async (role) => {
    const res = await agents.get(role)!.ok(businessEndpoints.get, base);
    expect([...res.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });

  it('gives super admins every permission', async () => {
    expect([...(await agents.get('super')!.ok(businessEndpoints.get, base)).permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it.each(ROLES)('lets the %s see the staff list only with staff:view', async (role) => {
    const list = await agents.get(role)!.call(businessEndpoints.users, base);
    const invitations = await agents.get(role)!.call(staffEndpoints.listInvitations, base);
    const expected = ROLE_PERMISSIONS[role].includes('staff:view') ? 200 : 403;
    expect(list.status).toBe(expected);
    expect(invitations.status).toBe(expected);
  });

  it.each(ROLES)('lets the %s invite exactly the roles the map allows', async (role) => {
    const actor = { isSuperAdmin: false, role };
    for (const target of ROLES) {
      const res = await agents
        .get(role)!
        .call(staffEndpoints.invite, { ...base, body: { email: uniqueEmail(`matrix-${role}-invites-${target}`), role: target } });
      expect(res.status, `${role} invites ${target}`).toBe(assignableRoles(actor).includes(target) ? 201 : 403);
    }
  });

  it.each(ROLES)('lets the %s change, deactivate, reactivate and remove exactly the members the map allows', async (role) => {
    const actor = { isSuperAdmin: false, role };
    const agent = agents.get(role)!;
    for (const target of ROLES) {
      const allowed = canManageMember(actor, target);
      const id = await memberWith(target);
      const label = `${role} acts on ${target}`;
      // The new role: one the actor may give, different from the target's.
      const next = assignableRoles(actor).find((r) => r !== target) ?? 'cashier';
      expect((await agent.call(staffEndpoints.updateMemberRole, { ...member(id), body: { role: next } })).status, label).toBe(allowed ? 200 : 403);
      expect((await agent.call(staffEndpoints.deactivateMember, member(id))).status, label).toBe(allowed ? 200 : 403);
      expect((await agent.call(staffEndpoints.reactivateMember, member(id))).status, label).toBe(allowed ? 200 : 403);
      expect((await agent.call(staffEndpoints.removeMember, member(id))).status, label).toBe(allowed ? 200 : 403);
      const [row] = await t.database.db
        .select()
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.id, id)));
      expect(Boolean(row), label).toBe(!allowed);
    }
  });

  it('never lets an admin make an owner, by invitation or by role change', async () => {
    const admin = agents.get('admin')!;
    const id = await memberWith('manager');
    const promote = await admin.call(staffEndpoints.updateMemberRole, { ...member(id), body: { role: 'owner' } });
    expect(promote.status).toBe(403);
    expect(failure(promote).code).toBe('STAFF_ROLE_NOT_ALLOWED');
    const invite = await admin.call(staffEndpoints.invite, { ...base, body: { email: uniqueEmail('admin-makes-owner'), role: 'owner' } });
    expect(invite.status).toBe(403);
    expect((await agents.get('owner')!.call(staffEndpoints.updateMemberRole, { ...member(id), body: { role: 'owner' } })).status).toBe(200);
  });
});
