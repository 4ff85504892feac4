import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE, endpointPath, stringsWithoutNulRule } from '@merchant/core';
import { auditLogEndpoints, businessEndpoints, emailTemplateEndpoints, onboardingEndpoints, verificationAdminEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, type FactoryBusiness } from './factories';
import { registerMerchant, VALID_ANSWERS } from './upload-helpers';

/**
 * Free text with a NUL character (U+0000), which PostgreSQL cannot store, is refused on the field by the
 * one rule of the shared text schemas, on every write, before anything is stored.
 */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness;
const NUL = 'Nul\u0000Byte';

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

function expectNulRefused(res: { statusCode: number; json: () => unknown }, path: string): void {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { code: string; issues: { path: string; message: string }[]; requestId: string };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.requestId).toEqual(expect.any(String));
  expect(body.issues).toContainEqual({ path, message: NUL_CHARACTER_MESSAGE });
}

describe('every string an endpoint accepts follows the NUL rule', () => {
  it('holds for the params, query and body of every registered endpoint', () => {
    expect(t.app.endpoints.length).toBeGreaterThan(40);
    const unguarded = t.app.endpoints.flatMap((e) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = e[part];
        return schema ? stringsWithoutNulRule(schema, `${e.id} ${part}`) : [];
      }),
    );
    expect(unguarded).toEqual([]);
  });
});

/* Hostile strings are sent raw (the URL from the endpoint's declaration); what was stored is read through the contract. */
describe('a NUL character in free text is a 422 on the field, and nothing is stored', () => {
  it('user name', async () => {
    expectNulRefused(await owner.patch(endpointPath(userEndpoints.updateAccount), { name: NUL }), 'name');
    expect((await owner.ok(userEndpoints.me)).name).toBe(business.people.owner.name);
  });

  it('business name and address', async () => {
    const at = { params: { business_id: business.id } };
    const url = endpointPath(businessEndpoints.update, at);
    const before = (await owner.ok(businessEndpoints.get, at)).name;
    expectNulRefused(await owner.patch(url, { name: NUL }), 'name');
    expectNulRefused(await owner.patch(url, { address: { line1: NUL, line2: null, city: null, state: null, postal_code: null } }), 'address.line1');
    expect((await owner.ok(businessEndpoints.get, at)).name).toBe(before);
  });

  it('registration: person, email, password and business name', async () => {
    const guest = new Agent(t.app);
    const register = endpointPath(authEndpoints.register);
    const valid = {
      name: 'Nora Null',
      email: 'nora@nul.test',
      password: 'a-long-unique-passphrase',
      business: { name: 'Nora Noodles', country: 'sg', currency: 'sgd' },
    };
    expectNulRefused(await guest.post(register, { ...valid, name: NUL }), 'name');
    expectNulRefused(await guest.post(register, { ...valid, email: 'nora\u0000@nul.test' }), 'email');
    expectNulRefused(await guest.post(register, { ...valid, password: 'a-long-\u0000-passphrase' }), 'password');
    expectNulRefused(await guest.post(register, { ...valid, business: { ...valid.business, name: NUL } }), 'business.name');
    // Nothing was created: the same email still registers.
    await guest.ok(authEndpoints.register, { body: valid });
  });

  it('sign-in and password reset', async () => {
    const guest = new Agent(t.app);
    expectNulRefused(await guest.post(endpointPath(authEndpoints.login), { email: business.people.owner.email, password: 'pass\u0000word' }), 'password');
    expectNulRefused(await guest.post(endpointPath(authEndpoints.requestPasswordReset), { email: `${business.people.owner.email}\u0000` }), 'email');
  });

  it('email templates', async () => {
    const at = { params: { business_id: business.id, template: 'payment_receipt' as const } };
    const url = endpointPath(emailTemplateEndpoints.save, at);
    expectNulRefused(await owner.put(url, { subject: NUL, body: 'Thanks {{customer_name}}' }), 'subject');
    expectNulRefused(await owner.put(url, { subject: 'Thanks', body: NUL }), 'body');
    expectNulRefused(await owner.post(endpointPath(emailTemplateEndpoints.sendTest, at), { subject: 'Thanks', body: NUL }), 'body');
  });

  it('onboarding answers', async () => {
    const merchant = new Agent(t.app);
    const businessId = await registerMerchant(merchant, 'nul@onboarding.test');
    const at = { params: { business_id: businessId } };
    expectNulRefused(await merchant.put(endpointPath(onboardingEndpoints.saveBusiness, at), { ...VALID_ANSWERS.business, legal_name: NUL }), 'legal_name');
    expectNulRefused(await merchant.put(endpointPath(onboardingEndpoints.saveOwner, at), { ...VALID_ANSWERS.owner, full_name: NUL }), 'full_name');
    expectNulRefused(await merchant.put(endpointPath(onboardingEndpoints.saveAddress, at), { ...VALID_ANSWERS.address, line2: NUL }), 'line2');
    expectNulRefused(
      await merchant.put(endpointPath(onboardingEndpoints.saveSales, at), { ...VALID_ANSWERS.sales, description: `${NUL} noodles, dine-in and takeaway` }),
      'description',
    );
    const onboarding = await merchant.ok(onboardingEndpoints.get, at);
    expect(onboarding.completed_steps).toEqual([]);
  });

  it("the super admin's block reason and change request", async () => {
    const admin = (await createSuperAdmin(t)).agent;
    const at = { params: { business_id: business.id } };
    expectNulRefused(await admin.post(endpointPath(verificationAdminEndpoints.block, at), { reason: `Fraud suspected ${NUL}` }), 'reason');
    expectNulRefused(await admin.post(endpointPath(verificationAdminEndpoints.requestChanges, at), { message: `Please fix ${NUL}` }), 'message');
    expect((await admin.ok(verificationAdminEndpoints.business, at)).business.onboarding_status).toBe('completed');
  });

  it('query strings and path parameters', async () => {
    const url = endpointPath(auditLogEndpoints.list, { params: { business_id: business.id }, query: { action: 'staff.\u0000invited', cursor: '\u0000' } });
    expect(url).toBe(`${endpointPath(auditLogEndpoints.list, { params: { business_id: business.id } })}?action=staff.%00invited&cursor=%00`);
    const res = await owner.get(url);
    expectNulRefused(res, 'querystring.action');
    expectNulRefused(res, 'querystring.cursor');
    const session = endpointPath(userEndpoints.revokeSession, { params: { session_id: 'abcdefgh\u0000' } });
    expect(session).toMatch(/\/abcdefgh%00$/);
    expectNulRefused(await owner.delete(session), 'params.session_id');
  });
});
