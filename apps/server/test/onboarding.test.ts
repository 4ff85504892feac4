import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { MAX_DOCUMENT_BYTES, businessEndpoints, onboardingEndpoints as onboarding } from '@merchant/business';
import { auditLogs } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, signUp, type FactoryBusiness } from './factories';
import { completeQuestionnaire, PDF_BYTES, PNG_BYTES, registerMerchant, TEXT_BYTES, upload, VALID_ANSWERS } from './upload-helpers';

/** The onboarding questionnaire: steps saved one by one, documents, progress and submitting. */
let t: TestContext;
let dataDir: string;
const agent = () => new Agent(t.app);
const at = (id: string) => ({ params: { business_id: id } });
const docAt = (id: string, documentId: string) => ({ params: { business_id: id, document_id: documentId } });
const STEPS = { business: onboarding.saveBusiness, owner: onboarding.saveOwner, address: onboarding.saveAddress, sales: onboarding.saveSales };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'md-onboarding-'));
  t = await createTestContext({ dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a new business fills in the questionnaire', () => {
  let owner: Agent;
  let businessId: string;

  beforeAll(async () => {
    owner = agent();
    businessId = await registerMerchant(owner, 'rita@onboarding.test');
  });

  it('starts empty: every step missing, progress 0', async () => {
    const res = await owner.call(onboarding.get, at(businessId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      business_id: businessId,
      status: 'questionnaire',
      country: 'sg',
      currency: 'sgd',
      answers: { business: null, owner: null, address: null, sales: null },
      documents: [],
      completed_steps: [],
      missing_steps: ['business', 'owner', 'address', 'sales', 'documents'],
      progress: 0,
      submitted_at: null,
      last_decision: null,
    });
    expect(await owner.ok(businessEndpoints.onboardingProgress, at(businessId))).toEqual({ is_completed: false, progress: 0 });
  });

  it('refuses bad answers with field issues and saves nothing', async () => {
    const cases: [keyof typeof STEPS, Record<string, unknown>, string][] = [
      ['business', { ...VALID_ANSWERS.business, legal_type: 'pirate' }, 'legal_type'],
      ['business', { ...VALID_ANSWERS.business, legal_name: ' ' }, 'legal_name'],
      ['business', { ...VALID_ANSWERS.business, website: 'not a site' }, 'website'],
      ['business', { ...VALID_ANSWERS.business, registration_number: '<script>' }, 'registration_number'],
      ['owner', { ...VALID_ANSWERS.owner, date_of_birth: '1990-02-30' }, 'date_of_birth'],
      ['owner', { ...VALID_ANSWERS.owner, date_of_birth: '2015-01-01' }, 'date_of_birth'],
      ['owner', { ...VALID_ANSWERS.owner, date_of_birth: '2030-01-01' }, 'date_of_birth'],
      ['owner', { ...VALID_ANSWERS.owner, nationality: 'ZZ' }, 'nationality'],
      ['owner', { ...VALID_ANSWERS.owner, id_type: 'library_card' }, 'id_type'],
      ['address', { ...VALID_ANSWERS.address, city: '' }, 'city'],
      ['address', { line1: '1 Noodle Lane', city: 'Singapore' }, 'postal_code'],
      ['sales', { ...VALID_ANSWERS.sales, average_ticket: { amount: 12.5, currency: 'sgd' } }, 'average_ticket.amount'],
      ['sales', { ...VALID_ANSWERS.sales, average_ticket: { amount: 0, currency: 'sgd' } }, 'average_ticket.amount'],
      ['sales', { ...VALID_ANSWERS.sales, average_ticket: { amount: 1250, currency: 'usd' } }, 'average_ticket.currency'],
      ['sales', { ...VALID_ANSWERS.sales, description: 'noodles' }, 'description'],
      ['sales', { ...VALID_ANSWERS.sales, monthly_volume: 'lots' }, 'monthly_volume'],
    ];
    // Unknown values, wrong types and missing fields among them: sent raw.
    for (const [step, body, path] of cases) {
      const res = await owner.put(endpointPath(STEPS[step], at(businessId)), body);
      expect(res.statusCode, `${step} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json().issues, `${step} ${path}`).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect((await owner.ok(onboarding.get, at(businessId))).completed_steps).toEqual([]);
  });

  it('saves each step, normalised, and counts 15% per complete step', async () => {
    const saved = await owner.ok(onboarding.saveBusiness, { ...at(businessId), body: VALID_ANSWERS.business });
    expect(saved.answers.business).toEqual({
      legal_name: 'Rita Noodles Pte. Ltd.',
      legal_type: 'company',
      registration_number: '202600001A',
      website: null,
      industry: 'food_beverage',
    });
    expect(saved).toMatchObject({ completed_steps: ['business'], progress: 15 });

    await owner.call(onboarding.saveOwner, { ...at(businessId), body: { ...VALID_ANSWERS.owner, nationality: 'MY' } });
    const address = await owner.ok(onboarding.saveAddress, { ...at(businessId), body: VALID_ANSWERS.address });
    expect(address.answers.address).toEqual({
      line1: '1 Noodle Lane',
      line2: null,
      city: 'Singapore',
      state: null,
      postal_code: '018989',
      country: 'sg',
    });
    expect(address.answers.owner!.nationality).toBe('my');
    expect(address.progress).toBe(45);

    // Saving a step again replaces it and does not count twice.
    const again = await owner.ok(onboarding.saveOwner, { ...at(businessId), body: VALID_ANSWERS.owner });
    expect(again).toMatchObject({ progress: 45, completed_steps: ['business', 'owner', 'address'] });
    expect(again.answers.owner!.nationality).toBe('sg');

    const sales = await owner.ok(onboarding.saveSales, { ...at(businessId), body: VALID_ANSWERS.sales });
    expect(sales.answers.sales!.average_ticket).toEqual({ amount: 1250, currency: 'sgd' });
    expect(sales).toMatchObject({ progress: 60, missing_steps: ['documents'] });
    expect(await owner.ok(businessEndpoints.onboardingProgress, at(businessId))).toEqual({ is_completed: false, progress: 60 });

    // The answers survive a reload: a fresh GET answers them.
    const reloaded = await owner.ok(onboarding.get, at(businessId));
    expect(reloaded.answers.sales!.description).toBe(VALID_ANSWERS.sales.description);

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, 'onboarding.step_saved')));
    expect(audit.length).toBe(5);
  });

  it('refuses to submit while a step is missing, naming it', async () => {
    const res = await owner.call(onboarding.submit, at(businessId));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'ONBOARDING_INCOMPLETE', message: expect.stringContaining('Documents') });
    expect(failure(res).issues).toEqual([{ path: 'steps.documents', message: expect.any(String) }]);
    expect((await owner.ok(businessEndpoints.get, at(businessId))).onboarding_status).toBe('questionnaire');
  });

  it('stores uploaded documents on disk under the data directory', async () => {
    const res = await upload(owner, businessId, 'owner_id', { name: 'passport.png', type: 'image/png', bytes: PNG_BYTES });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toEqual({
      id: expect.any(String),
      kind: 'owner_id',
      file_name: 'passport.png',
      content_type: 'image/png',
      size_bytes: PNG_BYTES.length,
      uploaded_at: expect.any(String),
    });
    const path = join(dataDir, 'uploads', businessId, doc.id);
    expect(readFileSync(path).equals(PNG_BYTES)).toBe(true);
    const view = await owner.ok(onboarding.get, at(businessId));
    expect(view.documents).toEqual([doc]);
    // One kind of document is not the whole step yet.
    expect(view.progress).toBe(60);
  });

  it('refuses files that are too large, of another type, or not what they claim (422, nothing stored)', async () => {
    const before = readdirSync(join(dataDir, 'uploads', businessId)).length;
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF_BYTES.length, 0x20)]);
    const cases: [{ name: string; type: string; bytes: Buffer }, string, RegExp][] = [
      [{ name: 'huge.pdf', type: 'application/pdf', bytes: big }, 'ONBOARDING_DOCUMENT_TOO_LARGE', /larger than 5 MB/],
      [{ name: 'notes.pdf', type: 'application/pdf', bytes: TEXT_BYTES }, 'ONBOARDING_DOCUMENT_TYPE_MISMATCH', /content is not a PDF, PNG or JPEG/],
      [{ name: 'photo.pdf', type: 'application/pdf', bytes: PNG_BYTES }, 'ONBOARDING_DOCUMENT_TYPE_MISMATCH', /claims to be a PDF but its content is a PNG/],
      [{ name: 'scan.jpg', type: 'image/jpeg', bytes: PDF_BYTES }, 'ONBOARDING_DOCUMENT_TYPE_MISMATCH', /claims to be a JPEG/],
      [{ name: 'scan.png', type: 'application/pdf', bytes: PNG_BYTES }, 'ONBOARDING_DOCUMENT_TYPE_MISMATCH', /sent as application\/pdf/],
      [{ name: 'setup.exe', type: 'application/octet-stream', bytes: TEXT_BYTES }, 'ONBOARDING_DOCUMENT_INVALID', /not an accepted file type/],
      [{ name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }, 'ONBOARDING_DOCUMENT_INVALID', /empty/],
    ];
    for (const [file, code, message] of cases) {
      const res = await upload(owner, businessId, 'business_registration', file);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json(), file.name).toMatchObject({ code, issues: [{ path: 'file', message: expect.stringMatching(message) }] });
    }
    const wrongField = await upload(owner, businessId, 'business_registration', {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF_BYTES,
      field: 'document',
    });
    expect(wrongField.statusCode).toBe(422);
    const noKind = await upload(owner, businessId, 'passport', { name: 'a.pdf', type: 'application/pdf', bytes: PDF_BYTES });
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().issues[0].path).toBe('querystring.kind');
    const json = await owner.post(endpointPath(onboarding.uploadDocument, { ...at(businessId), query: { kind: 'owner_id' } }), { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect(json.json().code).toBe('ONBOARDING_DOCUMENT_INVALID');

    expect(readdirSync(join(dataDir, 'uploads', businessId)).length).toBe(before);
    expect((await owner.ok(onboarding.get, at(businessId))).documents).toHaveLength(1);
  });

  it('accepts a JPEG sent as octet-stream, and at most 3 files per document', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (let i = 0; i < 2; i++) {
      const res = await upload(owner, businessId, 'owner_id', { name: `id-${i}.JPEG`, type: 'application/octet-stream', bytes: jpeg });
      expect(res.statusCode).toBe(201);
      expect(res.json().content_type).toBe('image/jpeg');
    }
    const fourth = await upload(owner, businessId, 'owner_id', { name: 'id-4.png', type: 'image/png', bytes: PNG_BYTES });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().code).toBe('ONBOARDING_DOCUMENT_LIMIT');
  });

  it('downloads a document as an attachment with its type', async () => {
    const doc = ((await owner.ok(onboarding.get, at(businessId))).documents as { id: string; file_name: string }[]).find(
      (d) => d.file_name === 'passport.png',
    )!;
    const res = await owner.get(endpointPath(onboarding.downloadDocument, docAt(businessId, doc.id)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="passport.png"; filename*=UTF-8''passport.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('removes a document from the list and from disk', async () => {
    const docs = (await owner.ok(onboarding.get, at(businessId))).documents as { id: string }[];
    const last = docs[docs.length - 1]!;
    const res = await owner.ok(onboarding.deleteDocument, docAt(businessId, last.id));
    expect(res.documents).toHaveLength(docs.length - 1);
    expect(existsSync(join(dataDir, 'uploads', businessId, last.id))).toBe(false);
    const again = await owner.call(onboarding.deleteDocument, docAt(businessId, last.id));
    expect(again.status).toBe(404);
    expect(failure(again).code).toBe('ONBOARDING_DOCUMENT_NOT_FOUND');
  });

  it('completes the documents step with both kinds, then submits to pending verification (90%)', async () => {
    const res = await upload(owner, businessId, 'business_registration', { name: 'ACRA profile.pdf', type: 'application/pdf', bytes: PDF_BYTES });
    expect(res.statusCode).toBe(201);
    const before = await owner.ok(onboarding.get, at(businessId));
    expect(before).toMatchObject({ progress: 75, missing_steps: [], completed_steps: ['business', 'owner', 'address', 'sales', 'documents'] });

    const submitted = await owner.ok(onboarding.submit, at(businessId));
    expect(submitted).toMatchObject({ status: 'pending_verification', progress: 90, submitted_at: t.clock.now().toISOString() });
    expect((await owner.ok(businessEndpoints.get, at(businessId))).onboarding_status).toBe('pending_verification');
    expect(await owner.ok(businessEndpoints.onboardingProgress, at(businessId))).toEqual({ is_completed: false, progress: 90 });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, 'onboarding.submitted')));
    expect(audit).toHaveLength(1);
  });

  it('locks the answers while the submission is reviewed (409)', async () => {
    const put = await owner.call(onboarding.saveBusiness, { ...at(businessId), body: VALID_ANSWERS.business });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ code: 'ONBOARDING_LOCKED', message: expect.stringContaining('being reviewed') });
    const doc = (await owner.ok(onboarding.get, at(businessId))).documents[0]!;
    expect((await owner.call(onboarding.deleteDocument, docAt(businessId, doc.id))).status).toBe(409);
    expect((await upload(owner, businessId, 'owner_id', { name: 'x.png', type: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(409);
    expect((await owner.call(onboarding.submit, at(businessId))).status).toBe(409);
    // Still readable and downloadable.
    expect((await owner.get(endpointPath(onboarding.downloadDocument, docAt(businessId, doc.id)))).statusCode).toBe(200);
  });
});

describe('who may see and change the questionnaire', () => {
  /** A business whose onboarding is completed, with an admin and a cashier. */
  let completed: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
  beforeAll(async () => {
    completed = await createBusiness(t, { staff: ['admin', 'cashier'] });
  });

  it('answers 403 to staff without verification:view and 404 to outsiders', async () => {
    const admin = completed.people.admin.agent;
    expect((await admin.call(onboarding.get, at(completed.id))).status).toBe(403);
    const cashier = completed.people.cashier.agent;
    expect((await cashier.call(onboarding.saveBusiness, { ...at(completed.id), body: VALID_ANSWERS.business })).status).toBe(403);
    // The owner of another business.
    const outsider = (await signUp(t)).person.agent;
    const res = await outsider.call(onboarding.get, at(completed.id));
    expect(res.status).toBe(404);
    expect(failure(res).code).toBe('NOT_FOUND');
  });

  it('lets a super admin read but not fill in the questionnaire of a business', async () => {
    // A business that has just signed up: its questionnaire is still to fill in.
    const { businessId: newBakery } = await signUp(t, { businessName: 'New Bakery' });
    const superAdmin = (await createSuperAdmin(t)).agent;
    const read = await superAdmin.ok(onboarding.get, at(newBakery));
    expect(read.status).toBe('questionnaire');
    const write = await superAdmin.call(onboarding.saveBusiness, { ...at(newBakery), body: VALID_ANSWERS.business });
    expect(write.status).toBe(403);
    // Refused by the access layer: super admins open businesses read-only.
    expect(failure(write).code).toBe('FORBIDDEN');
    expect((await superAdmin.call(onboarding.submit, at(newBakery))).status).toBe(403);
  });

  it("does not serve another business's document through one's own business", async () => {
    const a = agent();
    const first = await registerMerchant(a, 'first@onboarding.test', 'First Shop');
    const b = agent();
    const second = await registerMerchant(b, 'second@onboarding.test', 'Second Shop');
    const doc = (await upload(a, first, 'owner_id', { name: 'mine.pdf', type: 'application/pdf', bytes: PDF_BYTES })).json();
    const res = await b.get(endpointPath(onboarding.downloadDocument, docAt(second, doc.id)));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ONBOARDING_DOCUMENT_NOT_FOUND');
    expect((await b.get(endpointPath(onboarding.downloadDocument, docAt(first, doc.id)))).statusCode).toBe(404);
    expect((await b.call(onboarding.deleteDocument, docAt(second, doc.id))).status).toBe(404);
    expect((await a.get(endpointPath(onboarding.downloadDocument, docAt(first, doc.id)))).statusCode).toBe(200);
  });

  it('a completed business keeps its answers read-only', async () => {
    const owner = completed.people.owner.agent;
    const view = await owner.ok(onboarding.get, at(completed.id));
    expect(view).toMatchObject({ status: 'completed', progress: 100 });
    const put = await owner.call(onboarding.saveBusiness, { ...at(completed.id), body: VALID_ANSWERS.business });
    expect(put.status).toBe(409);
    expect(failure(put).message).toContain('already verified');
  });

  it('the helper completes a questionnaire end to end (used by the admin tests)', async () => {
    const a = agent();
    const id = await registerMerchant(a, 'helper@onboarding.test', 'Helper Shop');
    await completeQuestionnaire(a, id);
    expect((await a.ok(onboarding.get, at(id))).progress).toBe(75);
  });
});
