import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { maskName, partnerEndpoints, referralEndpoints, type ReferredBusiness } from '@merchant/business';
import { auditLogs, referralContestResults } from '../src/db/schema';
import { rewardIn, usdCentsOf } from '../src/modules/business/partners/referrals.service';
import { card } from './factories/charges';
import { createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, signInAgain, unique, type FactoryBusiness } from './factories';

/**
 * Refer and Earn and the partners' referral contest (issue 30; docs/decisions.md, "Refer and Earn and the referral
 * contest"): a merchant's code, the businesses that signed up with it, the reward credited once, and the contest's
 * counts, ranks and masked names; both databases.
 */
let t: TestContext;
let referrer: FactoryBusiness<'owner' | 'cashier'>;
let code: string;

const at = (b: { id: string }) => ({ params: { business_id: b.id } });

async function programOf(b: FactoryBusiness<'owner' | 'cashier'> = referrer) {
  const agent = await signInAgain(t, b.people.owner);
  return agent.ok(referralEndpoints.program, at(b));
}

async function referredNamed(name: string): Promise<ReferredBusiness> {
  const found = (await programOf()).referred.find((r) => r.name === maskName(name));
  if (!found) throw new Error(`no referral of ${name}`);
  return found;
}

async function verify(b: { id: string }) {
  await t.services.business.update(t.database.db, b.id, { onboardingStatus: 'completed', updatedAt: t.clock.now() });
}

async function pay(b: { id: string }, amount = 30_00) {
  const started = await t.services.charges.start({
    businessId: b.id,
    source: { type: 'static_qr', id: null },
    amount,
    currency: 'sgd',
    customer: { name: 'Casey Secret', email: 'casey@example.com' },
  });
  // A card valid past the contests' years (2031).
  await t.services.charges.confirm(started.publicId, card(undefined, { exp_year: 2039 }));
}

const availableOf = async (b: { id: string }) => (await t.services.ledger.balances(t.database.db, b.id)).find((x) => x.currency === 'sgd')?.available ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  referrer = await createBusiness(t, { name: unique('Harbour Cafe'), staff: ['cashier'] });
  code = (await referrer.people.owner.agent.ok(referralEndpoints.program, at(referrer))).code;
});
afterAll(() => t.close());

describe('the referral code', () => {
  it('is one code per business that stays, with its link and the reward in the business currency', async () => {
    const again = await programOf();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(again).toMatchObject({ code, link_path: `/register?ref=${code}`, reward: { amount: 50_00, currency: 'sgd' }, reward_days: 90, referred: [] });
    const other = await createBusiness(t);
    expect((await other.people.owner.agent.ok(referralEndpoints.program, at(other))).code).not.toBe(code);
  });

  it('is hidden from cashiers, other businesses and partner businesses', async () => {
    expect((await referrer.people.cashier.agent.call(referralEndpoints.program, at(referrer))).status).toBe(403);
    const stranger = await createBusiness(t);
    expect((await stranger.people.owner.agent.call(referralEndpoints.program, at(referrer))).status).toBe(404);
    const partner = await createBusiness(t, { kind: 'partner' });
    const res = await partner.people.owner.agent.call(referralEndpoints.program, at(partner));
    expect(res.status).toBe(403);
    expect(failure(res).code).toBe('BUSINESS_IS_PARTNER');
  });
});

describe('a business that signs up with the code', () => {
  let referred: FactoryBusiness<'owner'>;

  beforeAll(async () => {
    referred = await createBusiness(t, { name: unique('Kopi Corner'), referralCode: code.toLowerCase(), onboarding: 'pending_verification' });
  });

  it('is listed for the referrer with its name masked, as signed up, and is linked to no partner', async () => {
    const row = await referredNamed(referred.name);
    expect(row).toMatchObject({ status: 'signed_up', reward: 'pending', rewarded_at: null, reward_amount: null, reward_deadline: '2027-01-30' });
    expect(row.name).not.toContain('Kopi');
    expect(row.name.startsWith('K')).toBe(true);
    expect(JSON.stringify(await programOf())).not.toContain(referred.id);
    const { partners } = await referred.people.owner.agent.ok(partnerEndpoints.businessPartners, at(referred));
    expect(partners).toEqual([]);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, referrer.id), eq(auditLogs.action, 'referral.signed_up')));
    expect(audited).toHaveLength(1);
  });

  it('moves to verified, then to first payment; the reward waits for the job', async () => {
    await verify(referred);
    expect((await referredNamed(referred.name)).status).toBe('verified');
    await pay(referred);
    expect(await referredNamed(referred.name)).toMatchObject({ status: 'first_payment', reward: 'pending' });
  });

  it('earns the reward once: credited to the available balance by the job, a second run and two at once add nothing', async () => {
    const before = await availableOf(referrer);
    expect(await t.services.referrals.accrueRewards()).toBe(1);
    const runs = await Promise.all([t.services.referrals.accrueRewards(), t.services.referrals.accrueRewards()]);
    expect(runs).toEqual([0, 0]);
    expect(await availableOf(referrer)).toBe(before + rewardIn('sgd'));
    const row = await referredNamed(referred.name);
    expect(row).toMatchObject({ reward: 'credited', reward_amount: { amount: 50_00, currency: 'sgd' } });
    expect(row.rewarded_at).not.toBeNull();
    expect((await programOf()).earned).toEqual({ amount: 50_00, currency: 'sgd' });
    // The referrer's owner is mailed once, with the referred business's name masked.
    const mails = (await mailbox(t.app)).filter((m) => m.to === referrer.people.owner.email && m.subject.startsWith('You earned a referral reward'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You earned a referral reward of SGD 50.00');
    expect(mails[0]!.text).toContain(maskName(referred.name));
    expect(mails[0]!.text).not.toContain(referred.name);
    // The referred business's own balance holds its payment only.
    expect(await availableOf(referred)).toBe(0);
  });
});

describe('rewards that are not earned', () => {
  it('waits while the business is not verified, even after its first payment', async () => {
    const b = await createBusiness(t, { name: unique('Noodle Bar'), referralCode: code, onboarding: 'pending_verification' });
    await pay(b);
    expect(await t.services.referrals.accrueRewards()).toBe(0);
    expect(await referredNamed(b.name)).toMatchObject({ status: 'signed_up', reward: 'pending' });
    await verify(b);
    expect(await t.services.referrals.accrueRewards()).toBe(1);
  });

  it('is missed when the first payment comes after the 90 days', async () => {
    t.clock.set(new Date('2027-03-01T09:00:00Z'));
    const b = await createBusiness(t, { name: unique('Late Bakery'), referralCode: code });
    t.clock.set(new Date('2027-06-01T09:00:00Z'));
    await pay(b);
    expect(await t.services.referrals.accrueRewards()).toBe(0);
    expect(await referredNamed(b.name)).toMatchObject({ status: 'first_payment', reward: 'missed', reward_deadline: '2027-05-30' });
  });

  it("a partner's code still links to the partner and records no merchant referral", async () => {
    const partner = await createBusiness(t, { kind: 'partner' });
    const partnerCode = (await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner))).code;
    const linked = await createBusiness(t, { referralCode: partnerCode });
    expect((await linked.people.owner.agent.ok(partnerEndpoints.businessPartners, at(linked))).partners).toHaveLength(1);
    expect((await programOf()).referred.map((r) => r.name)).not.toContain(maskName(linked.name));
  });
});

describe('referral contests', () => {
  let top: FactoryBusiness<'owner'>;
  let second: FactoryBusiness<'owner'>;
  let viewer: FactoryBusiness<'owner'>;
  let pendingShop: FactoryBusiness<'owner'>;
  let verifiedId: string;
  let volumeId: string;
  const prizes = [
    { rank: 2, text: null, amount: { amount: 500_00, currency: 'sgd' } },
    { rank: 1, text: 'A weekend in Bali for two', amount: null },
  ];

  const codeOf = async (p: FactoryBusiness<'owner'>) => (await p.people.owner.agent.ok(partnerEndpoints.referral, at(p))).code;
  const contestsOf = async (p: FactoryBusiness<'owner'>) => (await (await signInAgain(t, p.people.owner)).ok(referralEndpoints.contest, at(p))).contests;
  const contestOf = async (p: FactoryBusiness<'owner'>, id: string) => (await contestsOf(p)).find((c) => c.id === id)!;

  beforeAll(async () => {
    t.clock.set(new Date('2031-04-20T09:00:00Z'));
    verifiedId = await t.services.referrals.createContest({
      name: 'May referral race',
      rule: 'most_verified',
      startsAt: new Date('2031-05-01T00:00:00Z'),
      endsAt: new Date('2031-06-01T00:00:00Z'),
      prizes,
    });
    volumeId = await t.services.referrals.createContest({
      name: 'May volume cup',
      rule: 'most_volume',
      startsAt: new Date('2031-05-01T00:00:00Z'),
      endsAt: new Date('2031-06-01T00:00:00Z'),
    });
    top = await createBusiness(t, { kind: 'partner', name: unique('Top Agency') });
    second = await createBusiness(t, { kind: 'partner', name: unique('Second Agency') });
    viewer = await createBusiness(t, { kind: 'partner', name: unique('Viewer Agency') });
    const [topCode, secondCode, viewerCode] = [await codeOf(top), await codeOf(second), await codeOf(viewer)];
    // Before the period: counts for nothing in it, though its payment in the period counts for volume.
    t.clock.set(new Date('2031-04-30T23:00:00Z'));
    const early = await createBusiness(t, { referralCode: viewerCode });
    t.clock.set(new Date('2031-05-12T09:00:00Z'));
    for (let i = 0; i < 3; i++) await createBusiness(t, { referralCode: topCode });
    const secondShop = await createBusiness(t, { referralCode: secondCode });
    // Not verified: not qualified (yet).
    pendingShop = await createBusiness(t, { referralCode: secondCode, onboarding: 'pending_verification' });
    await createBusiness(t, { referralCode: viewerCode });
    await pay(secondShop, 135_00);
    await pay(early, 270_00);
  });

  it('lists the current contests with their rule and prizes (by rank), an upcoming one without standings', async () => {
    const upcoming = await t.services.referrals.createContest({
      name: 'June sprint',
      rule: 'most_verified',
      startsAt: new Date('2031-06-01T00:00:00Z'),
      endsAt: new Date('2031-07-01T00:00:00Z'),
    });
    const contests = await contestsOf(viewer);
    const mine = contests.filter((c) => [verifiedId, volumeId, upcoming].includes(c.id));
    expect(mine.map((c) => [c.name, c.state, c.frozen])).toEqual([
      ['May referral race', 'current', false],
      ['May volume cup', 'current', false],
      ['June sprint', 'upcoming', false],
    ]);
    expect(mine[0]!.prizes).toEqual([prizes[1], prizes[0]]);
    expect(mine[0]!.rule_text).toContain('verified');
    expect(mine[2]!.leaderboard).toEqual([]);
  });

  it("ranks the period's verified referrals (ties share a rank) and masks every name but the viewer's", async () => {
    const contest = await contestOf(viewer, verifiedId);
    expect(contest.you).toEqual({ rank: 2, score: 1 });
    expect(contest.partners).toBeGreaterThanOrEqual(3);
    expect(contest.leaderboard).toEqual([
      { rank: 1, name: maskName(top.name), score: 3, you: false },
      expect.objectContaining({ rank: 2, score: 1 }),
      expect.objectContaining({ rank: 2, score: 1 }),
    ]);
    expect(contest.leaderboard.find((row) => row.you)!.name).toBe(viewer.name);
    const raw = JSON.stringify(await contestsOf(viewer));
    for (const other of [top, second]) {
      expect(raw).not.toContain(other.name);
      expect(raw).not.toContain(other.id);
    }
    expect(raw).toContain(maskName(second.name));
  });

  it("ranks by the linked merchants' captured volume in the period, in US cents at the reference rates", async () => {
    const contest = await contestOf(viewer, volumeId);
    expect(contest.leaderboard).toEqual([
      { rank: 1, name: viewer.name, score: usdCentsOf(270_00, 'sgd'), you: true },
      { rank: 2, name: maskName(second.name), score: usdCentsOf(135_00, 'sgd'), you: false },
    ]);
    expect(usdCentsOf(135_00, 'sgd')).toBe(100_00);
    expect(usdCentsOf(15_000, 'jpy')).toBe(100_00);
    expect(usdCentsOf(100_00, 'usd')).toBe(100_00);
  });

  it('freezes the results once when the period ends (two runs at once), and shows them rather than live counts', async () => {
    t.clock.set(new Date('2031-06-01T00:30:00Z'));
    const runs = await Promise.all([t.services.referrals.freezeEnded(), t.services.referrals.freezeEnded()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await t.services.referrals.freezeEnded()).toBe(0);
    const results = await t.database.db.select().from(referralContestResults).where(eq(referralContestResults.contestId, verifiedId));
    expect(results).toHaveLength(3);
    // Verified after the end, and a payment after it: the frozen results do not move.
    await verify(pendingShop);
    await pay(pendingShop, 999_00);
    const frozen = await contestOf(viewer, verifiedId);
    expect(frozen).toMatchObject({ state: 'ended', frozen: true, you: { rank: 2, score: 1 } });
    expect(frozen.leaderboard.map((r) => [r.rank, r.score])).toEqual([
      [1, 3],
      [2, 1],
      [2, 1],
    ]);
    expect(frozen.leaderboard.find((r) => !r.you && r.rank === 1)!.name).toBe(maskName(top.name));
    expect((await contestOf(viewer, volumeId)).leaderboard.map((r) => r.score)).toEqual([usdCentsOf(270_00, 'sgd'), usdCentsOf(135_00, 'sgd')]);
  });

  it('is for partner businesses only', async () => {
    const agent = await signInAgain(t, referrer.people.owner);
    const res = await agent.call(referralEndpoints.contest, at(referrer));
    expect(res.status).toBe(403);
    expect(failure(res).code).toBe('BUSINESS_NOT_PARTNER');
  });
});
