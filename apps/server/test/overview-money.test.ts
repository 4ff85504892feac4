import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { localDate } from '@merchant/core';
import { invoiceEndpoints, maskAccount, overviewEndpoints, payoutEndpoints, transferEndpoints } from '@merchant/payments';
import { businesses, payments } from '@/db/schema';
import { Agent, createTestContext, type TestContext } from './harness';
import {
  addBankAccount,
  addBeneficiary,
  createBusiness,
  createCustomer,
  createInvoice,
  fundAvailable,
  localSgAccount,
  signInAgain,
  type FactoryBusiness,
} from './factories';
import { makePayment } from './factories/payments';

/**
 * The Overview's money block and set-up guidance (issue 25): available and pending with the day each part of the
 * pending money becomes available (the settlement rule's, read from the payments), the schedule's next payout,
 * what needs attention, and a checklist computed from data and answered only to whom may act on it; both databases.
 */
let t: TestContext;
let shop: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;

const params = () => ({ params: { business_id: shop.id } });
const overviewOf = (agent: Agent) => agent.ok(overviewEndpoints.get, { ...params(), query: { period: '7d' } });
const itemsOf = (body: { checklist: { item: string; done: boolean }[] }) => Object.fromEntries(body.checklist.map((c) => [c.item, c.done]));

beforeAll(async () => {
  t = await createTestContext();
  // Monday 2 November 2026 (test businesses keep their days in UTC).
  t.clock.set(new Date('2026-11-02T02:00:00Z'));
  shop = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], flags: { features: { send_money: true } } });
});
afterAll(() => t.close());

describe('set-up guidance', () => {
  it('answers each step from data: methods on by default, no bank account, no link, no payment', async () => {
    const body = await overviewOf(shop.people.owner.agent);
    expect(body.checklist.map((c) => c.item)).toEqual([
      'verify_business',
      'enable_payment_methods',
      'add_bank_account',
      'customise_checkout',
      'create_payment_link',
      'first_payment',
    ]);
    expect(itemsOf(body)).toEqual({
      verify_business: true,
      enable_payment_methods: true,
      add_bank_account: false,
      customise_checkout: false,
      create_payment_link: false,
      first_payment: false,
    });
  });

  it('answers only the steps the caller may act on', async () => {
    expect(Object.keys(itemsOf(await overviewOf(shop.people.admin.agent)))).toEqual([
      'enable_payment_methods',
      'add_bank_account',
      'customise_checkout',
      'create_payment_link',
      'first_payment',
    ]);
    expect(Object.keys(itemsOf(await overviewOf(shop.people.manager.agent)))).toEqual(['create_payment_link', 'first_payment']);
    expect(Object.keys(itemsOf(await overviewOf(shop.people.cashier.agent)))).toEqual(['create_payment_link', 'first_payment']);
  });
});

describe('the money', () => {
  let nets: { net: number; availableOn: string }[];

  beforeAll(async () => {
    await addBankAccount(t, shop, shop.people.owner, localSgAccount({ bank_name: 'DBS Bank', account_number: '0123456789' }));
    await fundAvailable(t, shop.id, 80_00);
    await makePayment(t, shop.id, { amount: 100_00 });
    t.clock.set(new Date('2026-11-03T03:00:00Z'));
    await makePayment(t, shop.id, { amount: 40_00 });
    await makePayment(t, shop.id, { amount: 10_00 });
    const rows = await t.database.db
      .select({ net: payments.net, availableOn: payments.availableOn })
      .from(payments)
      .where(and(eq(payments.businessId, shop.id), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.createdAt));
    const [{ zone }] = (await t.database.db.select({ zone: businesses.timeZone }).from(businesses).where(eq(businesses.id, shop.id))) as [{ zone: string }];
    nets = rows.map((r) => ({ net: r.net!, availableOn: localDate(r.availableOn!, zone) }));
  });

  it('answers available and pending, each part of the pending money with the day the settlement rule makes it available', async () => {
    const [sgd] = (await overviewOf(await signInAgain(t, shop.people.owner))).balances!;
    expect(sgd!.available).toEqual({ amount: 80_00, currency: 'sgd' });
    expect(sgd!.pending.amount).toBe(nets[0]!.net + nets[1]!.net + nets[2]!.net);
    // The days come from the payments' `available_on` (the settlement rule), in the business's zone, soonest first.
    expect(nets[0]!.availableOn < nets[1]!.availableOn).toBe(true);
    expect(sgd!.pending_parts).toEqual([
      { available_on: nets[0]!.availableOn, amount: nets[0]!.net },
      { available_on: nets[1]!.availableOn, amount: nets[1]!.net + nets[2]!.net },
    ]);
  });

  it('has no next payout on the manual schedule; a weekly one pays what is available on its next day to the default account', async () => {
    const owner = await signInAgain(t, shop.people.owner);
    expect((await overviewOf(owner)).next_payout).toBeNull();
    await owner.ok(payoutEndpoints.saveSettings, { ...params(), body: { schedule: 'weekly', weekly_day: 5, minimum_amount: 50_00 } });
    expect((await overviewOf(owner)).next_payout).toEqual({
      date: '2026-11-06',
      amount: { amount: 80_00, currency: 'sgd' },
      bank_account: `DBS Bank ${maskAccount('6789')}`,
      below_minimum: false,
    });
    await owner.ok(payoutEndpoints.saveSettings, { ...params(), body: { schedule: 'monthly', monthly_day: 3, minimum_amount: 100_00 } });
    // Today (3 November) is the monthly day: the payout of today is the next one until it is made.
    expect((await overviewOf(owner)).next_payout).toMatchObject({ date: '2026-11-03', below_minimum: true });
  });

  it('answers no balances and no payout to those without the permission for them', async () => {
    for (const person of [shop.people.manager, shop.people.cashier]) {
      const body = await overviewOf(await signInAgain(t, person));
      expect(body.balances).toBeNull();
      expect(body.next_payout).toBeNull();
    }
    expect((await overviewOf(await signInAgain(t, shop.people.admin))).balances).toHaveLength(1);
  });
});

describe('what needs attention', () => {
  it('counts transfers to approve for whom may approve them (never their requester), failed payments and overdue invoices', async () => {
    const owner = await signInAgain(t, shop.people.owner);
    const manager = await signInAgain(t, shop.people.manager);
    await owner.ok(transferEndpoints.saveSettings, { ...params(), body: { approval_threshold: 10_00 } });
    const payee = await addBeneficiary(shop.id, { ...shop.people.owner, agent: owner });
    await fundAvailable(t, shop.id, 100_00);
    const held = await manager.ok(transferEndpoints.create, { ...params(), body: { beneficiary_id: payee.id, amount: 20_00 } });
    expect(held.status).toBe('awaiting_review');
    await makePayment(t, shop.id, { amount: 5_00, outcome: 'failed' });
    const customer = await createCustomer(owner, shop.id);
    const draft = await createInvoice(owner, shop.id, customer.id, { issue_date: '2026-10-01', due_date: '2026-10-15' });
    await owner.ok(invoiceEndpoints.send, { params: { business_id: shop.id, invoice_id: draft.id } });
    await t.app.jobs.runDue();

    const forOwner = await overviewOf(await signInAgain(t, shop.people.owner));
    expect(forOwner.attention).toEqual({ transfers_to_approve: 1, failed_payments: 1, overdue_invoices: 1 });
    expect((await overviewOf(await signInAgain(t, shop.people.manager))).attention.transfers_to_approve).toBe(0);
    expect((await overviewOf(await signInAgain(t, shop.people.cashier))).attention).toEqual({
      transfers_to_approve: null,
      failed_payments: 1,
      overdue_invoices: 1,
    });
  });
});
