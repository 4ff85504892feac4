import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerEndpoints, referralEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { payoutEndpoints } from '@merchant/payments';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/db/seed';
import { seedDemoPartners } from '../src/db/seed-partners';
import { createTestContext, signedIn, type TestContext } from './harness';

/** The demo partner `npm start` seeds (issue 30): three merchants brought in, and a year of commissions from the ledger. */
let t: TestContext;
let seeded: { payments: number; months: number };

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2027-03-15T04:00:00Z'));
  const demo = await seedDemoData(t.database.db, t.clock, { config: t.config });
  seeded = await seedDemoPartners(t.database.db, demo, t.clock.now(), t.config);
});
afterAll(() => t.close());

describe('the demo partner', () => {
  it('has three linked merchants by state and twelve counted months of commissions on its florist’s weekly payments', async () => {
    const agent = await signedIn(t.app, DEMO_USERS.partner, DEMO_PASSWORD);
    const partnerId = (await agent.ok(userEndpoints.me)).businesses.owned[0]!.id;
    const params = { business_id: partnerId };
    const { businesses } = await agent.ok(partnerEndpoints.linkedBusinesses, { params });
    expect(businesses.map((b) => [b.name, b.onboarding_status, b.status]).sort()).toEqual([
      ['Demo Coffee Roasters', 'completed', 'active'],
      ['Harbour Florist', 'completed', 'active'],
      ['Kampong Crafts', 'questionnaire', 'active'],
    ]);
    expect(businesses.find((b) => b.name === 'Harbour Florist')!.volume).toEqual([expect.objectContaining({ currency: 'sgd', count: seeded.payments })]);

    const overview = await agent.ok(partnerEndpoints.overview, { params });
    expect(overview.months.map((m) => m.month)[11]).toBe('2027-02');
    // Every month of the florist's year earned (it took a payment each week); the coffee roaster had no history here.
    expect(overview.months.every((m) => m.totals.length === 1 && m.totals[0]!.amount > 0)).toBe(true);
    const { commissions } = await agent.ok(partnerEndpoints.commissions, { params });
    expect(new Set(commissions.map((c) => c.month)).size).toBe(seeded.months);
    const sumOf = (rows: typeof commissions) => rows.reduce((n, c) => n + c.amount, 0);
    const paid = commissions.filter((c) => c.status === 'paid');
    const waiting = commissions.filter((c) => c.status !== 'paid');
    // The older months paid (credited to the partner's balance), the last ones approved or still accrued (February,
    // its hold not over on the 15th of March): the screens show all three statuses.
    expect(new Set(commissions.map((c) => c.status))).toEqual(new Set(['accrued', 'approved', 'paid']));
    expect(commissions.filter((c) => c.status === 'accrued').map((c) => c.month)).toEqual(['2027-02']);
    expect(Math.max(...paid.map((c) => Number(c.month.replace('-', ''))))).toBeLessThan(Math.min(...waiting.map((c) => Number(c.month.replace('-', '')))));
    expect(paid.every((c) => c.paid_at && c.approved_at && c.approved_at < c.paid_at)).toBe(true);
    expect(overview.earnings.pending).toEqual([{ currency: 'sgd', amount: sumOf(waiting) }]);
    expect(overview.earnings.paid).toEqual([{ currency: 'sgd', amount: sumOf(paid) }]);
    // Its bank account, added sixty days ago, has had the credited balance of each later pay day paid out to it.
    expect(overview.bank_account_currencies).toEqual(['sgd']);
    const { data: payouts } = await agent.ok(payoutEndpoints.list, { params });
    expect(payouts.length).toBeGreaterThan(0);
    expect(payouts.every((p) => p.status === 'paid' && p.trigger === 'scheduled')).toBe(true);
    const paidOut = payouts.reduce((n, p) => n + p.amount.amount, 0);
    expect(paidOut).toBeGreaterThan(0);
    expect(overview.balance).toEqual(sumOf(paid) - paidOut > 0 ? [{ currency: 'sgd', amount: sumOf(paid) - paidOut }] : []);
    expect(overview.merchants.ended).toBe(0);
    expect(overview.merchants.by_state.reduce((n, s) => n + s.count, 0)).toBe(3);
  });

  it('has a frozen past contest, a running one, and a pending invitation of the business at verification', async () => {
    const agent = await signedIn(t.app, DEMO_USERS.partner, DEMO_PASSWORD);
    const params = { business_id: (await agent.ok(userEndpoints.me)).businesses.owned[0]!.id };
    const { contests } = await agent.ok(referralEndpoints.contest, { params });
    expect(contests.map((c) => [c.name, c.rule, c.state, c.frozen])).toEqual([
      ['Referral race of the season', 'most_verified', 'current', false],
      ['Volume cup of the year', 'most_volume', 'ended', true],
    ]);
    // The year's volume: the florist's weekly payments (and the coffee roaster's) while linked, in US cents.
    expect(contests[1]!.you.rank).toBe(1);
    expect(contests[1]!.you.score).toBeGreaterThan(0);
    expect(contests[1]!.prizes.map((p) => p.rank)).toEqual([1, 2, 3]);
    // No verified referral since the month began: the crafts shop is still at its questionnaire.
    expect(contests[0]!.you).toEqual({ rank: null, score: 0 });
    const { invitations } = await agent.ok(partnerEndpoints.invitations, { params });
    expect(invitations).toEqual([expect.objectContaining({ email: DEMO_USERS.pending, status: 'pending' })]);
    const merchant = await signedIn(t.app, DEMO_USERS.pending, DEMO_PASSWORD);
    const pendingId = (await merchant.ok(userEndpoints.me)).businesses.owned[0]!.id;
    const seen = await merchant.ok(partnerEndpoints.businessPartners, { params: { business_id: pendingId } });
    expect(seen.invitations).toEqual([expect.objectContaining({ partner_name: expect.any(String), email: DEMO_USERS.pending })]);
  });
});
