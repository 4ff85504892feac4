import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildPath, endpointPath } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { paymentMethodsEndpoints as methodsEndpoints, type PaymentProvider } from '@merchant/payments';
import { auditLogs, businesses, providerConnections } from '../src/db/schema';
import { methodsForCheckout } from '../src/modules/payments/payment-methods/payment-methods.service';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { registerMerchant } from './upload-helpers';

/** Payment methods: on/off, order, pass-fee, and provider connections that drive the business flags. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const provider = (name: PaymentProvider, businessId = business.id) => ({ params: { business_id: businessId, provider: name } });
const methodsOf = (agent: Agent, businessId = business.id) => agent.ok(methodsEndpoints.get, inBusiness(businessId));
/** Raw: the payment methods of a business, or one provider connection of it (the provider as given, unchecked). */
const url = (businessId = business.id, provider?: string) =>
  provider === undefined
    ? endpointPath(methodsEndpoints.get, { params: { business_id: businessId } })
    : buildPath(methodsEndpoints.connectProvider.path, { business_id: businessId, provider });
const STRIPE_TEST = { account_id: 'acct_1Nv0FGQ9RKHgCVdK', publishable_key: 'pk_test_51Nv0FGQ9RKHgCVdKabc', secret_key: 'sk_test_51Nv0FGQ9RKHgCVdKwxyz' };
const XENDIT_TEST = {
  account_id: '5f27a14a9bf05c73dd040bc8',
  publishable_key: 'xnd_public_development_O4uGfOR3gbOunJVy',
  secret_key: 'xnd_development_P4qDfOss0OCpl8RtKrRO9a1Z',
};

async function flags(businessId = business.id) {
  const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, businessId));
  return { stripe: row!.stripeEnabled, xendit: row!.xenditEnabled, active: row!.activeProviders };
}

describe('payment methods', () => {
  it('answers the defaults before anything is saved: all on, package order, no fee passed on; no provider connected', async () => {
    const res = await methodsOf(owner);
    expect(res.methods).toEqual([
      { method: 'card', enabled: true, pass_fee_to_customer: false },
      { method: 'paynow', enabled: true, pass_fee_to_customer: false },
      { method: 'ewallet', enabled: true, pass_fee_to_customer: false },
    ]);
    expect(res.providers.map((p) => [p.provider, p.status])).toEqual([
      ['stripe', 'not_connected'],
      ['xendit', 'not_connected'],
      ['paynow', 'not_connected'],
      ['grabpay', 'not_connected'],
    ]);
    expect(await methodsForCheckout(t.database.db, business.id)).toHaveLength(3);
  });

  it('saves on/off, order and pass-fee; the checkout gets the enabled methods in order; audited', async () => {
    const methods = [
      { method: 'paynow', enabled: true, pass_fee_to_customer: true },
      { method: 'card', enabled: true, pass_fee_to_customer: false },
      { method: 'ewallet', enabled: false, pass_fee_to_customer: false },
    ] as const;
    const res = await owner.ok(methodsEndpoints.update, { ...inBusiness(), body: { methods: [...methods] } });
    expect(res.methods).toEqual(methods);
    expect((await methodsOf(owner)).methods).toEqual(methods);
    expect(await methodsForCheckout(t.database.db, business.id)).toEqual(methods.slice(0, 2));
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.action, 'payment_methods.updated')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.description).toContain('PayNow QR, Card');
  });

  it('refuses a list missing or repeating a method, all methods off, and unknown methods (422)', async () => {
    const on = (method: string) => ({ method, enabled: true, pass_fee_to_customer: false });
    const off = (method: string) => ({ method, enabled: false, pass_fee_to_customer: false });
    const cases: unknown[] = [
      { methods: [on('card'), on('paynow')] },
      { methods: [on('card'), on('card'), on('paynow')] },
      { methods: [off('card'), off('paynow'), off('ewallet')] },
      { methods: [on('card'), on('paynow'), on('bitcoin')] },
      { methods: [{ method: 'card', enabled: 'yes', pass_fee_to_customer: false }, on('paynow'), on('ewallet')] },
      {},
    ];
    // Unknown methods, wrong types and a missing list among them: sent raw.
    for (const body of cases) {
      const res = await owner.put(url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().issues.length).toBeGreaterThan(0);
    }
  });
});

describe('provider connections', () => {
  it('connects the card provider with test keys: the secret is never answered, stored sealed, and stripe_enabled follows', async () => {
    expect(await flags()).toEqual({ stripe: false, xendit: false, active: [] });
    expect(await owner.ok(businessEndpoints.get, { params: { business_id: business.id } })).toMatchObject({ stripe_enabled: false, active_providers: [] });
    // Raw: the secret is checked for on the wire, not in a parsed body.
    const res = await owner.put(url(business.id, 'stripe'), STRIPE_TEST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'stripe', status: 'connected', account_id: STRIPE_TEST.account_id, secret_key_last4: 'wxyz' });
    expect(res.body).not.toContain(STRIPE_TEST.secret_key);
    expect((await owner.get(url())).body).not.toContain(STRIPE_TEST.secret_key);
    const [row] = await t.database.db
      .select()
      .from(providerConnections)
      .where(and(eq(providerConnections.businessId, business.id), eq(providerConnections.provider, 'stripe')));
    expect(JSON.stringify(row!.settings)).not.toContain(STRIPE_TEST.secret_key);
    expect(await flags()).toEqual({ stripe: true, xendit: false, active: ['stripe'] });
    // The Business answer (sidebar flags) follows.
    const answered = await owner.ok(businessEndpoints.get, { params: { business_id: business.id } });
    expect(answered).toMatchObject({ stripe_enabled: true, active_providers: ['stripe'] });
  });

  it('keeps the stored secret when an edit leaves it empty, and refuses a first connection without one', async () => {
    const res = await owner.ok(methodsEndpoints.connectProvider, {
      ...provider('stripe'),
      body: { ...STRIPE_TEST, account_id: 'acct_2Nv0FGQ9RKHgCVdK', secret_key: '' },
    });
    expect(res).toMatchObject({ status: 'connected', account_id: 'acct_2Nv0FGQ9RKHgCVdK', secret_key_last4: 'wxyz' });
    // Without a secret key at all: sent raw.
    const first = await owner.put(url(business.id, 'grabpay'), {
      account_id: 'grab-merchant-2026',
      publishable_key: 'gp_pk_test_2Kd9sQ1mZp8Xc4Vb',
    });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'PROVIDER_SETTINGS_INVALID', issues: [{ path: 'secret_key' }] });
  });

  it('validates each provider’s formats with field issues, and refuses mixed test and live keys', async () => {
    const connect = (body: typeof XENDIT_TEST) => owner.call(methodsEndpoints.connectProvider, { ...provider('xendit'), body });
    const bad = await connect({ account_id: 'nope', publishable_key: 'pk_test_x', secret_key: 'sk' });
    expect(bad.status).toBe(422);
    expect(failure(bad).code).toBe('PROVIDER_SETTINGS_INVALID');
    expect(failure(bad).issues!.map((i) => i.path)).toEqual(['account_id', 'publishable_key', 'secret_key']);
    const mixed = await connect({ ...XENDIT_TEST, secret_key: 'xnd_production_P4qDfOss0OCpl8RtKrRO9a1Z' });
    expect(mixed.status).toBe(422);
    expect(failure(mixed).issues).toEqual([{ path: 'secret_key', message: expect.stringContaining('same mode') }]);
    // An unknown provider and a NUL character: sent raw.
    expect((await owner.put(url(business.id, 'unknown'), STRIPE_TEST)).statusCode).toBe(422);
    expect((await owner.put(url(business.id, 'xendit'), { ...XENDIT_TEST, account_id: 'a\u0000b' })).statusCode).toBe(422);
  });

  it('live keys wait as pending and do not turn the flags on; Xendit test keys do, next to Stripe', async () => {
    const live = await owner.ok(methodsEndpoints.connectProvider, {
      ...provider('xendit'),
      body: { ...XENDIT_TEST, publishable_key: 'xnd_public_production_O4uGfOR3gbOunJVy', secret_key: 'xnd_production_P4qDfOss0OCpl8RtKrRO9a1Z' },
    });
    expect(live.status).toBe('pending');
    expect(await flags()).toEqual({ stripe: true, xendit: false, active: ['stripe'] });
    const test = await owner.ok(methodsEndpoints.connectProvider, { ...provider('xendit'), body: XENDIT_TEST });
    expect(test.status).toBe('connected');
    expect(await flags()).toEqual({ stripe: true, xendit: true, active: ['stripe', 'xendit'] });
  });

  it('disconnecting forgets the keys and turns the flag off; disconnecting again is a 409; audited', async () => {
    const res = await owner.ok(methodsEndpoints.disconnectProvider, provider('stripe'));
    expect(res).toMatchObject({ status: 'disconnected', account_id: null, secret_key_last4: null });
    expect(await flags()).toEqual({ stripe: false, xendit: true, active: ['xendit'] });
    const again = await owner.call(methodsEndpoints.disconnectProvider, provider('stripe'));
    expect(again.status).toBe(409);
    expect(failure(again).code).toBe('PROVIDER_NOT_CONNECTED');
    const actions = (
      await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectType, 'provider_connection')))
    ).map((e) => `${e.action}:${e.objectId}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'payment_provider.connected:stripe',
        'payment_provider.pending:xendit',
        'payment_provider.connected:xendit',
        'payment_provider.disconnected:stripe',
      ]),
    );
  });
});

describe('access', () => {
  it('lets payments:view read and only settings:manage change: managers and cashiers read, get 403 on changes', async () => {
    for (const a of [business.people.manager.agent, business.people.cashier.agent]) {
      await methodsOf(a);
      expect((await a.call(methodsEndpoints.update, { ...inBusiness(), body: { methods: [] } })).status).toBe(403);
      expect((await a.call(methodsEndpoints.connectProvider, { ...provider('stripe'), body: STRIPE_TEST })).status).toBe(403);
      expect((await a.call(methodsEndpoints.disconnectProvider, provider('xendit'))).status).toBe(403);
    }
    expect((await new Agent(t.app).call(methodsEndpoints.get, inBusiness())).status).toBe(401);
  });

  it('keeps businesses apart: another business sees its own defaults and cannot reach this one', async () => {
    const rita = new Agent(t.app);
    const ritaBusiness = await registerMerchant(rita, 'rita.methods@example.test');
    expect((await rita.call(methodsEndpoints.get, inBusiness())).status).toBe(404);
    expect((await rita.call(methodsEndpoints.connectProvider, { ...provider('stripe'), body: STRIPE_TEST })).status).toBe(404);
    const own = await methodsOf(rita, ritaBusiness);
    expect(own.methods.every((m) => m.enabled)).toBe(true);
    expect(own.providers.every((p) => p.status === 'not_connected')).toBe(true);
    expect((await rita.ok(methodsEndpoints.connectProvider, { ...provider('stripe', ritaBusiness), body: STRIPE_TEST })).status).toBe('connected');
    expect(await flags(ritaBusiness)).toEqual({ stripe: true, xendit: false, active: ['stripe'] });
    expect(await flags()).toEqual({ stripe: false, xendit: true, active: ['xendit'] });
  });
});
