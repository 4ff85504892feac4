import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type Role } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { businessUsers, invitations } from '../src/db/schema';
import { newId, randomToken, sha256 } from '../src/lib/crypto';
import { invitationRepository } from '../src/modules/business/staff/invitation.repository';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, signInAgain, signUp, uniqueEmail, type FactoryBusiness, type Person } from './factories';

/** Invitations: for an existing user (list, accept, decline) and for a new email (preview, sign up from the link). */
let t: TestContext;
/** The business that invites, with a member of each staff role. */
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let businessId: string;
let ownerId: string;
/** Another business; its owner belongs to no other. */
let partner: FactoryBusiness;
let partnerBusinessId: string;
/** Someone who signed up with a business of their own and belongs to no other. */
let newcomer: Person;
let newcomerBusinessId: string;
beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  businessId = business.id;
  ownerId = business.people.owner.id;
  partner = await createBusiness(t);
  partnerBusinessId = partner.id;
  ({ person: newcomer, businessId: newcomerBusinessId } = await signUp(t));
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;
const agent = () => new Agent(t.app);
/** A new browser of a person, signed in. */
const signIn = (person: Person): Promise<Agent> => signInAgain(t, person);

/** An invitation as the staff screen will create it: the link carries the raw token, the row its hash. */
async function invite(email: string, role: Role, options: { businessId?: string; status?: 'pending' | 'revoked'; invitedBy?: string | null } = {}) {
  const hash = randomToken(32);
  const now = t.clock.now();
  const row = await invitationRepository.insert(t.database.db, {
    id: newId(),
    businessId: options.businessId ?? businessId,
    email,
    role,
    tokenHash: sha256(hash),
    invitedByUserId: options.invitedBy === undefined ? ownerId : options.invitedBy,
    status: options.status ?? 'pending',
    expiresAt: new Date(now.getTime() + 7 * DAY),
    createdAt: now,
  });
  return { hash, row };
}

const businessOf = (a: Agent, id = businessId) => a.call(businessEndpoints.get, { params: { business_id: id } });
const me = (a: Agent) => a.ok(userEndpoints.me);
const accept = (a: Agent, invitation_id: string) => a.call(userEndpoints.acceptInvitation, { params: { invitation_id } });
const decline = (a: Agent, invitation_id: string) => a.call(userEndpoints.declineInvitation, { params: { invitation_id } });
const preview = (hash: string) => agent().call(authEndpoints.invitationPreview, { params: { hash } });
const complete = (a: Agent, hash: string, body: { name: string; password: string }) => a.call(authEndpoints.registerComplete, { params: { hash }, body });
const login = (email: string, password: string) => agent().call(authEndpoints.login, { body: { email, password } });

async function invitationStatus(id: string): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
  return row?.status;
}

describe('an invitation for an existing user', () => {
  it('shows in GET /v1/user and the invitations list, and accepting it makes a member with the role', async () => {
    const { row } = await invite(newcomer.email, 'cashier');
    const a = await signIn(newcomer);

    expect((await businessOf(a)).status).toBe(404);
    expect(await me(a)).toMatchObject({ pending_invitations: 1, businesses: { member: [] } });

    const list = await a.ok(userEndpoints.invitations);
    expect(list).toEqual({
      data: [
        {
          id: row.id,
          business: { id: businessId, name: business.name },
          role: { title: 'Cashier' },
          invited_by: business.people.owner.name,
          expires_at: row.expiresAt.toISOString(),
        },
      ],
    });

    const accepted = await a.ok(userEndpoints.acceptInvitation, { params: { invitation_id: row.id } });
    expect(accepted).toEqual({ business_id: businessId });
    expect(await invitationStatus(row.id)).toBe('accepted');

    const theirs = await a.ok(businessEndpoints.get, { params: { business_id: businessId } });
    expect(theirs).toMatchObject({ id: businessId, role: { title: 'Cashier' } });
    expect([...theirs.permissions].sort()).toEqual([...ROLE_PERMISSIONS.cashier].sort());
    // A cashier may not see the staff list.
    expect((await a.call(businessEndpoints.users, { params: { business_id: businessId } })).status).toBe(403);

    const after = await me(a);
    expect(after.pending_invitations).toBe(0);
    expect(after.businesses.member).toEqual([expect.objectContaining({ id: businessId, role: { title: 'Cashier' } })]);
    expect(after.businesses.owned).toEqual([expect.objectContaining({ id: newcomerBusinessId })]);
    expect(await a.ok(userEndpoints.invitations)).toEqual({ data: [] });

    // The owner sees the new staff member.
    const owner = await signIn(business.people.owner);
    const staff = (await owner.ok(businessEndpoints.users, { params: { business_id: businessId } })).data;
    expect(staff).toContainEqual(expect.objectContaining({ email: newcomer.email, role: { title: 'Cashier' } }));

    // It cannot be accepted twice.
    const again = await accept(a, row.id);
    expect(again.status).toBe(404);
    expect(failure(again).code).toBe('INVITATION_INVALID');

    const log = (await a.ok(userEndpoints.auditLogs, { query: { limit: 100 } })).data;
    expect(log).toContainEqual(expect.objectContaining({ action: 'invitation.accepted', business_id: businessId }));
  });

  it('declining leaves no membership and the invitation cannot be accepted afterwards', async () => {
    const { row } = await invite(newcomer.email, 'manager', { businessId: partnerBusinessId });
    const a = await signIn(newcomer);
    expect((await me(a)).pending_invitations).toBe(1);

    const res = await a.ok(userEndpoints.declineInvitation, { params: { invitation_id: row.id } });
    expect(res).toEqual({ ok: true });
    expect(await invitationStatus(row.id)).toBe('declined');

    expect((await me(a)).pending_invitations).toBe(0);
    expect((await businessOf(a, partnerBusinessId)).status).toBe(404);
    const refused = await accept(a, row.id);
    expect(refused.status).toBe(404);
    expect(failure(refused).code).toBe('INVITATION_INVALID');
  });

  it("answers 404 INVITATION_INVALID for another user's invitation and leaves it pending", async () => {
    const { row } = await invite(uniqueEmail('someone'), 'admin');
    const intruder = await signIn(business.people.cashier);
    for (const [action, answer] of [
      ['accept', accept],
      ['decline', decline],
    ] as const) {
      const res = await answer(intruder, row.id);
      expect(res.status, action).toBe(404);
      expect(res.body).toMatchObject({ code: 'INVITATION_INVALID', requestId: expect.any(String) });
    }
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await intruder.ok(businessEndpoints.get, { params: { business_id: businessId } })).role).toEqual({ title: 'Cashier' });

    // Unknown and malformed ids.
    expect((await accept(intruder, newId())).status).toBe(404);
    const malformed = await accept(intruder, 'not-a-uuid');
    expect(malformed.status).toBe(422);
    expect(failure(malformed).code).toBe('VALIDATION_FAILED');
  });

  it('ignores revoked and expired invitations', async () => {
    const outsider = partner.people.owner;
    const revoked = await invite(outsider.email, 'admin', { status: 'revoked' });
    const a = await signIn(outsider);
    expect((await me(a)).pending_invitations).toBe(0);
    expect((await accept(a, revoked.row.id)).status).toBe(404);

    const soon = await invite(outsider.email, 'manager', { invitedBy: null });
    const list = (await a.ok(userEndpoints.invitations)).data;
    expect(list).toEqual([expect.objectContaining({ id: soon.row.id, invited_by: null, role: { title: 'Manager' } })]);

    t.clock.advance(8 * DAY);
    const b = await signIn(outsider);
    expect((await me(b)).pending_invitations).toBe(0);
    expect(await b.ok(userEndpoints.invitations)).toEqual({ data: [] });
    const late = await accept(b, soon.row.id);
    expect(late.status).toBe(404);
    expect(failure(late).code).toBe('INVITATION_INVALID');
    expect((await businessOf(b)).status).toBe(404);
  });

  it('re-inviting a deactivated staff member makes them active again with the invited role', async () => {
    const manager = business.people.manager;
    await t.database.db
      .update(businessUsers)
      .set({ status: 'deactivated' })
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, manager.id)));
    const a = await signIn(manager);
    expect((await businessOf(a)).status).toBe(404);

    const { row } = await invite(manager.email, 'admin');
    await a.ok(userEndpoints.acceptInvitation, { params: { invitation_id: row.id } });
    const theirs = await a.ok(businessEndpoints.get, { params: { business_id: businessId } });
    expect(theirs.role).toEqual({ title: 'Admin' });
    const rows = await t.database.db.select().from(businessUsers).where(eq(businessUsers.userId, manager.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'active', role: 'admin' })]);
  });
});

describe('an invitation for a new email', () => {
  it('previews the invitation, signs up from it into the business with the role, and cannot be reused', async () => {
    const email = 'newhire@example.test';
    const { hash, row } = await invite('NewHire@Example.TEST', 'manager');

    const shown = await agent().ok(authEndpoints.invitationPreview, { params: { hash } });
    expect(shown).toEqual({
      email,
      business_name: business.name,
      role: { title: 'Manager' },
      user_exists: false,
      expires_at: row.expiresAt.toISOString(),
    });

    const a = agent();
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await a.ok(authEndpoints.registerComplete, { params: { hash }, body: { name: 'New Hire', password: 'new hire passphrase' } });
    expect(res).toMatchObject({
      business_id: businessId,
      user: {
        email,
        name: 'New Hire',
        businesses: { owned: [], member: [expect.objectContaining({ id: businessId, role: { title: 'Manager' } })] },
        pending_invitations: 0,
      },
    });
    expect(a.cookies.get('md_session')).not.toBe(guestCookie);
    expect(await invitationStatus(row.id)).toBe('accepted');

    const theirs = await a.ok(businessEndpoints.get, { params: { business_id: businessId } });
    expect(theirs.role).toEqual({ title: 'Manager' });
    expect([...theirs.permissions].sort()).toEqual([...ROLE_PERMISSIONS.manager].sort());

    // The link is spent.
    const previewAgain = await preview(hash);
    expect(previewAgain.status).toBe(404);
    expect(failure(previewAgain).code).toBe('INVITATION_INVALID');
    const reuse = await complete(agent(), hash, { name: 'Second Hire', password: 'another passphrase' });
    expect(reuse.status).toBe(404);
    expect(failure(reuse).code).toBe('INVITATION_INVALID');

    // The account works with its password.
    expect((await login(email, 'new hire passphrase')).status).toBe(200);
  });

  it('refuses bad names and common passwords without spending the invitation', async () => {
    const { hash, row } = await invite('careful@example.test', 'cashier');
    const a = agent();
    const common = await complete(a, hash, { name: 'Careful', password: 'password123' });
    expect(common.status).toBe(422);
    expect(failure(common).issues).toEqual([expect.objectContaining({ path: 'password' })]);
    const noName = await complete(a, hash, { name: '', password: 'careful passphrase' });
    expect(noName.status).toBe(422);
    expect(failure(noName).issues).toEqual([expect.objectContaining({ path: 'name' })]);
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await a.call(userEndpoints.me)).status).toBe(401);
    expect((await complete(a, hash, { name: 'Careful', password: 'careful passphrase' })).status).toBe(201);
  });

  it('tells an existing user to sign in instead of signing up', async () => {
    const admin = business.people.admin;
    const { hash, row } = await invite(admin.email, 'manager', { businessId: partnerBusinessId });
    const shown = await agent().ok(authEndpoints.invitationPreview, { params: { hash } });
    expect(shown).toMatchObject({ email: admin.email, business_name: partner.name, user_exists: true });
    const res = await complete(agent(), hash, { name: 'Impostor', password: 'impostor passphrase' });
    expect(res.status).toBe(422);
    expect(failure(res)).toMatchObject({ code: 'AUTH_EMAIL_TAKEN', issues: [{ path: 'email', message: expect.any(String) }] });
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await login(admin.email, 'impostor passphrase')).status).toBe(422);
  });

  it('answers 404 for unknown and revoked links, and 422 for malformed ones', async () => {
    const unknown = await preview(randomToken(32));
    expect(unknown.status).toBe(404);
    expect(failure(unknown)).toMatchObject({ code: 'INVITATION_INVALID', requestId: expect.any(String) });
    const { hash } = await invite('revoked@example.test', 'cashier', { status: 'revoked' });
    expect((await preview(hash)).status).toBe(404);
    expect((await complete(agent(), hash, { name: 'Revoked', password: 'revoked passphrase' })).status).toBe(404);
    // The stored hash itself is not a valid link.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'revoked@example.test'));
    expect((await preview(row!.tokenHash)).status).toBe(404);
    const short = await preview('short');
    expect(short.status).toBe(422);
  });

  it('answers 404 once the invitation has expired (after 7 days)', async () => {
    const { hash, row } = await invite('latecomer@example.test', 'admin');
    expect((await preview(hash)).status).toBe(200);
    t.clock.advance(8 * DAY);
    const late = await preview(hash);
    expect(late.status).toBe(404);
    expect(failure(late).code).toBe('INVITATION_INVALID');
    const a = agent();
    const res = await complete(a, hash, { name: 'Latecomer', password: 'latecomer passphrase' });
    expect(res.status).toBe(404);
    expect(failure(res).code).toBe('INVITATION_INVALID');
    expect((await a.call(userEndpoints.me)).status).toBe(401);
    expect(await userRepository.findByEmail(t.database.db, 'latecomer@example.test')).toBeNull();
    expect(await invitationStatus(row.id)).toBe('pending');
  });
});
