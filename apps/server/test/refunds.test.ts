import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints, invoiceEndpoints, invoicePageEndpoints, subscriptionEndpoints, transactionEndpoints, type RefundInput } from '@merchant/payments';
import { createBusiness, createCustomer, createInvoice, createPlan, saveCard, subscribe, unique } from './factories';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';

/**
 * A refund finishes everything it touches (issue 24): the customer is mailed the business's `refund_issued`
 * template through the outbox, in the refund's transaction; an invoice it paid is paid less again (partially paid,
 * or refunded once nothing stays paid) with a timeline entry; a subscription's period notes it. Both databases.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
let businessName: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
  ({ id: businessId, name: businessName } = business);
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

const refund = (paymentId: string, body: RefundInput) =>
  owner.ok(transactionEndpoints.refund, { params: { business_id: businessId, payment_id: paymentId }, body }, { idempotencyKey: randomUUID() });
const refundMails = async (to: string) => (await mailbox(t.app)).filter((m) => m.to === to && m.subject === `Your refund from ${businessName}`);

/** A sent invoice of SGD 100.00 paid online in full by its customer; answers the invoice and the payment's id. */
async function paidInvoice(email: string) {
  const customer = await createCustomer(owner, businessId, { email, name: unique('Invoice Payer') });
  const draft = await createInvoice(owner, businessId, customer.id, { currency: 'sgd' });
  const invoice = await owner.ok(invoiceEndpoints.send, { params: { business_id: businessId, invoice_id: draft.id } });
  const browser = new Agent(t.app);
  const started = await browser.ok(
    invoicePageEndpoints.pay,
    { params: { business_id: businessId, invoice: invoice.public_id }, body: {} },
    { host: hostOfKind('invoice', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
  await browser.ok(
    checkoutEndpoints.confirm,
    { params: { public_id: started.payment_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
  const paid = await owner.ok(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: invoice.id } });
  expect(paid).toMatchObject({ status: 'paid', amount_paid: 100_00 });
  const payments = await owner.ok(transactionEndpoints.list, { params: { business_id: businessId }, query: { q: email } });
  return { invoice, paymentId: payments.data[0]!.id, customerName: customer.name! };
}

describe('a refund of an invoice payment', () => {
  it('pays the invoice less: partially paid with what is due again, then refunded; each with a timeline entry and a mail to the customer', async () => {
    const email = unique('payer').toLowerCase() + '@example.test';
    const { invoice, paymentId, customerName } = await paidInvoice(email);
    const at = { params: { business_id: businessId, invoice_id: invoice.id } };

    await refund(paymentId, { amount: 30_00, reason: 'requested_by_customer' });
    const part = await owner.ok(invoiceEndpoints.get, at);
    expect(part).toMatchObject({ status: 'partially_paid', amount_paid: 70_00, amount_due: 30_00 });
    expect(part.timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      detail: `SGD 30.00 of the payment from ${customerName} refunded; SGD 30.00 due again`,
    });
    const [first] = await refundMails(email);
    expect(first?.text).toContain('SGD 30.00');
    expect(first?.text).toMatch(/\/r\/pay_/);

    await refund(paymentId, { amount: 70_00, reason: 'other' });
    const all = await owner.ok(invoiceEndpoints.get, at);
    expect(all).toMatchObject({ status: 'refunded', amount_paid: 0 });
    expect(all.timeline.filter((e) => e.kind === 'refunded')).toHaveLength(2);
    expect(await refundMails(email)).toHaveLength(2);
    // Nothing is asked of the customer any more: the invoice takes no payment.
    const again = await new Agent(t.app).call(
      invoicePageEndpoints.pay,
      { params: { business_id: businessId, invoice: invoice.public_id }, body: {} },
      { host: hostOfKind('invoice', t.config.baseDomain), idempotencyKey: randomUUID() },
    );
    expect(again.ok).toBe(false);
  });
});

describe('a refund of a subscription payment', () => {
  it('is noted on the period it paid, and the customer is mailed', async () => {
    const customer = await createCustomer(owner, businessId);
    const plan = await createPlan(owner, businessId);
    const { subscription, setupId } = await subscribe(t, owner, businessId, { customer_id: customer.id, plan_id: plan.id });
    expect((await saveCard(t, setupId)).ok).toBe(true);
    const at = { params: { business_id: businessId, subscription_id: subscription.id } };
    const charged = await owner.ok(subscriptionEndpoints.get, at);
    const [period] = charged.charges;
    expect(period).toMatchObject({ outcome: 'succeeded', refunded: { amount: 0 } });

    await refund(period!.payment_id!, { amount: 10_00, reason: 'requested_by_customer' });
    expect((await owner.ok(subscriptionEndpoints.get, at)).charges[0]).toMatchObject({ id: period!.id, refunded: { amount: 10_00, currency: 'sgd' } });
    expect(await refundMails(customer.email!)).toHaveLength(1);
  });
});
