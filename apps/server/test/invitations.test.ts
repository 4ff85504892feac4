import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type Role } from '@merchant/core';
import { businessUsers, invitations } from '../src/db/schema';
import { newId, randomToken, sha256 } from '../src/lib/crypto';
import { invitationRepository } from '../src/modules/business/invitations/invitation.repository';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, type TestContext } from './harness';
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

async function invitationStatus(id: string): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
  return row?.status;
}

describe('an invitation for an existing user', () => {
  it('shows in GET /v1/user and the invitations list, and accepting it makes a member with the role', async () => {
    const { row } = await invite(newcomer.email, 'cashier');
    const a = await signIn(newcomer);

    expect((await a.get(`/v1/business/${businessId}`)).statusCode).toBe(404);
    const me = await a.get('/v1/user');
    expect(me.json()).toMatchObject({ pending_invitations: 1, businesses: { member: [] } });

    const list = await a.get('/v1/user/invitations');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
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

    const accept = await a.post(`/v1/user/invitations/${row.id}/accept`);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ business_id: businessId });
    expect(await invitationStatus(row.id)).toBe('accepted');

    const theirs = await a.get(`/v1/business/${businessId}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ id: businessId, role: { title: 'Cashier' } });
    expect([...theirs.json().permissions].sort()).toEqual([...ROLE_PERMISSIONS.cashier].sort());
    // A cashier may not see the staff list.
    expect((await a.get(`/v1/business/${businessId}/business-user`)).statusCode).toBe(403);

    const after = (await a.get('/v1/user')).json();
    expect(after.pending_invitations).toBe(0);
    expect(after.businesses.member).toEqual([expect.objectContaining({ id: businessId, role: { title: 'Cashier' } })]);
    expect(after.businesses.owned).toEqual([expect.objectContaining({ id: newcomerBusinessId })]);
    expect((await a.get('/v1/user/invitations')).json()).toEqual({ data: [] });

    // The owner sees the new staff member.
    const owner = await signIn(business.people.owner);
    const staff = (await owner.get(`/v1/business/${businessId}/business-user`)).json<{ data: { email: string; role: { title: string } }[] }>().data;
    expect(staff).toContainEqual(expect.objectContaining({ email: newcomer.email, role: { title: 'Cashier' } }));

    // It cannot be accepted twice.
    const again = await a.post(`/v1/user/invitations/${row.id}/accept`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('INVITATION_INVALID');

    const log = (await a.get('/v1/user/audit-logs?limit=100')).json<{ data: { action: string; business_id: string | null }[] }>().data;
    expect(log).toContainEqual(expect.objectContaining({ action: 'invitation.accepted', business_id: businessId }));
  });

  it('declining leaves no membership and the invitation cannot be accepted afterwards', async () => {
    const { row } = await invite(newcomer.email, 'manager', { businessId: partnerBusinessId });
    const a = await signIn(newcomer);
    expect((await a.get('/v1/user')).json().pending_invitations).toBe(1);

    const res = await a.post(`/v1/user/invitations/${row.id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await invitationStatus(row.id)).toBe('declined');

    expect((await a.get('/v1/user')).json().pending_invitations).toBe(0);
    expect((await a.get(`/v1/business/${partnerBusinessId}`)).statusCode).toBe(404);
    const accept = await a.post(`/v1/user/invitations/${row.id}/accept`);
    expect(accept.statusCode).toBe(404);
    expect(accept.json().code).toBe('INVITATION_INVALID');
  });

  it("answers 404 INVITATION_INVALID for another user's invitation and leaves it pending", async () => {
    const { row } = await invite(uniqueEmail('someone'), 'admin');
    const intruder = await signIn(business.people.cashier);
    for (const action of ['accept', 'decline']) {
      const res = await intruder.post(`/v1/user/invitations/${row.id}/${action}`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toMatchObject({ code: 'INVITATION_INVALID', requestId: expect.any(String) });
    }
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await intruder.get(`/v1/business/${businessId}`)).json().role).toEqual({ title: 'Cashier' });

    // Unknown and malformed ids.
    expect((await intruder.post(`/v1/user/invitations/${newId()}/accept`)).statusCode).toBe(404);
    const malformed = await intruder.post('/v1/user/invitations/not-a-uuid/accept');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
  });

  it('ignores revoked and expired invitations', async () => {
    const outsider = partner.people.owner;
    const revoked = await invite(outsider.email, 'admin', { status: 'revoked' });
    const a = await signIn(outsider);
    expect((await a.get('/v1/user')).json().pending_invitations).toBe(0);
    expect((await a.post(`/v1/user/invitations/${revoked.row.id}/accept`)).statusCode).toBe(404);

    const soon = await invite(outsider.email, 'manager', { invitedBy: null });
    const list = (await a.get('/v1/user/invitations')).json().data;
    expect(list).toEqual([expect.objectContaining({ id: soon.row.id, invited_by: null, role: { title: 'Manager' } })]);

    t.clock.advance(8 * DAY);
    const b = await signIn(outsider);
    expect((await b.get('/v1/user')).json().pending_invitations).toBe(0);
    expect((await b.get('/v1/user/invitations')).json()).toEqual({ data: [] });
    const late = await b.post(`/v1/user/invitations/${soon.row.id}/accept`);
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('INVITATION_INVALID');
    expect((await b.get(`/v1/business/${businessId}`)).statusCode).toBe(404);
  });

  it('re-inviting a deactivated staff member makes them active again with the invited role', async () => {
    const manager = business.people.manager;
    await t.database.db
      .update(businessUsers)
      .set({ status: 'deactivated' })
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, manager.id)));
    const a = await signIn(manager);
    expect((await a.get(`/v1/business/${businessId}`)).statusCode).toBe(404);

    const { row } = await invite(manager.email, 'admin');
    const res = await a.post(`/v1/user/invitations/${row.id}/accept`);
    expect(res.statusCode).toBe(200);
    const theirs = await a.get(`/v1/business/${businessId}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().role).toEqual({ title: 'Admin' });
    const rows = await t.database.db.select().from(businessUsers).where(eq(businessUsers.userId, manager.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'active', role: 'admin' })]);
  });
});

describe('an invitation for a new email', () => {
  it('previews the invitation, signs up from it into the business with the role, and cannot be reused', async () => {
    const email = 'newhire@example.test';
    const { hash, row } = await invite('NewHire@Example.TEST', 'manager');

    const preview = await agent().get(`/v1/invitations/${hash}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      email,
      business_name: business.name,
      role: { title: 'Manager' },
      user_exists: false,
      expires_at: row.expiresAt.toISOString(),
    });

    const a = agent();
    await a.token();
    const guestCookie = a.cookies.get('md_session');
    const res = await a.post(`/register-complete/${hash}`, { name: 'New Hire', password: 'new hire passphrase' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
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

    const theirs = await a.get(`/v1/business/${businessId}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().role).toEqual({ title: 'Manager' });
    expect([...theirs.json().permissions].sort()).toEqual([...ROLE_PERMISSIONS.manager].sort());

    // The link is spent.
    const previewAgain = await agent().get(`/v1/invitations/${hash}`);
    expect(previewAgain.statusCode).toBe(404);
    expect(previewAgain.json().code).toBe('INVITATION_INVALID');
    const reuse = await agent().post(`/register-complete/${hash}`, { name: 'Second Hire', password: 'another passphrase' });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json().code).toBe('INVITATION_INVALID');

    // The account works with its password.
    expect((await agent().post('/auth', { email, password: 'new hire passphrase' })).statusCode).toBe(200);
  });

  it('refuses bad names and common passwords without spending the invitation', async () => {
    const { hash, row } = await invite('careful@example.test', 'cashier');
    const a = agent();
    const common = await a.post(`/register-complete/${hash}`, { name: 'Careful', password: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(common.json().issues).toEqual([expect.objectContaining({ path: 'password' })]);
    const noName = await a.post(`/register-complete/${hash}`, { name: '', password: 'careful passphrase' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().issues).toEqual([expect.objectContaining({ path: 'name' })]);
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await a.get('/v1/user')).statusCode).toBe(401);
    expect((await a.post(`/register-complete/${hash}`, { name: 'Careful', password: 'careful passphrase' })).statusCode).toBe(201);
  });

  it('tells an existing user to sign in instead of signing up', async () => {
    const admin = business.people.admin;
    const { hash, row } = await invite(admin.email, 'manager', { businessId: partnerBusinessId });
    const preview = await agent().get(`/v1/invitations/${hash}`);
    expect(preview.json()).toMatchObject({ email: admin.email, business_name: partner.name, user_exists: true });
    const res = await agent().post(`/register-complete/${hash}`, { name: 'Impostor', password: 'impostor passphrase' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AUTH_EMAIL_TAKEN', issues: [{ path: 'email', message: expect.any(String) }] });
    expect(await invitationStatus(row.id)).toBe('pending');
    expect((await agent().post('/auth', { email: admin.email, password: 'impostor passphrase' })).statusCode).toBe(422);
  });

  it('answers 404 for unknown and revoked links, and 422 for malformed ones', async () => {
    const unknown = await agent().get(`/v1/invitations/${randomToken(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVITATION_INVALID', requestId: expect.any(String) });
    const { hash } = await invite('revoked@example.test', 'cashier', { status: 'revoked' });
    expect((await agent().get(`/v1/invitations/${hash}`)).statusCode).toBe(404);
    expect((await agent().post(`/register-complete/${hash}`, { name: 'Revoked', password: 'revoked passphrase' })).statusCode).toBe(404);
    // The stored hash itself is not a valid link.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'revoked@example.test'));
    expect((await agent().get(`/v1/invitations/${row!.tokenHash}`)).statusCode).toBe(404);
    const short = await agent().get('/v1/invitations/short');
    expect(short.statusCode).toBe(422);
  });

  it('answers 404 once the invitation has expired (after 7 days)', async () => {
    const { hash, row } = await invite('latecomer@example.test', 'admin');
    expect((await agent().get(`/v1/invitations/${hash}`)).statusCode).toBe(200);
    t.clock.advance(8 * DAY);
    const preview = await agent().get(`/v1/invitations/${hash}`);
    expect(preview.statusCode).toBe(404);
    expect(preview.json().code).toBe('INVITATION_INVALID');
    const a = agent();
    const res = await a.post(`/register-complete/${hash}`, { name: 'Latecomer', password: 'latecomer passphrase' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('INVITATION_INVALID');
    expect((await a.get('/v1/user')).statusCode).toBe(401);
    expect(await userRepository.findByEmail(t.database.db, 'latecomer@example.test')).toBeNull();
    expect(await invitationStatus(row.id)).toBe('pending');
  });
});
