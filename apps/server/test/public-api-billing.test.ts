import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxEndpoints } from '@merchant/catalogue';
import { addDays, localDate } from '@merchant/core';
import {
  invoiceEndpoints,
  planEndpoints,
  PUBLIC_INVOICES_PATHS,
  PUBLIC_RECURRING_PATHS,
  subscriptionEndpoints,
  transactionEndpoints,
} from '@merchant/payments';
import { createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, createCustomer, createInvoice, createPlan, createProduct, saveCard, unique, type FactoryBusiness } from './factories';
import { expectSchema, hitpayDocument, hitpaySchema, makeApiKey, publicCall, type PublicCall } from './hitpay-document';

/**
 * HitPay's invoices, subscription plans and recurring billing on the public API (docs/developers.md, "Public API:
 * invoices, subscription plans, recurring billing"): real invoices, plans and subscriptions of the key's business,
 * in HitPay's names and shapes, another business's ids HitPay's 404, writes refused to a read-only key.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let readOnly: string;
let otherKey: string;

const at = (path: string, name: string, id: string) => path.replace(`:${name}`, id);
const invoicePath = (id: string) => at(PUBLIC_INVOICES_PATHS.invoice, 'invoice_id', id);
const planPath = (id: string) => at(PUBLIC_RECURRING_PATHS.plan, 'plan_id', id);
const billingPath = (id: string) => at(PUBLIC_RECURRING_PATHS.billing, 'recurring_billing_id', id);
const chargePath = (id: string) => at(PUBLIC_RECURRING_PATHS.charge, 'recurring_billing_id', id);
const call = (path: string, options: PublicCall = {}) => publicCall(t, path, { key, ...options });
const LARAVEL_PAGE = ['data', 'links', 'meta'];
const PAGE_META = ['current_page', 'from', 'last_page', 'links', 'path', 'per_page', 'to', 'total'];

/** HitPay's 404 for an id of another business. */
async function expectNotFound(res: Awaited<ReturnType<typeof call>>, model: string, id: string) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: `No query results for model [App\\Business\\${model}] ${id}` });
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  other = await createBusiness(t);
  key = await makeApiKey(business);
  readOnly = await makeApiKey(business, 'read_only');
  otherKey = await makeApiKey(other);
}, 240_000);
afterAll(() => t.close());

describe('invoices', () => {
  const email = unique('payer') + '@example.com';
  let invoiceId: string;

  it('creates a real invoice from an amount, mails it when asked and lists it in Laravel pages', async () => {
    const res = await call(PUBLIC_INVOICES_PATHS.invoices, {
      method: 'POST',
      json: {
        customer: { name: 'Ada Payer', email },
        invoice_date: '2026-11-01',
        due_date: '2026-11-15',
        currency: 'SGD',
        amount: 120.5,
        payment_by: 'amount',
        reference: 'Consulting, October',
        footer: 'Thank you',
        send_email: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    const invoice = res.json();
    invoiceId = invoice.id;
    expect(invoice).toMatchObject({
      status: 'sent',
      currency: 'sgd',
      amount: 120.5,
      subtotal: 120.5,
      amount_due: 120.5,
      invoice_date: '2026-11-01',
      due_date: '2026-11-15',
      reference: 'Consulting, October',
      footer: 'Thank you',
      customer: { name: 'Ada Payer', email },
      products: [{ product_id: null, description: 'Consulting, October', quantity: 1, price: 120.5, amount: 120.5 }],
      created_at: '2026-11-01T09:00:00',
    });
    expect(invoice.url).toMatch(/^https?:\/\/invoice\./);
    expect((await mailbox(t.app)).filter((m) => m.to === email)).toHaveLength(1);

    const page = await call(`${PUBLIC_INVOICES_PATHS.invoices}?customer_email=${encodeURIComponent(email.toUpperCase())}&status=pending`);
    expect(page.statusCode).toBe(200);
    expect(Object.keys(page.json())).toEqual(LARAVEL_PAGE);
    expect(Object.keys(page.json().meta)).toEqual(PAGE_META);
    expect(page.json().data.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    expect(page.json().meta).toMatchObject({ current_page: 1, per_page: 10, total: 1, from: 1, to: 1 });
    expect((await call(PUBLIC_INVOICES_PATHS.invoices, { key: otherKey })).json().data).toEqual([]);
  });

  it('prices products from the catalogue with the tax setting', async () => {
    const product = await createProduct(business.people.owner.agent, business.id, { price: 12_50 });
    const tax = await business.people.owner.agent.ok(taxEndpoints.create, {
      params: { business_id: business.id },
      body: { name: 'GST', rate: 900, all_locations: true, location_ids: [], applies_to: 'all_products', product_ids: [] },
    });
    const res = await call(PUBLIC_INVOICES_PATHS.invoices, {
      method: 'POST',
      json: {
        customer: { email },
        invoice_date: '2026-11-02',
        currency: 'sgd',
        payment_by: 'product',
        products: [{ product_id: product.id, quantity: '2', discount: '1.00' }],
        tax_setting: tax.id,
      },
    });
    expect(res.statusCode).toBe(200);
    // 2 x 12.50 = 25.00, less 1.00 (4 %), then 9 % GST on 24.00.
    expect(res.json()).toMatchObject({
      status: 'sent',
      subtotal: 24,
      tax_amount: 2.16,
      amount: 26.16,
      due_date: '2026-11-02',
      products: [{ product_id: product.id, quantity: 2, price: 12.5, discount: 1, amount: 24 }],
      tax_setting: { name: 'GST', rate: 9, amount: 2.16 },
    });
  });

  it("answers invalid input as HitPay's 422 and refuses a read-only key", async () => {
    const bad = await call(PUBLIC_INVOICES_PATHS.invoices, { method: 'POST', json: { currency: 'sgd', amount: 5 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The given data was invalid.');
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['invoice_date', 'payment_by']));
    const noProduct = await call(PUBLIC_INVOICES_PATHS.invoices, {
      method: 'POST',
      json: { customer: { email }, invoice_date: '2026-11-02', currency: 'sgd', payment_by: 'product', products: [{ product_id: randomUUID() }] },
    });
    expect(noProduct.statusCode).toBe(422);
    expect(Object.keys(noProduct.json().errors)).toEqual(['products.0.product_id']);
    const refused = await call(PUBLIC_INVOICES_PATHS.invoices, { key: readOnly, method: 'POST', json: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This API key is read-only.' });
  });

  it("updates every field anew, and another business's invoice is HitPay's 404", async () => {
    // `d/m/Y`, as HitPay's update page writes dates, reads as its document's `Y-m-d`.
    const body = { customer: { email }, invoice_date: '01/11/2026', currency: 'sgd', amount: '99.90', payment_by: 'amount' };
    const res = await call(invoicePath(invoiceId), { method: 'PUT', json: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: invoiceId, amount: 99.9, due_date: '2026-11-01', status: 'sent', reference: null });
    await expectNotFound(await call(invoicePath(invoiceId), { key: otherKey, method: 'PUT', json: body }), 'Invoice', invoiceId);
    await expectNotFound(await call(invoicePath(invoiceId), { key: otherKey, method: 'DELETE' }), 'Invoice', invoiceId);
    await expectNotFound(await call(invoicePath('nope'), { method: 'DELETE' }), 'Invoice', 'nope');
    expect((await call(invoicePath(invoiceId), { key: readOnly, method: 'DELETE' })).statusCode).toBe(403);
  });

  it('deletes (voids) an unpaid invoice; a paid one is final (409)', async () => {
    const deleted = await call(invoicePath(invoiceId), { method: 'DELETE' });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const listed = (await call(`${PUBLIC_INVOICES_PATHS.invoices}?status=canceled`)).json();
    expect(listed.data.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[invoiceId, 'canceled']]);

    const owner = business.people.owner.agent;
    const customer = await createCustomer(owner, business.id, { email: unique('paid') + '@example.com' });
    const paid = await createInvoice(owner, business.id, customer.id);
    await owner.ok(invoiceEndpoints.send, { params: { business_id: business.id, invoice_id: paid.id } });
    await owner.ok(invoiceEndpoints.markPaid, { params: { business_id: business.id, invoice_id: paid.id }, body: { note: null } });
    const refused = await call(invoicePath(paid.id), { method: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json())).toEqual(['message']);
  });
});

describe('subscription plans', () => {
  let planId: string;
  const planSchema = () => hitpaySchema('get', PUBLIC_RECURRING_PATHS.plan, 200)!;

  it('creates a plan alike from JSON and from a form, and replays an Idempotency-Key', async () => {
    const body = { name: 'Spotify Premium', description: 'Monthly', currency: 'SGD', amount: '9.90', cycle: 'monthly' };
    const json = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: body, idempotencyKey: 'plan-1' });
    expect(json.statusCode).toBe(200);
    expectSchema(hitpaySchema('post', PUBLIC_RECURRING_PATHS.plans, 200)!, json.json());
    expect(json.json()).toEqual({
      id: expect.any(String),
      name: 'Spotify Premium',
      description: 'Monthly',
      cycle: 'monthly',
      cycle_repeat: null,
      cycle_frequency: null,
      currency: 'sgd',
      amount: 9.9,
      created_at: '2026-11-01T09:00:00',
      updated_at: '2026-11-01T09:00:00',
    });
    planId = json.json().id;
    const form = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', form: body });
    expect({ ...form.json(), id: planId }).toEqual(json.json());
    expect(form.json().id).not.toBe(planId);
    const replay = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: body, idempotencyKey: 'plan-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(json.json());
  });

  it("reads a custom cycle, lists in Laravel pages and answers HitPay's 422 of a custom cycle without its fields", async () => {
    const custom = await call(PUBLIC_RECURRING_PATHS.plans, {
      method: 'POST',
      json: { name: 'Fortnightly beans', amount: 25, cycle: 'custom', cycle_frequency: 'week', cycle_repeat: 2, times_to_be_charged: 6 },
    });
    expect(custom.json()).toMatchObject({ cycle: 'custom', cycle_frequency: 'week', cycle_repeat: 2, amount: 25 });
    const bad = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: { name: 'x', amount: 5, cycle: 'custom' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        cycle_repeat: ['The cycle repeat field is required when cycle is custom.'],
        cycle_frequency: ['The cycle frequency field is required when cycle is custom.'],
      },
    });
    const page = await call(`${PUBLIC_RECURRING_PATHS.plans}?per_page=2`);
    expectSchema(hitpaySchema('get', PUBLIC_RECURRING_PATHS.plans, 200)!, page.json());
    expect(page.json().meta).toMatchObject({ per_page: 2, total: 3, last_page: 2, current_page: 1 });
    expect(page.json().links.next).toMatch(/\/v1\/subscription-plan\?page=2&per_page=2$/);
    const all = (await call(PUBLIC_RECURRING_PATHS.plans)).json().data as { id: string; price: number; amount: number }[];
    expect(all.find((p) => p.id === custom.json().id)).toMatchObject({ price: 25, amount: 25 });
    expect((await call(PUBLIC_RECURRING_PATHS.plans, { key: otherKey })).json().data).toEqual([]);
  });

  it('keeps a reference and a redirect URL (https, http only on localhost), in every answer and on the dashboard', async () => {
    const body = { name: 'Roaster club', amount: 15, cycle: 'monthly', reference: 'roaster_2026', redirect_url: 'https://shop.example/thanks' };
    const made = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: body });
    expect(made.statusCode).toBe(200);
    expectSchema(hitpaySchema('post', PUBLIC_RECURRING_PATHS.plans, 200)!, made.json());
    expect(made.json()).toMatchObject({ reference: 'roaster_2026', redirect_url: 'https://shop.example/thanks' });
    const id = made.json().id as string;
    expect((await call(planPath(id))).json()).toMatchObject({ reference: 'roaster_2026', redirect_url: 'https://shop.example/thanks' });
    const listed = (await call(PUBLIC_RECURRING_PATHS.plans)).json().data as { id: string; reference?: string }[];
    expect(listed.find((p) => p.id === id)).toMatchObject({ reference: 'roaster_2026' });
    const onDashboard = await business.people.owner.agent.ok(planEndpoints.get, { params: { business_id: business.id, plan_id: id } });
    expect(onDashboard).toMatchObject({ reference: 'roaster_2026', redirect_url: 'https://shop.example/thanks' });
    // Update replaces every field: left out, they are cleared.
    const updated = await call(planPath(id), { method: 'PUT', json: { ...body, reference: 'roaster_2027', redirect_url: undefined } });
    expectSchema(hitpaySchema('put', PUBLIC_RECURRING_PATHS.plan, 200)!, updated.json());
    expect(updated.json().reference).toBe('roaster_2027');
    expect(updated.json()).not.toHaveProperty('redirect_url');
    for (const url of ['http://shop.example/thanks', 'javascript:alert(1)', 'https://user:pw@shop.example/']) {
      const bad = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: { ...body, redirect_url: url } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['redirect_url']);
    }
    const local = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: { ...body, redirect_url: 'http://shop.localhost:5173/done' } });
    expect(local.json().redirect_url).toBe('http://shop.localhost:5173/done');
    const long = await call(PUBLIC_RECURRING_PATHS.plans, { method: 'POST', json: { ...body, reference: 'r'.repeat(256) } });
    expect(Object.keys(long.json().errors)).toEqual(['reference']);
  });

  it("reads, updates and deletes a plan; another business's plan is HitPay's 404", async () => {
    const got = await call(planPath(planId));
    expectSchema(planSchema(), got.json());
    expect(got.json()).toMatchObject({ id: planId, amount: 9.9 });
    const updated = await call(planPath(planId), { method: 'PUT', json: { name: 'Spotify Premium', amount: 12.9, cycle: 'yearly' } });
    expectSchema(hitpaySchema('put', PUBLIC_RECURRING_PATHS.plan, 200)!, updated.json());
    expect(updated.json()).toMatchObject({ id: planId, amount: 12.9, cycle: 'yearly' });
    await expectNotFound(await call(planPath(planId), { key: otherKey }), 'SubscriptionPlan', planId);
    await expectNotFound(await call(planPath(planId), { key: otherKey, method: 'DELETE' }), 'SubscriptionPlan', planId);
    expect((await call(planPath(planId), { key: readOnly, method: 'PUT', json: { name: 'x', amount: 1, cycle: 'monthly' } })).statusCode).toBe(403);
    expect((await call(planPath(planId), { method: 'DELETE' })).statusCode).toBe(204);
    await expectNotFound(await call(planPath(planId)), 'SubscriptionPlan', planId);
  });
});

describe('recurring billing', () => {
  let plan: { id: string };
  let billingId: string;
  const email = unique('subscriber') + '@example.com';
  const getSchema = () => hitpaySchema('get', PUBLIC_RECURRING_PATHS.billing, 200)!;
  const setupOf = (url: string) => /\/s\/(seti_[A-Za-z0-9]+)/.exec(url)![1]!;

  beforeAll(async () => {
    plan = await createPlan(business.people.owner.agent, business.id, { amount: 20_00, interval: 'monthly' });
  });

  it('subscribes a customer by email to a plan, its url the card page; the saved card is shown', async () => {
    const start = addDays(localDate(t.clock.now(), 'UTC'), 3);
    const res = await call(PUBLIC_RECURRING_PATHS.billings, {
      method: 'POST',
      json: { plan_id: plan.id, customer_email: email, customer_name: 'Paul', start_date: start, times_to_be_charged: 3 },
    });
    expect(res.statusCode).toBe(200);
    expectSchema(getSchema(), res.json());
    expect(res.json()).toMatchObject({
      business_recurring_plans_id: plan.id,
      customer_email: email,
      customer_name: 'Paul',
      cycle: 'monthly',
      amount: 20,
      currency: 'sgd',
      status: 'scheduled',
      times_to_be_charged: 3,
      times_charged: 0,
    });
    expect(res.json().url).toMatch(/^https?:\/\/securecheckout\..*\/s\/seti_/);
    billingId = res.json().id;
    // Not mailed: the body did not ask (send_email).
    expect((await mailbox(t.app)).some((m) => m.to === email)).toBe(false);

    expect((await saveCard(t, setupOf(res.json().url))).ok).toBe(true);
    const got = await call(billingPath(billingId));
    expectSchema(getSchema(), got.json());
    expect(got.json()).toMatchObject({ id: billingId, status: 'active', payment_method: { card: { brand: 'visa', last4: '4242' } } });
  });

  it('lists by plan and status, and refuses invalid input', async () => {
    const page = await call(`${PUBLIC_RECURRING_PATHS.billings}?business_recurring_plans_id=${plan.id}&status=active`);
    expect(Object.keys(page.json())).toEqual(LARAVEL_PAGE);
    expect(page.json().data.map((b: { id: string }) => b.id)).toEqual([billingId]);
    expect((await call(`${PUBLIC_RECURRING_PATHS.billings}?status=canceled`)).json().data).toEqual([]);
    const bad = await call(PUBLIC_RECURRING_PATHS.billings, { method: 'POST', json: { customer_email: 'not an email', cycle: 'monthly' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('customer_email');
    const noAmount = await call(PUBLIC_RECURRING_PATHS.billings, { method: 'POST', form: { customer_email: email, cycle: 'monthly' } });
    expect(noAmount.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { amount: ['The amount field is required when plan id is not present.'] },
    });
  });

  it('charges the saved card now, once per Idempotency-Key; a declined card charges nothing', async () => {
    const charged = await call(chargePath(billingId), { method: 'POST', json: { amount: 15, currency: 'SGD' }, idempotencyKey: 'charge-1' });
    expect(charged.statusCode).toBe(200);
    expectSchema(hitpaySchema('post', PUBLIC_RECURRING_PATHS.charge, 200)!, charged.json());
    expect(charged.json()).toEqual({ payment_id: expect.any(String), recurring_billing_id: billingId, amount: 15, currency: 'sgd', status: 'succeeded' });
    const replay = await call(chargePath(billingId), { method: 'POST', json: { amount: 15, currency: 'SGD' }, idempotencyKey: 'charge-1' });
    expect(replay.json().payment_id).toBe(charged.json().payment_id);
    // A payment of the business like a renewal's, on the saved card, in the ledger (its net: the amount less the fee).
    const detail = await business.people.owner.agent.ok(transactionEndpoints.get, {
      params: { business_id: business.id, payment_id: charged.json().payment_id },
    });
    expect(detail.payment).toMatchObject({ status: 'succeeded', amount: { amount: 15_00, currency: 'sgd' } });
    expect(detail.net.amount).toBeGreaterThan(0);
    expect(detail.net.amount).toBeLessThanOrEqual(15_00);
    // No period moved: the subscription waits for its start date.
    expect((await call(billingPath(billingId))).json()).toMatchObject({ times_charged: 0, status: 'active' });

    const declining = await call(PUBLIC_RECURRING_PATHS.billings, {
      method: 'POST',
      json: { customer_email: unique('nsf') + '@example.com', amount: 10, cycle: 'weekly', start_date: addDays(localDate(t.clock.now(), 'UTC'), 7) },
    });
    expect((await saveCard(t, setupOf(declining.json().url), '4000000000009995')).ok).toBe(true);
    const declined = await call(chargePath(declining.json().id), { method: 'POST', json: { amount: 10, currency: 'sgd' } });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({ message: expect.stringMatching(/insufficient funds/) });
    const none = await call(chargePath(billingId), { method: 'POST', json: { amount: 10, currency: 'usd' } });
    expect(Object.keys(none.json().errors)).toEqual(['currency']);
  });

  it('keeps a description, a reference and a redirect URL; the setup page sends the customer there with reference and status', async () => {
    const linked = await createPlan(business.people.owner.agent, business.id, {
      amount: 12_00,
      interval: 'monthly',
      description: 'Beans every month',
      redirect_url: 'https://shop.example/plan-done?from=plan',
    });
    const fromPlan = await call(PUBLIC_RECURRING_PATHS.billings, {
      method: 'POST',
      json: { plan_id: linked.id, customer_email: unique('plan-sub') + '@example.com', reference: 'order-77' },
    });
    expect(fromPlan.statusCode).toBe(200);
    expectSchema(getSchema(), fromPlan.json());
    // The plan's description and return address are copied; the reference is the subscription's own.
    expect(fromPlan.json()).toMatchObject({
      description: 'Beans every month',
      reference: 'order-77',
      redirect_url: 'https://shop.example/plan-done?from=plan',
    });
    const saved = await saveCard(t, setupOf(fromPlan.json().url));
    expect(saved.ok).toBe(true);
    const redirect = new URL((saved.body as { redirect_url: string }).redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://shop.example/plan-done');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ from: 'plan', reference: fromPlan.json().id, status: 'active' });

    const own = await call(PUBLIC_RECURRING_PATHS.billings, {
      method: 'POST',
      form: {
        customer_email: unique('own-sub') + '@example.com',
        amount: '8',
        cycle: 'weekly',
        description: 'Weekly croissants',
        reference: 'crois-1',
        redirect_url: 'https://shop.example/sub-done',
      },
    });
    expect(own.json()).toMatchObject({ description: 'Weekly croissants', reference: 'crois-1', redirect_url: 'https://shop.example/sub-done' });
    const ownId = own.json().id as string;
    // A declined first charge sends the customer nowhere: the page says why.
    const declined = await saveCard(t, setupOf(own.json().url), '4000000000009995');
    expect(declined.ok).toBe(true);
    expect((declined.body as { redirect_url: string | null }).redirect_url).toBeNull();

    const byReference = await call(`${PUBLIC_RECURRING_PATHS.billings}?reference=crois-1`);
    expect(byReference.json().data.map((b: { id: string }) => b.id)).toEqual([ownId]);
    expect((await call(`${PUBLIC_RECURRING_PATHS.billings}?reference=crois-1`, { key: otherKey })).json().data).toEqual([]);

    const changed = await call(billingPath(ownId), { method: 'PUT', json: { reference: 'crois-2', redirect_url: 'https://shop.example/again' } });
    expect(changed.statusCode).toBe(200);
    expectSchema(hitpaySchema('put', PUBLIC_RECURRING_PATHS.billing, 200)!, changed.json());
    expect(changed.json()).toMatchObject({ description: 'Weekly croissants', reference: 'crois-2', redirect_url: 'https://shop.example/again' });
    const onDashboard = await business.people.owner.agent.ok(subscriptionEndpoints.get, { params: { business_id: business.id, subscription_id: ownId } });
    expect(onDashboard).toMatchObject({ description: 'Weekly croissants', reference: 'crois-2', redirect_url: 'https://shop.example/again' });
    const bad = await call(billingPath(ownId), { method: 'PUT', json: { redirect_url: 'http://shop.example/' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['redirect_url']);
    const badCreate = await call(PUBLIC_RECURRING_PATHS.billings, {
      method: 'POST',
      json: { customer_email: unique('x') + '@example.com', amount: 8, cycle: 'weekly', redirect_url: 'ftp://shop.example/' },
    });
    expect(Object.keys(badCreate.json().errors)).toEqual(['redirect_url']);
  });

  it("updates its plan, refuses other changes, cancels it; another business's id is HitPay's 404", async () => {
    const next = await createPlan(business.people.owner.agent, business.id, { amount: 30_00, interval: 'yearly' });
    const moved = await call(billingPath(billingId), { method: 'PUT', json: { plan_id: next.id } });
    expect(moved.statusCode).toBe(200);
    expectSchema(hitpaySchema('put', PUBLIC_RECURRING_PATHS.billing, 200)!, moved.json());
    const refused = await call(billingPath(billingId), { method: 'PUT', json: { amount: 99 } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['amount']);
    for (const [path, method] of [
      [billingPath(billingId), 'GET'],
      [billingPath(billingId), 'DELETE'],
      [chargePath(billingId), 'POST'],
    ] as const) {
      await expectNotFound(
        await call(path, { key: otherKey, method, ...(method === 'POST' ? { json: { amount: 1, currency: 'sgd' } } : {}) }),
        'RecurringBilling',
        billingId,
      );
    }
    expect((await call(billingPath(billingId), { key: readOnly, method: 'DELETE' })).statusCode).toBe(403);
    const cancelled = await call(billingPath(billingId), { method: 'DELETE' });
    expect(cancelled.statusCode).toBe(200);
    expectSchema(hitpaySchema('delete', PUBLIC_RECURRING_PATHS.billing, 200)!, cancelled.json());
    expect(cancelled.json()).toMatchObject({ id: billingId, status: 'canceled', send_email: false });
    expect((await call(billingPath(billingId), { method: 'DELETE' })).statusCode).toBe(409);
  });
});

describe("the API's own document", () => {
  it("describes every operation with HitPay's operation id at HitPay's path and method", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: `api.${t.config.baseDomain}` } });
    const doc = res.json() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids: Record<string, string> = {};
    for (const [path, item] of Object.entries(doc.paths)) for (const [method, o] of Object.entries(item)) ids[`${method} ${path}`] = o.operationId;
    const ours = {
      'get /v1/invoices': 'get-invoices',
      'post /v1/invoices': 'create-invoice',
      'put /v1/invoices/{invoice_id}': 'update-the-invoice',
      'delete /v1/invoices/{invoice_id}': 'delete-invoice',
      'get /v1/subscription-plan': 'get-all-subscription-plan',
      'post /v1/subscription-plan': 'create-subscription-plan',
      'get /v1/subscription-plan/{plan_id}': 'get-a-subscription-plan-detail',
      'put /v1/subscription-plan/{plan_id}': 'update-recurring-billing-plan',
      'delete /v1/subscription-plan/{plan_id}': 'delete-subscription',
      'post /v1/recurring-billing': 'create-a-recurring-billing',
      'get /v1/recurring-billing': 'get-all-recurring-billing',
      'get /v1/recurring-billing/{recurring_billing_id}': 'get-saved-card-details',
      'put /v1/recurring-billing/{recurring_billing_id}': 'update-recurring-billing',
      'delete /v1/recurring-billing/{recurring_billing_id}': 'delete-a-recurring-billing-detail',
      'post /v1/charge/recurring-billing/{recurring_billing_id}': 'charge-the-saved-card',
    };
    expect(ids).toMatchObject(ours);
    for (const [at, id] of Object.entries(ours)) {
      const [method, path] = at.split(' ') as ['get', string];
      expect(hitpayDocument.paths[path]?.[method]?.operationId).toBe(id);
    }
  });
});
