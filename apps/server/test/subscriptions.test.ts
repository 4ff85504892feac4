import { businessEndpoints } from '@merchant/business';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, hostOfKind } from '@merchant/core';
import {
  subscriptionEndpoints as endpoints,
  subscriptionSetupEndpoints,
  transactionEndpoints,
  type CreateSubscriptionBody,
  type Subscription,
} from '@merchant/payments';
import { auditLogs, ledgerEntries, subscriptionCharges } from '../src/db/schema';
import { createBusiness, createCustomer, createPlan, latestSetupId, saveCard, subscribe } from './factories';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';

/**
 * Subscriptions over HTTP on both databases (docs/payments.md, "subscriptions"): every status transition, the
 * charges each period makes, the retry schedule, the card link, bad input and permissions.
 */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 });
  const business = await createBusiness(t, { staff: ['cashier'], currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
  businessId = business.id;
});
afterAll(() => t.close());

const params = () => ({ business_id: businessId });
const at = (s: { id: string }) => ({ params: { business_id: businessId, subscription_id: s.id } });
const detail = (s: { id: string }) => owner.ok(endpoints.get, at(s));
const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
const runScheduler = () => t.app.jobs.runDue({ ignoreDelays: true });

async function newSubscription(over: Partial<CreateSubscriptionBody> = {}, planOver: Parameters<typeof createPlan>[2] = {}) {
  const customer = await createCustomer(owner, businessId);
  const plan = await createPlan(owner, businessId, planOver);
  const made = await subscribe(t, owner, businessId, { customer_id: customer.id, plan_id: plan.id, ...over });
  return { ...made, customer, plan };
}

/** A subscription whose customer saved `number`, with no trial unless the plan has one. */
async function saved(number = '4242424242424242', over: Partial<CreateSubscriptionBody> = {}, planOver: Parameters<typeof createPlan>[2] = {}) {
  const made = await newSubscription(over, planOver);
  const answer = await saveCard(t, made.setupId, number);
  expect(answer.status).toBe(200);
  return { ...made, saved: answer.ok ? answer.body : null };
}

describe('subscribing a customer', () => {
  it('starts pending and mails the customer a link to the page that saves their card', async () => {
    const { subscription, setupId, customer, plan } = await newSubscription();
    expect(subscription).toMatchObject({
      status: 'pending',
      plan: { id: plan.id },
      amount: { amount: 29_90, currency: 'sgd' },
      method: null,
      next_charge_at: null,
    });
    const mail = (await mailbox(t.app)).find((m) => m.to === customer.email)!;
    expect(mail.text).toContain(`securecheckout.`);
    expect(mail.text).toContain(`/s/${setupId}`);
    const page = await new Agent(t.app).ok(
      subscriptionSetupEndpoints.get,
      { params: { public_id: setupId } },
      { host: hostOfKind('checkout', t.config.baseDomain) },
    );
    expect(page).toMatchObject({
      name: plan.name,
      amount: { amount: 29_90, currency: 'sgd' },
      kind: 'card',
      status: 'pending',
      unavailable: null,
      test_mode: true,
    });
    // Its times are the business's, and the page says so.
    expect(page.time_zone).toBe((await owner.ok(businessEndpoints.get, { params: { business_id: businessId } })).time_zone);
    // The setup page is on the checkout host only.
    const onApp = await new Agent(t.app).call(subscriptionSetupEndpoints.get, { params: { public_id: setupId } });
    expect(onApp.status).toBe(404);
  });

  it('makes a link to copy without mailing it; it opens the same setup page, and the mailed one still works', async () => {
    const { subscription, setupId, customer } = await newSubscription();
    const mailsBefore = (await mailbox(t.app)).filter((m) => m.to === customer.email).length;
    const link = await owner.ok(endpoints.copySetupLink, at(subscription));
    expect(new URL(link.url).pathname).toBe(`/s/${link.public_id}`);
    expect(new URL(link.url).hostname).toMatch(/^securecheckout\./);
    expect(link.public_id).not.toBe(setupId);
    expect((await mailbox(t.app)).filter((m) => m.to === customer.email)).toHaveLength(mailsBefore);
    const checkout = { host: hostOfKind('checkout', t.config.baseDomain) };
    for (const id of [link.public_id, setupId]) {
      expect(await new Agent(t.app).ok(subscriptionSetupEndpoints.get, { params: { public_id: id } }, checkout)).toMatchObject({
        status: 'pending',
        unavailable: null,
      });
    }
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'subscription.setup_link_copied'), eq(auditLogs.objectId, subscription.id)));
    expect(audits).toHaveLength(1);
    // One sentence with the subscription's name in it, not "…to copy (not mailed) (Coffee club)" (issue 25).
    expect(audits[0]!.description).toBe(`Made a link for the customer of the subscription ${subscription.name} to save their card, to copy without a mail`);
    const outsider = await createBusiness(t);
    expect((await outsider.people.owner.agent.call(endpoints.copySetupLink, at(subscription))).status).toBe(404);
    await owner.ok(endpoints.cancel, { ...at(subscription), body: { at_period_end: false } });
    const [cancelled] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'subscription.cancelled'), eq(auditLogs.objectId, subscription.id)));
    expect(cancelled?.description).toBe(`Cancelled the subscription ${subscription.name}`);
    const closed = await owner.call(endpoints.copySetupLink, at(subscription));
    expect([closed.status, failure(closed).code]).toEqual([409, 'SUBSCRIPTION_ACTION_NOT_ALLOWED']);
  });

  it('takes terms of its own in the business currency', async () => {
    const customer = await createCustomer(owner, businessId);
    const { subscription } = await subscribe(t, owner, businessId, {
      customer_id: customer.id,
      name: 'Weekly flowers',
      amount: 15_00,
      interval: 'every_n_days',
      interval_days: 10,
      cycles: 3,
    });
    expect(subscription).toMatchObject({
      plan: null,
      name: 'Weekly flowers',
      interval: 'every_n_days',
      interval_days: 10,
      cycles_total: 3,
      amount: { currency: 'sgd' },
    });
  });

  it('refuses bad input with the field that is wrong and stores nothing', async () => {
    const customer = await createCustomer(owner, businessId);
    const before = await owner.ok(endpoints.list, { params: params(), query: { limit: 100 } });
    const cases: [CreateSubscriptionBody, string][] = [
      [{ customer_id: customer.id, amount: 0, interval: 'monthly' }, 'amount'],
      [{ customer_id: customer.id, amount: 10_00, interval: 'every_n_days', interval_days: 0 }, 'interval_days'],
      [{ customer_id: customer.id, amount: 10_00, interval: 'monthly', currency: 'usd' }, 'currency'],
      [{ customer_id: customer.id, interval: 'monthly' }, 'amount'],
      [{ customer_id: customer.id, amount: 10_00 }, 'interval'],
      [{ customer_id: randomUUID(), amount: 10_00, interval: 'monthly' }, 'customer_id'],
      [{ customer_id: customer.id, plan_id: randomUUID() }, 'plan_id'],
    ];
    for (const [body, path] of cases) {
      const answer = await owner.call(endpoints.create, { params: params(), body });
      expect([404, 422], JSON.stringify(body)).toContain(answer.status);
      expect(
        failure(answer).issues?.map((i) => i.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const noEmail = await createCustomer(owner, businessId, { email: null });
    const refused = await owner.call(endpoints.create, { params: params(), body: { customer_id: noEmail.id, amount: 10_00, interval: 'monthly' } });
    expect(refused.status).toBe(422);
    const archived = await createPlan(owner, businessId);
    await owner.ok((await import('@merchant/payments')).planEndpoints.archive, { params: { business_id: businessId, plan_id: archived.id } });
    const onArchived = await owner.call(endpoints.create, { params: params(), body: { customer_id: customer.id, plan_id: archived.id } });
    expect(onArchived).toMatchObject({ status: 409, body: { code: 'PLAN_ARCHIVED' } });
    const unknownInterval = await owner.post(endpointPath(endpoints.create, { params: params() }), {
      customer_id: customer.id,
      amount: 100,
      interval: 'hourly',
    });
    expect(unknownInterval.statusCode).toBe(422);
    const after = await owner.ok(endpoints.list, { params: params(), query: { limit: 100 } });
    expect(after.data).toHaveLength(before.data.length);
  });

  it('keeps another business out', async () => {
    const { subscription } = await newSubscription();
    const other = await createBusiness(t);
    const answer = await other.people.owner.agent.call(endpoints.get, { params: { business_id: other.id, subscription_id: subscription.id } });
    expect(answer).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND' } });
  });
});

describe('saving the card', () => {
  it('charges the first period at once when there is no trial: a payment in Transactions, on the ledger, with a receipt', async () => {
    const { subscription, saved: result, customer } = await saved();
    expect(result).toMatchObject({ status: 'active', method: { kind: 'card', brand: 'visa', last4: '4242' }, first_charge: { outcome: 'succeeded' } });
    const now = await detail(subscription);
    expect(now).toMatchObject({ status: 'active', cycles_done: 1, method: { last4: '4242', exp_month: 12, exp_year: 2030 } });
    expect(now.charges).toHaveLength(1);
    expect(now.charges[0]).toMatchObject({ period: 1, attempt: 1, outcome: 'succeeded' });
    expect(Date.parse(now.next_charge_at!) - Date.parse(now.current_period_start!)).toBeGreaterThanOrEqual(28 * DAY);
    const payments = await owner.ok(transactionEndpoints.list, { params: params(), query: { source: 'subscription', q: customer.email! } });
    expect(payments.data).toHaveLength(1);
    expect(payments.data[0]).toMatchObject({
      id: now.charges[0]!.payment_id,
      status: 'succeeded',
      amount: { amount: 29_90 },
      source: { type: 'subscription' },
    });
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.businessId, businessId));
    expect(entries.some((e) => e.account === 'merchant_pending' && e.amount === 29_90)).toBe(true);
    const receipt = (await mailbox(t.app)).find((m) => m.to === customer.email && /receipt/i.test(m.subject));
    expect(receipt?.text).toContain('SGD 29.90');
    // The card number is never kept: only the provider's token and what may be shown.
    const [row] = await t.database.db
      .execute<{ method_token: string }>((await import('drizzle-orm')).sql`select method_token from subscriptions where id = ${subscription.id}`)
      .then((r) => (r as unknown as { rows: { method_token: string }[] }).rows);
    expect(row!.method_token).toMatch(/^tok_ok_/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it('starts the trial instead when the plan has one, and charges at its end', async () => {
    const { subscription, saved: result } = await saved('4242424242424242', {}, { trial_days: 14 });
    expect(result).toMatchObject({ status: 'trialing', first_charge: null });
    const trialing = await detail(subscription);
    expect(trialing.charges).toHaveLength(0);
    expect(Date.parse(trialing.trial_end_at!) - t.clock.now().getTime()).toBe(14 * DAY);
    later(13 * DAY);
    await runScheduler();
    expect((await detail(subscription)).status).toBe('trialing');
    later(1 * DAY + 60_000);
    await runScheduler();
    expect(await detail(subscription)).toMatchObject({ status: 'active', cycles_done: 1, charges: [{ period: 1, outcome: 'succeeded' }] });
  });

  it('refuses a declined card, an invalid number, and a link used once already', async () => {
    const { setupId } = await newSubscription();
    const declined = await saveCard(t, setupId, '4000000000000002');
    expect(declined).toMatchObject({ status: 422, body: { code: 'PAYMENT_CARD_DECLINED' } });
    const invalid = await saveCard(t, setupId, '4242424242424241');
    expect(invalid).toMatchObject({ status: 422, body: { code: 'PAYMENT_CARD_INVALID' } });
    expect((await saveCard(t, setupId)).status).toBe(200);
    const again = await saveCard(t, setupId);
    expect(again).toMatchObject({ status: 409, body: { code: 'SUBSCRIPTION_SETUP_UNAVAILABLE' } });
    const unknown = await saveCard(t, 'seti_unknown');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_SETUP_NOT_FOUND' } });
  });
});

describe('the schedule', () => {
  it('charges each period exactly once however often the scheduler runs', async () => {
    const { subscription } = await saved();
    const first = await detail(subscription);
    t.clock.set(new Date(Date.parse(first.next_charge_at!) + 60_000));
    await runScheduler();
    await runScheduler();
    await t.app.jobs.runDue({ ignoreDelays: true });
    const second = await detail(subscription);
    expect(second.charges.map((c) => [c.period, c.attempt, c.outcome])).toEqual([
      [1, 1, 'succeeded'],
      [2, 1, 'succeeded'],
    ]);
    expect(second).toMatchObject({ cycles_done: 2, status: 'active' });
    expect(second.current_period_start).toBe(first.next_charge_at);
  });

  it('completes a subscription when its cycles are done, at the end of the last period', async () => {
    const { subscription } = await saved('4242424242424242', {}, { cycles: 2, interval: 'weekly' });
    later(7 * DAY + 60_000);
    await runScheduler();
    const last = await detail(subscription);
    expect(last).toMatchObject({ status: 'active', cycles_done: 2, next_charge_at: null });
    later(7 * DAY);
    await runScheduler();
    const done = await detail(subscription);
    expect(done).toMatchObject({ status: 'completed', cycles_done: 2 });
    expect(done.charges).toHaveLength(2);
  });

  it('honours cancel at period end: nothing more is charged and it ends when the period does', async () => {
    const { subscription } = await saved('4242424242424242', {}, { interval: 'weekly' });
    const set = await owner.ok(endpoints.cancel, { ...at(subscription), body: { at_period_end: true } });
    expect(set).toMatchObject({ status: 'active', cancel_at_period_end: true, next_charge_at: null });
    later(7 * DAY + 60_000);
    await runScheduler();
    const ended = await detail(subscription);
    expect(ended).toMatchObject({ status: 'cancelled' });
    expect(ended.charges).toHaveLength(1);
  });

  it('applies a plan change from the next period', async () => {
    const { subscription } = await saved('4242424242424242', {}, { interval: 'weekly' });
    const bigger = await createPlan(owner, businessId, { amount: 49_90, interval: 'weekly' });
    const changed = await owner.ok(endpoints.changePlan, { ...at(subscription), body: { plan_id: bigger.id } });
    expect(changed).toMatchObject({ amount: { amount: 29_90 }, pending_plan: { id: bigger.id }, next_charge_amount: { amount: 49_90 } });
    later(7 * DAY + 60_000);
    await runScheduler();
    const after = await detail(subscription);
    expect(after).toMatchObject({ plan: { id: bigger.id }, amount: { amount: 49_90 }, pending_plan: null });
    expect(after.charges.map((c) => c.amount.amount)).toEqual([29_90, 49_90]);
  });

  it('pauses (nothing is charged) and resumes', async () => {
    const { subscription } = await saved('4242424242424242', {}, { interval: 'weekly' });
    const paused = await owner.ok(endpoints.pause, at(subscription));
    expect(paused).toMatchObject({ status: 'paused', next_charge_at: null });
    later(8 * DAY);
    await runScheduler();
    expect((await detail(subscription)).charges).toHaveLength(1);
    const resumed = await owner.ok(endpoints.resume, at(subscription));
    expect(resumed.status).toBe('active');
    await runScheduler();
    // The period paid for had ended while paused: the next one starts at once.
    const after = await detail(subscription);
    expect(after.charges).toHaveLength(2);
    expect(Date.parse(after.current_period_start!)).toBe(t.clock.now().getTime());
  });

  it('charges now once per Idempotency-Key, starting the next period now', async () => {
    const { subscription } = await saved();
    const key = randomUUID();
    const one = await owner.call(endpoints.chargeNow, at(subscription), { idempotencyKey: key });
    const two = await owner.call(endpoints.chargeNow, at(subscription), { idempotencyKey: key });
    expect(one.status).toBe(200);
    expect(two.headers['idempotent-replayed']).toBe('true');
    const after = await detail(subscription);
    expect(after.charges).toHaveLength(2);
    expect(after.current_period_start).toBe(t.clock.now().toISOString());
  });
});

describe('failed charges and retries', () => {
  it('goes past due, retries after 1, 3 and 5 days with a mail each time, then cancels', async () => {
    const { subscription, customer, saved: result } = await saved('4000000000009995');
    expect(result).toMatchObject({ status: 'past_due', method: { last4: '9995' }, first_charge: { outcome: 'failed' } });
    const start = Date.parse((await detail(subscription)).charges[0]!.created_at);
    const failures = () => mailbox(t.app).then((m) => m.filter((x) => x.to === customer.email && /failed/.test(x.subject)));
    expect(await failures()).toHaveLength(1);
    expect((await failures())[0]!.text).toMatch(/Update your card: .*\/s\/seti_/);
    // The merchant's log gives the reason in the merchant's words, not the sentence the customer's checkout shows (issue 25).
    const [pastDue] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'subscription.past_due'), eq(auditLogs.objectId, subscription.id)));
    expect(pastDue?.description).toBe(`A charge of the subscription ${subscription.name} failed: the card has insufficient funds`);
    for (const [i, day] of [1, 3, 5].entries()) {
      const past = await detail(subscription);
      expect(past.status).toBe('past_due');
      expect(Date.parse(past.next_charge_at!)).toBe(start + day * DAY);
      expect(past.charges[i]!.next_retry_at).toBe(past.next_charge_at);
      t.clock.set(new Date(start + day * DAY + 60_000));
      await runScheduler();
    }
    const ended = await detail(subscription);
    expect(ended.charges.map((c) => [c.period, c.attempt, c.outcome, c.failure?.code])).toEqual([
      [1, 1, 'failed', 'insufficient_funds'],
      [1, 2, 'failed', 'insufficient_funds'],
      [1, 3, 'failed', 'insufficient_funds'],
      [1, 4, 'failed', 'insufficient_funds'],
    ]);
    expect(ended).toMatchObject({ status: 'cancelled', next_charge_at: null });
    expect(await failures()).toHaveLength(4);
  });

  it("follows the business's own schedule and leaves it unpaid when so chosen", async () => {
    const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const boss = business.people.owner.agent;
    const p = { business_id: business.id };
    expect(await boss.ok(endpoints.retrySettings, { params: p })).toEqual({ retry_days: [1, 3, 5], final_action: 'cancel' });
    await boss.ok(endpoints.saveRetrySettings, { params: p, body: { retry_days: [2], final_action: 'unpaid' } });
    const customer = await createCustomer(boss, business.id);
    const { subscription, setupId } = await subscribe(t, boss, business.id, { customer_id: customer.id, amount: 10_00, interval: 'monthly' });
    await saveCard(t, setupId, '4000000000009995');
    const first = await boss.ok(endpoints.get, { params: { ...p, subscription_id: subscription.id } });
    expect(Date.parse(first.next_charge_at!) - Date.parse(first.charges[0]!.created_at)).toBe(2 * DAY);
    later(2 * DAY + 60_000);
    await runScheduler();
    const unpaid = await boss.ok(endpoints.get, { params: { ...p, subscription_id: subscription.id } });
    expect(unpaid).toMatchObject({ status: 'unpaid', next_charge_at: null });
    expect(unpaid.charges).toHaveLength(2);

    // A new card through the mailed link charges the period at once, and the subscription is active again.
    const link = await latestSetupId(t, customer.email!, /failed/);
    const fixed = await saveCard(t, link, '4242424242424242');
    expect(fixed).toMatchObject({ status: 200, body: { status: 'active', first_charge: { outcome: 'succeeded' } } });
  });

  it('retries at once when the customer updates the card of a past due subscription', async () => {
    const { subscription, customer } = await saved('4000000000009995');
    const link = await latestSetupId(t, customer.email!, /failed/);
    const fixed = await saveCard(t, link, '5555555555554444');
    expect(fixed).toMatchObject({ status: 200, body: { status: 'active', method: { brand: 'mastercard', last4: '4444' } } });
    const after = await detail(subscription);
    expect(after.charges.map((c) => [c.period, c.attempt, c.outcome])).toEqual([
      [1, 1, 'failed'],
      [1, 2, 'succeeded'],
    ]);
  });

  it('refuses retry settings out of order, and from who may not manage settings', async () => {
    const bad = await owner.call(endpoints.saveRetrySettings, { params: params(), body: { retry_days: [3, 1], final_action: 'cancel' } });
    expect(bad.status).toBe(422);
    const zero = await owner.call(endpoints.saveRetrySettings, { params: params(), body: { retry_days: [0], final_action: 'cancel' } });
    expect(zero.status).toBe(422);
    const forbidden = await cashier.call(endpoints.saveRetrySettings, { params: params(), body: { retry_days: [1], final_action: 'cancel' } });
    expect(forbidden.status).toBe(403);
    expect(await owner.ok(endpoints.retrySettings, { params: params() })).toEqual({ retry_days: [1, 3, 5], final_action: 'cancel' });
  });
});

describe('actions a status does not allow', () => {
  it('refuses them with a clear 409 and changes nothing', async () => {
    const { subscription: pending } = await newSubscription();
    const refusals: [Promise<{ status: number; body: unknown }>, string][] = [
      [owner.call(endpoints.pause, at(pending)), 'pending subscription cannot be paused'],
      [owner.call(endpoints.resume, at(pending)), 'pending subscription cannot be resumed'],
      [owner.call(endpoints.chargeNow, at(pending)), 'pending subscription cannot be charged now'],
      [owner.call(endpoints.cancel, { ...at(pending), body: { at_period_end: true } }), 'cannot be cancelled at the end of its period'],
    ];
    for (const [call, words] of refusals) {
      const answer = await call;
      expect(answer).toMatchObject({ status: 409, body: { code: 'SUBSCRIPTION_ACTION_NOT_ALLOWED' } });
      expect((answer.body as { message: string }).message).toContain(words);
    }
    const cancelled = await owner.ok(endpoints.cancel, { ...at(pending), body: { at_period_end: false } });
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    const twice = await owner.call(endpoints.cancel, { ...at(pending), body: { at_period_end: false } });
    expect(twice).toMatchObject({ status: 409, body: { code: 'SUBSCRIPTION_ACTION_NOT_ALLOWED', message: 'This subscription is cancelled already.' } });
    expect((await owner.call(endpoints.resume, at(pending))).status).toBe(409);
    const after: Subscription = await detail(pending);
    expect(after).toEqual({ ...cancelled, charges: [] });
    const entries = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.objectId, pending.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['subscription.cancelled', 'subscription.created']);
  });
});

describe('the list, the CSV and the plan', () => {
  it('filters by status and customer, pages, and exports the filtered view', async () => {
    const { subscription, customer } = await saved();
    const found = await owner.ok(endpoints.list, { params: params(), query: { search: customer.email!, limit: 10 } });
    expect(found.data.map((s) => s.id)).toEqual([subscription.id]);
    const active = await owner.ok(endpoints.list, { params: params(), query: { status: 'active', limit: 1 } });
    expect(active.data.every((s) => s.status === 'active')).toBe(true);
    expect(active.next_cursor).not.toBeNull();
    const next = await owner.ok(endpoints.list, { params: params(), query: { status: 'active', limit: 1, cursor: active.next_cursor! } });
    expect(next.data[0]!.id).not.toBe(active.data[0]!.id);
    const csv = await owner.get(endpointPath(endpoints.export, { params: params(), query: { search: customer.email! } }));
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.email!);
    expect(lines[1]).toContain('29.90');
  });

  it("answers a plan's subscriptions and the revenue they brought", async () => {
    const { plan } = await saved();
    const customer = await createCustomer(owner, businessId);
    const second = await subscribe(t, owner, businessId, { customer_id: customer.id, plan_id: plan.id });
    await saveCard(t, second.setupId);
    const revenue = await owner.ok(endpoints.planRevenue, { params: { business_id: businessId, plan_id: plan.id } });
    expect(revenue).toEqual({ subscriptions: 2, active: 2, revenue: [{ amount: 59_80, currency: 'sgd' }] });
    const attempts = await t.database.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, second.subscription.id));
    expect(attempts).toHaveLength(1);
  });

  it('lets every role that views payments read, and refuses writes to who may not create', async () => {
    const list = await cashier.call(endpoints.list, { params: params(), query: {} });
    expect(list.status).toBe(200);
    const outsider = await createBusiness(t);
    const refused = await outsider.people.owner.agent.call(endpoints.list, { params: params(), query: {} });
    expect(refused.status).toBe(404);
  });
});
