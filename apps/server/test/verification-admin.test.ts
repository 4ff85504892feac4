import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, businesses, businessWarnings } from '../src/db/schema';
import { endpointPath } from '@merchant/core';
import { businessEndpoints, onboardingEndpoints, verificationAdminEndpoints as admin } from '@merchant/business';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
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
const at = (business_id: string) => ({ params: { business_id } });

/** A new merchant that completed and submitted the questionnaire. */
async function submittedMerchant(email: string, name: string): Promise<{ owner: Agent; businessId: string }> {
  const owner = agent();
  const businessId = await registerMerchant(owner, email, name);
  await completeQuestionnaire(owner, businessId);
  await owner.ok(onboardingEndpoints.submit, at(businessId));
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
        await a.call(admin.queue),
        await a.call(admin.business, at(pendingPotteryId)),
        await a.call(admin.approve, at(pendingPotteryId)),
        await a.call(admin.block, { ...at(pendingPotteryId), body: { reason: 'Trying to block myself out' } }),
        await a.call(admin.updateFlags, { ...at(pendingPotteryId), body: { send_money: true } }),
      ]) {
        expect(res.status, who).toBe(403);
        expect(failure(res).code).toBe('FORBIDDEN');
      }
    }
    expect((await agent().call(admin.queue)).status).toBe(401);
    expect((await t.database.db.select().from(businesses).where(eq(businesses.id, pendingPotteryId)))[0]!.onboardingStatus).toBe('pending_verification');
  });

  it('answers 404 for an unknown business', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [await superAdmin.call(admin.business, at(unknown)), await superAdmin.call(admin.approve, at(unknown))]) {
      expect(res.status).toBe(404);
      expect(failure(res).code).toBe('VERIFICATION_BUSINESS_NOT_FOUND');
    }
    expect((await superAdmin.call(admin.business, at('not-a-uuid'))).status).toBe(422);
  });
});

describe('the verification queue and review', () => {
  it('lists the pending business with its owner and submission time', async () => {
    const res = await superAdmin.ok(admin.queue);
    expect(res.data).toEqual([
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
    const queue = (await superAdmin.ok(admin.queue)).data;
    expect(queue.map((q) => q.business_id)).toEqual([pendingPotteryId, businessId]);

    const review = await superAdmin.ok(admin.business, at(businessId));
    expect(review.business).toMatchObject({ id: businessId, name: 'Review Ramen', onboarding_status: 'pending_verification', country: 'sg' });
    expect(review.owners).toEqual([{ name: 'Rita Register', email: 'review@verification.test' }]);
    expect(review.flags).toEqual({ send_money: false, stripe_enabled: false, xendit_enabled: false, platform_enabled: false });
    expect(review.onboarding).toMatchObject({ status: 'pending_verification', progress: 90, missing_steps: [] });
    expect(review.onboarding.answers.business!.legal_name).toBe('Rita Noodles Pte. Ltd.');
    expect(review.onboarding.documents).toHaveLength(2);
    expect(review.history).toEqual([{ id: expect.any(String), kind: 'submitted', message: null, actor_name: 'Rita Register', at: expect.any(String) }]);

    // A super admin downloads through the business's document endpoint (every permission, no membership).
    // The answer is the file's bytes, not JSON: read raw.
    const doc = review.onboarding.documents[0]!;
    const file = await superAdmin.get(endpointPath(onboardingEndpoints.downloadDocument, { params: { business_id: businessId, document_id: doc.id } }));
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
    const res = await superAdmin.ok(admin.approve, at(businessId));
    expect(res.business.onboarding_status).toBe('completed');
    expect(res.history.map((h) => h.kind)).toEqual(['approved', 'submitted']);
    expect((await owner.ok(businessEndpoints.get, at(businessId))).onboarding_status).toBe('completed');
    expect(await owner.ok(businessEndpoints.onboardingProgress, at(businessId))).toEqual({ is_completed: true, progress: 100 });

    const [entry] = await auditOf(businessId, 'verification.approved');
    expect(entry).toMatchObject({ businessId, objectType: 'business', objectId: businessId, description: 'Approved the verification of Approve Apples' });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'approve@verification.test');
    expect(mail).toMatchObject({ subject: 'Approve Apples is verified' });
    expect(mail!.text).toContain(`/business/${businessId}/payments`);
    expect((await superAdmin.ok(admin.queue)).data.map((q) => q.business_id)).not.toContain(businessId);

    const again = await superAdmin.call(admin.approve, at(businessId));
    expect(again.status).toBe(409);
    expect(failure(again).code).toBe('VERIFICATION_NOT_PENDING');
    expect(await auditOf(businessId, 'verification.approved')).toHaveLength(1);
  });

  it('asks for changes: back to the questionnaire with a warning banner, answers kept; approving later clears the banner', async () => {
    const { owner, businessId } = await submittedMerchant('changes@verification.test', 'Changes Cafe');
    const tooShort = await superAdmin.call(admin.requestChanges, { ...at(businessId), body: { message: 'fix' } });
    expect(tooShort.status).toBe(422);
    expect(failure(tooShort).issues![0]!.path).toBe('message');

    const message = 'The registration document is cut off; please upload all pages.';
    t.clock.advance(60_000);
    const res = await superAdmin.ok(admin.requestChanges, { ...at(businessId), body: { message } });
    expect(res.business.onboarding_status).toBe('questionnaire');

    const business = await owner.ok(businessEndpoints.get, at(businessId));
    expect(business.onboarding_status).toBe('questionnaire');
    expect(business.warnings).toEqual([
      {
        id: expect.any(String),
        style: 'warning',
        title: 'Changes needed to verify your business',
        body: message,
        cta_title: 'Update the questionnaire',
        cta_url: `/business/${businessId}/onboarding/questionnaire`,
        // Only the roles that may fill in the questionnaire are offered the action (the owner's).
        cta_permission: 'verification:view',
      },
    ]);
    const view = await owner.ok(onboardingEndpoints.get, at(businessId));
    expect(view).toMatchObject({ status: 'questionnaire', progress: 75, missing_steps: [] });
    expect(view.last_decision).toMatchObject({ kind: 'changes_requested', message, actor_name: superAdminName });

    const [entry] = await auditOf(businessId, 'verification.changes_requested');
    expect(entry!.meta).toMatchObject({ message });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'changes@verification.test');
    expect(mail!.subject).toBe('Changes needed to verify Changes Cafe');
    expect(mail!.text).toContain(message);

    // The merchant can edit again, resubmits, and the approval clears the banner.
    await owner.ok(onboardingEndpoints.saveAddress, { ...at(businessId), body: { line1: '2 Cafe Road', city: 'Singapore', postal_code: '018990' } });
    t.clock.advance(60_000);
    await owner.ok(onboardingEndpoints.submit, at(businessId));
    t.clock.advance(60_000);
    await superAdmin.ok(admin.approve, at(businessId));
    expect((await owner.ok(businessEndpoints.get, at(businessId))).warnings).toEqual([]);
    const rows = await t.database.db.select().from(businessWarnings).where(eq(businessWarnings.businessId, businessId));
    expect(rows.map((r) => r.active)).toEqual([false]);
  });

  it('blocks with a reason: blocked, audited with the reason, owner mailed; cannot block twice', async () => {
    const { owner, businessId } = await submittedMerchant('block@verification.test', 'Blocked Bazaar');
    expect((await superAdmin.call(admin.block, { ...at(businessId), body: { reason: '' } })).status).toBe(422);
    const res = await superAdmin.ok(admin.block, { ...at(businessId), body: { reason: 'Registration number belongs to another company.' } });
    expect(res.business.onboarding_status).toBe('blocked');
    expect((await owner.ok(businessEndpoints.get, at(businessId))).onboarding_status).toBe('blocked');
    expect(await owner.ok(businessEndpoints.onboardingProgress, at(businessId))).toEqual({ is_completed: false, progress: 90 });
    const [entry] = await auditOf(businessId, 'verification.blocked');
    expect(entry!.meta).toMatchObject({ reason: 'Registration number belongs to another company.', previous_status: 'pending_verification' });
    const mail = (await mailbox(t.app)).find((m) => m.to === 'block@verification.test');
    expect(mail!.subject).toBe('We could not verify Blocked Bazaar');
    // An empty step body is malformed: sent raw.
    expect((await owner.put(endpointPath(onboardingEndpoints.saveBusiness, at(businessId)), {})).statusCode).toBe(422);
    expect((await superAdmin.call(admin.block, { ...at(businessId), body: { reason: 'Blocking it once more.' } })).status).toBe(409);
  });

  it('does not approve or ask changes of a business still at the questionnaire', async () => {
    const { id } = await createBusiness(t, { onboarding: 'questionnaire' });
    expect((await superAdmin.call(admin.approve, at(id))).status).toBe(409);
    expect((await superAdmin.call(admin.requestChanges, { ...at(id), body: { message: 'Please add more detail.' } })).status).toBe(409);
  });
});

describe('flags', () => {
  it('sets send_money and platform; the business answers them; audited', async () => {
    const business = await createBusiness(t, { flags: { stripeEnabled: true, features: { send_money: true } } });
    const owner = business.people.owner.agent;
    const flags = (body: { send_money?: boolean; platform_enabled?: boolean }) => superAdmin.call(admin.updateFlags, { ...at(business.id), body });
    const res = await superAdmin.ok(admin.updateFlags, { ...at(business.id), body: { platform_enabled: true, send_money: false } });
    expect(res.flags).toEqual({ send_money: false, stripe_enabled: true, xendit_enabled: false, platform_enabled: true });
    const answered = await owner.ok(businessEndpoints.get, at(business.id));
    expect(answered).toMatchObject({ stripe_enabled: true, xendit_enabled: false, platform_enabled: true, features: { send_money: false } });
    const [entry] = await auditOf(business.id, 'business.flags_updated');
    expect(entry!.description).toBe('Turned Send money off, Platform on');
    expect(entry!.meta).toMatchObject({ before: { send_money: true, platform_enabled: false }, after: { send_money: false, platform_enabled: true } });

    // Stripe and Xendit follow the provider connections: the review cannot set them (fields it does not
    // declare, so sent raw).
    const flagsPath = endpointPath(admin.updateFlags, at(business.id));
    for (const body of [{ xendit_enabled: true }, { stripe_enabled: false, send_money: true }]) {
      const refused = await superAdmin.patch(flagsPath, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await owner.ok(businessEndpoints.get, at(business.id))).toMatchObject({
      stripe_enabled: true,
      xendit_enabled: false,
      features: { send_money: false },
    });

    expect((await flags({})).status).toBe(422);
    expect((await superAdmin.patch(flagsPath, { send_money: 'yes' })).statusCode).toBe(422);
    // No change, no entry.
    await flags({ platform_enabled: true });
    expect(await auditOf(business.id, 'business.flags_updated')).toHaveLength(1);
  });
});
