import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type EndpointQuery } from '@merchant/core';
import { CHECKLIST_ITEMS, overviewEndpoints } from '@merchant/payments';
import type { ChargesService } from '../src/modules/payments/charges/charges.service';
import { card, createTestLink } from './factories/charges';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/** The payments Overview: figures against the previous period, splits, balances, checklist, roles; both databases. */
let t: TestContext;
let charges: ChargesService;
let owner: Agent;
let cashier: Agent;
let business: FactoryBusiness<'owner' | 'cashier'>;

const inBusiness = () => ({ params: { business_id: business.id } });
const overview = (agent: Agent, query: EndpointQuery<typeof overviewEndpoints.get> = {}) => agent.ok(overviewEndpoints.get, { ...inBusiness(), query });
/** Raw, for periods and dates the contract does not type. */
const url = (query = '') => `${endpointPath(overviewEndpoints.get, inBusiness())}${query}`;

/** A payment made through the lifecycle service at the clock's time: paid with a good card or declined. */
async function pay(at: string, amount: number, options: { currency?: string; declined?: boolean; linkId?: string } = {}) {
  t.clock.set(new Date(at));
  const started = await charges.start({
    businessId: business.id,
    source: options.linkId ? { type: 'payment_link', id: options.linkId } : { type: 'static_qr', id: null },
    amount,
    currency: options.currency ?? 'sgd',
    customer: { name: 'Casey Customer', email: null },
  });
  const { payment } = await charges.confirm(started.publicId, card(options.declined ? '4000000000000002' : '4242424242424242'));
  expect(payment.status).toBe(options.declined ? 'failed' : 'succeeded');
  return payment;
}

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
});
afterAll(() => t.close());

describe('a business without payments', () => {
  it('answers zero currencies, no recent payments, no balances and the checklist from real data', async () => {
    const body = await overview(owner);
    expect(body.period).toEqual({ from: '2026-10-26', to: '2026-11-01', previous_from: '2026-10-19', previous_to: '2026-10-25', days: 7 });
    expect(body.currencies).toEqual([]);
    expect(body.recent).toEqual([]);
    expect(body.balances).toEqual([]);
    expect(Object.fromEntries(body.checklist.map((c) => [c.item, c.done]))).toMatchObject({ create_payment_link: false, first_payment: false });
  });

  it('answers the onboarding page every step in order, none of the payment ones done yet', async () => {
    const page = await owner.ok(overviewEndpoints.onboarding, inBusiness());
    expect(page.steps.map((s) => s.item)).toEqual([...CHECKLIST_ITEMS]);
    expect(page.total).toBe(CHECKLIST_ITEMS.length);
    const done = Object.fromEntries(page.steps.map((s) => [s.item, s.done]));
    expect(done).toMatchObject({ verify_business: true, add_bank_account: false, create_payment_link: false, first_payment: false });
    expect(page.done).toBe(page.steps.filter((s) => s.done).length);
    expect(page.steps.every((s) => s.can_act)).toBe(true);
  });
});

describe('figures of payments made through the checkout service', () => {
  const nets: number[] = [];
  let linkId: string;

  beforeAll(async () => {
    linkId = await createTestLink(business.people.owner.agent, business.id, { amount: 30_00, singleUse: false });
    // Previous 7-day period (27 Oct - 3 Nov): one payment.
    nets.push((await pay('2026-11-03T10:00:00Z', 50_00)).net);
    // Current period (4 - 10 Nov): two from a static QR, one from a link, one declined, one in another currency.
    nets.push((await pay('2026-11-08T10:00:00Z', 100_00)).net);
    await pay('2026-11-08T11:00:00Z', 70_00, { declined: true });
    nets.push((await pay('2026-11-08T12:00:00Z', 30_00, { linkId })).net);
    nets.push((await pay('2026-11-10T08:00:00Z', 20_00)).net);
    await pay('2026-11-10T08:30:00Z', 10_00, { currency: 'usd' });
    t.clock.set(new Date('2026-11-10T09:00:00Z'));
    await charges.settleDue();
    // Sessions signed in nine days ago have lapsed: sign in again at the new time.
    owner = await signInAgain(t, business.people.owner);
    cashier = await signInAgain(t, business.people.cashier);
  });

  it('sums volume, net, count and success rate per currency against the previous period, the business currency first', async () => {
    const body = await overview(cashier, { period: '7d' });
    expect(body.period).toEqual({ from: '2026-11-04', to: '2026-11-10', previous_from: '2026-10-28', previous_to: '2026-11-03', days: 7 });
    expect(body.currencies.map((c) => c.currency)).toEqual(['sgd', 'usd']);
    const sgd = body.currencies[0]!;
    expect(nets.every((n) => n > 0)).toBe(true);
    expect(sgd.current).toEqual({ gross: 150_00, net: nets[1]! + nets[2]! + nets[3]!, succeeded: 3, failed: 1, success_rate: 0.75 });
    expect(sgd.previous).toEqual({ gross: 50_00, net: nets[0]!, succeeded: 1, failed: 0, success_rate: 1 });
    expect(sgd.change).toMatchObject({ gross: 200, succeeded: 200, success_rate: -25 });
    expect(body.currencies[1]!.current).toMatchObject({ gross: 10_00, succeeded: 1, failed: 0 });
    expect(body.currencies[1]!.change).toEqual({ gross: null, net: null, succeeded: null, success_rate: null });
  });

  it('gives every day of the period and the split by method and by source', async () => {
    const sgd = (await overview(owner, { period: '7d' })).currencies[0]!;
    expect(sgd.daily.map((d) => d.date)).toEqual(['2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10']);
    expect(sgd.daily.map((d) => [d.gross, d.count])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [130_00, 2],
      [0, 0],
      [20_00, 1],
    ]);
    expect(sgd.by_source).toEqual([
      { source: 'static_qr', gross: 120_00, count: 2 },
      { source: 'payment_link', gross: 30_00, count: 1 },
    ]);
    expect(sgd.by_method).toEqual([{ method: 'card', gross: 150_00, count: 3 }]);
  });

  it('narrows to today, and to a custom range', async () => {
    const today = await overview(owner, { period: 'today' });
    expect(today.period).toMatchObject({ from: '2026-11-10', to: '2026-11-10', previous_from: '2026-11-09', days: 1 });
    expect(today.currencies[0]!.current).toMatchObject({ gross: 20_00, succeeded: 1 });
    const custom = await overview(owner, { period: 'custom', from: '2026-11-03', to: '2026-11-08' });
    expect(custom.currencies[0]!.current).toMatchObject({ gross: 180_00, succeeded: 3, failed: 1 });
    expect(custom.period).toMatchObject({ previous_from: '2026-10-28', previous_to: '2026-11-02', days: 6 });
  });

  it('lists the latest payments, newest first, and the balances from the ledger', async () => {
    const body = await overview(owner);
    expect(body.recent).toHaveLength(5);
    expect(body.recent.map((p) => [p.amount.amount, p.status])).toEqual([
      [10_00, 'succeeded'],
      [20_00, 'succeeded'],
      [30_00, 'succeeded'],
      [70_00, 'failed'],
      [100_00, 'succeeded'],
    ]);
    // The 3 November payment has settled (two days' delay); the rest is pending.
    const sgd = body.balances!.find((b) => b.currency === 'sgd')!;
    expect(sgd.available).toEqual({ amount: nets[0], currency: 'sgd' });
    expect(sgd.pending).toEqual({ amount: nets[1]! + nets[2]! + nets[3]!, currency: 'sgd' });
    expect(body.balances!.map((b) => b.currency)).toEqual(['sgd', 'usd']);
  });

  it('ticks the checklist items the data proves', async () => {
    const items = Object.fromEntries((await overview(owner)).checklist.map((c) => [c.item, c.done]));
    expect(items).toMatchObject({ verify_business: true, create_payment_link: true, first_payment: true });
  });

  it('ticks the onboarding page from the same data, and tells a cashier which steps are theirs', async () => {
    const page = await cashier.ok(overviewEndpoints.onboarding, inBusiness());
    const byItem = Object.fromEntries(page.steps.map((s) => [s.item, s]));
    expect(byItem.create_payment_link).toEqual({ item: 'create_payment_link', done: true, can_act: true });
    expect(byItem.first_payment).toEqual({ item: 'first_payment', done: true, can_act: true });
    expect(byItem.add_bank_account!.can_act).toBe(false);
    expect(byItem.verify_business!.can_act).toBe(false);
    expect(page.done).toBe(page.steps.filter((s) => s.done).length);
  });
});

describe('hostile input and access', () => {
  it('refuses bad periods and ranges with 422 and field issues', async () => {
    for (const [query, path] of [
      ['?period=custom', 'from'],
      ['?period=custom&from=2026-11-05&to=2026-11-01', 'to'],
      ['?period=custom&from=2025-01-01&to=2026-11-01', 'to'],
      ['?period=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['?period=year', 'period'],
    ] as const) {
      const res = await owner.get(url(query));
      expect(res.statusCode, query).toBe(422);
      expect(
        res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path),
        `${query} ${res.body}`,
      ).toContain(`querystring.${path}`);
    }
  });

  it('needs a session and membership of the business', async () => {
    expect((await new Agent(t.app).call(overviewEndpoints.get, inBusiness())).status).toBe(401);
    const outsider = (await createBusiness(t)).people.owner.agent;
    expect([403, 404]).toContain((await outsider.call(overviewEndpoints.get, inBusiness())).status);
    expect((await new Agent(t.app).call(overviewEndpoints.onboarding, inBusiness())).status).toBe(401);
    expect((await outsider.call(overviewEndpoints.onboarding, inBusiness())).status).toBe(404);
  });

  it('shows the onboarding page to a business still at its questionnaire, and refuses a partner business', async () => {
    const fresh = await createBusiness(t, { onboarding: 'questionnaire' });
    const page = await fresh.people.owner.agent.ok(overviewEndpoints.onboarding, { params: { business_id: fresh.id } });
    expect(page.steps.find((s) => s.item === 'verify_business')!.done).toBe(false);
    expect(page.steps.find((s) => s.item === 'first_payment')!.done).toBe(false);
    const partner = await createBusiness(t, { kind: 'partner' });
    const res = await partner.people.owner.agent.call(overviewEndpoints.onboarding, { params: { business_id: partner.id } });
    expect(res.status).toBe(403);
  });
});
