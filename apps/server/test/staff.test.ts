import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS } from '@merchant/core';
import { auditLogs, businessUsers, invitations } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/** Staff: invitations (create, mail, resend, revoke, expiry) and members (role, deactivate, reactivate, remove). */
let t: TestContext;
const DAY = 24 * 60 * 60_000;

const agent = () => new Agent(t.app);

/** Each test's own business: an owner and one admin, manager and cashier. */
type Staffed = FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
async function staffedBusiness(): Promise<{ business: Staffed; base: string }> {
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  return { business, base: `/v1/business/${business.id}` };
}
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
    const res = await owner.post(`${base}/invitations`, { email: ' New.Cashier@Example.TEST ', role: 'cashier' });
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
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

    const list = (await owner.get(`${base}/invitations`)).json().data;
    expect(list).toContainEqual(expect.objectContaining({ id: invitation.id, email: 'new.cashier@example.test' }));

    const preview = await agent().get(`/v1/invitations/${token}`);
    expect(preview.json()).toMatchObject({ email: 'new.cashier@example.test', role: { title: 'Cashier' }, user_exists: false });
    const cashier = agent();
    const signUp = await cashier.post(`/register-complete/${token}`, { name: 'Nora Newcashier', password: 'nora cashier passphrase' });
    expect(signUp.statusCode).toBe(201);
    const business = (await cashier.get(base)).json();
    expect(business.role).toEqual({ title: 'Cashier' });
    expect([...business.permissions].sort()).toEqual([...ROLE_PERMISSIONS.cashier].sort());

    // Accepted invitations leave the pending list; the new member is on the staff list.
    expect((await owner.get(`${base}/invitations`)).json().data.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    const staff = (await owner.get(`${base}/business-user`)).json().data;
    expect(staff).toContainEqual(expect.objectContaining({ email: 'new.cashier@example.test', status: 'active', two_factor_enabled: false }));
    expect(await auditActions(ours, invitation.id)).toEqual(expect.arrayContaining(['staff.invited', 'invitation.accepted']));
  });

  it('invites an existing user, who accepts it on pending invitations', async () => {
    const { business, base } = await staffedBusiness();
    const existing = (await createBusiness(t, { kind: 'partner' })).people.owner;
    const res = await business.people.owner.agent.post(`${base}/invitations`, { email: existing.email, role: 'manager' });
    expect(res.statusCode).toBe(201);
    const mail = (await mailbox(t.app)).find((m) => m.to === existing.email)!;
    expect(mail.text).toContain(`${t.config.publicUrl}/pending-invitations`);
    const partner = existing.agent;
    expect((await partner.get('/v1/user')).json().pending_invitations).toBe(1);
    expect((await partner.post(`/v1/user/invitations/${res.json().id}/accept`)).statusCode).toBe(200);
    expect((await partner.get(base)).json().role).toEqual({ title: 'Manager' });
  });

  it('refuses active members and duplicate pending invitations with 422 on email, and bad input', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const member = await owner.post(`${base}/invitations`, { email: business.people.cashier.email.toUpperCase(), role: 'manager' });
    expect(member.statusCode).toBe(422);
    expect(member.json()).toMatchObject({ code: 'STAFF_ALREADY_MEMBER', issues: [{ path: 'email' }] });

    expect((await owner.post(`${base}/invitations`, { email: 'twice@example.test', role: 'cashier' })).statusCode).toBe(201);
    const twice = await owner.post(`${base}/invitations`, { email: 'TWICE@example.test', role: 'admin' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: 'STAFF_ALREADY_INVITED', issues: [{ path: 'email' }] });

    const bad = await owner.post(`${base}/invitations`, { email: 'not-an-email', role: 'boss' });
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
    const asOwner = await admin.post(`${base}/invitations`, { email: 'would-be-owner@example.test', role: 'owner' });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().code).toBe('STAFF_ROLE_NOT_ALLOWED');
    expect((await admin.post(`${base}/invitations`, { email: 'admin-invited@example.test', role: 'admin' })).statusCode).toBe(201);

    for (const role of ['manager', 'cashier'] as const) {
      const res = await business.people[role].agent.post(`${base}/invitations`, { email: 'nope@example.test', role: 'cashier' });
      expect(res.statusCode, role).toBe(403);
    }
    const owner = business.people.owner.agent;
    expect((await owner.post(`${base}/invitations`, { email: 'co-owner@example.test', role: 'owner' })).statusCode).toBe(201);
    // The admin cannot resend or revoke an owner invitation either.
    const coOwner = (await owner.get(`${base}/invitations`)).json().data.find((i: { email: string }) => i.email === 'co-owner@example.test');
    expect((await admin.post(`${base}/invitations/${coOwner.id}/resend`)).statusCode).toBe(403);
    expect((await admin.delete(`${base}/invitations/${coOwner.id}`)).statusCode).toBe(403);
  });

  it('resends with a new link and expiry (the old link stops working), and revokes', async () => {
    const { business, base } = await staffedBusiness();
    const before = business.people.owner.agent;
    const created = (await before.post(`${base}/invitations`, { email: 'resend@example.test', role: 'manager' })).json();
    const first = await mailedToken('resend@example.test');
    t.clock.advance(8 * DAY);
    // Sessions idle out after 120 minutes: sign in again after the 8 days.
    const owner = await signInAgain(t, business.people.owner);
    const listed = (await owner.get(`${base}/invitations`)).json().data.find((i: { id: string }) => i.id === created.id);
    expect(listed.expired).toBe(true);
    expect((await agent().get(`/v1/invitations/${first}`)).statusCode).toBe(404);

    const resent = await owner.post(`${base}/invitations/${created.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: created.id, expired: false, expires_at: new Date(t.clock.now().getTime() + 7 * DAY).toISOString() });
    const second = await mailedToken('resend@example.test');
    expect(second).not.toBe(first);
    expect((await agent().get(`/v1/invitations/${first}`)).statusCode).toBe(404);
    expect((await agent().get(`/v1/invitations/${second}`)).statusCode).toBe(200);

    const revoked = await owner.delete(`${base}/invitations/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await agent().get(`/v1/invitations/${second}`)).statusCode).toBe(404);
    expect((await owner.get(`${base}/invitations`)).json().data.map((i: { id: string }) => i.id)).not.toContain(created.id);
    const again = await owner.post(`${base}/invitations/${created.id}/resend`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('STAFF_INVITATION_NOT_FOUND');
    expect((await owner.delete(`${base}/invitations/${created.id}`)).statusCode).toBe(404);
    expect(await auditActions(business, created.id)).toEqual(['staff.invited', 'staff.invitation_resent', 'staff.invitation_revoked']);
    // After a revocation the same email can be invited again.
    expect((await owner.post(`${base}/invitations`, { email: 'resend@example.test', role: 'manager' })).statusCode).toBe(201);
  });
});

describe('managing members', () => {
  it('shows one member, changes a role, refuses to change your own, and audits', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const managerId = await memberIdOf(business, business.people.manager.email);
    const detail = await owner.get(`${base}/business-user/${managerId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: managerId, email: business.people.manager.email, role: { title: 'Manager' }, status: 'active' });
    // Managers may look, not change.
    const manager = business.people.manager.agent;
    expect((await manager.get(`${base}/business-user/${managerId}`)).statusCode).toBe(200);
    expect((await manager.patch(`${base}/business-user/${await memberIdOf(business, business.people.cashier.email)}`, { role: 'manager' })).statusCode).toBe(
      403,
    );

    const changed = await owner.patch(`${base}/business-user/${managerId}`, { role: 'cashier' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().role).toEqual({ title: 'Cashier' });
    expect((await manager.get(`${base}/business-user`)).statusCode).toBe(403);
    expect((await owner.patch(`${base}/business-user/${managerId}`, { role: 'manager' })).statusCode).toBe(200);
    expect(await auditActions(business, managerId)).toEqual(['staff.role_changed', 'staff.role_changed']);

    const self = await owner.patch(`${base}/business-user/${await memberIdOf(business, business.people.owner.email)}`, { role: 'admin' });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 'STAFF_SELF_CHANGE', issues: [{ path: 'role' }] });

    const unknown = await owner.get(`${base}/business-user/00000000-0000-4000-8000-000000000001`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('STAFF_MEMBER_NOT_FOUND');
  });

  it('keeps admins away from owners: no promotion to owner, no change to an owner', async () => {
    const { business, base } = await staffedBusiness();
    const admin = business.people.admin.agent;
    const cashierId = await memberIdOf(business, business.people.cashier.email);
    const promote = await admin.patch(`${base}/business-user/${cashierId}`, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('STAFF_ROLE_NOT_ALLOWED');
    const ownerId = await memberIdOf(business, business.people.owner.email);
    for (const res of [
      await admin.patch(`${base}/business-user/${ownerId}`, { role: 'cashier' }),
      await admin.post(`${base}/business-user/${ownerId}/deactivate`),
      await admin.delete(`${base}/business-user/${ownerId}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STAFF_ROLE_NOT_ALLOWED');
    }
    expect((await admin.get(base)).statusCode).toBe(200);
  });

  it('never lets the last active owner be demoted, even when two owners demote each other at once', async () => {
    const { business, base } = await staffedBusiness();
    const ownerId = await memberIdOf(business, business.people.owner.email);
    const adminId = await memberIdOf(business, business.people.admin.email);
    const owner = business.people.owner.agent;
    expect((await owner.patch(`${base}/business-user/${adminId}`, { role: 'owner' })).statusCode).toBe(200);
    const second = business.people.admin.agent;

    // Each may demote the other, but not both: the business row lock serialises the two.
    const answers = await Promise.all([
      owner.patch(`${base}/business-user/${adminId}`, { role: 'admin' }),
      second.patch(`${base}/business-user/${ownerId}`, { role: 'admin' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().code).toBe('STAFF_LAST_OWNER');

    // Whoever is still an owner can promote the other back.
    const [survivor, demotedId] = answers[0]!.statusCode === 200 ? [owner, adminId] : [second, ownerId];
    expect((await survivor.patch(`${base}/business-user/${demotedId}`, { role: 'owner' })).statusCode).toBe(200);
  });

  it('deactivating ends access at the next call of an open session; reactivating gives it back', async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const cashier = business.people.cashier.agent;
    const cashierId = await memberIdOf(business, business.people.cashier.email);
    expect((await cashier.get(base)).statusCode).toBe(200);

    const off = await owner.post(`${base}/business-user/${cashierId}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('deactivated');
    expect((await cashier.get(base)).statusCode).toBe(404);
    expect((await cashier.get(`${base}/onboarding-progress`)).statusCode).toBe(404);
    // The session itself lives on (the user may belong to other businesses).
    expect((await cashier.get('/v1/user')).statusCode).toBe(200);
    expect((await owner.get(`${base}/business-user`)).json().data).toContainEqual(expect.objectContaining({ id: cashierId, status: 'deactivated' }));
    // Deactivated members cannot be invited as if new: they are not active, so an invitation is allowed.
    const selfOff = await owner.post(`${base}/business-user/${await memberIdOf(business, business.people.owner.email)}/deactivate`);
    expect(selfOff.statusCode).toBe(422);
    expect(selfOff.json().code).toBe('STAFF_SELF_CHANGE');

    const on = await owner.post(`${base}/business-user/${cashierId}/reactivate`);
    expect(on.statusCode).toBe(200);
    expect(on.json().status).toBe('active');
    expect((await cashier.get(base)).statusCode).toBe(200);
    expect(await auditActions(business, cashierId)).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it("removing a cashier answers 404 to the cashier's open session at the next call", async () => {
    const { business, base } = await staffedBusiness();
    const owner = business.people.owner.agent;
    const token = await (async () => {
      await owner.post(`${base}/invitations`, { email: 'short.stay@example.test', role: 'cashier' });
      return mailedToken('short.stay@example.test');
    })();
    const cashier = agent();
    expect((await cashier.post(`/register-complete/${token}`, { name: 'Short Stay', password: 'short stay passphrase' })).statusCode).toBe(201);
    expect((await cashier.get(base)).statusCode).toBe(200);
    const id = await memberIdOf(business, 'short.stay@example.test');

    const admin = business.people.admin.agent;
    const removed = await admin.delete(`${base}/business-user/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    const next = await cashier.get(base);
    expect(next.statusCode).toBe(404);
    expect(next.json().code).toBe('NOT_FOUND');
    expect((await cashier.get('/v1/user')).json().businesses.member).toEqual([]);
    expect((await owner.get(`${base}/business-user/${id}`)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'staff.removed',
        businessId: business.id,
        meta: expect.objectContaining({ email: 'short.stay@example.test', role: 'cashier' }),
      }),
    ]);
    // Removed people can be invited again.
    expect((await owner.post(`${base}/invitations`, { email: 'short.stay@example.test', role: 'manager' })).statusCode).toBe(201);
  });
});
