import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ROLES, ROLE_PERMISSIONS, assignableRoles, canManageMember, type Role } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { businessUsers } from '../src/db/schema';
import { newId } from '../src/lib/crypto';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, uniqueEmail } from './factories';

/**
 * The permission map, proved on the server for each role: the business answer carries exactly the
 * role's permissions, and staff management follows the map and its owner rules.
 */
let t: TestContext;
let base: string;
let businessId: string;
const agents = new Map<Role | 'super', Agent>();

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  businessId = business.id;
  base = `/v1/business/${businessId}`;
  for (const role of ROLES) agents.set(role, business.people[role].agent);
  agents.set('super', (await createSuperAdmin(t)).agent);
});
afterAll(() => t.close());

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
    const res = await agents.get(role)!.get(base);
    expect(res.statusCode).toBe(200);
    expect([...res.json().permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });

  it('gives super admins every permission', async () => {
    expect([...(await agents.get('super')!.get(base)).json().permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it.each(ROLES)('lets the %s see the staff list only with staff:view', async (role) => {
    const list = await agents.get(role)!.get(`${base}/business-user`);
    const invitations = await agents.get(role)!.get(`${base}/invitations`);
    const expected = ROLE_PERMISSIONS[role].includes('staff:view') ? 200 : 403;
    expect(list.statusCode).toBe(expected);
    expect(invitations.statusCode).toBe(expected);
  });

  it.each(ROLES)('lets the %s invite exactly the roles the map allows', async (role) => {
    const actor = { isSuperAdmin: false, role };
    for (const target of ROLES) {
      const res = await agents.get(role)!.post(`${base}/invitations`, { email: uniqueEmail(`matrix-${role}-invites-${target}`), role: target });
      expect(res.statusCode, `${role} invites ${target}`).toBe(assignableRoles(actor).includes(target) ? 201 : 403);
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
      expect((await agent.patch(`${base}/business-user/${id}`, { role: next })).statusCode, label).toBe(allowed ? 200 : 403);
      expect((await agent.post(`${base}/business-user/${id}/deactivate`)).statusCode, label).toBe(allowed ? 200 : 403);
      expect((await agent.post(`${base}/business-user/${id}/reactivate`)).statusCode, label).toBe(allowed ? 200 : 403);
      expect((await agent.delete(`${base}/business-user/${id}`)).statusCode, label).toBe(allowed ? 200 : 403);
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
    const promote = await admin.patch(`${base}/business-user/${id}`, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('STAFF_ROLE_NOT_ALLOWED');
    const invite = await admin.post(`${base}/invitations`, { email: uniqueEmail('admin-makes-owner'), role: 'owner' });
    expect(invite.statusCode).toBe(403);
    expect((await agents.get('owner')!.patch(`${base}/business-user/${id}`, { role: 'owner' })).statusCode).toBe(200);
  });
});
