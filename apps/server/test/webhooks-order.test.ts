import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RESEND_PERIOD_LIMIT, webhookEndpoints as endpoints, type WebhookEndpointBody } from '@merchant/payments';
import { and, eq } from 'drizzle-orm';
import { auditLogs, webhookDeliveries, webhookEvents } from '../src/db/schema';
import { newTimeOrderedId } from '../src/lib/crypto';
import { createTestContext, failure, type Agent, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness, type Person } from './factories';
import { actorOf } from './factories/charges';
import { makePayment } from './factories/payments';
import { webhookReceiver, type WebhookReceiver } from './factories/webhooks';

/**
 * Event webhooks in order per object (docs/developers.md, "In order per object"): of one endpoint, a later event of
 * an object waits until the earlier one is delivered or given up; another object's events do not wait.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
/** A business in Singapore (UTC+8): the period's wall-clock times are its own. */
let sg: FactoryBusiness<'owner'>;
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
  sg = await createBusiness(t, { timeZone: 'Asia/Singapore' });
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

describe('resend a period', () => {
  const sgParams = () => ({ business_id: sg.id });
  let sgAgent: Agent;
  let ownerAgent: Agent;
  const sgOwner = () => ({ agent: sgAgent });
  /** Moves the clock on, and signs both owners in again (their sessions end with the time passed). */
  const at = async (iso: string) => {
    t.clock.set(new Date(iso));
    sgAgent = await signInAgain(t, sg.people.owner);
    ownerAgent = await signInAgain(t, owner);
  };

  it('sends again the deliveries made in a period of local time, or only its failed ones, and says how many', async () => {
    const hook = await newReceiver();
    // 09:00, 11:00 and 14:00 in Singapore on 2 November; the 11:00 one fails until it is given up.
    await at('2026-11-02T01:00:00Z');
    const endpoint = await sgOwner().agent.ok(endpoints.create, { params: sgParams(), body: { url: hook.url, events: ['charge.created'] } });
    const ids = { ...sgParams(), webhook_id: endpoint.id };
    const morning = await makePayment(t, sg.id, { amount: 11_00 });
    await t.app.jobs.runDue();
    await at('2026-11-02T03:00:00Z');
    hook.state.down = true;
    const late = await makePayment(t, sg.id, { amount: 12_00 });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue({ ignoreDelays: true });
    hook.state.down = false;
    await at('2026-11-02T06:00:00Z');
    const afternoon = await makePayment(t, sg.id, { amount: 13_00 });
    await t.app.jobs.runDue();
    const statuses = async () =>
      (await sgOwner().agent.ok(endpoints.deliveries, { params: ids, query: { limit: 100 } })).data.map((d) => [
        (JSON.parse(d.request_body) as { id: string }).id,
        d.status,
      ]);
    expect(await statuses()).toEqual([
      [afternoon.id, 'succeeded'],
      [late.id, 'failed'],
      [morning.id, 'succeeded'],
    ]);

    // Only the failed ones of the day.
    hook.received.length = 0;
    const failedOnly = await sgOwner().agent.ok(endpoints.resendPeriod, {
      params: ids,
      body: { from: '2026-11-02T00:00', to: '2026-11-03T00:00', only_failed: true },
    });
    expect(failedOnly).toEqual({ queued: 1, capped: false, next_from: null });
    await t.app.jobs.runDue();
    expect(hook.accepted()).toEqual([`charge.created ${late.id}`]);

    // Every delivery from 08:30 to 14:00 (the end left out), oldest first, with their delivery ids.
    hook.received.length = 0;
    const all = await sgOwner().agent.ok(endpoints.resendPeriod, { params: ids, body: { from: '2026-11-02T08:30', to: '2026-11-02T14:00' } });
    expect(all).toEqual({ queued: 2, capped: false, next_from: null });
    await t.app.jobs.runDue();
    expect(hook.accepted()).toEqual([`charge.created ${morning.id}`, `charge.created ${late.id}`]);
    expect((await statuses()).map(([, status]) => status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, sg.id), eq(auditLogs.action, 'webhook_endpoint.resent')));
    expect(audit.map((a) => a.description)).toContain(`Resent 2 deliveries of 2026-11-02 08:30 to 2026-11-02 14:00 to the webhook endpoint ${hook.url}`);

    // A period with nothing in it queues nothing; a disabled endpoint is refused.
    expect(await sgOwner().agent.ok(endpoints.resendPeriod, { params: ids, body: { from: '2026-10-01T00:00', to: '2026-10-02T00:00' } })).toMatchObject({
      queued: 0,
    });
    await sgOwner().agent.ok(endpoints.update, { params: ids, body: { enabled: false } });
    const refused = await sgOwner().agent.call(endpoints.resendPeriod, { params: ids, body: { from: '2026-11-02T00:00', to: '2026-11-03T00:00' } });
    expect(failure(refused).code).toBe('WEBHOOK_DISABLED');
    await sgOwner().agent.ok(endpoints.remove, { params: ids });
  });

  it("checks the period with clear errors, and is the business's own", async () => {
    const endpoint = await sgOwner().agent.ok(endpoints.create, {
      params: sgParams(),
      body: { url: 'https://hooks.example.com/a', events: ['charge.created'] },
    });
    const ids = { ...sgParams(), webhook_id: endpoint.id };
    const backwards = await sgOwner().agent.call(endpoints.resendPeriod, { params: ids, body: { from: '2026-11-02T10:00', to: '2026-11-02T09:00' } });
    expect(failure(backwards).issues?.map((i) => i.path)).toEqual(['to']);
    const garbled = await sgOwner().agent.call(endpoints.resendPeriod, { params: ids, body: { from: '2 Nov', to: '2026-02-30T09:00' } });
    expect(
      failure(garbled)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['from', 'to']);
    const theirs = await ownerAgent.call(endpoints.resendPeriod, {
      params: { ...params(), webhook_id: endpoint.id },
      body: { from: '2026-11-02T00:00', to: '2026-11-03T00:00' },
    });
    expect(failure(theirs).code).toBe('WEBHOOK_NOT_FOUND');
    await sgOwner().agent.ok(endpoints.remove, { params: ids });
  });

  it(`queues at most ${WEBHOOK_RESEND_PERIOD_LIMIT}, the oldest first, and says where to go on`, async () => {
    const endpoint = await sgOwner().agent.ok(endpoints.create, {
      params: sgParams(),
      body: { url: 'https://hooks.example.com/many', events: ['charge.created'] },
    });
    // A delivered history of one more than the limit, a minute apart from 00:00 on 3 November in Singapore.
    const start = new Date('2026-11-02T16:00:00Z').getTime();
    const events = Array.from({ length: WEBHOOK_RESEND_PERIOD_LIMIT + 1 }, (_, i) => ({
      businessId: sg.id,
      id: newTimeOrderedId(start + i * 60_000),
      type: 'charge.created',
      objectType: 'charge',
      objectId: `ch_${i}`,
      body: JSON.stringify({ id: `ch_${i}` }),
      createdAt: new Date(start + i * 60_000),
    }));
    await t.database.db.insert(webhookEvents).values(events);
    await t.database.db.insert(webhookDeliveries).values(
      events.map((e) => ({
        businessId: sg.id,
        id: newTimeOrderedId(e.createdAt.getTime()),
        endpointId: endpoint.id,
        eventId: e.id,
        status: 'succeeded' as const,
        createdAt: e.createdAt,
      })),
    );
    const answer = await sgOwner().agent.ok(endpoints.resendPeriod, {
      params: { ...sgParams(), webhook_id: endpoint.id },
      body: { from: '2026-11-03T00:00', to: '2026-11-04T00:00' },
    });
    // The 1,001st delivery was made 1,000 minutes after midnight: 16:40.
    expect(answer).toEqual({ queued: WEBHOOK_RESEND_PERIOD_LIMIT, capped: true, next_from: '2026-11-03T16:40' });
    const pending = await t.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    expect(pending).toHaveLength(WEBHOOK_RESEND_PERIOD_LIMIT);
    await sgOwner().agent.ok(endpoints.remove, { params: { ...sgParams(), webhook_id: endpoint.id } });
  });
});
