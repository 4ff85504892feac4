import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, hostOfKind } from '@merchant/core';
import { checkoutEndpoints, transactionEndpoints, type TransactionFiltersInput } from '@merchant/payments';
import { paymentEvents, payments } from '../src/db/schema';
import { INCOMPLETE_PAYMENT_TTL_MS } from '../src/modules/payments/charges/incomplete';
import { createBusiness, createLink, signInAgain, type FactoryBusiness } from './factories';
import { Agent, createTestContext, failure, type TestContext } from './harness';

/**
 * Payments started at the checkout and never paid (docs/payments.md, "The payment lifecycle" and "transactions";
 * docs/security.md, "Card testing at the checkout"): they expire a day after their start, and Transactions leaves
 * them out unless its status filter asks for them. Time moves with the app's clock only.
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
  const link = await createLink(t, business, { singleUse: false });
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

describe('Transactions and payments never paid', () => {
  it('leaves incomplete and expired payments out unless the status filter asks for one, in the list and in the CSV', async () => {
    const gone = await started('gone@example.com');
    t.clock.advance(INCOMPLETE_PAYMENT_TTL_MS);
    await t.app.jobs.runDue();
    const open = await started('open@example.com');
    const paid = await started('paid@example.com');
    expect((await confirm(paid.agent, paid.publicId)).status).toBe(200);
    // A day has passed: the owner signs in again.
    const owner = await signInAgain(t, business.people.owner);

    const emails = async (query: TransactionFiltersInput) =>
      (await owner.ok(transactionEndpoints.list, { params: { business_id: business.id }, query: { ...query, q: '@example.com', limit: 50 } as never })).data
        .map((p) => p.customer.email)
        .filter((email) => ['gone@example.com', 'open@example.com', 'paid@example.com'].includes(email ?? ''));
    const listed = async (query: TransactionFiltersInput) => {
      const page = await owner.ok(transactionEndpoints.list, { params: { business_id: business.id }, query: { ...query, limit: 50 } as never });
      return page.data.map((p) => p.customer.email);
    };
    // The default list (no filter at all: the walk of the date index), another sort, and with a search.
    for (const sort of ['newest', 'amount_desc'] as const) {
      const shown = await listed({ sort });
      expect(shown).toContain('paid@example.com');
      expect(shown).not.toContain('open@example.com');
      expect(shown).not.toContain('gone@example.com');
    }
    expect(await emails({})).toEqual(['paid@example.com']);
    // The status filter still shows each.
    expect(await emails({ status: 'requires_payment_method' })).toEqual(['open@example.com']);
    expect(await emails({ status: 'expired' })).toEqual(['gone@example.com']);

    const csv = async (query: Record<string, string>) =>
      (await owner.get(endpointPath(transactionEndpoints.export, { params: { business_id: business.id }, query: query as never }))).body;
    const all = await csv({});
    expect(all).toContain('paid@example.com');
    expect(all).not.toContain('open@example.com');
    expect(all).not.toContain('gone@example.com');
    expect(await csv({ status: 'expired' })).toContain('gone@example.com');
    expect((await rowOf(gone.publicId)).status).toBe('expired');
    expect((await rowOf(open.publicId)).status).toBe('requires_payment_method');
  });
});
