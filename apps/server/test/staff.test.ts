import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, endpointPath } from '@merchant/core';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { auditLogs, businessUsers, invitations } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/** Staff: invitations (create, mail, resend, revoke, expiry) and members (role, deactivate, reactivate, remove). */
let t: TestContext;
const DAY = 24 * 60 * 60_000;

const agent = () => new Agent(t.app);

/** Each test's own business: an owner and one admin, manager and cashier. */
type Staffed = FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
type InBusiness = { params: { business_id: string } };
async function staffedBusiness(): Promise<{ business: Staffed; base: InBusiness }> {
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  return { business, base: { params: { business_id: business.id } } };
}
/** The address of one member or invitation of the business. */
const one = (base: InBusiness, id: string) => ({ params: { ...base.params, id } });
const preview = (hash: string) => agent().call(authEndpoints.invitationPreview, { params: { hash } });
/** The raw token of the newest invitation mail to an address. */
async function mailedToken(email: string): Promise<string> {
  const mail = (await mailbox(t.app)).find((m) => m.to === email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const match = mail!.text.match(new RegExp(`${t.config.publicUrl}/register-complete/([A-Za-z0-9_-]+)`));
  expect(match).not.toBeNull();
  return match![1]!;
}
async function memberIdOf(business: Staffed, email: string): Promise<string> {
  const user = (await userRepository.findByEmail(t.database.db, email))!;
  const [row] = await t.database.db
    .select()
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, business.id), eq(businessUsers.userId, user.id)));
  return row!.id;
}
async function auditActions(business: Staffed, objectId: string): Promise<string[]> {
  // Ids are time-ordered (UUIDv7): ordering by id is the order of writing, on both databases.
  const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, objectId)).orderBy(auditLogs.id);
  return rows.filter((r) => r.businessId === business.id).map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('inviting staff', () => {
  it('mails a 7-day link that signs a new person up as a cashier, end to end', async () => {
    const { business: ours, base } = await staffedBusiness();
    const owner = ours.people.owner.agent;
    const invitation = await owner.ok(staffEndpoints.invite, { ...base, body: { email: ' New.Cashier@Example.TEST ', role: 'cashier' } });
    expect(invitation).toMatchObject({
      email: 'new.cashier@example.test',
      role: { title: 'Cashier' },
      status: 'pending',
      invited_by: ours.people.owner.name,
      expired: false,
      expires_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    });

    // The token is stored only as its hash; the mail carries the raw token.
    const token = await mailedToken('new.cashier@example.test');
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.tokenHash).not.toContain(token);
    const mail = (await mailbox(t.app)).find((m) => m.to === 'new.cashier@example.test')!;
    expect(mail.subject).toBe(`You are invited to join ${ours.name}`);
    expect(mail.text).toContain('as Cashier');

    const list = (await owner.ok(staffEndpoints.listInvitations, base)).data;
    expect(list).toContainEqual(expect.objectContaining({ id: invitation.id, email: 'new.cashier@example.test' }));

    expect(await agent().ok(authEndpoints.invitationPreview, { params: { hash: token } })).toMatchObject({
      email: 'new.cashier@example.test',
      role: { title: 'Cashier' },
      user_exists: false,
    });
    const cashier = agent();
    await cashier.ok(authEndpoints.registerComplete, { params: { hash: token }, body: { name: 'Nora Newcashier', password: 'nora cashier passphrase' } });
    const business = await cashier.ok(businessEndpoints.get, base);
    expect(business.role).toEqual({ title: 'Cashier' });
    expect([...business.permissions].sort()).toEqual([...ROLE_PERMISSIONS.cashier].sort());

    // Accepted invitations leave the pending list; the new member is on the staff list.
    expect((await owner.ok(staffEndpoints.listInvitations, base)).data.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    const staff = (await owner.ok(businessEndpoints.users, base)).data;
    expect(staff).toContainEqual(expect.objectContaining({ email: 'new.cashier@example.test', status: 'active', two_factor_enabled: false }));
    expect(await auditActions(ours, invitation.id)).toEqual(expect.arrayContaining(['staff.invited', 'invitation.accepted']));
  });

  it('invites an existing user, who accepts it on pending invitations', async () => {
    const { business, base } = await staffedBusiness();
    const existing = (await createBusiness(t, { kind: 'partner' })).people.owner;
    const res = await business.people.owner.agent.ok(staffEndpoints.invite, { ...base, body: { email: existing.email, role: 'manager' } });
    const mail = (await mailbox(t.app)).find((m) => m.to === existing.email)!;
    expect(mail.text).toContain(`${t.config.publicUrl}/pending-invitations`);
    const partner = existing.agent;
    expect((await partner.ok(userEndpoints.me)).pending_invitations).toBe(1);
    await partner.ok(userEndpoints.acceptInvitation, { params: { invitation_id: res.id } });
    expect((await partner.ok(businessEndpoints.get, base)).role).toEqual({ title: 'Manager' });
  });

  it('refuses active members and duplicate pending invitations with 422 on email, and bad input', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const member = await owner.call(staffEndpoints.invite, { ...base, body: { email: business.people.cashier.email.toUpperCase(), role: 'manager' } });
    expect(member.status).toBe(422);
    expect(member.body).toMatchObject({ code: 'STAFF_ALREADY_MEMBER', issues: [{ path: 'email' }] });

    expect((await owner.call(staffEndpoints.invite, { ...base, body: { email: 'twice@example.test', role: 'cashier' } })).status).toBe(201);
    const twice = await owner.call(staffEndpoints.invite, { ...base, body: { email: 'TWICE@example.test', role: 'admin' } });
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ code: 'STAFF_ALREADY_INVITED', issues: [{ path: 'email' }] });

    // An unknown role: sent raw.
    const bad = await owner.post(endpointPath(staffEndpoints.invite, base), { email: 'not-an-email', role: 'boss' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'role']);
  });

  it('lets an admin invite admins, managers and cashiers but not owners; managers and cashiers not at all', async () => {
    const { business, base } = await staffedBusiness();
    const admin = business.people.admin.agent;
    const asOwner = await admin.call(staffEndpoints.invite, { ...base, body: { email: 'would-be-owner@example.test', role: 'owner' } });
    expect(asOwner.status).toBe(403);
    expect(failure(asOwner).code).toBe('STAFF_ROLE_NOT_ALLOWED');
    expect((await admin.call(staffEndpoints.invite, { ...base, body: { email: 'admin-invited@example.test', role: 'admin' } })).status).toBe(201);

    for (const role of ['manager', 'cashier'] as const) {
      const res = await business.people[role].agent.call(staffEndpoints.invite, { ...base, body: { email: 'nope@example.test', role: 'cashier' } });
      expect(res.status, role).toBe(403);
    }
    const owner = business.people.owner.agent;
    expect((await owner.call(staffEndpoints.invite, { ...base, body: { email: 'co-owner@example.test', role: 'owner' } })).status).toBe(201);
    // The admin cannot resend or revoke an owner invitation either.
    const coOwner = (await owner.ok(staffEndpoints.listInvitations, base)).data.find((i) => i.email === 'co-owner@example.test')!;
    expect((await admin.call(staffEndpoints.resendInvitation, one(base, coOwner.id))).status).toBe(403);
    expect((await admin.call(staffEndpoints.revokeInvitation, one(base, coOwner.id))).status).toBe(403);
  });

  it('resends with a new link and expiry (the old link stops working), and revokes', async () => {
    const { business, base } = await staffedBusiness();
    const before = business.people.owner.agent;
    const created = await before.ok(staffEndpoints.invite, { ...base, body: { email: 'resend@example.test', role: 'manager' } });
    const first = await mailedToken('resend@example.test');
    t.clock.advance(8 * DAY);
    // Sessions idle out after 120 minutes: sign in again after the 8 days.
    const owner = await signInAgain(t, business.people.owner);
    const listed = (await owner.ok(staffEndpoints.listInvitations, base)).data.find((i) => i.id === created.id)!;
    expect(listed.expired).toBe(true);
    expect((await preview(first)).status).toBe(404);

    const resent = await owner.ok(staffEndpoints.resendInvitation, one(base, created.id));
    expect(resent).toMatchObject({ id: created.id, expired: false, expires_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString() });
    const second = await mailedToken('resend@example.test');
    expect(second).not.toBe(first);
    expect((await preview(first)).status).toBe(404);
    expect((await preview(second)).status).toBe(200);

    await owner.ok(staffEndpoints.revokeInvitation, one(base, created.id));
    expect((await preview(second)).status).toBe(404);
    expect((await owner.ok(staffEndpoints.listInvitations, base)).data.map((i: { id: string }) => i.id)).not.toContain(created.id);
    const again = await owner.call(staffEndpoints.resendInvitation, one(base, created.id));
    expect(again.status).toBe(404);
    expect(failure(again).code).toBe('STAFF_INVITATION_NOT_FOUND');
    expect((await owner.call(staffEndpoints.revokeInvitation, one(base, created.id))).status).toBe(404);
    expect(await auditActions(business, created.id)).toEqual(['staff.invited', 'staff.invitation_resent', 'staff.invitation_revoked']);
    // After a revocation the same email can be invited again.
    expect((await owner.call(staffEndpoints.invite, { ...base, body: { email: 'resend@example.test', role: 'manager' } })).status).toBe(201);
  });
});

describe('managing members', () => {
  it('shows one member, changes a role, refuses to change your own, and audits', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const managerId = await memberIdOf(business, business.people.manager.email);
    const detail = await owner.ok(staffEndpoints.getMember, one(base, managerId));
    expect(detail).toMatchObject({ id: managerId, email: business.people.manager.email, role: { title: 'Manager' }, status: 'active' });
    // Managers may look, not change.
    const manager = business.people.manager.agent;
    expect((await manager.call(staffEndpoints.getMember, one(base, managerId))).status).toBe(200);
    expect(
      (
        await manager.call(staffEndpoints.updateMemberRole, {
          ...one(base, await memberIdOf(business, business.people.cashier.email)),
          body: { role: 'manager' },
        })
      ).status,
    ).toBe(403);

    const changed = await owner.ok(staffEndpoints.updateMemberRole, { ...one(base, managerId), body: { role: 'cashier' } });
    expect(changed.role).toEqual({ title: 'Cashier' });
    expect((await manager.call(businessEndpoints.users, base)).status).toBe(403);
    expect((await owner.call(staffEndpoints.updateMemberRole, { ...one(base, managerId), body: { role: 'manager' } })).status).toBe(200);
    expect(await auditActions(business, managerId)).toEqual(['staff.role_changed', 'staff.role_changed']);

    const self = await owner.call(staffEndpoints.updateMemberRole, {
      ...one(base, await memberIdOf(business, business.people.owner.email)),
      body: { role: 'admin' },
    });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ code: 'STAFF_SELF_CHANGE', issues: [{ path: 'role' }] });

    const unknown = await owner.call(staffEndpoints.getMember, one(base, '00000000-0000-4000-8000-000000000001'));
    expect(unknown.status).toBe(404);
    expect(failure(unknown).code).toBe('STAFF_MEMBER_NOT_FOUND');
  });

  it('keeps admins away from owners: no promotion to owner, no change to an owner', async () => {
    const { business, base } = await staffedBusiness();
    const admin = business.people.admin.agent;
    const cashierId = await memberIdOf(business, business.people.cashier.email);
    const promote = await admin.call(staffEndpoints.updateMemberRole, { ...one(base, cashierId), body: { role: 'owner' } });
    expect(promote.status).toBe(403);
    expect(failure(promote).code).toBe('STAFF_ROLE_NOT_ALLOWED');
    const ownerId = await memberIdOf(business, business.people.owner.email);
    for (const res of [
      await admin.call(staffEndpoints.updateMemberRole, { ...one(base, ownerId), body: { role: 'cashier' } }),
      await admin.call(staffEndpoints.deactivateMember, one(base, ownerId)),
      await admin.call(staffEndpoints.removeMember, one(base, ownerId)),
    ]) {
      expect(res.status).toBe(403);
      expect(failure(res).code).toBe('STAFF_ROLE_NOT_ALLOWED');
    }
    expect((await admin.call(businessEndpoints.get, base)).status).toBe(200);
  });

  it('never lets the last active owner be demoted, even when two owners demote each other at once', async () => {
    const { business, base } = await staffedBusiness();
    const ownerId = await memberIdOf(business, business.people.owner.email);
    const adminId = await memberIdOf(business, business.people.admin.email);
    const owner = business.people.owner.agent;
    expect((await owner.call(staffEndpoints.updateMemberRole, { ...one(base, adminId), body: { role: 'owner' } })).status).toBe(200);
    const second = business.people.admin.agent;

    // Each may demote the other, but not both: the business row lock serialises the two.
    const answers = await Promise.all([
      owner.call(staffEndpoints.updateMemberRole, { ...one(base, adminId), body: { role: 'admin' } }),
      second.call(staffEndpoints.updateMemberRole, { ...one(base, ownerId), body: { role: 'admin' } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(failure(answers.find((r) => r.status === 422)!).code).toBe('STAFF_LAST_OWNER');

    // Whoever is still an owner can promote the other back.
    const [survivor, demotedId] = answers[0]!.status === 200 ? [owner, adminId] : [second, ownerId];
    expect((await survivor.call(staffEndpoints.updateMemberRole, { ...one(base, demotedId), body: { role: 'owner' } })).status).toBe(200);
  });

  it('deactivating ends access at the next call of an open session; reactivating gives it back', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const cashier = business.people.cashier.agent;
    const cashierId = await memberIdOf(business, business.people.cashier.email);
    expect((await cashier.call(businessEndpoints.get, base)).status).toBe(200);

    const off = await owner.ok(staffEndpoints.deactivateMember, one(base, cashierId));
    expect(off.status).toBe('deactivated');
    expect((await cashier.call(businessEndpoints.get, base)).status).toBe(404);
    expect((await cashier.call(businessEndpoints.onboardingProgress, base)).status).toBe(404);
    // The session itself lives on (the user may belong to other businesses).
    expect((await cashier.call(userEndpoints.me)).status).toBe(200);
    expect((await owner.ok(businessEndpoints.users, base)).data).toContainEqual(expect.objectContaining({ id: cashierId, status: 'deactivated' }));
    // Deactivated members cannot be invited as if new: they are not active, so an invitation is allowed.
    const selfOff = await owner.call(staffEndpoints.deactivateMember, one(base, await memberIdOf(business, business.people.owner.email)));
    expect(selfOff.status).toBe(422);
    expect(failure(selfOff).code).toBe('STAFF_SELF_CHANGE');

    const on = await owner.ok(staffEndpoints.reactivateMember, one(base, cashierId));
    expect(on.status).toBe('active');
    expect((await cashier.call(businessEndpoints.get, base)).status).toBe(200);
    expect(await auditActions(business, cashierId)).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it("removing a cashier answers 404 to the cashier's open session at the next call", async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const token = await (async () => {
      await owner.ok(staffEndpoints.invite, { ...base, body: { email: 'short.stay@example.test', role: 'cashier' } });
      return mailedToken('short.stay@example.test');
    })();
    const cashier = agent();
    expect(
      (await cashier.call(authEndpoints.registerComplete, { params: { hash: token }, body: { name: 'Short Stay', password: 'short stay passphrase' } })).status,
    ).toBe(201);
    expect((await cashier.call(businessEndpoints.get, base)).status).toBe(200);
    const id = await memberIdOf(business, 'short.stay@example.test');

    const admin = business.people.admin.agent;
    const removed = await admin.call(staffEndpoints.removeMember, one(base, id));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    const next = await cashier.call(businessEndpoints.get, base);
    expect(next.status).toBe(404);
    expect(failure(next).code).toBe('NOT_FOUND');
    expect((await cashier.ok(userEndpoints.me)).businesses.member).toEqual([]);
    expect((await owner.call(staffEndpoints.getMember, one(base, id))).status).toBe(404);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'staff.removed',
        businessId: business.id,
        meta: expect.objectContaining({ email: 'short.stay@example.test', role: 'cashier' }),
      }),
    ]);
    // Removed people can be invited again.
    expect((await owner.call(staffEndpoints.invite, { ...base, body: { email: 'short.stay@example.test', role: 'manager' } })).status).toBe(201);
  });
});
