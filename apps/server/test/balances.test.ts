import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { balanceEndpoints, type StatementEntry } from '@merchant/payments';
import { businesses, payments } from '@/db/schema';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import { createTestProvider } from '@/modules/payments/processor/test-provider';
import { actorOf, card } from './factories/charges';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';

/** The balance pages: sums of the ledger per balance and currency, the statement and its CSV; both databases. */
let t: TestContext;
let charges: ChargesService;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

/** A payment paid with a good card at the clock's time; `provider` names the acquirer that collected it. */
async function pay(at: string, amount: number, options: { currency?: string; provider?: string } = {}) {
  t.clock.set(new Date(at));
  const started = await charges.start({ businessId: business.id, source: { type: 'static_qr', id: null }, amount, currency: options.currency ?? 'sgd' });
  // A connected acquirer's payment names it as its provider from the start (the test processor answers for it).
  if (options.provider) await t.database.db.update(payments).set({ provider: options.provider }).where(eq(payments.publicId, started.publicId));
  const { payment } = await charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

const params = (balance: 'wallet' | 'card' | 'xendit' = 'wallet') => ({ business_id: business.id, balance });

async function allEntries(agent: Agent, query: Record<string, string | number> = {}): Promise<StatementEntry[]> {
  const rows: StatementEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await agent.ok(balanceEndpoints.statement, { params: params(), query: { limit: 2, ...query, ...(cursor ? { cursor } : {}) } });
    rows.push(...page.data);
    if (!page.next_cursor) return rows;
    cursor = page.next_cursor;
  }
}

const fees: number[] = [];
const nets: number[] = [];

beforeAll(async () => {
  // The test processor stands in for Stripe and Xendit: what matters here is the provider the payment names.
  const acquirers = ['stripe', 'xendit'].map((name) => ({ ...createTestProvider(), name }));
  t = await createTestContext({}, { paymentProviders: acquirers });
  ({ charges } = t.services);
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  // Three wallet payments on 1, 2 and 5 November; one in USD; one collected by Stripe, one by Xendit.
  for (const [at, amount] of [
    ['2026-11-01T10:00:00Z', 100_00],
    ['2026-11-02T10:00:00Z', 50_00],
    ['2026-11-05T10:00:00Z', 20_00],
  ] as const) {
    const payment = await pay(at, amount);
    fees.push(payment.fee);
    nets.push(payment.net);
  }
  await pay('2026-11-05T11:00:00Z', 10_00, { currency: 'usd' });
  await pay('2026-11-05T12:00:00Z', 40_00, { provider: 'stripe' });
  await pay('2026-11-05T13:00:00Z', 30_00, { provider: 'xendit' });
  // On 6 November the first two have settled (two days' delay); then 10.00 of the first is refunded.
  t.clock.set(new Date('2026-11-06T09:00:00Z'));
  await charges.settleDue();
  const [first] = await t.database.db.select().from(payments).where(eq(payments.businessId, business.id)).orderBy(payments.createdAt).limit(1);
  const actor = await actorOf(t.database.db, business.id, business.people.owner.email, 'owner');
  await charges.refund(actor, first!.id, { amount: 10_00, reason: 'requested_by_customer' });
  owner = await signInAgain(t, business.people.owner);
});
afterAll(() => t.close());

describe('the wallet balance', () => {
  it('sums pending, available and in transit per currency from the ledger, the business currency first', async () => {
    const view = await owner.ok(balanceEndpoints.get, { params: params() });
    expect(view.balance).toBe('wallet');
    expect(view.currencies.map((c) => c.currency)).toEqual(['sgd', 'usd']);
    const sgd = view.currencies[0]!;
    expect(sgd.available.amount).toBe(nets[0]! + nets[1]! - 10_00);
    expect(sgd.pending.amount).toBe(nets[2]);
    expect(sgd.in_transit.amount).toBe(0);
    expect(view.currencies[1]!.pending.amount).toBeGreaterThan(0);
  });

  it('lists the available account newest first with the balance after each entry, in cursor pages', async () => {
    const rows = await allEntries(owner);
    expect(rows.map((r) => r.kind)).toEqual(['refund', 'settlement', 'settlement']);
    expect(rows.map((r) => r.amount.amount)).toEqual([-10_00, nets[1], nets[0]]);
    expect(rows.map((r) => r.running_balance.amount)).toEqual([nets[0]! + nets[1]! - 10_00, nets[0]! + nets[1]!, nets[0]]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it('filters by kind and dates without changing the running balance; the pending account shows charges and fees', async () => {
    const refunds = await allEntries(owner, { kind: 'refund' });
    expect(refunds.map((r) => r.running_balance.amount)).toEqual([nets[0]! + nets[1]! - 10_00]);
    const pending = await allEntries(owner, { account: 'pending', from: '2026-11-05', to: '2026-11-05' });
    expect(pending.map((r) => r.kind)).toEqual(['fee', 'charge']);
    expect(pending.map((r) => r.amount.amount)).toEqual([-fees[2]!, 20_00]);
    // Pending still held the first two payments then: they settled on 6 November.
    expect(pending[0]!.running_balance.amount).toBe(nets[0]! + nets[1]! + nets[2]!);
    const inOtherZone = await allEntries(owner, { account: 'pending', from: '2026-11-01', to: '2026-11-01', tz: 'Pacific/Kiritimati' });
    expect(inOtherZone.map((r) => r.kind)).toEqual([]);
    const usd = await allEntries(owner, { account: 'pending', currency: 'USD' });
    expect(usd.map((r) => r.kind)).toEqual(['fee', 'charge']);
  });

  it('exports exactly the filtered statement as CSV', async () => {
    // The answer is CSV, not JSON: read raw.
    const res = await owner.get(endpointPath(balanceEndpoints.export, { params: params(), query: { account: 'available' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement-wallet-sgd-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Description,Source ID,Currency,Money in,Money out,Balance after,Entry ID');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',Refund,');
    expect(lines[1]).toContain(',SGD,,10.00,');
    expect(lines[2]).toContain(`,SGD,${(nets[1]! / 100).toFixed(2)},,`);
    const filtered = await owner.get(endpointPath(balanceEndpoints.export, { params: params(), query: { kind: 'settlement' } }));
    expect(filtered.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('refuses bad filters with issues on the query', async () => {
    const bad = await owner.call(balanceEndpoints.statement, { params: params(), query: { kind: 'gift' as 'fee', currency: 'zzz', tz: 'Mars/Base' } });
    expect(bad.status).toBe(422);
    const paths = bad.ok ? [] : (bad.body.issues ?? []).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['querystring.kind', 'querystring.currency', 'querystring.tz']));
    const reversed = await owner.call(balanceEndpoints.statement, { params: params(), query: { from: '2026-11-05', to: '2026-11-01' } });
    expect(reversed.ok ? [] : reversed.body.issues?.map((i) => i.path)).toEqual(['querystring.to']);
    const forged = await owner.ok(balanceEndpoints.statement, { params: params(), query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(forged.data).toHaveLength(3);
  });
});

describe('the card balances', () => {
  it('are missing until the business has a card provider, then hold only what that provider collected', async () => {
    expect((await owner.call(balanceEndpoints.get, { params: params('card') })).status).toBe(404);
    expect((await owner.call(balanceEndpoints.statement, { params: params('xendit') })).status).toBe(404);
    expect((await owner.call(balanceEndpoints.export, { params: params('xendit') })).status).toBe(404);
    await t.database.db
      .update(businesses)
      .set({ stripeEnabled: true, activeProviders: ['stripe', 'xendit'] })
      .where(eq(businesses.id, business.id));
    const cardView = await owner.ok(balanceEndpoints.get, { params: params('card') });
    expect(cardView.currencies.map((c) => [c.currency, c.pending.amount > 0 ? 'some' : 'none'])).toEqual([['sgd', 'some']]);
    const xendit = await owner.ok(balanceEndpoints.statement, { params: params('xendit'), query: { account: 'pending' } });
    expect(xendit.data.map((r) => r.kind)).toEqual(['fee', 'charge']);
    expect(xendit.data[1]!.amount.amount).toBe(30_00);
    const wallet = await owner.ok(balanceEndpoints.statement, { params: params(), query: { account: 'pending', from: '2026-11-05' } });
    expect(wallet.data.map((r) => r.amount.amount)).not.toContain(30_00);
  });
});

describe('who may see balances', () => {
  it('needs wallets:manage: a manager and a cashier are refused', async () => {
    for (const role of ['manager', 'cashier'] as const) {
      const agent = await signInAgain(t, business.people[role]);
      expect((await agent.call(balanceEndpoints.get, { params: params() })).status).toBe(403);
      expect((await agent.call(balanceEndpoints.statement, { params: params() })).status).toBe(403);
    }
  });

  it("answers 404 for another business's balance", async () => {
    const other = await createBusiness(t);
    const res = await owner.call(balanceEndpoints.get, { params: { business_id: other.id, balance: 'wallet' } });
    expect(res.status).toBe(404);
  });
});
