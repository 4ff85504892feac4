import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargesActor, ChargesService } from '../src/modules/payments/charges/charges.service';
import { actorOf, card, createTestLink } from './factories/charges';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness } from './factories';

/**
 * The rollups the Overview reads (payments_daily, ledger_balances: docs/payments.md, "## overview"
 * Performance) agree with the raw rows after pays, failures, refunds and settlement, on both databases.
 */
let t: TestContext;
let charges: ChargesService;
let owner: ChargesActor;
let businessId: string;
let ownerAgent: Agent;

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  const business = await createBusiness(t);
  businessId = business.id;
  ownerAgent = business.people.owner.agent;
  owner = await actorOf(t.database.db, businessId, business.people.owner.email, 'owner');
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The rollup's rows and the same figures grouped from the payments themselves, as comparable text. */
async function daily() {
  const rollup = await rows<Record<string, unknown>>(sql`
    select day::text as day, currency, coalesce(method, '-') as method, source_type, sum(captured)::int as captured, sum(gross)::text as gross,
           sum(fee)::text as fee, sum(net)::text as net, sum(failed)::int as failed
    from payments_daily where business_id = ${businessId} group by 1, 2, 3, 4 having sum(captured) <> 0 or sum(failed) <> 0 order by 1, 2, 3, 4`);
  const raw = await rows<Record<string, unknown>>(sql`
    select (created_at at time zone 'UTC')::date::text as day, currency, coalesce(method, '-') as method, source_type,
           (count(*) filter (where status <> 'failed'))::int as captured,
           coalesce(sum(amount) filter (where status <> 'failed'), 0)::text as gross,
           coalesce(sum(fee) filter (where status <> 'failed'), 0)::text as fee,
           coalesce(sum(net) filter (where status <> 'failed'), 0)::text as net,
           (count(*) filter (where status = 'failed'))::int as failed
    from payments where business_id = ${businessId} and status in ('succeeded', 'partially_refunded', 'refunded', 'failed')
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { rollup, raw };
}

async function balances() {
  const rollup = await rows<Record<string, unknown>>(
    sql`select account, currency, sum(amount)::text as amount from ledger_balances where business_id = ${businessId} group by 1, 2 order by 1, 2`,
  );
  const raw = await rows<Record<string, unknown>>(
    sql`select account, currency, sum(amount)::text as amount from ledger_entries where business_id = ${businessId} group by 1, 2 order by 1, 2`,
  );
  return { rollup, raw };
}

async function pay(at: string, amount: number, how: 'card' | 'declined' | 'paynow' | 'pending', options: { currency?: string; linkId?: string } = {}) {
  t.clock.set(new Date(at));
  const started = await charges.start({
    businessId,
    source: options.linkId ? { type: 'payment_link', id: options.linkId } : { type: 'static_qr', id: null },
    amount,
    currency: options.currency ?? 'sgd',
    customer: { name: 'Robin Rollup', email: null },
  });
  if (how === 'pending') return started;
  if (how === 'paynow') {
    await charges.confirm(started.publicId, { method: 'paynow' });
    return (await charges.simulateQrScan(started.publicId)).payment;
  }
  return (await charges.confirm(started.publicId, card(how === 'declined' ? '4000000000000002' : '4242424242424242'))).payment;
}

describe('payments_daily and ledger_balances', () => {
  it('agree with the payments and the ledger entries after pays, failures, refunds and settlement', async () => {
    const linkId = await createTestLink(ownerAgent, businessId, { amount: 12_00, singleUse: false });
    const a = await pay('2026-10-01T23:59:00Z', 50_00, 'card');
    await pay('2026-10-02T00:00:00Z', 12_00, 'card', { linkId });
    await pay('2026-10-02T08:00:00Z', 20_00, 'declined');
    await pay('2026-10-02T09:00:00Z', 33_00, 'paynow');
    const usd = await pay('2026-10-03T10:00:00Z', 80_00, 'card', { currency: 'usd' });
    await pay('2026-10-03T11:00:00Z', 9_00, 'pending');
    expect((await daily()).rollup).toEqual((await daily()).raw);

    t.clock.set(new Date('2026-10-05T10:00:00Z'));
    await charges.refund(owner, a.id, { amount: 10_00, reason: 'requested_by_customer' });
    await charges.refund(owner, usd.id, { amount: 80_00, reason: 'duplicate' });
    await charges.settleDue(new Date('2026-10-20T00:00:00Z'));

    const after = await daily();
    expect(after.rollup).toEqual(after.raw);
    expect(after.rollup.map((r) => [r.day, r.currency, r.captured, r.failed])).toEqual([
      ['2026-10-01', 'sgd', 1, 0],
      ['2026-10-02', 'sgd', 1, 0],
      ['2026-10-02', 'sgd', 0, 1],
      ['2026-10-02', 'sgd', 1, 0],
      ['2026-10-03', 'usd', 1, 0],
    ]);
    const ledger = await balances();
    expect(ledger.rollup).toEqual(ledger.raw);
    expect(ledger.rollup.length).toBeGreaterThan(0);
  });

  it('spread each key over slots written by different transactions, which the balances and the overview sum', async () => {
    // Each transaction writes its own slot (migration 0019): the payments above went to several.
    const slots = await rows<{ daily: number; balances: number }>(sql`
      select (select count(distinct slot) from payments_daily where business_id = ${businessId})::int as daily,
             (select count(distinct slot) from ledger_balances where business_id = ${businessId})::int as balances`);
    expect(slots[0]!.daily).toBeGreaterThan(1);
    expect(slots[0]!.balances).toBeGreaterThan(1);
    const { ledger } = t.services;
    const raw = await rows<{ account: string; currency: string; amount: string }>(
      sql`select account, currency, sum(amount)::text as amount from ledger_entries where business_id = ${businessId} group by 1, 2`,
    );
    const entriesOf = (account: string, currency: string) => Number(raw.find((r) => r.account === account && r.currency === currency)?.amount ?? 0);
    expect(await ledger.balances(t.database.db, businessId)).toEqual(
      ['sgd', 'usd'].map((currency) => ({
        currency,
        pending: entriesOf('merchant_pending', currency),
        available: entriesOf('merchant_available', currency),
        inTransit: entriesOf('merchant_in_transit', currency),
        paidOut: entriesOf('merchant_paid_out', currency),
      })),
    );
  });
});
