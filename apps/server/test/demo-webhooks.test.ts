import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints as endpoints } from '@merchant/payments';
import { DEMO_WEBHOOKS, seedDemoWebhooks } from '../src/db/seed-webhooks';
import { createBusiness, type FactoryBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * The demo's two webhook endpoints (issue 29's demo: "two webhook endpoints with a history of deliveries, some failed
 * and retried"): the failing one's attempts made by the delivery job's own code, then disabled after three days.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
  await seedDemoWebhooks(t.database.db, business.id, business.people.owner.id, t.clock.now(), t.config);
}, 240_000);
afterAll(() => t.close());

describe('demo webhooks', () => {
  it('gives the demo business a failing endpoint, retried then disabled, and a working one with its deliveries', async () => {
    const { agent } = business.people.owner;
    const params = { business_id: business.id };
    const list = await agent.ok(endpoints.list, { params });
    expect(list.map((e) => e.url).sort()).toEqual([DEMO_WEBHOOKS.working, DEMO_WEBHOOKS.failing].sort());

    const failing = list.find((e) => e.url === DEMO_WEBHOOKS.failing)!;
    expect(failing).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled after failing for 3 days' });
    expect(failing.health.success_rate).toBe(0);
    const failed = (await agent.ok(endpoints.deliveries, { params: { ...params, webhook_id: failing.id }, query: { limit: 100 } })).data;
    expect(failed.map((d) => [d.event_type, d.status])).toEqual(Array.from({ length: 3 }, () => ['charge.created', 'failed']));
    // Oldest first: the first was tried a fourth time (the disabling one); each attempt failed without an answer.
    expect(failed.map((d) => d.attempts.length).reverse()).toEqual([4, 3, 3]);
    for (const d of failed) {
      for (const a of d.attempts) expect(a).toMatchObject({ response_status: null, succeeded: false });
      expect(d.attempts[0]!.error).not.toBeNull();
    }

    const working = list.find((e) => e.url === DEMO_WEBHOOKS.working)!;
    expect(working).toMatchObject({ status: 'active', disabled_reason: null });
    expect(working.health.success_rate).toBe(80);
    const delivered = (await agent.ok(endpoints.deliveries, { params: { ...params, webhook_id: working.id }, query: { limit: 100 } })).data;
    expect(delivered.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(delivered.map((d) => d.event_type).sort()).toEqual(['charge.created', 'charge.created', 'charge.created', 'webhook.test']);
    expect(delivered.map((d) => d.attempts.map((a) => a.response_status)).filter((s) => s.length > 1)).toEqual([[503, 200]]);
  });
});
