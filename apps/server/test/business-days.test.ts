import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints, subscriptionEndpoints } from '@merchant/payments';
import type { ChargesService } from '../src/modules/payments/charges/charges.service';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { card } from './factories/charges';
import { createBusiness, createCustomer, createPlan, createLink, saveCard, signInAgain, subscribe, type FactoryBusiness } from './factories';

/**
 * A business's days, weeks and months are those of its time zone (docs/payments.md, "Time zone"). Settlement is "two business days later" in the business's zone (docs/payments.md, "Settlement"; docs/decisions.md,
 * "A business day"): funds become available at the start of the local day two business days after the payment's
 * local day, Saturdays and Sundays skipped; both databases.
 */
let t: TestContext;
let charges: ChargesService;
/** UTC+8 and UTC-5 (New York in January). */
let singapore: FactoryBusiness<'owner'>;
let newYork: FactoryBusiness<'owner'>;

async function payAt(businessId: string, at: string) {
  t.clock.set(new Date(at));
  const started = await charges.start({
    businessId,
    source: { type: 'static_qr', id: null },
    amount: 40_00,
    currency: 'sgd',
    customer: { name: 'Casey', email: null },
  });
  const { payment } = await charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  t.clock.set(new Date('2026-01-10T12:00:00Z'));
  singapore = await createBusiness(t, { country: 'sg', timeZone: 'country' });
  newYork = await createBusiness(t, { country: 'us', currency: 'usd', timeZone: 'country' });
});
afterAll(() => t.close());

describe('settlement, two business days later in the business zone', () => {
  it.each([
    // Friday 23:30 in Singapore (Friday 15:30 UTC): the local Tuesday's midnight.
    { where: 'Singapore, a Friday night', business: () => singapore, paidAt: '2026-01-16T15:30:00Z', availableOn: '2026-01-19T16:00:00.000Z' },
    // Saturday 10:00 in Singapore: counted from the Monday, so Wednesday.
    { where: 'Singapore, a Saturday', business: () => singapore, paidAt: '2026-01-17T02:00:00Z', availableOn: '2026-01-20T16:00:00.000Z' },
    // Friday 21:00 in New York is already Saturday in UTC: still the local Friday, so Tuesday.
    { where: 'New York, a Friday night', business: () => newYork, paidAt: '2026-01-17T02:00:00Z', availableOn: '2026-01-20T05:00:00.000Z' },
    // Sunday 23:00 in New York (Monday 04:00 UTC): counted from the Monday, so Wednesday.
    { where: 'New York, a Sunday night', business: () => newYork, paidAt: '2026-01-19T04:00:00Z', availableOn: '2026-01-21T05:00:00.000Z' },
    // Wednesday 10:00 in New York: Friday.
    { where: 'New York, a Wednesday', business: () => newYork, paidAt: '2026-01-21T15:00:00Z', availableOn: '2026-01-23T05:00:00.000Z' },
  ])('in $where is available at the local midnight two business days later', async ({ business, paidAt, availableOn }) => {
    const payment = await payAt(business().id, paidAt);
    expect(payment.availableOn?.toISOString()).toBe(availableOn);
  });

  it('settles at that local midnight, not a moment before', async () => {
    const payment = await payAt(newYork.id, '2026-01-23T23:00:00Z'); // Friday 18:00 in New York
    expect(payment.availableOn?.toISOString()).toBe('2026-01-27T05:00:00.000Z');
    await charges.settleDue(new Date('2026-01-27T04:59:59.999Z'));
    expect((await charges.byId(newYork.id, payment.id))?.settledAt).toBeNull();
    t.clock.set(new Date('2026-01-27T05:00:00Z'));
    await charges.settleDue();
    expect((await charges.byId(newYork.id, payment.id))?.settledAt).toEqual(new Date('2026-01-27T05:00:00Z'));
  });
});

describe("a subscription's monthly periods, on the calendar of a business at UTC+8", () => {
  it('runs from 31 January 07:00 in Singapore (30 January in UTC) to 28 February 07:00, then to 31 March', async () => {
    t.clock.set(new Date('2026-01-30T23:00:00Z'));
    let owner = await signInAgain(t, singapore.people.owner);
    const params = { business_id: singapore.id };
    const plan = await createPlan(owner, singapore.id, { interval: 'monthly' });
    const customer = await createCustomer(owner, singapore.id);
    const { subscription, setupId } = await subscribe(t, owner, singapore.id, { customer_id: customer.id, plan_id: plan.id });
    expect((await saveCard(t, setupId)).status).toBe(200);
    const first = await owner.ok(subscriptionEndpoints.get, { params: { ...params, subscription_id: subscription.id } });
    expect(first).toMatchObject({ status: 'active', current_period_start: '2026-01-30T23:00:00.000Z', current_period_end: '2026-02-27T23:00:00.000Z' });
    expect(first.next_charge_at).toBe('2026-02-27T23:00:00.000Z');

    // The scheduler charges the second period at its local start and moves on by a local month.
    t.clock.set(new Date('2026-02-27T23:00:00Z'));
    await t.app.jobs.runDue();
    owner = await signInAgain(t, singapore.people.owner);
    const second = await owner.ok(subscriptionEndpoints.get, { params: { ...params, subscription_id: subscription.id } });
    expect(second).toMatchObject({ current_period_start: '2026-02-27T23:00:00.000Z', current_period_end: '2026-03-30T23:00:00.000Z' });
  });
});

describe("the customer's receipt mail", () => {
  it("says when the payment was made on the business's clock and names its zone, never a raw timestamp", async () => {
    for (const { business, local } of [
      { business: () => singapore, local: '15 Jan 2026, 11:00 Singapore time (GMT+8)' },
      { business: () => newYork, local: '14 Jan 2026, 22:00 New York time (GMT-5)' },
    ]) {
      t.clock.set(new Date('2026-01-15T03:00:00Z'));
      const email = `receipt-${business().id}@example.com`;
      const link = await createLink(t, business(), { amount: 12_50 });
      const host = hostOfKind('checkout', t.config.baseDomain);
      const agent = new Agent(t.app);
      const started = await agent.ok(
        checkoutEndpoints.start,
        { params: { kind: 'link', public_id: link }, body: { email } },
        { host, idempotencyKey: randomUUID() },
      );
      const paid = await agent.ok(
        checkoutEndpoints.confirm,
        { params: { public_id: started.public_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
        { host, idempotencyKey: randomUUID() },
      );
      expect(paid.status).toBe('succeeded');
      const mail = (await mailbox(t.app)).find((m) => m.to === email);
      expect(mail?.text).toContain(`Date: ${local}`);
      expect(mail?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    }
  });
});
