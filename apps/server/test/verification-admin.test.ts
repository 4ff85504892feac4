import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, businesses, businessWarnings } from '../src/db/schema';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, createSuperAdmin } from './factories';
import { completeQuestionnaire, PDF_BYTES, registerMerchant } from './upload-helpers';

/** The super admins' review: queue, answers and documents, approve / ask for changes / block, flags. */
let t: TestContext;
let dataDir: string;
let superAdmin: Agent;
let superAdminName: string;
let pendingPotteryId: string;
const PENDING_EMAIL = 'pending@verification.test';
let counter = 0;
function agent(): Agent {
  const a = new Agent(t.app);
  a.ip = `10.8.0.${++counter}`;
  return a;
}
const admin = (rest: string) => `/v1/admin${rest}`;

/** A new merchant that completed and submitted the questionnaire. */
async function submittedMerchant(email: string, name: string): Promise<{ owner: Agent; businessId: string }> {
  const owner = agent();
  const businessId = await registerMerchant(owner, email, name);
  await completeQuestionnaire(owner, businessId);
  const res = await owner.post(`/v1/business/${businessId}/onboarding/submit`);
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return { owner, businessId };
}

async function auditOf(businessId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, action)));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'md-verification-'));
  t = await createTestContext({ dataDir });
  ({ agent: superAdmin, name: superAdminName } = await createSuperAdmin(t));
  ({ businessId: pendingPotteryId } = await submittedMerchant(PENDING_EMAIL, 'Pending Pottery'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may use the admin area', () => {
  it('answers 403 to every non-super-admin and 401 without a session', async () => {
    const merchant = await createBusiness(t, { staff: ['admin'] });
    const partner = await createBusiness(t, { kind: 'partner' });
    const pending = new Agent(t.app);
    await pending.login(PENDING_EMAIL, 'a-long-unique-passphrase');
    const people = { owner: merchant.people.owner.agent, admin: merchant.people.admin.agent, pending, partner: partner.people.owner.agent };
    for (const [who, a] of Object.entries(people)) {
      for (const res of [
        await a.get(admin('/verifications')),
        await a.get(admin(`/businesses/${pendingPotteryId}`)),
        await a.post(admin(`/businesses/${pendingPotteryId}/approve`)),
        await a.post(admin(`/businesses/${pendingPotteryId}/block`), { reason: 'Trying to block myself out' }),
        await a.patch(admin(`/businesses/${pendingPotteryId}/flags`), { send_money: true }),
      ]) {
        expect(res.statusCode, who).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await agent().get(admin('/verifications'))).statusCode).toBe(401);
    expect((await t.database.db.select().from(businesses).where(eq(businesses.id, pendingPotteryId)))[0]!.onboardingStatus).toBe('pending_verification');
  });

  it('answers 404 for an unknown business', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [await superAdmin.get(admin(`/businesses/${unknown}`)), await superAdmin.post(admin(`/businesses/${unknown}/approve`))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('VERIFICATION_BUSINESS_NOT_FOUND');
    }
    expect((await superAdmin.get(admin('/businesses/not-a-uuid'))).statusCode).toBe(422);
  });
});

describe('the verification queue and review', () => {
  it('lists the pending business with its owner and submission time', async () => {
    const res = await superAdmin.get(admin('/verifications'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        business_id: pendingPotteryId,
        name: 'Pending Pottery',
        identifier: expect.stringMatching(/^pending-pottery/),
        country: 'sg',
        currency: 'sgd',
        owner_name: 'Rita Register',
        owner_email: PENDING_EMAIL,
        submitted_at: t.clock.now().toISOString(),
      },
    ]);
  });

  it('shows a submitted business with answers, documents, flags and history; documents download', async () => {
    t.clock.advance(60_000);
    const { businessId } = await submittedMerchant('review@verification.test', 'Review Ramen');
    const queue = (await superAdmin.get(admin('/verifications'))).json().data as { business_id: string }[];
    expect(queue.map((q) => q.business_id)).toEqual([pendingPotteryId, businessId]);

    const res = await superAdmin.get(admin(`/businesses/${businessId}`));
    expect(res.statusCode).toBe(200);
    const review = res.json();
    expect(review.business).toMatchObject({ id: businessId, name: 'Review Ramen', onboarding_status: 'pending_verification', country: 'sg' });
    expect(review.owners).toEqual([{ name: 'Rita Register', email: 'review@verification.test' }]);
    expect(review.flags).toEqual({ send_money: false, stripe_enabled: false, xendit_enabled: false, platform_enabled: false });
    expect(review.onboarding).toMatchObject({ status: 'pending_verification', progress: 90, missing_steps: [] });
    expect(review.onboarding.answers.business.legal_name).toBe('Rita Noodles Pte. Ltd.');
    expect(review.onboarding.documents).toHaveLength(2);
    expect(review.history).toEqual([{ id: expect.any(String), kind: 'submitted', message: null, actor_name: 'Rita Register', at: expect.any(String) }]);

    // A super admin downloads through the business's document endpoint (every permission, no membership).
    const doc = review.onboarding.documents[0];
    const file = await superAdmin.get(`/v1/business/${businessId}/onboarding/documents/${doc.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
  });
});

describe('decisions', () => {
  it('approves: completed, 100%, audited on the business, owner mailed, lands on the overview', async () => {
    const { owner, businessId } = await submittedMerchant('approve@verification.test', 'Approve Apples');
    t.clock.advance(60_000);
    const res = await superAdmin.post(admin(`/businesses/${businessId}/approve`));
    expect(res.statusCode).toBe(200);
    expect(res.json().business.onboarding_status).toBe('completed');
    expect(res.json().history.map((h: { kind: string }) => h.kind)).toEqual(['approved', 'submitted']);
    expect((await owner.get(`/v1/business/${businessId}`)).json().onboarding_status).toBe('completed');
    expect((await owner.get(`/v1/business/${businessId}/onboarding-progress`)).json()).toEqual({ is_completed: true, progress: 100 });

    const [entry] = await auditOf(businessId, 'verification.approved');
    expect(entry).toMatchObject({ businessId, objectType: 'business', objectId: businessId, description: 'Approved the verification of Approve Apples' });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'approve@verification.test');
    expect(mail).toMatchObject({ subject: 'Approve Apples is verified' });
    expect(mail!.text).toContain(`/business/${businessId}/payments`);
    expect((await superAdmin.get(admin('/verifications'))).json().data.map((q: { business_id: string }) => q.business_id)).not.toContain(businessId);

    const again = await superAdmin.post(admin(`/businesses/${businessId}/approve`));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VERIFICATION_NOT_PENDING');
    expect(await auditOf(businessId, 'verification.approved')).toHaveLength(1);
  });

  it('asks for changes: back to the questionnaire with a warning banner, answers kept; approving later clears the banner', async () => {
    const { owner, businessId } = await submittedMerchant('changes@verification.test', 'Changes Cafe');
    const tooShort = await superAdmin.post(admin(`/businesses/${businessId}/request-changes`), { message: 'fix' });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().issues[0].path).toBe('message');

    const message = 'The registration document is cut off; please upload all pages.';
    t.clock.advance(60_000);
    const res = await superAdmin.post(admin(`/businesses/${businessId}/request-changes`), { message });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.onboarding_status).toBe('questionnaire');

    const business = (await owner.get(`/v1/business/${businessId}`)).json();
    expect(business.onboarding_status).toBe('questionnaire');
    expect(business.warnings).toEqual([
      {
        id: expect.any(String),
        style: 'warning',
        title: 'Changes needed to verify your business',
        body: message,
        cta_title: 'Update the questionnaire',
        cta_url: `/business/${businessId}/onboarding/questionnaire`,
      },
    ]);
    const view = (await owner.get(`/v1/business/${businessId}/onboarding`)).json();
    expect(view).toMatchObject({ status: 'questionnaire', progress: 75, missing_steps: [] });
    expect(view.last_decision).toMatchObject({ kind: 'changes_requested', message, actor_name: superAdminName });

    const [entry] = await auditOf(businessId, 'verification.changes_requested');
    expect(entry!.meta).toMatchObject({ message });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'changes@verification.test');
    expect(mail!.subject).toBe('Changes needed to verify Changes Cafe');
    expect(mail!.text).toContain(message);

    // The merchant can edit again, resubmits, and the approval clears the banner.
    const edit = await owner.put(`/v1/business/${businessId}/onboarding/address`, { line1: '2 Cafe Road', city: 'Singapore', postal_code: '018990' });
    expect(edit.statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await owner.post(`/v1/business/${businessId}/onboarding/submit`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await superAdmin.post(admin(`/businesses/${businessId}/approve`))).statusCode).toBe(200);
    expect((await owner.get(`/v1/business/${businessId}`)).json().warnings).toEqual([]);
    const rows = await t.database.db.select().from(businessWarnings).where(eq(businessWarnings.businessId, businessId));
    expect(rows.map((r) => r.active)).toEqual([false]);
  });

  it('blocks with a reason: blocked, audited with the reason, owner mailed; cannot block twice', async () => {
    const { owner, businessId } = await submittedMerchant('block@verification.test', 'Blocked Bazaar');
    expect((await superAdmin.post(admin(`/businesses/${businessId}/block`), { reason: '' })).statusCode).toBe(422);
    const res = await superAdmin.post(admin(`/businesses/${businessId}/block`), { reason: 'Registration number belongs to another company.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().business.onboarding_status).toBe('blocked');
    expect((await owner.get(`/v1/business/${businessId}`)).json().onboarding_status).toBe('blocked');
    expect((await owner.get(`/v1/business/${businessId}/onboarding-progress`)).json()).toEqual({ is_completed: false, progress: 90 });
    const [entry] = await auditOf(businessId, 'verification.blocked');
    expect(entry!.meta).toMatchObject({ reason: 'Registration number belongs to another company.', previous_status: 'pending_verification' });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'block@verification.test');
    expect(mail!.subject).toBe('We could not verify Blocked Bazaar');
    expect((await owner.put(`/v1/business/${businessId}/onboarding/business`, {})).statusCode).toBe(422);
    expect((await superAdmin.post(admin(`/businesses/${businessId}/block`), { reason: 'Blocking it once more.' })).statusCode).toBe(409);
  });

  it('does not approve or ask changes of a business still at the questionnaire', async () => {
    const { id } = await createBusiness(t, { onboarding: 'questionnaire' });
    expect((await superAdmin.post(admin(`/businesses/${id}/approve`))).statusCode).toBe(409);
    expect((await superAdmin.post(admin(`/businesses/${id}/request-changes`), { message: 'Please add more detail.' })).statusCode).toBe(409);
  });
});

describe('flags', () => {
  it('sets send_money and platform; the business answers them; audited', async () => {
    const business = await createBusiness(t, { flags: { stripeEnabled: true, features: { send_money: true } } });
    const owner = business.people.owner.agent;
    const res = await superAdmin.patch(admin(`/businesses/${business.id}/flags`), { platform_enabled: true, send_money: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toEqual({ send_money: false, stripe_enabled: true, xendit_enabled: false, platform_enabled: true });
    const answered = (await owner.get(`/v1/business/${business.id}`)).json();
    expect(answered).toMatchObject({ stripe_enabled: true, xendit_enabled: false, platform_enabled: true, features: { send_money: false } });
    const [entry] = await auditOf(business.id, 'business.flags_updated');
    expect(entry!.description).toBe('Turned Send money off, Platform on');
    expect(entry!.meta).toMatchObject({ before: { send_money: true, platform_enabled: false }, after: { send_money: false, platform_enabled: true } });

    // Stripe and Xendit follow the provider connections: the review cannot set them.
    for (const body of [{ xendit_enabled: true }, { stripe_enabled: false, send_money: true }]) {
      const refused = await superAdmin.patch(admin(`/businesses/${business.id}/flags`), body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await owner.get(`/v1/business/${business.id}`)).json()).toMatchObject({
      stripe_enabled: true,
      xendit_enabled: false,
      features: { send_money: false },
    });

    expect((await superAdmin.patch(admin(`/businesses/${business.id}/flags`), {})).statusCode).toBe(422);
    expect((await superAdmin.patch(admin(`/businesses/${business.id}/flags`), { send_money: 'yes' })).statusCode).toBe(422);
    // No change, no entry.
    await superAdmin.patch(admin(`/businesses/${business.id}/flags`), { platform_enabled: true });
    expect(await auditOf(business.id, 'business.flags_updated')).toHaveLength(1);
  });
});
