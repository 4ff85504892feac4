import { describe, expect, it } from 'vitest';
import { maskName } from '@merchant/business';
import { ApiSession, CheckoutCustomer, cardEndingIn, registerMerchant, registerPartner, verify } from './api';
import { demoTests } from './demo';
import { expectAccessible, newPage, screenshot, serverClock, signIn } from './support';

/**
 * Refer and Earn and the referral contest (issue 30): a merchant reads its referral link and code, copies the link,
 * and sees a business that signed up with it (its name masked) verified, paid and rewarded once the hourly job runs;
 * a partner reads the month's contest with its own rank and a masked leaderboard. At 375 and 1280 px, with axe.
 */

const demo = demoTests({ moveClock: true });
const HOUR_MS = 3_600_000;
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 1_000 });

/** A new merchant (registered with `referral_code` when given), answered with its signed-in API session. */
const newMerchant = (name: string, referralCode?: string) => registerMerchant('Rae Referral', name, 'referral', referralCode);
const verifyMerchant = (merchant: { api: ApiSession; businessId: string }, name: string) => verify(merchant.api, merchant.businessId, 'Rae Referral', name);

describe('Refer and Earn', () => {
  it('shows the code and link, copies the link, and lists a referred business that earns the reward', async () => {
    const stamp = Date.now().toString(36);
    const referrer = await newMerchant(`Bloom Florist ${stamp}`);
    await verifyMerchant(referrer, `Bloom Florist ${stamp}`);
    const { code, link_path } = await referrer.api.call<{ code: string; link_path: string }>('GET', `/v1/business/${referrer.businessId}/referral-program`);

    // A business signs up with the code, is verified and takes its first payment.
    const referredName = `Petal Studio ${stamp}`;
    const referred = await newMerchant(referredName, code);
    await verifyMerchant(referred, referredName);
    const link = await referred.api.call<{ public_id: string }>('POST', `/v1/business/${referred.businessId}/payment-links`, {
      purpose: 'Bouquet',
      amount: 60_00,
      reference: `RR-${stamp}`,
      single_use: false,
    });
    const paid = await new CheckoutCustomer().pay('link', link.public_id, { method: 'card', number: cardEndingIn('4242') }, { email: 'buyer@example.test' });
    expect(paid.status).toBe('succeeded');

    // On a phone: the link, the code, the copy button, and the referred business, masked, first payment taken.
    const phone = await newPage(demo.browser, { width: 375, height: 800 });
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(phone.page, referrer.email);
    await phone.page.waitForURL((url) => url.pathname.startsWith(`/business/${referrer.businessId}`));
    await phone.page.goto(`/business/${referrer.businessId}/payments/referral-program`);
    await phone.page.getByRole('heading', { level: 1, name: 'Refer and earn' }).waitFor();
    const linkField = phone.page.getByRole('textbox', { name: 'Referral link' });
    expect(await linkField.inputValue()).toMatch(new RegExp(`${link_path.replace('?', '\\?')}$`));
    await phone.page.getByText(code, { exact: true }).waitFor();
    await phone.page.getByRole('button', { name: 'Copy link' }).click();
    await phone.page.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await phone.page.evaluate(() => navigator.clipboard.readText())).toBe(await linkField.inputValue());
    await phone.page.getByRole('link', { name: 'Share by email' }).waitFor();
    await phone.page.getByText(maskName(referredName)).waitFor();
    await phone.page.getByText('First payment taken').waitFor();
    await phone.page.getByText('Reward pending').waitFor();
    expect(await phone.page.getByText(referredName).count()).toBe(0);
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'referral-program-375');
    await phone.context.close();

    // An hour passes: the reward job credits the referrer, once.
    await serverClock('/advance', { ms: HOUR_MS + 60_000 });
    await eventually(async () => {
      const program = await referrer.api.call<{ earned: { amount: number } }>('GET', `/v1/business/${referrer.businessId}/referral-program`);
      return program.earned.amount;
    }).toBe(50_00);

    const desk = await newPage(demo.browser, { width: 1280, height: 900 });
    await signIn(desk.page, referrer.email);
    await desk.page.waitForURL((url) => url.pathname.startsWith(`/business/${referrer.businessId}`));
    await desk.page.goto(`/business/${referrer.businessId}/payments/referral-program`);
    const row = desk.page.getByRole('row', { name: new RegExp(maskName(referredName).split(' ')[0]!) });
    await row.getByText('Reward credited').waitFor();
    await row.getByText('SGD 50.00 credited').waitFor();
    await desk.page.getByText('SGD 50.00', { exact: true }).first().waitFor();
    await expectAccessible(desk.page);
    await screenshot(desk.page, 'referral-program-1280');
    await desk.context.close();
  });
});

describe('the referral contest', () => {
  it("shows the partner's rank and count in the month's contest, its prizes, and a leaderboard with other names masked", async () => {
    const stamp = Date.now().toString(36);
    const partnerName = `Contest Agency ${stamp}`;
    const { api: partnerApi, email: partnerEmail, businessId: partnerId } = await registerPartner('Cora Contest', partnerName, 'contest');
    const { code } = await partnerApi.call<{ code: string }>('GET', `/v1/business/${partnerId}/partner/referral`);
    const merchantName = `Contest Shop ${stamp}`;
    const merchant = await newMerchant(merchantName, code);
    await verifyMerchant(merchant, merchantName);
    // A rival partner with a verified referral of its own: on the board by its initials only.
    const rivalName = `Rival Partners ${stamp}`;
    const rival = await registerPartner('Rory Rival', rivalName, 'rival');
    const rivalCode = (await rival.api.call<{ code: string }>('GET', `/v1/business/${rival.businessId}/partner/referral`)).code;
    const rivalShop = await newMerchant(`Rival Shop ${stamp}`, rivalCode);
    await verifyMerchant(rivalShop, `Rival Shop ${stamp}`);

    for (const width of [1280, 375]) {
      const session = await newPage(demo.browser, { width, height: 900 });
      await signIn(session.page, partnerEmail);
      await session.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
      await session.page.goto(`/business/${partnerId}/partner/referral-contest`);
      await session.page.getByRole('heading', { level: 1, name: 'Referral contest' }).waitFor();
      // The demo's running contest (most verified referrals this month and the next two).
      const card = session.page.getByRole('region', { name: 'Referral race of the season' });
      await card.getByText(/of \d+ partners/).waitFor();
      await card.getByText(`${partnerName} (you)`).first().waitFor();
      await card.getByText(maskName(rivalName)).first().waitFor();
      await card.getByText('Rank 1: A weekend in Bali for two', { exact: false }).waitFor();
      expect(await session.page.getByText(rivalName).count()).toBe(0);
      const { contests } = await partnerApi.call<{
        contests: { name: string; you: { rank: number; score: number }; leaderboard: { name: string; you: boolean }[] }[];
      }>('GET', `/v1/business/${partnerId}/partner/referral-contest`);
      const contest = contests.find((c) => c.name === 'Referral race of the season')!;
      expect(contest.you.score).toBe(1);
      expect(contest.leaderboard.filter((r) => !r.you).every((r) => r.name.includes('•'))).toBe(true);
      await card.getByText(`${contest.you.rank} of`, { exact: false }).first().waitFor();
      await expectAccessible(session.page);
      await screenshot(session.page, `referral-contest-${width}`);
      await session.context.close();
    }
  });
});
