import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEndpoints } from '@merchant/business';
import { hostOfKind } from '@merchant/core';
import { customerPortalEndpoints, subscriptionEndpoints as endpoints, PORTAL_LINK_TTL_DAYS, SUBSCRIPTION_SETUP_TTL_DAYS } from '@merchant/payments';
import { createBusiness, createCustomer, portalTokenOf, saveCard, subscribe } from './factories';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';

/**
 * A subscription's days are the business's local days (docs/payments.md, "Time zone"): its retries, its card link's
 * expiry and its trial count calendar days of the business's zone, at the same local time of day, never 24-hour
 * steps. A business in New York (UTC-5 in winter, UTC-4 in summer) across both daylight-saving changes, on both
 * databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;

/** Saturday 31 October 2026, 10:00 in New York (EDT, UTC-4); the clocks go back at 02:00 on Sunday 1 November. */
const BEFORE_FALL_BACK = new Date('2026-10-31T14:00:00Z');
/** Saturday 13 March 2027, 10:00 in New York (EST, UTC-5); the clocks go forward at 02:00 on Sunday 14 March. */
const BEFORE_SPRING_FORWARD = new Date('2027-03-13T15:00:00Z');

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 });
  t.clock.set(BEFORE_FALL_BACK);
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  owner = business.people.owner.agent;
  businessId = business.id;
  await owner.ok(businessEndpoints.update, { params: { business_id: businessId }, body: { time_zone: 'America/New_York' } });
});
afterAll(() => t.close());

const at = (s: { id: string }) => ({ params: { business_id: businessId, subscription_id: s.id } });
const detail = (s: { id: string }) => owner.ok(endpoints.get, at(s));

async function subscription(over: { trial_days?: number } = {}) {
  const customer = await createCustomer(owner, businessId);
  const made = await subscribe(t, owner, businessId, { customer_id: customer.id, name: 'Beans', amount: 12_00, interval: 'monthly', ...over });
  return { ...made, customer };
}

describe("a subscription's days are the business's local days", () => {
  it('a card link expires 14 local days later, at the same local time, whatever the clocks did in between', async () => {
    t.clock.set(BEFORE_FALL_BACK);
    const { subscription: sub } = await subscription();
    const link = await owner.ok(endpoints.copySetupLink, at(sub));
    // 14 November, 10:00 EST: 14 days and one hour after 31 October, 10:00 EDT.
    expect(SUBSCRIPTION_SETUP_TTL_DAYS).toBe(14);
    expect(link.expires_at).toBe('2026-11-14T15:00:00.000Z');
    // The mail says how long the link works in days.
    const mail = (await mailbox(t.app)).find((m) => m.to === sub.customer.email && /\/s\/seti_/.test(m.text));
    expect(mail?.text).toContain('The link works for 14 days.');
  });

  it('retries a failed charge 1, 3 and 5 local days after the first attempt, at its local time of day', async () => {
    t.clock.set(BEFORE_FALL_BACK);
    const { subscription: sub, setupId } = await subscription();
    const saved = await saveCard(t, setupId, '4000000000009995');
    expect(saved).toMatchObject({ status: 200, body: { status: 'past_due' } });
    const past = await detail(sub);
    // Sunday 1 November at 10:00 EST is 25 hours after Saturday 10:00 EDT.
    expect(past.next_charge_at).toBe('2026-11-01T15:00:00.000Z');
    expect(past.charges[0]!.next_retry_at).toBe('2026-11-01T15:00:00.000Z');
    // The failure's new card link counts its 14 days the same way.
    expect((await owner.ok(endpoints.copySetupLink, at(sub))).expires_at).toBe('2026-11-14T15:00:00.000Z');

    t.clock.set(new Date('2026-11-01T15:01:00Z'));
    await t.app.jobs.runDue({ ignoreDelays: true });
    const second = await detail(sub);
    expect(second.charges).toHaveLength(2);
    // Counted from the first attempt: Tuesday 3 November, 10:00 EST.
    expect(second.next_charge_at).toBe('2026-11-03T15:00:00.000Z');
  });

  it('springs forward as well: a day of 23 hours is still a day', async () => {
    t.clock.set(BEFORE_SPRING_FORWARD);
    const { subscription: sub, setupId } = await subscription();
    await saveCard(t, setupId, '4000000000009995');
    // Sunday 14 March 2027 at 10:00 EDT, 23 hours after Saturday 10:00 EST.
    expect((await detail(sub)).next_charge_at).toBe('2027-03-14T14:00:00.000Z');
    expect((await owner.ok(endpoints.copySetupLink, at(sub))).expires_at).toBe('2027-03-27T14:00:00.000Z');
  });

  it('ends a trial on its last local day at the local time the card was saved', async () => {
    t.clock.set(BEFORE_FALL_BACK);
    const { subscription: sub, setupId } = await subscription({ trial_days: 1 });
    expect(await saveCard(t, setupId)).toMatchObject({ status: 200, body: { status: 'trialing', next_charge_at: '2026-11-01T15:00:00.000Z' } });
    expect(await detail(sub)).toMatchObject({ trial_end_at: '2026-11-01T15:00:00.000Z', next_charge_at: '2026-11-01T15:00:00.000Z' });
  });
});

describe("the customer portal's link counts the business's local days", () => {
  it('works for 7 local days, to the same local time, and its mail says until when on the business clock', async () => {
    t.clock.set(BEFORE_FALL_BACK);
    const customer = await createCustomer(owner, businessId);
    const token = await portalTokenOf(t, owner, businessId, customer.id);
    const page = await new Agent(t.app).ok(
      customerPortalEndpoints.get,
      { params: { business_id: businessId, token } },
      { host: hostOfKind('invoice', t.config.baseDomain) },
    );
    // Saturday 7 November, 10:00 EST: 7 days and one hour after Saturday 31 October, 10:00 EDT.
    expect(PORTAL_LINK_TTL_DAYS).toBe(7);
    expect([page.expires_at, page.time_zone]).toEqual(['2026-11-07T15:00:00.000Z', 'America/New_York']);
    const mail = (await mailbox(t.app)).find((m) => m.to === customer.email && /\/portal\//.test(m.text));
    expect(mail?.text).toContain('The link works until 7 Nov 2026, 10:00 New York time (GMT-5).');
  });
});
