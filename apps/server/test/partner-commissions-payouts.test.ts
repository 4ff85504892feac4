import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { partnerEndpoints, type Commission } from '@merchant/business';
import { endpointPath, formatMoneyWithCode } from '@merchant/core';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { commissionMinimumIn } from '../src/modules/business/partners/commission-payouts.service';
import { commissionOf } from '../src/modules/business/partners/partners.service';
import { card } from './factories/charges';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, lastMailTo, signInAgain, type FactoryBusiness } from './factories';

/**
 * Partner commissions past accrual (issue 30; docs/decisions.md, "Partners and referrals"): approved once after the
 * hold, paid to the partner's balance on its pay days once over the minimum, the ledger balanced; both databases.
 * The partner and its merchants are in Singapore (UTC+8): a day there starts at 16:00 UTC the day before.
 */
let t: TestContext;
let partner: FactoryBusiness<'owner'>;
let merchant: FactoryBusiness<'owner'>;

const SINGAPORE = 'Asia/Singapore';
const at = (b: { id: string }) => ({ params: { business_id: b.id } });

async function pay(business: { id: string }, when: string, amount: number): Promise<number> {
  t.clock.set(new Date(when));
  const started = await t.services.charges.start({
    businessId: business.id,
    source: { type: 'static_qr', id: null },
    amount,
    currency: 'sgd',
    customer: { name: 'C', email: null },
  });
  return (await t.services.charges.confirm(started.publicId, card())).payment.fee;
}

async function commissionsOf(who: FactoryBusiness<'owner'>): Promise<Commission[]> {
  const agent = await signInAgain(t, who.people.owner);
  return (await agent.ok(partnerEndpoints.commissions, at(who))).commissions;
}

const statusOf = async (month: string) => (await commissionsOf(partner)).find((c) => c.month === month && c.business_name === merchant.name);

/** Runs the approval at `when`, twice at once (two processes) and once more (a rerun): answers how many each approved. */
async function approveAt(when: string): Promise<number> {
  t.clock.set(new Date(when));
  const now = t.clock.now();
  const runs = await Promise.all([t.services.commissionPayouts.approveDue(now), t.services.commissionPayouts.approveDue(now)]);
  return runs[0] + runs[1] + (await t.services.commissionPayouts.approveDue(now));
}

/** The payment run at `when`, twice at once and once more: answers how many payments they made together. */
async function payAt(when: string): Promise<number> {
  t.clock.set(new Date(when));
  const now = t.clock.now();
  const runs = await Promise.all([t.services.commissionPayouts.payDue(now), t.services.commissionPayouts.payDue(now)]);
  return runs[0] + runs[1] + (await t.services.commissionPayouts.payDue(now));
}

/** Every ledger transaction of the business: its entries per currency and account, and whether each sums to zero. */
async function ledgerOf(businessId: string) {
  const rows = await t.database.db
    .select({
      tx: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      currency: ledgerEntries.currency,
      amount: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerTransactions,
      sql`${ledgerTransactions.businessId} = ${ledgerEntries.businessId} and ${ledgerTransactions.id} = ${ledgerEntries.transactionId}`,
    )
    .where(eq(ledgerEntries.businessId, businessId))
    .groupBy(ledgerEntries.transactionId, ledgerTransactions.kind, ledgerEntries.account, ledgerEntries.currency);
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(`${r.tx} ${r.currency}`, (sums.get(`${r.tx} ${r.currency}`) ?? 0) + Number(r.amount));
  return { entries: rows.map((r) => ({ ...r, amount: Number(r.amount) })), balanced: [...sums.values()].every((s) => s === 0) };
}

async function statement(who: FactoryBusiness<'owner'>, month: string): Promise<string[][]> {
  const agent = await signInAgain(t, who.people.owner);
  const answer = await agent.get(endpointPath(partnerEndpoints.statement, { ...at(who), query: { month } }));
  expect(answer.statusCode).toBe(200);
  return parseCsv(answer.body.replace(/^\uFEFF/, ''));
}

let january = 0;
let february = 0;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2028-01-03T02:00:00Z'));
  partner = await createBusiness(t, { kind: 'partner', timeZone: SINGAPORE });
  const code = (await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner))).code;
  merchant = await createBusiness(t, { referralCode: code, timeZone: SINGAPORE });
  // January: a small month, under the minimum on its own; February a large one; March and April small again.
  january = commissionOf(await pay(merchant, '2028-01-10T04:00:00Z', 100_00));
  february = commissionOf(await pay(merchant, '2028-02-10T04:00:00Z', 5_000_00));
  await pay(merchant, '2028-03-10T04:00:00Z', 100_00);
  await pay(merchant, '2028-04-10T04:00:00Z', 100_00);
  t.clock.set(new Date('2028-02-01T02:00:00Z'));
  await t.services.partners.accrueMonth('2028-01');
});
afterAll(() => t.close());

describe('approval', () => {
  it("waits for the hold after the merchant's month, then approves each commission once (two runs at once, a rerun)", async () => {
    expect(january).toBeGreaterThan(0);
    expect(await statusOf('2028-01')).toMatchObject({ status: 'accrued', approved_at: null, paid_at: null });
    // 14 Feb, 23:59 in Singapore: the hold (14 days after January ends there) is not over.
    expect(await approveAt('2028-02-14T15:59:00Z')).toBe(0);
    expect((await statusOf('2028-01'))!.status).toBe('accrued');
    // 15 Feb, 00:00 there: approved, by one of the runs only.
    expect(await approveAt('2028-02-14T16:00:00Z')).toBe(1);
    expect(await statusOf('2028-01')).toMatchObject({ status: 'approved', approved_at: '2028-02-14T16:00:00.000Z', paid_at: null });
    expect(await approveAt('2028-02-20T00:00:00Z')).toBe(0);
  });
});

describe('payment', () => {
  it('leaves approved commissions under the minimum waiting, and credits nothing', async () => {
    expect(january).toBeLessThan(commissionMinimumIn('sgd'));
    // 16 Feb in Singapore: a pay day, but January's commission alone is under the minimum.
    expect(await payAt('2028-02-16T01:00:00Z')).toBe(0);
    expect((await statusOf('2028-01'))!.status).toBe('approved');
    const agent = await signInAgain(t, partner.people.owner);
    const overview = await agent.ok(partnerEndpoints.overview, at(partner));
    expect(overview.balance).toEqual([]);
    expect(overview.earnings.paid).toEqual([]);
    expect(overview.earnings.pending).toEqual([{ currency: 'sgd', amount: january }]);
  });

  it('pays them once they reach it, on the next pay day, in one ledger transaction that balances, and mails the owner', async () => {
    t.clock.set(new Date('2028-03-01T02:00:00Z'));
    await t.services.partners.accrueMonth('2028-02');
    expect(await approveAt('2028-03-15T00:00:00Z')).toBe(1);
    const total = january + february;
    expect(total).toBeGreaterThanOrEqual(commissionMinimumIn('sgd'));
    // Approved on 15 Mar: not paid before the next pay day (16 Mar there), then paid once by the three runs.
    expect(await payAt('2028-03-15T12:00:00Z')).toBe(0);
    expect(await payAt('2028-03-16T01:00:00Z')).toBe(1);
    expect(await payAt('2028-03-17T01:00:00Z')).toBe(0);

    const rows = (await commissionsOf(partner)).filter((c) => c.business_name === merchant.name);
    expect(rows.map((c) => [c.month, c.status, c.paid_at])).toEqual([
      ['2028-02', 'paid', '2028-03-16T01:00:00.000Z'],
      ['2028-01', 'paid', '2028-03-16T01:00:00.000Z'],
    ]);
    const agent = await signInAgain(t, partner.people.owner);
    const overview = await agent.ok(partnerEndpoints.overview, at(partner));
    expect(overview.balance).toEqual([{ currency: 'sgd', amount: total }]);
    expect(overview.earnings).toMatchObject({ paid: [{ currency: 'sgd', amount: total }], pending: [] });

    // The partner's ledger: one commission transaction, the platform's cost against its available balance, balanced.
    const ledger = await ledgerOf(partner.id);
    expect(ledger.balanced).toBe(true);
    expect(ledger.entries.map(({ kind, account, currency, amount }) => ({ kind, account, currency, amount })).sort((a, b) => a.amount - b.amount)).toEqual([
      { kind: 'partner_commission', account: 'platform_commissions', currency: 'sgd', amount: -total },
      { kind: 'partner_commission', account: 'merchant_available', currency: 'sgd', amount: total },
    ]);
    expect((await lastMailTo(t, partner.people.owner.email)).subject).toBe(`Commissions of ${formatMoneyWithCode(total, 'sgd')} paid`);
  });
});

describe('the statement and who sees what', () => {
  it("has each commission's status on its month's statement", async () => {
    t.clock.set(new Date('2028-04-01T02:00:00Z'));
    await t.services.partners.accrueMonth('2028-03');
    expect(await approveAt('2028-04-15T00:00:00Z')).toBe(1);
    expect(await payAt('2028-04-16T01:00:00Z')).toBe(0);
    t.clock.set(new Date('2028-05-01T02:00:00Z'));
    await t.services.partners.accrueMonth('2028-04');
    const statusColumn = (rows: string[][]) => rows.slice(1, -1).map((r) => [r[0], r[6]]);
    expect(statusColumn(await statement(partner, '2028-02'))).toEqual([[merchant.name, 'paid']]);
    expect(statusColumn(await statement(partner, '2028-03'))).toEqual([[merchant.name, 'approved']]);
    expect(statusColumn(await statement(partner, '2028-04'))).toEqual([[merchant.name, 'accrued']]);
  });

  it("shows a partner only its own commissions, balance and statement, and credits none of them to another's", async () => {
    const other = await createBusiness(t, { kind: 'partner', timeZone: SINGAPORE });
    const code = (await other.people.owner.agent.ok(partnerEndpoints.referral, at(other))).code;
    const theirs = await createBusiness(t, { referralCode: code, timeZone: SINGAPORE });
    await pay(theirs, '2028-05-10T04:00:00Z', 5_000_00);
    t.clock.set(new Date('2028-06-01T02:00:00Z'));
    await t.services.partners.accrueMonth('2028-05');
    await approveAt('2028-06-15T00:00:00Z');
    expect(await payAt('2028-06-16T01:00:00Z')).toBe(1);

    const mine = await commissionsOf(partner);
    const others = await commissionsOf(other);
    expect(new Set(mine.map((c) => c.business_name))).toEqual(new Set([merchant.name]));
    expect(others.map((c) => [c.business_name, c.month, c.status])).toEqual([[theirs.name, '2028-05', 'paid']]);
    const agent = await signInAgain(t, partner.people.owner);
    const overview = await agent.ok(partnerEndpoints.overview, at(partner));
    expect(overview.balance).toEqual([{ currency: 'sgd', amount: january + february }]);
    expect((await statement(partner, '2028-05')).slice(1)).toEqual([]);
    // Another partner's owner reaches none of this partner's endpoints; its merchant none of the partner area.
    const outsider = await signInAgain(t, other.people.owner);
    expect((await outsider.call(partnerEndpoints.commissions, at(partner))).status).toBe(404);
    const merchantOwner = await signInAgain(t, theirs.people.owner);
    expect((await merchantOwner.call(partnerEndpoints.commissions, at(theirs))).status).toBe(403);
    expect((await ledgerOf(other.id)).balanced).toBe(true);
  });
});

describe('the minimum', () => {
  it("is the contracts' major amount in each currency's minor units", () => {
    expect(commissionMinimumIn('sgd')).toBe(25_00);
    expect(commissionMinimumIn('jpy')).toBe(25);
  });
});
