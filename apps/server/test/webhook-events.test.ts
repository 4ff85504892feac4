import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posOrderEndpoints } from '@merchant/catalogue';
import { subscriptionEndpoints, transferEndpoints, webhookEndpoints as endpoints, type WebhookEventType } from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import {
  addBeneficiary,
  createBusiness,
  createCustomer,
  createLocation,
  createPlan,
  fundAvailable,
  openDrawer,
  saveCard,
  sell,
  sgBeneficiary,
  subscribe,
  type FactoryBusiness,
  type Person,
} from './factories';
import { paidStoreOrder } from './factories/store';
import { hitpaySignature, webhookReceiver, type WebhookReceiver } from './factories/webhooks';

/**
 * The event families beyond charges (docs/developers.md, "Event webhooks"): `transfer.*` of send money,
 * `recurring_billing.*` of subscriptions and `order.*` of the online store and the point of sale, each written in
 * the transaction of its change and delivered signed, in the order it happened, to the endpoints that want it.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager'>;
let owner: Person;
const receivers: WebhookReceiver[] = [];

const params = () => ({ business_id: business.id });
async function listen(events: WebhookEventType[]) {
  const hook = await webhookReceiver();
  receivers.push(hook);
  const endpoint = await owner.agent.ok(endpoints.create, { params: params(), body: { url: hook.url, events } });
  return { hook, endpoint };
}
/** What the receiver took, as `type status` of one object, in the order it came. */
const told = (hook: WebhookReceiver, id: string) =>
  hook.received
    .map((r) => ({ type: String(r.headers['hitpay-event-type']), body: JSON.parse(r.body) as Record<string, unknown> }))
    .filter((r) => r.body.id === id)
    .map((r) => `${r.type} ${String(r.body.status)}`);

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  business = await createBusiness(t, { staff: ['manager'], flags: { features: { send_money: true } } });
  owner = business.people.owner;
}, 240_000);
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t.close();
});

describe('transfer.*', () => {
  it('tells of a transfer from its request to its arrival, and of a held one cancelled, with HitPay-shaped bodies', async () => {
    const { hook, endpoint } = await listen([
      'transfer.created',
      'transfer.updated',
      'transfer.processing',
      'transfer.paid',
      'transfer.canceled',
      'transfer.failed',
    ]);
    await fundAvailable(t, business.id, 1_000_00);
    const beneficiary = await addBeneficiary(business.id, owner, sgBeneficiary());
    const sent = await owner.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: beneficiary.id, amount: 50_00 } });
    await t.app.jobs.runDue();
    expect(told(hook, sent.id)).toEqual(['transfer.created processing', 'transfer.processing processing', 'transfer.paid completed']);
    const paid = hook.received.find((r) => r.headers['hitpay-event-type'] === 'transfer.paid')!;
    expect(paid.headers['hitpay-event-object']).toBe('transfer');
    expect(paid.headers['hitpay-signature']).toBe(hitpaySignature(endpoint.salt, paid.body));
    expect(JSON.parse(paid.body)).toMatchObject({ id: sent.id, source_currency: 'sgd', source_amount: 50, payment_currency: 'sgd', status: 'completed' });

    // Above the threshold: held for a second person, then cancelled by its requester.
    await owner.agent.ok(transferEndpoints.saveSettings, { params: params(), body: { approval_threshold: 100_00 } });
    const held = await owner.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: beneficiary.id, amount: 200_00 } });
    await owner.agent.ok(transferEndpoints.cancel, { params: { ...params(), transfer_id: held.id } });
    await t.app.jobs.runDue();
    expect(told(hook, held.id)).toEqual(['transfer.created awaiting_review', 'transfer.updated awaiting_review', 'transfer.canceled cancelled']);

    // Returned by the beneficiary's bank (the test bank's failing account).
    await owner.agent.ok(transferEndpoints.saveSettings, { params: params(), body: { approval_threshold: null } });
    const closed = await addBeneficiary(business.id, owner, sgBeneficiary({ account_number: '0123450002' }));
    const returned = await owner.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: closed.id, amount: 10_00 } });
    await t.app.jobs.runDue();
    expect(told(hook, returned.id)).toEqual(['transfer.created processing', 'transfer.processing processing', 'transfer.failed failed']);
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});

describe('order.*', () => {
  it('tells of an online store order placed and paid, and of a register sale and its refund', async () => {
    const { hook, endpoint } = await listen(['order.created', 'order.updated']);
    const order = await paidStoreOrder(t, owner.agent, business.id, { price: 25_00, quantity: 2 });
    await t.app.jobs.runDue();
    expect(told(hook, order.id)).toEqual(['order.created pending_payment', 'order.updated paid']);
    const placed = JSON.parse(hook.received.find((r) => r.headers['hitpay-event-type'] === 'order.created')!.body) as Record<string, unknown>;
    expect(placed).toMatchObject({ channel: 'online_store', currency: 'sgd', amount: 50, line_items: [{ quantity: 2, price: 25 }] });
    expect(hook.received[0]!.headers['hitpay-event-object']).toBe('order');

    const counter = await createLocation(owner.agent, business.id, { name: 'Webhook counter' });
    await openDrawer(owner.agent, business.id, counter.id);
    const sale = await sell(owner.agent, business.id, counter.id, {
      quick_sale: { amount: 8_00, description: 'Tea' },
      tenders: [{ kind: 'cash', amount: 8_00 }],
    });
    await owner.agent.ok(posOrderEndpoints.refund, { params: { ...params(), order_id: sale.id }, body: { whole: true, reason: 'Spilt' } });
    await t.app.jobs.runDue();
    expect(told(hook, sale.id)).toEqual(['order.created completed', 'order.updated refunded']);
    const sold = JSON.parse(hook.received.find((r) => (JSON.parse(r.body) as { id: string }).id === sale.id)!.body) as Record<string, unknown>;
    expect(sold).toMatchObject({ channel: 'point_of_sale', reference: `#${sale.number}`, amount: 8, line_items: [{ name: 'Tea', quantity: 1, price: 8 }] });
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});

describe('recurring_billing.*', () => {
  it('tells of a subscription made, its card saved, its first charge, and its cancellation', async () => {
    const { hook, endpoint } = await listen(['recurring_billing.subscription_updated', 'recurring_billing.method_attached']);
    const plan = await createPlan(owner.agent, business.id, { amount: 12_00 });
    const customer = await createCustomer(owner.agent, business.id);
    const { subscription, setupId } = await subscribe(t, owner.agent, business.id, { customer_id: customer.id, plan_id: plan.id });
    const saved = await saveCard(t, setupId);
    expect(saved.ok).toBe(true);
    await owner.agent.ok(subscriptionEndpoints.cancel, { params: { ...params(), subscription_id: subscription.id }, body: { at_period_end: false } });
    await t.app.jobs.runDue();
    expect(told(hook, subscription.id)).toEqual([
      'recurring_billing.subscription_updated pending',
      'recurring_billing.method_attached pending',
      'recurring_billing.subscription_updated active',
      'recurring_billing.subscription_updated cancelled',
    ]);
    const charged = JSON.parse(hook.received[2]!.body) as Record<string, unknown>;
    expect(charged).toMatchObject({ business_recurring_plans_id: plan.id, currency: 'sgd', amount: 12, times_charged: 1, payment_method: { type: 'card' } });
    await owner.agent.ok(endpoints.remove, { params: { ...params(), webhook_id: endpoint.id } });
  });
});
