import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints as endpoints, type WebhookEndpointBody } from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness, type Person } from './factories';
import { actorOf } from './factories/charges';
import { makePayment } from './factories/payments';
import { webhookReceiver, type WebhookReceiver } from './factories/webhooks';

/**
 * Deliveries side by side (docs/developers.md, "Delivery"): a worker attempts deliveries of different endpoints and
 * objects at once, while one object's deliveries to an endpoint, and a period resent to an endpoint, go one after
 * another in order.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let owner: Person;
const receivers: WebhookReceiver[] = [];
const SLOW_MS = 300;

const params = () => ({ business_id: business.id });
const register = (body: WebhookEndpointBody) => owner.agent.ok(endpoints.create, { params: params(), body });
/** A receiver that answers each request SLOW_MS after it came. */
const slowReceiver = async () => {
  const r = await webhookReceiver();
  r.state.delayMs = SLOW_MS;
  receivers.push(r);
  return r;
};
type Request = WebhookReceiver['received'][number];
/** Whether two requests were at the receivers at the same time. */
const overlap = (x: Request, y: Request) => x.arrivedAt < y.answeredAt && y.arrivedAt < x.answeredAt;
const label = (r: Request) => `${String(r.headers['hitpay-event-type'])} ${(JSON.parse(r.body) as { id: string }).id}`;

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  business = await createBusiness(t);
  owner = business.people.owner;
}, 240_000);
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t.close();
});

describe('deliveries side by side', () => {
  it('sends to two endpoints at once, one object to one endpoint in order, and a resent period one after another, oldest first', async () => {
    const first = await slowReceiver();
    const second = await slowReceiver();
    const toFirst = await register({ url: first.url, events: ['charge.created', 'charge.updated'] });
    await register({ url: second.url, events: ['charge.created'] });
    const payments: Awaited<ReturnType<typeof makePayment>>[] = [];
    for (const amount of [10_00, 11_00, 12_00]) payments.push(await makePayment(t, business.id, { amount }));
    const actor = await actorOf(t.database.db, business.id, owner.email, 'owner');
    await t.services.charges.refund(actor, payments[0]!.id, { amount: 1_00, reason: 'requested_by_customer' });

    // Seven deliveries, queued together: taken in one batch.
    await t.app.jobs.runDue();
    const created = payments.map((p) => `charge.created ${p.id}`);
    expect([...first.accepted()].sort()).toEqual([...created, `charge.updated ${payments[0]!.id}`].sort());
    expect([...second.accepted()].sort()).toEqual([...created].sort());
    // Each delivered once.
    const ids = [...first.received, ...second.received].map((r) => r.headers['hitpay-delivery-id']);
    expect(new Set(ids).size).toBe(7);
    // The two endpoints' deliveries overlapped in time, and so did one endpoint's deliveries of different charges.
    expect(first.received.some((x) => second.received.some((y) => overlap(x, y)))).toBe(true);
    expect(second.received.some((x) => second.received.some((y) => x !== y && overlap(x, y)))).toBe(true);
    // One charge's events to one endpoint: created, then updated once created was answered.
    const ofFirstCharge = first.received.filter((r) => (JSON.parse(r.body) as { id: string }).id === payments[0]!.id);
    expect(ofFirstCharge.map(label)).toEqual([`charge.created ${payments[0]!.id}`, `charge.updated ${payments[0]!.id}`]);
    expect(ofFirstCharge[1]!.arrivedAt).toBeGreaterThanOrEqual(ofFirstCharge[0]!.answeredAt);

    // A period resent to the first endpoint: every delivery again, in the order made, each after the one before.
    first.received.length = 0;
    const resent = await owner.agent.ok(endpoints.resendPeriod, {
      params: { ...params(), webhook_id: toFirst.id },
      body: { from: '2026-10-30T00:00', to: '2026-11-03T00:00' },
    });
    expect(resent).toMatchObject({ queued: 4, capped: false });
    await t.app.jobs.runDue();
    expect(first.accepted()).toEqual([...created, `charge.updated ${payments[0]!.id}`]);
    for (let i = 1; i < first.received.length; i++) expect(first.received[i]!.arrivedAt).toBeGreaterThanOrEqual(first.received[i - 1]!.answeredAt);
  });
});
