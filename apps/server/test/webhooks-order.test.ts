import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints as endpoints, type WebhookEndpointBody } from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness, type Person } from './factories';
import { actorOf } from './factories/charges';
import { makePayment } from './factories/payments';
import { webhookReceiver, type WebhookReceiver } from './factories/webhooks';

/**
 * Event webhooks in order per object (docs/developers.md, "In order per object"): of one endpoint, a later event of
 * an object waits until the earlier one is delivered or given up; another object's events do not wait.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let owner: Person;
const receivers: WebhookReceiver[] = [];

const params = () => ({ business_id: business.id });
const register = (body: WebhookEndpointBody) => owner.agent.ok(endpoints.create, { params: params(), body });
const log = async (id: string) => (await owner.agent.ok(endpoints.deliveries, { params: { ...params(), webhook_id: id }, query: { limit: 100 } })).data;
const newReceiver = async () => {
  const r = await webhookReceiver();
  receivers.push(r);
  return r;
};
const refund = async (paymentId: string, amount: number) => {
  const actor = await actorOf(t.database.db, business.id, owner.email, 'owner');
  await t.services.charges.refund(actor, paymentId, { amount, reason: 'requested_by_customer' });
};

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  business = await createBusiness(t);
  owner = business.people.owner;
}, 240_000);
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t.close();
});

describe('in order per object', () => {
  it('holds a later event of an object while the earlier one fails, and delivers both in order once the receiver is up', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.created', 'charge.updated'] });
    const first = await makePayment(t, business.id, { amount: 30_00 });
    // The receiver is down for this charge only: the other charge's events are answered all along.
    hook.state.down = (body) => body.id === first.id;
    await refund(first.id, 5_00);
    const second = await makePayment(t, business.id, { amount: 20_00 });

    // Every job due now runs (the failed attempt's retry waits for its backoff).
    await t.app.jobs.runDue();
    // The first charge's `created` was tried (and failed); its `updated` waited: never sent.
    const tried = hook.received.map((r) => `${String(r.headers['hitpay-event-type'])} ${(JSON.parse(r.body) as { id: string }).id}`);
    expect(tried.filter((x) => x === `charge.created ${first.id}`)).toHaveLength(1);
    expect(tried).not.toContain(`charge.updated ${first.id}`);
    // The other charge was not held back.
    expect(hook.accepted()).toEqual([`charge.created ${second.id}`]);
    const waiting = (await log(endpoint.id)).find((d) => d.event_type === 'charge.updated')!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: [] });

    // Up again: the earlier delivery goes, and its success wakes the later one.
    hook.state.down = false;
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(hook.accepted()).toEqual([`charge.created ${second.id}`, `charge.created ${first.id}`, `charge.updated ${first.id}`]);
    const byType = await log(endpoint.id);
    expect(byType.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Each was delivered once, with the same delivery id on every attempt.
    const ids = hook.received.filter((r) => r.answered === 200).map((r) => r.headers['hitpay-delivery-id']);
    expect(new Set(ids).size).toBe(3);
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });

  it('gives up the waiting deliveries of a disabled endpoint, so that they hold nothing back once it is enabled', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.created', 'charge.updated'] });
    hook.state.down = true;
    const payment = await makePayment(t, business.id, { amount: 40_00 });
    await refund(payment.id, 1_00);
    await t.app.jobs.runDue();
    expect(hook.received).toHaveLength(1);

    await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: endpoint.id }, body: { enabled: false } });
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(hook.received).toHaveLength(1);
    expect((await log(endpoint.id)).map((d) => [d.event_type, d.status, d.attempts.length])).toEqual([
      ['charge.updated', 'failed', 0],
      ['charge.created', 'failed', 1],
    ]);

    // Enabled again: a new event of the same charge goes at once (the given-up ones hold it back no more).
    await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: endpoint.id }, body: { enabled: true } });
    hook.state.down = false;
    await refund(payment.id, 2_00);
    await t.app.jobs.runDue();
    expect(hook.accepted()).toEqual([`charge.updated ${payment.id}`]);
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});
