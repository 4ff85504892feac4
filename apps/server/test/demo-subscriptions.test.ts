import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planEndpoints, subscriptionEndpoints } from '@merchant/payments';
import { seedDemoSubscriptions } from '../src/db/seed-subscriptions';
import { createBusiness, type Person } from './factories';
import { createTestContext, type TestContext } from './harness';

/** The demo recurring billing `npm start` writes: plans, and subscriptions in every status with real charges. */
let t: TestContext;
let businessId: string;
let owner: Person;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  businessId = business.id;
  owner = business.people.owner;
  await seedDemoSubscriptions(t.database.db, businessId, owner.id, t.clock.now(), t.config);
}, 120_000);
afterAll(() => t.close());

describe('demo subscriptions', () => {
  it('has three plans and a subscription in every status, charged through the charges service', async () => {
    const params = { business_id: businessId };
    const plans = await owner.agent.ok(planEndpoints.list, { params, query: { limit: 10 } });
    expect(plans.data.map((p) => p.name).sort()).toEqual(['Coffee club', 'Home barista course', 'Office beans']);
    const list = await owner.agent.ok(subscriptionEndpoints.list, { params, query: { limit: 50 } });
    expect(new Set(list.data.map((s) => s.status))).toEqual(new Set(['pending', 'trialing', 'active', 'past_due', 'paused', 'cancelled', 'completed']));
    const completed = list.data.find((s) => s.status === 'completed')!;
    const detail = await owner.agent.ok(subscriptionEndpoints.get, { params: { ...params, subscription_id: completed.id } });
    expect(detail.charges.map((c) => c.outcome)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const pastDue = list.data.find((s) => s.status === 'past_due')!;
    expect(pastDue).toMatchObject({ method: { last4: '9995' } });
    expect(Date.parse(pastDue.next_charge_at!)).toBeGreaterThan(t.clock.now().getTime());
    // On the plan with a trial, every subscriber with a saved card had it (the first charge came after it); a
    // subscriber without a card has not started one.
    for (const sub of list.data.filter((s) => s.trial_days > 0)) {
      expect(sub.trial_end_at === null, `${sub.status} ${sub.id}`).toBe(sub.method === null);
    }
    expect(Date.parse(pastDue.trial_end_at!)).toBeLessThanOrEqual(t.clock.now().getTime());
    const course = plans.data.find((p) => p.name === 'Home barista course')!;
    const revenue = await owner.agent.ok(subscriptionEndpoints.planRevenue, { params: { ...params, plan_id: course.id } });
    expect(revenue.revenue).toEqual([{ amount: 4 * 8000, currency: 'sgd' }]);
  });
});
