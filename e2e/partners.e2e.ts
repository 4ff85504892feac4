import { describe, expect, it } from 'vitest';
import { ApiSession, CheckoutCustomer, cardEndingIn, registerPartner } from './api';
import { demoTests } from './demo';
import { DEMO_PASSWORD, SAMPLE_PDF, SAMPLE_PNG, expectAccessible, mailbox, newPage, screenshot, serverClock, signIn, uniqueEmail } from './support';

/**
 * Partners and referrals (issue 30): a partner's referral link is used to register a business on the register
 * screen; the business is verified and takes a payment; the partner sees it in Linked businesses (state and totals
 * only); the merchant reads its payments onboarding page and its business partners, and ends the link. Then the
 * server's clock moves through the next month: the partner's commission is counted, approved and paid by the jobs, and
 * its Commissions screen shows each status (with the days) and its overview the balance it was paid into; the overview
 * asks for a bank account, the partner adds one on its Payouts screen, and the payout job pays the balance out to it.
 */

const demo = demoTests({ moveClock: true });
const eventually = <T>(read: () => T | Promise<T>, timeout = 45_000) => expect.poll(read, { timeout, interval: 1_000 });

describe('a partner brings a merchant', () => {
  it('registers through the referral link, shows the partner totals only, the merchant ends the link, and the commission is paid', async () => {
    const stamp = Date.now().toString(36);
    // A partner signs up and reads its referral link.
    const { api: partnerApi, email: partnerEmail, businessId: partnerId } = await registerPartner('Pat Partner', `Agency ${stamp}`, 'partner');
    const { code, link_path } = await partnerApi.call<{ code: string; link_path: string }>('GET', `/v1/business/${partnerId}/partner/referral`);

    // A merchant opens the link on a phone and registers: the code is filled in from the link.
    const merchantEmail = uniqueEmail('referred');
    const shopName = `Referred Fruit ${stamp}`;
    const phone = await newPage(demo.browser, { width: 375, height: 800 });
    await phone.page.goto(link_path);
    const codeField = phone.page.getByRole('textbox', { name: /^Referral code/ });
    expect(await codeField.inputValue()).toBe(code);
    await phone.page.getByRole('textbox', { name: /^Your name/ }).fill('Rae Referred');
    await phone.page.getByRole('textbox', { name: /^Email/ }).fill(merchantEmail);
    await phone.page
      .getByLabel(/^Password/)
      .first()
      .fill(DEMO_PASSWORD);
    await phone.page.getByRole('textbox', { name: /^Business name/ }).fill(shopName);
    await phone.page.getByRole('textbox', { name: /^Country/ }).fill('Singapore');
    await phone.page.getByRole('option', { name: /Singapore/ }).click();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'partners-register-375');
    await phone.page.getByRole('button', { name: 'Create account' }).click();
    await phone.page.waitForURL((url) => url.pathname !== '/register');
    await phone.context.close();

    // The merchant is verified and takes a payment (the questionnaire and review through the API, as people do).
    const merchant = new ApiSession();
    await merchant.signIn(merchantEmail);
    const user = await merchant.call<{ businesses: { owned: { id: string; name: string }[] } }>('GET', '/v1/user');
    const businessId = user.businesses.owned.find((b) => b.name === shopName)!.id;
    const onboarding = `/v1/business/${businessId}/onboarding`;
    await merchant.call('PUT', `${onboarding}/business`, {
      legal_name: `${shopName} Pte Ltd`,
      legal_type: 'company',
      registration_number: `RF${stamp}`,
      industry: 'retail',
    });
    await merchant.call('PUT', `${onboarding}/owner`, {
      full_name: 'Rae Referred',
      date_of_birth: '1988-05-20',
      nationality: 'sg',
      id_type: 'passport',
      id_number: 'P1234567A',
    });
    await merchant.call('PUT', `${onboarding}/address`, { line1: '12 Market Street', city: 'Singapore', postal_code: '048580' });
    await merchant.call('PUT', `${onboarding}/sales`, {
      monthly_volume: '10k_50k',
      average_ticket: { amount: 25_00, currency: 'sgd' },
      description: 'Boxes of fresh fruit, delivered every week.',
    });
    await merchant.upload(`${onboarding}/documents?kind=business_registration`, { name: 'registration.pdf', type: 'application/pdf', bytes: SAMPLE_PDF });
    await merchant.upload(`${onboarding}/documents?kind=owner_id`, { name: 'passport.png', type: 'image/png', bytes: SAMPLE_PNG });
    await merchant.call('POST', `${onboarding}/submit`);
    const admin = new ApiSession();
    await admin.signIn('super@demo.test');
    await admin.call('POST', `/v1/admin/businesses/${businessId}/approve`);
    const link = await merchant.call<{ public_id: string }>('POST', `/v1/business/${businessId}/payment-links`, {
      purpose: 'Fruit box',
      amount: 42_00,
      reference: `RF-${stamp}`,
      single_use: false,
    });
    const paid = await new CheckoutCustomer().pay(
      'link',
      link.public_id,
      { method: 'card', number: cardEndingIn('4242') },
      { email: 'secret-customer@example.test' },
    );
    expect(paid.status).toBe('succeeded');

    // The partner sees the business verified with its volume, and nothing of the customer.
    const partnerPage = await newPage(demo.browser, { width: 1280, height: 800 });
    await signIn(partnerPage.page, partnerEmail);
    await partnerPage.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
    await partnerPage.page.getByRole('heading', { name: 'Your referral link' }).waitFor();
    // Its overview counts the merchant as linked and verified, and this month's commission so far from its fee.
    const merchants = partnerPage.page.getByRole('region', { name: 'Linked businesses' });
    await merchants.getByText('1 linked').waitFor();
    await merchants.getByText('Verified').waitFor();
    await partnerPage.page
      .getByRole('region', { name: 'Earnings' })
      .getByText(/so far$/)
      .locator('..')
      .getByText(/^SGD \d+\.\d\d$/)
      .waitFor();
    await expectAccessible(partnerPage.page);
    await screenshot(partnerPage.page, 'partner-overview-1280');
    await partnerPage.page.goto(`/business/${partnerId}/partner/linked-businesses`);
    const row = partnerPage.page.getByRole('row', { name: new RegExp(shopName) });
    await row.getByText('Verified').waitFor();
    await row.getByText(/SGD 42\.00 \(1\)/).waitFor();
    expect(await partnerPage.page.getByText('secret-customer@example.test').count()).toBe(0);
    await expectAccessible(partnerPage.page);
    await screenshot(partnerPage.page, 'partners-linked-1280');
    // The merchant's payments stay closed to the partner.
    await partnerPage.page.goto(`/business/${businessId}/payments/transactions`);
    await partnerPage.page.getByRole('heading', { name: /not found|Page not found/i }).waitFor();
    await partnerPage.context.close();

    // A large order: its fee earns the partner more than the minimum paid at once.
    const big = await merchant.call<{ public_id: string }>('POST', `/v1/business/${businessId}/payment-links`, {
      purpose: 'Fruit for a wedding',
      amount: 4_000_00,
      reference: `RF-${stamp}-W`,
      single_use: false,
    });
    expect(
      (await new CheckoutCustomer().pay('link', big.public_id, { method: 'card', number: cardEndingIn('4242') }, { email: 'bride@example.test' })).status,
    ).toBe('succeeded');

    // The merchant reads its payments onboarding page, then its partners, and ends the link.
    const merchantPage = await newPage(demo.browser, { width: 375, height: 800 });
    await signIn(merchantPage.page, merchantEmail);
    await merchantPage.page.waitForURL((url) => url.pathname.startsWith(`/business/${businessId}`));
    await merchantPage.page.goto(`/business/${businessId}/payments/onboarding`);
    await merchantPage.page.getByRole('heading', { level: 1, name: 'Get started with payments' }).waitFor();
    const steps = merchantPage.page.getByRole('list', { name: 'Set-up steps' });
    await steps.getByRole('listitem').filter({ hasText: 'Verify your business' }).getByText('Done').waitFor();
    await steps.getByRole('listitem').filter({ hasText: 'Take a first payment' }).getByText('Done').waitFor();
    await steps.getByRole('listitem').filter({ hasText: 'Add a bank account for payouts' }).getByText('To do').waitFor();
    await expectAccessible(merchantPage.page);
    await screenshot(merchantPage.page, 'payments-onboarding-375');

    await merchantPage.page.goto(`/business/${businessId}/payments/partners`);
    await merchantPage.page.getByRole('heading', { level: 1, name: 'Business partners' }).waitFor();
    await merchantPage.page.getByText(`Agency ${stamp}`).first().waitFor();
    await expectAccessible(merchantPage.page);
    await screenshot(merchantPage.page, 'business-partners-375');
    await merchantPage.page.getByRole('button', { name: `End link with Agency ${stamp}` }).click();
    const dialog = merchantPage.page.getByRole('dialog', { name: `End the link with Agency ${stamp}?` });
    await dialog.getByRole('button', { name: 'End link' }).click();
    await merchantPage.page.getByText(`The link with Agency ${stamp} has ended.`).waitFor();
    await merchantPage.page.getByText('Ended', { exact: true }).first().waitFor();
    await merchantPage.context.close();

    const mails = await mailbox();
    expect(mails.some((m) => m.to === partnerEmail && m.subject === `Your link with ${shopName} has ended`)).toBe(true);
    expect(mails.some((m) => m.to === merchantEmail && m.subject === `Your link with Agency ${stamp} has ended`)).toBe(true);

    // The month ends (counted), the hold passes (approved), a pay day comes (paid): each step by the server's jobs.
    // Days and months are Singapore's (UTC+8), the partner's and the merchant's.
    const sgDay = async () => new Date(Date.parse((await serverClock()).now) + 8 * 60 * 60_000);
    const advanceTo = async (target: Date) => {
      const now = Date.parse((await serverClock()).now);
      await serverClock('/advance', { ms: target.getTime() - 8 * 60 * 60_000 - now });
    };
    const statuses = async () => {
      const api = new ApiSession();
      await api.signIn(partnerEmail);
      const { commissions } = await api.call<{ commissions: { business_name: string; status: string }[] }>(
        'GET',
        `/v1/business/${partnerId}/partner/commissions`,
      );
      return commissions.filter((c) => c.business_name === shopName).map((c) => c.status);
    };
    const today = await sgDay();
    const next = (day: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, day, 9));
    await advanceTo(next(1));
    await eventually(statuses).toEqual(['accrued']);
    const accrued = await newPage(demo.browser, { width: 375, height: 800 });
    await signIn(accrued.page, partnerEmail);
    await accrued.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
    await accrued.page.goto(`/business/${partnerId}/partner/commissions`);
    const card = accrued.page.getByRole('list', { name: 'Commissions' }).getByRole('listitem').filter({ hasText: shopName });
    await card.getByText('Accrued', { exact: true }).waitFor();
    await expectAccessible(accrued.page);
    await screenshot(accrued.page, 'partner-commissions-accrued-375');
    await accrued.context.close();
    await advanceTo(next(15));
    await eventually(statuses).toEqual(['approved']);
    await advanceTo(next(16));
    await eventually(statuses).toEqual(['paid']);

    const desk = await newPage(demo.browser, { width: 1280, height: 900 });
    await signIn(desk.page, partnerEmail);
    await desk.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
    // The overview: what was paid is in the partner's balance.
    const earnings = desk.page.getByRole('region', { name: 'Earnings' });
    await earnings
      .getByText('Your balance', { exact: true })
      .locator('..')
      .getByText(/^SGD \d+\.\d\d$/)
      .waitFor();
    await desk.page.goto(`/business/${partnerId}/partner/commissions`);
    const commission = desk.page.getByRole('row', { name: new RegExp(shopName) });
    await commission.getByText('Paid', { exact: true }).waitFor();
    // Approved on the 15th, paid on the 16th (days as the partner's calendar writes them).
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const dayText = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    await commission.getByText(dayText(next(15)), { exact: true }).waitFor();
    await commission.getByText(dayText(next(16)), { exact: true }).waitFor();
    await expectAccessible(desk.page);
    await screenshot(desk.page, 'partner-commissions-1280');
    await desk.context.close();
    expect((await mailbox()).some((m) => m.to === partnerEmail && /^Commissions of SGD [\d,.]+ paid$/.test(m.subject))).toBe(true);

    // The balance has no bank to go to yet: the overview asks for an account and links to the partner's Payouts
    // screen, where the owner adds one (the payments settings' form, its password asked); the payout job then pays the
    // balance out to it. At 375 px.
    const bank = await newPage(demo.browser, { width: 375, height: 800 });
    await signIn(bank.page, partnerEmail);
    await bank.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
    await bank.page.getByRole('region', { name: 'What to do next' }).getByRole('link', { name: 'Add a bank account' }).click();
    await bank.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    await bank.page.getByText('No bank accounts yet').waitFor();
    await expectAccessible(bank.page);
    await bank.page.getByRole('button', { name: 'Add bank account' }).click();
    await bank.page.getByRole('menuitem', { name: 'Local account' }).click();
    await bank.page.getByRole('heading', { level: 1, name: 'Add a local bank account' }).waitFor();
    expect(bank.page.url()).toMatch(/\/partner\/payouts\/bank-accounts\/create\/false$/);
    await bank.page.getByRole('textbox', { name: 'Account holder name' }).fill(`Agency ${stamp} Pte. Ltd.`);
    await bank.page.getByRole('textbox', { name: 'Bank', exact: true }).fill('DBS Bank');
    await bank.page.getByRole('textbox', { name: 'Bank code' }).fill('7171');
    await bank.page.getByRole('textbox', { name: 'Branch code' }).fill('081');
    await bank.page.getByRole('textbox', { name: 'Account number' }).fill('0721234567');
    await expectAccessible(bank.page);
    await bank.page.getByRole('button', { name: 'Add bank account' }).click();
    const confirm = bank.page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByLabel('Password').fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: 'Add bank account' }).click();
    await bank.page.waitForURL(/\/partner\/payouts$/);
    await bank.page.getByRole('list', { name: 'Bank accounts' }).getByText('•••• 4567').waitFor();
    await expectAccessible(bank.page);
    await screenshot(bank.page, 'partner-bank-account-375');
    // The next hourly run pays the balance out to the new account.
    const payoutsOf = async () => {
      const api = new ApiSession();
      await api.signIn(partnerEmail);
      return (await api.call<{ data: { status: string }[] }>('GET', `/v1/business/${partnerId}/payouts`)).data.map((p) => p.status);
    };
    await serverClock('/advance', { ms: 60 * 60_000 });
    await eventually(payoutsOf).toEqual(['in_transit']);
    await bank.page.reload();
    await bank.page.getByRole('list', { name: 'Payouts' }).getByText('In transit', { exact: true }).waitFor();
    await expectAccessible(bank.page);
    await screenshot(bank.page, 'partner-payouts-375');
    await bank.context.close();
  });
});
