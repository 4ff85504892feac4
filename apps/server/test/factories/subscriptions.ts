import { randomUUID } from 'node:crypto';
import { hostOfKind } from '@merchant/core';
import {
  planEndpoints,
  subscriptionEndpoints,
  subscriptionSetupEndpoints,
  type CreateSubscriptionBody,
  type PlanBody,
  type Subscription,
} from '@merchant/payments';
import { Agent, mailbox, type TestContext } from '../harness';
import { unique } from './unique';

/** A monthly plan of 29.90 in the business's currency unless told otherwise. */
export async function createPlan(agent: Agent, businessId: string, over: Partial<PlanBody> = {}) {
  return agent.ok(planEndpoints.create, {
    params: { business_id: businessId },
    body: { name: unique('Coffee club'), amount: 29_90, interval: 'monthly', ...over },
  });
}

/** Subscribes a customer (to a plan, or on terms of its own) and answers the subscription with the setup link it mailed. */
export async function subscribe(
  t: TestContext,
  agent: Agent,
  businessId: string,
  body: CreateSubscriptionBody,
): Promise<{ subscription: Subscription; setupId: string }> {
  const subscription = await agent.ok(subscriptionEndpoints.create, { params: { business_id: businessId }, body });
  return { subscription, setupId: await latestSetupId(t, subscription.customer.email!) };
}

/** The setup public id of the newest card link mailed to an address (in a mail whose subject matches, when given). */
export async function latestSetupId(t: TestContext, email: string, subject = /./): Promise<string> {
  const mail = (await mailbox(t.app)).find((m) => m.to === email && subject.test(m.subject) && /\/s\/seti_/.test(m.text));
  const id = mail ? /\/s\/(seti_[A-Za-z0-9]+)/.exec(mail.text)?.[1] : undefined;
  if (!id) throw new Error(`No card link was mailed to ${email}`);
  return id;
}

/** The customer saves a card on the setup page (the checkout host), as their browser would. */
export async function saveCard(t: TestContext, setupId: string, number = '4242424242424242', agent = new Agent(t.app)) {
  return agent.call(
    subscriptionSetupEndpoints.saveCard,
    { params: { public_id: setupId }, body: { card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
}
