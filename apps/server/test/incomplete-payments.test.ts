import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints } from '@merchant/payments';
import { paymentEvents, payments } from '../src/db/schema';
import { INCOMPLETE_PAYMENT_TTL_MS } from '../src/modules/payments/charges/incomplete';
import { createBusiness, insertLink, type FactoryBusiness } from './factories';
import { Agent, createTestContext, failure, type TestContext } from './harness';

/**
 * Payments started at the checkout and never paid (docs/payments.md, "The payment lifecycle"): they expire a day
 * after their start. Time moves with the app's clock only.
 */
let t: TestContext;
let host: string;
let business: FactoryBusiness;
const db = () => t.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
  host = hostOfKind('checkout', t.config.baseDomain);
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
});
afterAll(() => t.close());

const card = { method: 'card' as const, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } };

/** A customer starts a payment of a new reusable link of the business: its public id. */
async function started(email: string): Promise<{ agent: Agent; publicId: string }> {
  const link = await insertLink(db(), business.id, { singleUse: false });
  const agent = new Agent(t.app);
  const payment = await agent.ok(
    checkoutEndpoints.start,
    { params: { kind: 'link', public_id: link }, body: { email } },
    { host, idempotencyKey: randomUUID() },
  );
  return { agent, publicId: payment.public_id };
}
const confirm = (agent: Agent, publicId: string) =>
  agent.call(checkoutEndpoints.confirm, { params: { public_id: publicId }, body: card }, { host, idempotencyKey: randomUUID() });
const rowOf = async (publicId: string) => (await db().select().from(payments).where(eq(payments.publicId, publicId)))[0]!;

describe('a payment started and never confirmed', () => {
  it(`can be paid for ${INCOMPLETE_PAYMENT_TTL_MS / 3_600_000} hours, then expires: the confirm refuses it, its page says so, and the schedule stores it expired with an event`, async () => {
    const first = await started('first@example.com');
    t.clock.advance(INCOMPLETE_PAYMENT_TTL_MS - MINUTE);
    const second = await started('second@example.com');
    const state = () => first.agent.ok(checkoutEndpoints.payment, { params: { public_id: first.publicId } }, { host });
    expect(await state()).toMatchObject({ status: 'requires_payment_method' });

    t.clock.advance(MINUTE);
    const refused = await confirm(first.agent, first.publicId);
    expect(refused.status).toBe(409);
    expect(failure(refused)).toMatchObject({ code: 'PAYMENT_NOT_PAYABLE', message: expect.stringContaining('expired') });
    // Its page tells the customer, before the schedule has stored anything.
    expect(await state()).toMatchObject({ status: 'expired', methods: [] });
    expect((await rowOf(first.publicId)).status).toBe('requires_payment_method');

    await t.app.jobs.runDue();
    const expired = await rowOf(first.publicId);
    expect(expired.status).toBe('expired');
    const events = await db().select({ type: paymentEvents.type }).from(paymentEvents).where(eq(paymentEvents.paymentId, expired.id));
    expect(events.map((e) => e.type)).toEqual(['created', 'expired']);
    // The one started later still has its day, and is paid.
    expect((await rowOf(second.publicId)).status).toBe('requires_payment_method');
    const paid = await confirm(second.agent, second.publicId);
    expect(paid.ok && paid.body.status).toBe('succeeded');
    // The schedule leaves paid and expired payments as they are.
    t.clock.advance(INCOMPLETE_PAYMENT_TTL_MS);
    await t.app.jobs.runDue();
    expect((await rowOf(second.publicId)).status).toBe('succeeded');
  });
});
