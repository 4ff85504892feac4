import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hostOfKind } from '@merchant/core';
import {
  PUBLIC_API_PATHS,
  apiKeyEndpoints,
  checkoutEndpoints,
  integrationEndpoints,
  transactionEndpoints,
  type CreateIntegrationBody,
} from '@merchant/payments';
import { apiKeys, auditLogs, paymentLinks } from '../src/db/schema';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness, type Person } from './factories';

/**
 * Plugin integrations (docs/developers.md, "Plugin integrations"): a named integration with its own key and salt,
 * shown once; edited, disabled, rotated and deleted; audited; for owners and admins of its business only. Its key
 * makes payment requests through the public API, and their payments are tagged with it in Transactions.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let owner: Person;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  owner = business.people.owner;
});
afterAll(() => t.close());

const params = (b: { id: string } = business) => ({ business_id: b.id });
const oneOf = (id: string, b: { id: string } = business) => ({ ...params(b), gateway_provider_id: id });
const create = (person: Person, body: Partial<CreateIntegrationBody> = {}, b: { id: string } = business) =>
  person.agent.call(integrationEndpoints.create, {
    params: params(b),
    body: { name: 'Shop', platform: 'woocommerce', callback_url: 'https://shop.example.com/hitpay', password: person.password, ...body },
  });
const made = async (body: Partial<CreateIntegrationBody> = {}) => {
  const answer = await create(owner, body);
  if (!answer.ok) throw new Error(`not made: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A public API call on the API host with a key. */
const publicCall = (method: 'GET' | 'POST', path: string, key: string, json?: object) =>
  t.app.inject({
    method,
    url: path,
    headers: { host: `api.${t.config.baseDomain}`, 'x-business-api-key': key },
    ...(json ? { payload: json } : {}),
  });

describe('making an integration', () => {
  it('answers its key and salt in full once, lists them masked, and keeps them off the API keys list', async () => {
    const answer = await create(owner, { name: 'My WooCommerce shop', platform: 'woocommerce' });
    expect(answer.status).toBe(201);
    if (!answer.ok) throw new Error('not made');
    const { integration, api_key, salt } = answer.body;
    expect(api_key).toMatch(/^[0-9a-f]{64}$/);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(integration).toMatchObject({
      name: 'My WooCommerce shop',
      platform: 'woocommerce',
      callback_url: 'https://shop.example.com/hitpay',
      status: 'enabled',
      key_last4: `•••• ${api_key.slice(-4)}`,
      salt_last4: `•••• ${salt.slice(-4)}`,
      last_used_at: null,
    });

    const listed = await owner.agent.ok(integrationEndpoints.list, { params: params() });
    expect(listed.find((i) => i.id === integration.id)).toMatchObject({ name: 'My WooCommerce shop', status: 'enabled' });
    expect(JSON.stringify(listed)).not.toContain(api_key);
    expect(JSON.stringify(listed)).not.toContain(salt);
    const one = await owner.agent.ok(integrationEndpoints.get, { params: oneOf(integration.id) });
    expect(JSON.stringify(one)).not.toContain(api_key);

    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.integrationId, integration.id));
    expect(JSON.stringify(stored)).not.toContain(api_key);
    expect(JSON.stringify(stored)).not.toContain(salt);
    const keys = await owner.agent.ok(apiKeyEndpoints.list, { params: params() });
    expect(keys.map((k) => k.id)).not.toContain(stored!.id);

    const principal = await t.services.apiKeys.authenticate(api_key);
    expect(principal).toMatchObject({ businessId: business.id, access: 'full', integration: { id: integration.id } });
    expect(await principal!.salt()).toBe(salt);
    const used = await owner.agent.ok(integrationEndpoints.get, { params: oneOf(integration.id) });
    expect(used.last_used_at).not.toBeNull();
  });

  it('refuses bad input with field errors, and a wrong password', async () => {
    const before = (await owner.agent.ok(integrationEndpoints.list, { params: params() })).length;
    const bad = await create(owner, { name: ' ', platform: 'bigcommerce' as never, callback_url: 'ftp://shop.example.com/x' });
    expect(bad.status).toBe(422);
    expect(failure(bad).code).toBe('VALIDATION_FAILED');
    expect((failure(bad).issues ?? []).map((i) => i.path).sort()).toEqual(['callback_url', 'name', 'platform']);
    // A loopback or private callback target is refused (the outbound guard's rules; allowed only in development).
    const loopback = await create(owner, { callback_url: 'http://127.0.0.1:8080/hook' });
    expect(failure(loopback)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'callback_url' }] });
    const wrong = await create(owner, { password: 'not the password' });
    expect(failure(wrong).code).toBe('AUTH_PASSWORD_INCORRECT');
    expect(await owner.agent.ok(integrationEndpoints.list, { params: params() })).toHaveLength(before);
  });

  it('takes no callback URL', async () => {
    const { integration } = await made({ name: 'No callback', platform: 'custom', callback_url: '' });
    expect(integration.callback_url).toBeNull();
  });
});

describe('editing, rotating and deleting', () => {
  it('renames, changes the callback URL, and disables (its key refused) then enables it again, audited', async () => {
    const { integration, api_key } = await made({ name: 'Shopify store', platform: 'shopify' });
    const bad = await owner.agent.call(integrationEndpoints.update, {
      params: oneOf(integration.id),
      body: { name: '', callback_url: 'nope', enabled: 'yes' as never },
    });
    expect((failure(bad).issues ?? []).map((i) => i.path).sort()).toEqual(['callback_url', 'enabled', 'name']);

    const disabled = await owner.agent.ok(integrationEndpoints.update, {
      params: oneOf(integration.id),
      body: { name: 'Shopify main store', callback_url: 'https://store.example.com/callback', enabled: false },
    });
    expect(disabled).toMatchObject({ name: 'Shopify main store', callback_url: 'https://store.example.com/callback', status: 'disabled' });
    expect(await t.services.apiKeys.authenticate(api_key)).toBeNull();
    expect((await publicCall('GET', PUBLIC_API_PATHS.paymentRequests, api_key)).statusCode).toBe(401);

    const enabled = await owner.agent.ok(integrationEndpoints.update, {
      params: oneOf(integration.id),
      body: { name: 'Shopify main store', callback_url: null, enabled: true },
    });
    expect(enabled).toMatchObject({ status: 'enabled', callback_url: null });
    expect((await publicCall('GET', PUBLIC_API_PATHS.paymentRequests, api_key)).statusCode).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, integration.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['integration.created', 'integration.updated', 'integration.updated']);
    expect(entries.some((e) => e.description.includes('disabled it'))).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(api_key);
  });

  it('rotates the key with the password: the old key is refused at once, the new one shown once works', async () => {
    const first = await made({ name: 'Wix site', platform: 'wix' });
    const id = first.integration.id;
    const wrong = await owner.agent.call(integrationEndpoints.rotate, { params: oneOf(id), body: { password: 'wrong' } });
    expect(failure(wrong).code).toBe('AUTH_PASSWORD_INCORRECT');
    expect(await t.services.apiKeys.authenticate(first.api_key)).not.toBeNull();

    const rotated = await owner.agent.call(integrationEndpoints.rotate, { params: oneOf(id), body: { password: owner.password } });
    expect(rotated.status).toBe(201);
    if (!rotated.ok) throw new Error('not rotated');
    expect(rotated.body.api_key).not.toBe(first.api_key);
    expect(rotated.body.salt).not.toBe(first.salt);
    expect(rotated.body.integration).toMatchObject({ id, key_last4: `•••• ${rotated.body.api_key.slice(-4)}` });
    expect(await t.services.apiKeys.authenticate(first.api_key)).toBeNull();
    expect(await t.services.apiKeys.authenticate(rotated.body.api_key)).toMatchObject({ integration: { id } });
    const listed = await owner.agent.ok(integrationEndpoints.list, { params: params() });
    expect(JSON.stringify(listed)).not.toContain(rotated.body.api_key);
    const actions = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, id)));
    expect(actions.map((a) => a.action)).toContain('integration.key_rotated');
  });

  it('deletes with the password: gone from the list, its key refused', async () => {
    const { integration, api_key } = await made({ name: 'Magento', platform: 'magento' });
    const wrong = await owner.agent.call(integrationEndpoints.delete, { params: oneOf(integration.id), body: { password: 'wrong' } });
    expect(failure(wrong).code).toBe('AUTH_PASSWORD_INCORRECT');
    expect(await owner.agent.ok(integrationEndpoints.delete, { params: oneOf(integration.id), body: { password: owner.password } })).toEqual({ deleted: true });
    const listed = await owner.agent.ok(integrationEndpoints.list, { params: params() });
    expect(listed.map((i) => i.id)).not.toContain(integration.id);
    expect(failure(await owner.agent.call(integrationEndpoints.get, { params: oneOf(integration.id) })).code).toBe('INTEGRATION_NOT_FOUND');
    expect(await t.services.apiKeys.authenticate(api_key)).toBeNull();
    expect((await publicCall('GET', PUBLIC_API_PATHS.paymentRequests, api_key)).statusCode).toBe(401);
  });
});

describe('who', () => {
  it('is for owners and admins of the business only', async () => {
    expect((await create(business.people.admin, { name: 'By the admin' })).status).toBe(201);
    const cashier = business.people.cashier;
    expect(failure(await create(cashier)).code).toBe('FORBIDDEN');
    expect((await create(cashier)).status).toBe(403);
    expect(failure(await cashier.agent.call(integrationEndpoints.list, { params: params() })).code).toBe('FORBIDDEN');

    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(integrationEndpoints.create, {
      params: params(other),
      body: { name: 'Theirs', platform: 'custom', password: other.people.owner.password },
    });
    const id = theirs.integration.id;
    expect(failure(await create(owner, {}, other)).code).toBe('NOT_FOUND');
    expect((await owner.agent.call(integrationEndpoints.get, { params: oneOf(id) })).status).toBe(404);
    const edited = await owner.agent.call(integrationEndpoints.update, { params: oneOf(id), body: { name: 'Mine now', callback_url: null, enabled: false } });
    expect(failure(edited).code).toBe('INTEGRATION_NOT_FOUND');
    const rotated = await owner.agent.call(integrationEndpoints.rotate, { params: oneOf(id), body: { password: owner.password } });
    expect(failure(rotated).code).toBe('INTEGRATION_NOT_FOUND');
    const deleted = await owner.agent.call(integrationEndpoints.delete, { params: oneOf(id), body: { password: owner.password } });
    expect(failure(deleted).code).toBe('INTEGRATION_NOT_FOUND');
    expect((await owner.agent.ok(integrationEndpoints.list, { params: params() })).map((i) => i.id)).not.toContain(id);
    expect(await t.services.apiKeys.authenticate(theirs.api_key)).toMatchObject({ businessId: other.id, integration: { id } });
    // An integration's key cannot be rotated or revoked as a key of the Developers screen.
    const [theirKey] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.integrationId, id));
    const asKey = await other.people.owner.agent.call(apiKeyEndpoints.revoke, {
      params: { business_id: other.id, api_key_id: theirKey!.id },
      body: { password: other.people.owner.password },
    });
    expect(failure(asKey).code).toBe('API_KEY_NOT_FOUND');
  });
});

describe('payments of an integration', () => {
  it('tags the payments of the payment requests its key makes, and Transactions shows and filters them', async () => {
    const { integration, api_key } = await made({ name: 'Tagged shop', platform: 'woocommerce', callback_url: 'https://shop.example.com/callback' });
    const created = await publicCall('POST', PUBLIC_API_PATHS.paymentRequests, api_key, { amount: '42.00', currency: 'SGD', reference_number: 'WC-1001' });
    expect(created.statusCode, created.body).toBe(200);
    const request = created.json<{ id: string; url: string }>();
    // Without a `webhook`, the integration's callback URL is the request's legacy webhook.
    const [link] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, request.id));
    expect(link).toMatchObject({ integrationId: integration.id, webhookUrl: 'https://shop.example.com/callback' });

    const publicId = request.url.split('/').pop()!;
    const host = hostOfKind('checkout', t.config.baseDomain);
    const payer = new Agent(t.app);
    const started = await payer.ok(
      checkoutEndpoints.start,
      { params: { kind: 'link', public_id: publicId }, body: { email: 'payer@example.com' } },
      { host, idempotencyKey: randomUUID() },
    );
    const paid = await payer.ok(
      checkoutEndpoints.confirm,
      { params: { public_id: started.public_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
      { host, idempotencyKey: randomUUID() },
    );
    expect(paid.status).toBe('succeeded');

    const all = await owner.agent.ok(transactionEndpoints.list, { params: params(), query: {} as never });
    const tagged = all.data.find((p) => p.reference === 'WC-1001');
    expect(tagged?.integration).toEqual({ id: integration.id, name: 'Tagged shop' });
    expect(all.data.filter((p) => p.integration === null).length).toBe(all.data.length - 1);

    const filtered = await owner.agent.ok(transactionEndpoints.list, { params: params(), query: { integration_id: integration.id } as never });
    expect(filtered.data.map((p) => p.reference)).toEqual(['WC-1001']);
    const none = await owner.agent.ok(transactionEndpoints.list, { params: params(), query: { integration_id: randomUUID() } as never });
    expect(none.data).toEqual([]);
    const badFilter = await owner.agent.call(transactionEndpoints.list, { params: params(), query: { integration_id: 'not-an-id' } as never });
    expect(failure(badFilter)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'querystring.integration_id' }] });

    const detail = await owner.agent.ok(transactionEndpoints.get, { params: { ...params(), payment_id: tagged!.id } });
    expect(detail.payment.integration).toEqual({ id: integration.id, name: 'Tagged shop' });

    // A payment request made with a key of the Developers screen is not tagged.
    const key = await owner.agent.ok(apiKeyEndpoints.create, { params: params(), body: { name: 'Plain key', access: 'full', password: owner.password } });
    const plain = await publicCall('POST', PUBLIC_API_PATHS.paymentRequests, key.api_key, { amount: '5.00', currency: 'SGD' });
    const [plainLink] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, plain.json<{ id: string }>().id));
    expect(plainLink!.integrationId).toBeNull();
  });
});
