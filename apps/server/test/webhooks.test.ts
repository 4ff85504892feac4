import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SCREEN_PATHS, hostOfKind, screenLink } from '@merchant/core';
import { checkoutEndpoints, webhookEndpoints as endpoints, type WebhookEndpointBody } from '@merchant/payments';
import { auditLogs, webhookEndpoints as endpointRows } from '../src/db/schema';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness, type Person } from './factories';
import { createCustomer, createInvoice } from './factories/invoices';
import { makePayment } from './factories/payments';
import { createLink } from './factories/checkout';

/**
 * HitPay's event webhooks (docs/developers.md, "Event webhooks"): endpoints with their events and own salt, events
 * written with the change they tell of and delivered by the job queue to the endpoints that want them, signed in
 * `Hitpay-Signature` (checked here by an implementation of HitPay's documented algorithm written apart from the
 * product's), every attempt logged, retried after a failure, resent on request, an endpoint failing for three days
 * disabled and its owners mailed, the outbound guard, tenancy and permissions.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'cashier'>;
let other: FactoryBusiness<'owner'>;
let owner: Person;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A merchant's receiver: answers the statuses queued (then 200) and keeps every request as it came, raw body included. */
async function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'thanks' : 'receiver is down');
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hitpay/events`)),
  );
  return { url, received, statuses, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;
const receivers: Receiver[] = [];
const newReceiver = async () => {
  const r = await receiver();
  receivers.push(r);
  return r;
};

/** HitPay's documented check of an event webhook, written here on its own: HMAC-SHA256 of the raw body with the salt, hex. */
const expectedSignature = (salt: string, rawBody: string) => createHmac('sha256', Buffer.from(salt, 'utf8')).update(Buffer.from(rawBody, 'utf8')).digest('hex');

const params = (b: { id: string } = business) => ({ business_id: b.id });
const register = (body: WebhookEndpointBody, person: Person = owner, b: { id: string } = business) =>
  person.agent.ok(endpoints.create, { params: params(b), body });
const log = (id: string, person: Person = owner) => person.agent.ok(endpoints.deliveries, { params: { ...params(), webhook_id: id } });
/** Runs every due job, then the retries at once (as if their backoff had passed). */
const deliverAll = async () => {
  await t.app.jobs.runDue();
  await t.app.jobs.runDue({ ignoreDelays: true });
};

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  business = await createBusiness(t, { staff: ['admin', 'cashier'] });
  other = await createBusiness(t);
  owner = business.people.owner;
}, 240_000);
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t.close();
});

describe('endpoints', () => {
  it('answers the salt in full once, masks it after, keeps it sealed, and audits the change', async () => {
    const made = await register({ url: 'https://shop.example.com/hooks', events: ['charge.created', 'invoice.created'] });
    expect(made.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(made).toMatchObject({ status: 'active', events: ['charge.created', 'invoice.created'], salt_last4: `•••• ${made.salt.slice(-4)}` });
    expect(made.health).toEqual({ attempts: 0, success_rate: null, last_failure_at: null, last_success_at: null });
    const listed = await owner.agent.ok(endpoints.list, { params: params() });
    expect(listed.map((e) => e.id)).toContain(made.id);
    expect(JSON.stringify(listed)).not.toContain(made.salt);
    const [stored] = await t.database.db.select().from(endpointRows).where(eq(endpointRows.id, made.id));
    expect(JSON.stringify(stored)).not.toContain(made.salt);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, made.id)));
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint.created']);

    const changed = await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: made.id }, body: { events: ['payout.created'] } });
    expect(changed.events).toEqual(['payout.created']);
    const off = await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: made.id }, body: { enabled: false } });
    expect(off).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled by a person' });
    expect(await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: made.id } })).toEqual({ removed: true });
    expect(failure(await owner.agent.call(endpoints.get, { params: { ...params(), webhook_id: made.id } })).code).toBe('WEBHOOK_NOT_FOUND');
    const actions = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.objectId, made.id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.deleted',
      'webhook_endpoint.disabled',
      'webhook_endpoint.updated',
    ]);
  });

  it('checks its fields with clear errors', async () => {
    const answer = await owner.agent.call(endpoints.create, { params: params(), body: { url: 'not a url', events: [] } });
    const paths = (failure(answer).issues ?? []).map((i) => i.path).sort();
    expect(paths).toEqual(['events']);
    const unknown = await owner.agent.call(endpoints.create, { params: params(), body: { url: 'https://a.example.com', events: ['charge.deleted' as never] } });
    expect(failure(unknown).code).toBe('VALIDATION_FAILED');
    const badUrl = await owner.agent.call(endpoints.create, { params: params(), body: { url: 'ftp://a.example.com/x', events: ['charge.created'] } });
    expect(failure(badUrl).issues?.map((i) => i.path)).toEqual(['url']);
  });

  it("is the business's own: another business's endpoint is 404, and only owners and admins hold endpoints", async () => {
    const theirs = await register({ url: 'https://other.example.com/hooks', events: ['charge.created'] }, other.people.owner, other);
    const ids = { ...params(), webhook_id: theirs.id };
    for (const answer of [
      await owner.agent.call(endpoints.get, { params: ids }),
      await owner.agent.call(endpoints.deliveries, { params: ids }),
      await owner.agent.call(endpoints.update, { params: ids, body: { enabled: false } }),
      await owner.agent.call(endpoints.sendTest, { params: ids }),
      await owner.agent.call(endpoints.remove, { params: ids }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await owner.agent.ok(endpoints.list, { params: params() })).map((e) => e.id)).not.toContain(theirs.id);

    const cashier = business.people.cashier;
    expect((await cashier.agent.call(endpoints.list, { params: params() })).status).toBe(403);
    expect((await cashier.agent.call(endpoints.create, { params: params(), body: { url: 'https://x.example.com', events: ['charge.created'] } })).status).toBe(
      403,
    );
    const admin = business.people.admin;
    const made = await register({ url: 'https://admin.example.com/hooks', events: ['charge.created'] }, admin);
    await admin.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: made.id } });
  });
});

describe('events and deliveries', () => {
  it('posts a signed JSON event to the endpoints that want it, retries after a failure, and logs both attempts', async () => {
    const wants = await newReceiver();
    const notWanted = await newReceiver();
    const endpoint = await register({ url: wants.url, events: ['charge.created', 'payment_request.completed'] });
    const invoicesOnly = await register({ url: notWanted.url, events: ['invoice.created'] });

    wants.statuses.push(500);
    const payment = await makePayment(t, business.id, { amount: 42_50, reference: 'ORDER-7' });
    await t.app.jobs.runDue();
    expect(wants.received).toHaveLength(1);
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(wants.received).toHaveLength(2);
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(wants.received).toHaveLength(2);
    expect(notWanted.received).toHaveLength(0);

    const [first, second] = wants.received;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['hitpay-delivery-id']).toBe(first!.headers['hitpay-delivery-id']);
    expect(second!.headers).toMatchObject({ 'content-type': 'application/json', 'hitpay-event-type': 'charge.created', 'hitpay-event-object': 'charge' });
    expect(second!.headers['hitpay-signature']).toBe(expectedSignature(endpoint.salt, second!.body));
    expect(second!.headers['hitpay-signature']).not.toBe(expectedSignature(invoicesOnly.salt, second!.body));
    expect(JSON.parse(second!.body)).toMatchObject({ id: payment.id, status: 'succeeded', amount: 42.5, currency: 'sgd', reference: 'ORDER-7' });

    const page = await log(endpoint.id);
    expect(page.data).toHaveLength(1);
    const delivery = page.data[0]!;
    expect(delivery).toMatchObject({ id: first!.headers['hitpay-delivery-id'], event_type: 'charge.created', status: 'succeeded', request_body: first!.body });
    expect(delivery.attempts.map((a) => [a.attempt, a.response_status, a.succeeded, a.response_excerpt])).toEqual([
      [1, 500, false, 'receiver is down'],
      [2, 200, true, 'thanks'],
    ]);
    expect(delivery.attempts.every((a) => a.duration_ms >= 0)).toBe(true);
    const health = (await owner.agent.ok(endpoints.get, { params: { ...params(), webhook_id: endpoint.id } })).health;
    expect(health).toMatchObject({ attempts: 2, success_rate: 50 });
    expect(health.last_failure_at).not.toBeNull();
    expect((await log(invoicesOnly.id)).data).toHaveLength(0);

    // Resend: the same body and delivery id, a third attempt in the log.
    const resent = await owner.agent.ok(endpoints.resend, { params: { ...params(), webhook_id: endpoint.id, delivery_id: delivery.id } });
    expect(resent.status).toBe('pending');
    await deliverAll();
    expect(wants.received).toHaveLength(3);
    expect(wants.received[2]!.body).toBe(first!.body);
    expect(wants.received[2]!.headers['hitpay-delivery-id']).toBe(delivery.id);
    const after = (await log(endpoint.id)).data[0]!;
    expect(after.status).toBe('succeeded');
    expect(after.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // A delivery of another endpoint is not this endpoint's to resend.
    const wrong = await owner.agent.call(endpoints.resend, { params: { ...params(), webhook_id: invoicesOnly.id, delivery_id: delivery.id } });
    expect(failure(wrong).code).toBe('WEBHOOK_NOT_FOUND');

    for (const id of [endpoint.id, invoicesOnly.id]) await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: id } });
  });

  it('tells of a paid payment request, a new invoice, and of nothing to a disabled endpoint', async () => {
    const hook = await newReceiver();
    const off = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['payment_request.completed', 'invoice.created'] });
    const disabled = await register({ url: off.url, events: ['payment_request.completed', 'invoice.created'] });
    await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: disabled.id }, body: { enabled: false } });

    await createLink(t, business, { amount: 15_00, purpose: 'Consultation', state: 'completed' });
    const customer = await createCustomer(owner.agent, business.id);
    const invoice = await createInvoice(owner.agent, business.id, customer.id);
    await deliverAll();

    expect(off.received).toHaveLength(0);
    const types = hook.received.map((r) => r.headers['hitpay-event-type']);
    expect(types.sort()).toEqual(['invoice.created', 'payment_request.completed']);
    for (const r of hook.received) expect(r.headers['hitpay-signature']).toBe(expectedSignature(endpoint.salt, r.body));
    const paid = JSON.parse(hook.received.find((r) => r.headers['hitpay-event-type'] === 'payment_request.completed')!.body) as Record<string, unknown>;
    expect(paid).toMatchObject({ status: 'completed', amount: '15.00', currency: 'sgd', purpose: 'Consultation' });
    expect(paid.payments).toHaveLength(1);
    const made = JSON.parse(hook.received.find((r) => r.headers['hitpay-event-type'] === 'invoice.created')!.body) as Record<string, unknown>;
    expect(made).toMatchObject({ id: invoice.id, currency: 'sgd', amount: 100 });

    // A disabled endpoint takes no test event either.
    expect(failure(await owner.agent.call(endpoints.sendTest, { params: { ...params(), webhook_id: disabled.id } })).code).toBe('WEBHOOK_DISABLED');
    for (const id of [endpoint.id, disabled.id]) await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: id } });
  });

  it('sends a test event to the one endpoint asked', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['payout.created'] });
    const queued = await owner.agent.ok(endpoints.sendTest, { params: { ...params(), webhook_id: endpoint.id } });
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: [] });
    await deliverAll();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.headers).toMatchObject({ 'hitpay-event-type': 'webhook.test', 'hitpay-delivery-id': queued.id });
    expect(hook.received[0]!.headers['hitpay-signature']).toBe(expectedSignature(endpoint.salt, hook.received[0]!.body));
    expect((await log(endpoint.id)).data[0]).toMatchObject({ id: queued.id, status: 'succeeded' });
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });

  it('disables an endpoint that has failed for three days, and mails the owners', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.created'] });
    hook.statuses.push(...Array<number>(10).fill(503));
    await makePayment(t, business.id, { amount: 12_00 });
    await t.app.jobs.runDue();
    expect(hook.received).toHaveLength(1);
    const failing = await owner.agent.ok(endpoints.get, { params: { ...params(), webhook_id: endpoint.id } });
    expect(failing).toMatchObject({ status: 'active' });
    expect(failing.failing_since).not.toBeNull();

    // Three days of failures, as if they had passed (a session would not last them): the streak began 73 hours ago.
    await t.database.db
      .update(endpointRows)
      .set({ failingSince: new Date(t.clock.now().getTime() - 73 * 3_600_000) })
      .where(and(eq(endpointRows.businessId, business.id), eq(endpointRows.id, endpoint.id)));
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(hook.received).toHaveLength(2);
    const off = await owner.agent.ok(endpoints.get, { params: { ...params(), webhook_id: endpoint.id } });
    expect(off).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled after failing for 3 days' });
    const delivery = (await log(endpoint.id)).data[0]!;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((a) => a.response_status)).toEqual([503, 503]);
    // Given up: no more attempts.
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(hook.received).toHaveLength(2);
    const mails = (await mailbox(t.app)).filter((m) => m.to === owner.email && m.subject === 'A webhook endpoint was disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(hook.url);

    // Enabled again, it starts afresh and a resend reaches it.
    const on = await owner.agent.ok(endpoints.update, { params: { ...params(), webhook_id: endpoint.id }, body: { enabled: true } });
    expect(on).toMatchObject({ status: 'active', disabled_reason: null, failing_since: null });
    hook.statuses.length = 0;
    await owner.agent.ok(endpoints.resend, { params: { ...params(), webhook_id: endpoint.id, delivery_id: delivery.id } });
    await deliverAll();
    expect((await log(endpoint.id)).data[0]).toMatchObject({ status: 'succeeded' });
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});

describe('failure events', () => {
  /** The hosted checkout, as a customer pays a link on it: start, then confirm with a card. */
  async function payOnCheckout(publicId: string, cardNumber: string) {
    const host = hostOfKind('checkout', t.config.baseDomain);
    const customer = new Agent(t.app);
    const payment = await customer.ok(
      checkoutEndpoints.start,
      { params: { kind: 'link', public_id: publicId }, body: { email: 'casey@example.com' } },
      { host, idempotencyKey: randomUUID() },
    );
    const card = { method: 'card' as const, card: { number: cardNumber, exp_month: 12, exp_year: 2030, cvc: '123' } };
    return customer.ok(checkoutEndpoints.confirm, { params: { public_id: payment.public_id }, body: card }, { host, idempotencyKey: randomUUID() });
  }

  it("tells a subscribed endpoint of a declined card on the hosted checkout: charge.failed and payment_request.failed, signed, in HitPay's shape", async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.failed', 'payment_request.failed'] });
    const successesOnly = await newReceiver();
    const other = await register({ url: successesOnly.url, events: ['charge.created', 'payment_request.completed'] });
    const publicId = await createLink(t, business, { amount: 25_00, purpose: 'Repair deposit' });

    const declined = await payOnCheckout(publicId, '4000000000000002');
    expect(declined).toMatchObject({ status: 'failed', failure: { code: 'card_declined' } });
    await deliverAll();

    expect(successesOnly.received).toHaveLength(0);
    expect(hook.received.map((r) => r.headers['hitpay-event-type']).sort()).toEqual(['charge.failed', 'payment_request.failed']);
    for (const r of hook.received) expect(r.headers['hitpay-signature']).toBe(expectedSignature(endpoint.salt, r.body));
    const charge = hook.received.find((r) => r.headers['hitpay-event-type'] === 'charge.failed')!;
    expect(charge.headers['hitpay-event-object']).toBe('charge');
    const chargeBody = JSON.parse(charge.body) as Record<string, unknown>;
    expect(chargeBody).toMatchObject({
      business_id: business.id,
      status: 'failed',
      currency: 'sgd',
      amount: 25,
      payment_type: 'card',
      failure_code: 'card_declined',
      customer: { email: 'casey@example.com' },
    });
    expect(chargeBody.failure_message).toEqual(expect.stringContaining('declined'));
    expect(chargeBody.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const request = hook.received.find((r) => r.headers['hitpay-event-type'] === 'payment_request.failed')!;
    expect(request.headers['hitpay-event-object']).toBe('payment_request');
    const requestBody = JSON.parse(request.body) as { id: string; payments: Record<string, unknown>[] } & Record<string, unknown>;
    expect(requestBody).toMatchObject({ status: 'failed', amount: '25.00', currency: 'sgd', purpose: 'Repair deposit' });
    expect(requestBody.payments).toEqual([chargeBody]);
    expect((await log(endpoint.id)).data.map((d) => [d.event_type, d.status]).sort()).toEqual([
      ['charge.failed', 'succeeded'],
      ['payment_request.failed', 'succeeded'],
    ]);

    // The link still takes payments: a good card pays it, and only the success events go out for it.
    await payOnCheckout(publicId, '4242424242424242');
    await deliverAll();
    expect(hook.received).toHaveLength(2);
    expect(successesOnly.received.map((r) => r.headers['hitpay-event-type']).sort()).toEqual(['charge.created', 'payment_request.completed']);
    expect((JSON.parse(successesOnly.received[0]!.body) as { id: string }).id).not.toBe(chargeBody.id);
    for (const id of [endpoint.id, other.id]) await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: id } });
  });
});

describe('the disable mail', () => {
  it('says how many deliveries were missed, lists the first five (event, object, time) and links the delivery log', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.created', 'charge.failed'] });
    hook.statuses.push(...Array<number>(40).fill(503));
    const payments = [];
    for (let i = 0; i < 6; i++) payments.push(await makePayment(t, business.id, { amount: 10_00 + i }));
    const declined = await makePayment(t, business.id, { amount: 9_00, outcome: 'failed' });
    await t.app.jobs.runDue();
    expect(hook.received).toHaveLength(7);

    await t.database.db
      .update(endpointRows)
      .set({ failingSince: new Date(t.clock.now().getTime() - 73 * 3_600_000) })
      .where(and(eq(endpointRows.businessId, business.id), eq(endpointRows.id, endpoint.id)));
    await t.app.jobs.runDue({ ignoreDelays: true });
    expect(await owner.agent.ok(endpoints.get, { params: { ...params(), webhook_id: endpoint.id } })).toMatchObject({ status: 'disabled' });
    expect((await log(endpoint.id)).data.map((d) => d.status)).toEqual(Array<string>(7).fill('failed'));

    const mails = (await mailbox(t.app)).filter((m) => m.to === owner.email && m.text.includes(hook.url));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain('7 deliveries were not delivered, the first:');
    const listed = text.split('\n').filter((line) => line.startsWith('- '));
    expect(listed).toHaveLength(5);
    payments.slice(0, 5).forEach((p, i) => {
      expect(listed[i]).toMatch(new RegExp(`^- charge\\.created of charge ${p.id}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC$`));
    });
    expect(text).not.toContain(payments[5]!.id);
    expect(text).not.toContain(declined.id);
    expect(text).toContain('and 2 more.');
    const logLink = screenLink(t.config.publicUrl, SCREEN_PATHS.webhookEndpoint, { business_id: business.id, webhook_id: endpoint.id });
    expect(text).toContain(`delivery log: ${logLink}`);
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});

describe('outbound guard (SSRF)', () => {
  it('refuses a loopback or private address when private targets are not allowed, when given and when sending', async () => {
    const hook = await newReceiver();
    const endpoint = await register({ url: hook.url, events: ['charge.created'] });
    t.config.webhookPrivateTargets = false;
    try {
      for (const url of ['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://10.1.2.3/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest']) {
        const answer = await owner.agent.call(endpoints.create, { params: params(), body: { url, events: ['charge.created'] } });
        expect(
          failure(answer).issues?.map((i) => i.path),
          url,
        ).toEqual(['url']);
      }
      // An endpoint saved while they were allowed is refused at the connection, and the attempt logged.
      const queued = await owner.agent.ok(endpoints.sendTest, { params: { ...params(), webhook_id: endpoint.id } });
      await t.app.jobs.runDue();
      expect(hook.received).toHaveLength(0);
      const delivery = (await log(endpoint.id)).data.find((d) => d.id === queued.id)!;
      expect(delivery.status).toBe('pending');
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]).toMatchObject({ response_status: null, succeeded: false });
      expect(delivery.attempts[0]!.error).toMatch(/public address|private/);
    } finally {
      t.config.webhookPrivateTargets = true;
    }
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});
