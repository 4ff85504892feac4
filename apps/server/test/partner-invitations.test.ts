import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PARTNER_INVITATIONS_PER_DAY, partnerEndpoints, type PartnerInvitation } from '@merchant/business';
import { auditLogs } from '../src/db/schema';
import { createTestContext, failure, mailbox, type Agent, type TestContext } from './harness';
import { createBusiness, signInAgain, uniqueEmail, type FactoryBusiness } from './factories';

/**
 * Partner invitations of existing merchants (issue 30; docs/decisions.md, "Partner invitations"): the partner invites by
 * an owner's email and learns nothing of unknown emails; the merchant accepts (a link as a referral link's) or
 * declines; one partner at a time; expiry and revocation; both databases.
 */
let t: TestContext;
let partner: FactoryBusiness<'owner'>;
let merchant: FactoryBusiness<'owner' | 'cashier'>;

const at = (b: { id: string }) => ({ params: { business_id: b.id } });
const invite = (agent: Agent, email: string, p: { id: string } = partner) => agent.call(partnerEndpoints.invite, { ...at(p), body: { email } });
const answer = (agent: Agent, b: { id: string }, invitationId: string, how: 'accept' | 'decline', body: unknown = { confirm: true }) =>
  agent.call(how === 'accept' ? partnerEndpoints.acceptInvitation : partnerEndpoints.declineInvitation, {
    params: { business_id: b.id, invitation_id: invitationId },
    body: body as { confirm: true },
  });
const auditCount = async (businessId: string, action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, action)))
  ).length;
const mailsTo = async (email: string) => (await mailbox(t.app)).filter((m) => m.to === email);

beforeAll(async () => {
  t = await createTestContext();
  partner = await createBusiness(t, { kind: 'partner' });
  merchant = await createBusiness(t, { staff: ['cashier'] });
});
afterAll(() => t.close());

describe('inviting', () => {
  it('answers a known and an unknown email alike, and mails only the merchant owner', async () => {
    const unknown = uniqueEmail();
    const known = await invite(partner.people.owner.agent, merchant.people.owner.email.toUpperCase());
    const stranger = await invite(partner.people.owner.agent, unknown);
    expect(known.status).toBe(201);
    expect(stranger.status).toBe(201);
    const strip = (b: PartnerInvitation) => Object.keys(b).sort().join() + b.status + String(b.business_name) + String(b.responded_at);
    expect(strip(known.body as PartnerInvitation)).toBe(strip(stranger.body as PartnerInvitation));
    expect(known.body).toMatchObject({ email: merchant.people.owner.email.toLowerCase(), status: 'pending', business_name: null });
    const days = (Date.parse((known.body as PartnerInvitation).expires_at) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBe(14);
    expect(await mailsTo(unknown)).toEqual([]);
    const mails = await mailsTo(merchant.people.owner.email);
    expect(mails.filter((m) => m.subject.includes(partner.name))).toHaveLength(1);
    expect(await auditCount(partner.id, 'partner.invitation_sent')).toBe(2);
  });

  it('refuses a second pending invitation of the same email (422 on email) and mails nothing more', async () => {
    const first = (await partner.people.owner.agent.ok(partnerEndpoints.invitations, at(partner))).invitations;
    const again = await invite(partner.people.owner.agent, merchant.people.owner.email.toUpperCase());
    expect([again.status, failure(again).code]).toEqual([422, 'PARTNER_ALREADY_INVITED']);
    expect(failure(again).issues!.map((i) => i.path)).toEqual(['email']);
    expect((await partner.people.owner.agent.ok(partnerEndpoints.invitations, at(partner))).invitations).toHaveLength(first.length);
    expect((await mailsTo(merchant.people.owner.email)).filter((m) => m.subject.includes(partner.name))).toHaveLength(1);
    expect(await auditCount(partner.id, 'partner.invitation_sent')).toBe(2);
  });

  it('validates the email and is for partner businesses only, each its own', async () => {
    const bad = await invite(partner.people.owner.agent, 'not-an-email');
    expect(bad.status).toBe(422);
    expect(failure(bad).issues!.map((i) => i.path)).toContain('email');
    const res = await invite(merchant.people.owner.agent, uniqueEmail(), merchant);
    expect(res.status).toBe(403);
    expect(failure(res).code).toBe('BUSINESS_NOT_PARTNER');
    const other = await createBusiness(t, { kind: 'partner' });
    expect((await invite(other.people.owner.agent, uniqueEmail(), partner)).status).toBe(404);
  });
});

describe('the merchant', () => {
  let invitationId: string;

  beforeAll(async () => {
    const { invitations } = await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant));
    invitationId = invitations[0]!.invitation_id;
  });

  it('sees the pending invitation with the partner’s name; a cashier and other businesses do not', async () => {
    const { invitations, partners } = await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant));
    expect(partners).toEqual([]);
    expect(invitations).toEqual([expect.objectContaining({ partner_name: partner.name, email: merchant.people.owner.email.toLowerCase() })]);
    expect((await merchant.people.cashier.agent.call(partnerEndpoints.businessPartners, at(merchant))).status).toBe(403);
    const other = await createBusiness(t);
    expect((await other.people.owner.agent.ok(partnerEndpoints.businessPartners, at(other))).invitations).toEqual([]);
    expect((await answer(other.people.owner.agent, other, invitationId, 'accept')).status).toBe(404);
    expect((await answer(merchant.people.cashier.agent, merchant, invitationId, 'accept')).status).toBe(403);
  });

  it('must confirm, then accepts once: linked as by a referral link, audited and mailed on both sides', async () => {
    const unconfirmed = await answer(merchant.people.owner.agent, merchant, invitationId, 'accept', {});
    expect(unconfirmed.status).toBe(422);
    expect(failure(unconfirmed).issues!.map((i) => i.path)).toContain('confirm');
    const res = await answer(merchant.people.owner.agent, merchant, invitationId, 'accept');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ partner_name: partner.name, source: 'invitation', status: 'active' });
    const again = await answer(merchant.people.owner.agent, merchant, invitationId, 'accept');
    expect(again.status).toBe(409);
    expect(failure(again).code).toBe('PARTNER_INVITATION_NOT_PENDING');
    const { partners, invitations } = await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant));
    expect(partners).toEqual([expect.objectContaining({ partner_name: partner.name, source: 'invitation', status: 'active' })]);
    expect(invitations).toEqual([]);
    const { businesses } = await partner.people.owner.agent.ok(partnerEndpoints.linkedBusinesses, at(partner));
    expect(businesses).toEqual([expect.objectContaining({ name: merchant.name, status: 'active' })]);
    const list = (await partner.people.owner.agent.ok(partnerEndpoints.invitations, at(partner))).invitations;
    expect(list.find((i) => i.id === invitationId)).toMatchObject({ status: 'accepted', business_name: merchant.name });
    for (const businessId of [merchant.id, partner.id]) {
      expect(await auditCount(businessId, 'partner.invitation_accepted')).toBe(1);
      expect(await auditCount(businessId, 'partner.linked')).toBe(1);
    }
    expect((await mailsTo(partner.people.owner.email)).filter((m) => m.subject === `${merchant.name} accepted your invitation`)).toHaveLength(1);
  });

  it('linked to a partner, is refused a second partner’s invitation with a clear 409 until it ends the link', async () => {
    const second = await createBusiness(t, { kind: 'partner' });
    const sent = (await invite(second.people.owner.agent, merchant.people.owner.email, second)).body as PartnerInvitation;
    const res = await answer(merchant.people.owner.agent, merchant, sent.id, 'accept');
    expect(res.status).toBe(409);
    expect(failure(res).code).toBe('PARTNER_ALREADY_LINKED');
    expect(failure(res).message).toContain(partner.name);
    const { partners } = await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant));
    await merchant.people.owner.agent.ok(partnerEndpoints.endLink, {
      params: { business_id: merchant.id, link_id: partners[0]!.link_id },
      body: { confirm: true },
    });
    expect((await answer(merchant.people.owner.agent, merchant, sent.id, 'accept')).status).toBe(200);
  });

  it('declines: audited on both sides, the partner sees it declined and learns no business', async () => {
    const third = await createBusiness(t, { kind: 'partner' });
    const sent = (await invite(third.people.owner.agent, merchant.people.owner.email, third)).body as PartnerInvitation;
    expect((await answer(merchant.people.owner.agent, merchant, sent.id, 'decline')).status).toBe(200);
    const list = (await third.people.owner.agent.ok(partnerEndpoints.invitations, at(third))).invitations;
    expect(list).toEqual([expect.objectContaining({ id: sent.id, status: 'declined', business_name: null })]);
    expect(JSON.stringify(list)).not.toContain(merchant.name);
    expect(await auditCount(merchant.id, 'partner.invitation_declined')).toBe(1);
    expect(await auditCount(third.id, 'partner.invitation_declined')).toBe(1);
    expect((await answer(merchant.people.owner.agent, merchant, sent.id, 'accept')).status).toBe(409);
  });
});

describe('expiry and revocation', () => {
  it('an invitation expires after 14 days: no longer shown nor accepted; inviting again makes a new one', async () => {
    const m = await createBusiness(t);
    const sent = (await invite(partner.people.owner.agent, m.people.owner.email)).body as PartnerInvitation;
    t.clock.set(new Date(t.clock.now().getTime() + 15 * 86_400_000));
    // Sessions end while the days pass: both sign in again.
    m.people.owner.agent = await signInAgain(t, m.people.owner);
    partner.people.owner.agent = await signInAgain(t, partner.people.owner);
    expect((await m.people.owner.agent.ok(partnerEndpoints.businessPartners, at(m))).invitations).toEqual([]);
    const res = await answer(m.people.owner.agent, m, sent.id, 'accept');
    expect(res.status).toBe(409);
    expect(failure(res).code).toBe('PARTNER_INVITATION_NOT_PENDING');
    const list = (await partner.people.owner.agent.ok(partnerEndpoints.invitations, at(partner))).invitations;
    expect(list.find((i) => i.id === sent.id)!.status).toBe('expired');
    const renewed = (await invite(partner.people.owner.agent, m.people.owner.email)).body as PartnerInvitation;
    expect(renewed.id).not.toBe(sent.id);
    expect(renewed.status).toBe('pending');
    expect((await m.people.owner.agent.ok(partnerEndpoints.businessPartners, at(m))).invitations).toHaveLength(1);
  });

  it('the partner revokes a pending invitation once; the merchant no longer sees it', async () => {
    const m = await createBusiness(t);
    const sent = (await invite(partner.people.owner.agent, m.people.owner.email)).body as PartnerInvitation;
    const revoke = (agent: Agent) => agent.call(partnerEndpoints.revokeInvitation, { params: { business_id: partner.id, invitation_id: sent.id } });
    const other = await createBusiness(t, { kind: 'partner' });
    const foreign = await other.people.owner.agent.call(partnerEndpoints.revokeInvitation, { params: { business_id: other.id, invitation_id: sent.id } });
    expect(foreign.status).toBe(404);
    const res = await revoke(partner.people.owner.agent);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'revoked' });
    expect((await revoke(partner.people.owner.agent)).status).toBe(409);
    expect((await m.people.owner.agent.ok(partnerEndpoints.businessPartners, at(m))).invitations).toEqual([]);
    expect((await answer(m.people.owner.agent, m, sent.id, 'accept')).status).toBe(409);
    expect(await auditCount(partner.id, 'partner.invitation_revoked')).toBe(1);
  });
});

describe('the daily limit', () => {
  it('a partner sends at most the daily number of invitations in 24 hours (429 on email with Retry-After), then more', async () => {
    const busy = await createBusiness(t, { kind: 'partner' });
    const first = await invite(busy.people.owner.agent, uniqueEmail(), busy);
    expect(first.status).toBe(201);
    // Revoking one frees no place: the limit counts invitations sent.
    await busy.people.owner.agent.ok(partnerEndpoints.revokeInvitation, {
      params: { business_id: busy.id, invitation_id: (first.body as PartnerInvitation).id },
    });
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_000));
    busy.people.owner.agent = await signInAgain(t, busy.people.owner);
    for (let i = 1; i < PARTNER_INVITATIONS_PER_DAY; i++) expect((await invite(busy.people.owner.agent, uniqueEmail(), busy)).status).toBe(201);
    const over = await invite(busy.people.owner.agent, uniqueEmail(), busy);
    expect([over.status, failure(over).code]).toEqual([429, 'PARTNER_INVITATION_LIMIT']);
    expect(failure(over).issues!.map((i) => i.path)).toEqual(['email']);
    // Until the first of them is a day old: 23 hours from now.
    expect(Number(over.headers['retry-after'])).toBe(23 * 3600);
    expect((await busy.people.owner.agent.ok(partnerEndpoints.invitations, at(busy))).invitations).toHaveLength(PARTNER_INVITATIONS_PER_DAY);
    expect(await auditCount(busy.id, 'partner.invitation_sent')).toBe(PARTNER_INVITATIONS_PER_DAY);
    // Another partner is not limited by it.
    partner.people.owner.agent = await signInAgain(t, partner.people.owner);
    expect((await invite(partner.people.owner.agent, uniqueEmail())).status).toBe(201);

    t.clock.set(new Date(t.clock.now().getTime() + 23 * 3_600_000));
    busy.people.owner.agent = await signInAgain(t, busy.people.owner);
    expect((await invite(busy.people.owner.agent, uniqueEmail(), busy)).status).toBe(201);
  });
});
