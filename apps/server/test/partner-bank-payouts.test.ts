import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { partnerEndpoints } from '@merchant/business';
import { balanceEndpoints, bankAccountEndpoints, payoutEndpoints } from '@merchant/payments';
import { ledgerEntries, ledgerTransactions } from '../src/db/schema';
import { commissionMinimumIn } from '../src/modules/business/partners/commission-payouts.service';
import { commissionOf } from '../src/modules/business/partners/partners.service';
import { card } from './factories/charges';
import { createTestContext, failure, type TestContext } from './harness';
import { addBankAccount, createBusiness, localSgAccount, signInAgain, type FactoryBusiness } from './factories';

/**
 * A partner's credited commissions reach its bank (issue 30; docs/decisions.md, "Partner payouts"): the partner adds a
 * bank account, every other payments endpoint still refuses it, and the payout job pays its balance out daily once it
 * reaches the commission minimum, posted in the ledger as any payout; both databases. Singapore time (UTC+8).
 */
let t: TestContext;
let partner: FactoryBusiness<'owner'>;
let merchant: FactoryBusiness<'owner'>;
let credited = 0;

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

/** The payout job at `when`, twice at once and once more (two processes and a rerun): answers how many payouts they made. */
async function payoutsAt(when: string): Promise<number> {
  t.clock.set(new Date(when));
  const now = t.clock.now();
  const runs = await Promise.all([t.services.payouts.scheduler.runDue(now), t.services.payouts.scheduler.runDue(now)]);
  return runs[0] + runs[1] + (await t.services.payouts.scheduler.runDue(now));
}

/** The business's ledger entries by transaction kind and account, and whether every transaction sums to zero per currency. */
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
  const entries = rows.map(({ kind, account, currency, amount }) => ({ kind, account, currency, amount: Number(amount) }));
  return {
    entries: entries.sort((a, b) => `${a.kind} ${a.account}`.localeCompare(`${b.kind} ${b.account}`)),
    balanced: [...sums.values()].every((s) => s === 0),
  };
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2028-01-03T02:00:00Z'));
  partner = await createBusiness(t, { kind: 'partner', timeZone: SINGAPORE });
  const code = (await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner))).code;
  merchant = await createBusiness(t, { referralCode: code, timeZone: SINGAPORE });
  credited = commissionOf(await pay(merchant, '2028-01-10T04:00:00Z', 5_000_00));
  t.clock.set(new Date('2028-02-01T02:00:00Z'));
  await t.services.partners.accrueMonth('2028-01');
  await t.services.commissionPayouts.approveDue(new Date('2028-02-15T00:00:00Z'));
  expect(await t.services.commissionPayouts.payDue(new Date('2028-02-16T01:00:00Z'))).toBe(1);
});
afterAll(() => t.close());

describe("a partner's bank account", () => {
  it('is asked for on the overview while the balance has none, and nothing is paid out without it', async () => {
    expect(credited).toBeGreaterThanOrEqual(commissionMinimumIn('sgd'));
    const owner = await signInAgain(t, partner.people.owner);
    const overview = await owner.ok(partnerEndpoints.overview, at(partner));
    expect(overview.balance).toEqual([{ currency: 'sgd', amount: credited }]);
    expect(overview.bank_account_currencies).toEqual([]);
    expect(await payoutsAt('2028-02-16T02:00:00Z')).toBe(0);
  });

  it("is added, listed and made the default by the partner's owner", async () => {
    const owner = await signInAgain(t, partner.people.owner);
    const account = await addBankAccount(t, partner, { ...partner.people.owner, agent: owner }, localSgAccount({ holder_name: 'Partner Holder' }));
    expect(account).toMatchObject({ currency: 'sgd', is_default: true, account_last4: '6789', holder_name: 'Partner Holder' });
    expect((await owner.ok(bankAccountEndpoints.list, at(partner))).map((a) => a.id)).toEqual([account.id]);
    const second = await addBankAccount(t, partner, { ...partner.people.owner, agent: owner }, localSgAccount({ account_number: '9876543210' }));
    expect(second.is_default).toBe(false);
    expect((await owner.ok(bankAccountEndpoints.setDefault, { params: { business_id: partner.id, bank_account_id: second.id } })).is_default).toBe(true);
    await owner.ok(bankAccountEndpoints.setDefault, { params: { business_id: partner.id, bank_account_id: account.id } });
    const removed = await owner.ok(bankAccountEndpoints.remove, {
      params: { business_id: partner.id, bank_account_id: second.id },
      body: { password: partner.people.owner.password },
    });
    expect(removed).toEqual({ removed: true });
    expect((await owner.ok(partnerEndpoints.overview, at(partner))).bank_account_currencies).toEqual(['sgd']);
  });

  it('leaves every other payments endpoint refused to the partner', async () => {
    const owner = await signInAgain(t, partner.people.owner);
    const refused = [
      await owner.call(payoutEndpoints.create, { ...at(partner), body: { currency: 'sgd' } }),
      await owner.call(payoutEndpoints.settings, at(partner)),
      await owner.call(balanceEndpoints.get, { params: { business_id: partner.id, balance: 'wallet' } }),
    ];
    for (const answer of refused) expect([answer.status, failure(answer).code]).toEqual([403, 'BUSINESS_IS_PARTNER']);
  });
});

describe("a partner's payout", () => {
  it('pays the credited balance out to the bank once a day (two processes, a rerun), posted and balanced in the ledger', async () => {
    expect(await payoutsAt('2028-02-16T03:00:00Z')).toBe(1);
    expect(await payoutsAt('2028-02-16T09:00:00Z')).toBe(0);
    const owner = await signInAgain(t, partner.people.owner);
    const list = (await owner.ok(payoutEndpoints.list, at(partner))).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'in_transit', trigger: 'scheduled', amount: { amount: credited, currency: 'sgd' } });
    expect((await owner.ok(partnerEndpoints.overview, at(partner))).balance).toEqual([]);

    // The test-mode bank answers once the payout has arrived: paid.
    t.clock.set(new Date('2028-02-20T03:00:00Z'));
    expect(await t.services.payouts.scheduler.settleArrived(t.clock.now())).toBe(1);
    const later = await signInAgain(t, partner.people.owner);
    const paid = await later.ok(payoutEndpoints.get, { params: { business_id: partner.id, payout_id: list[0]!.id } });
    expect(paid.payout.status).toBe('paid');

    const ledger = await ledgerOf(partner.id);
    expect(ledger.balanced).toBe(true);
    expect(ledger.entries).toEqual([
      { kind: 'partner_commission', account: 'merchant_available', currency: 'sgd', amount: credited },
      { kind: 'partner_commission', account: 'platform_commissions', currency: 'sgd', amount: -credited },
      { kind: 'payout', account: 'merchant_available', currency: 'sgd', amount: -credited },
      { kind: 'payout', account: 'merchant_in_transit', currency: 'sgd', amount: credited },
      { kind: 'payout', account: 'merchant_in_transit', currency: 'sgd', amount: -credited },
      { kind: 'payout', account: 'merchant_paid_out', currency: 'sgd', amount: credited },
    ]);
  });

  it('waits while the balance is under the commission minimum', async () => {
    const other = await createBusiness(t, { kind: 'partner', timeZone: SINGAPORE });
    await addBankAccount(t, other, other.people.owner);
    const small = commissionMinimumIn('sgd') - 1;
    // A credit under the minimum, posted as the commission payment posts one.
    await t.database.db.transaction((tx) =>
      t.services.ledger.post(tx, other.id, {
        kind: 'partner_commission',
        balance: 'wallet',
        description: 'Commissions paid',
        entries: [
          { account: 'merchant_available', currency: 'sgd', amount: small },
          { account: 'platform_commissions', currency: 'sgd', amount: -small },
        ],
      }),
    );
    expect(await payoutsAt('2028-02-21T03:00:00Z')).toBe(0);
    expect((await (await signInAgain(t, other.people.owner)).ok(payoutEndpoints.list, at(other))).data).toEqual([]);
  });

  it('is seen by no other business: another partner and a merchant answer 404', async () => {
    const other = await createBusiness(t, { kind: 'partner', timeZone: SINGAPORE });
    const owner = await signInAgain(t, partner.people.owner);
    const [mine] = (await owner.ok(payoutEndpoints.list, at(partner))).data;
    for (const outsider of [await signInAgain(t, other.people.owner), await signInAgain(t, merchant.people.owner)]) {
      expect((await outsider.call(payoutEndpoints.list, at(partner))).status).toBe(404);
      expect((await outsider.call(payoutEndpoints.get, { params: { business_id: partner.id, payout_id: mine!.id } })).status).toBe(404);
      expect((await outsider.call(bankAccountEndpoints.list, at(partner))).status).toBe(404);
    }
    // Its own lists hold nothing of the partner's.
    const theirs = await signInAgain(t, other.people.owner);
    expect((await theirs.ok(payoutEndpoints.list, at(other))).data).toEqual([]);
    expect(await theirs.ok(bankAccountEndpoints.list, at(other))).toEqual([]);
  });
});
