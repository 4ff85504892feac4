import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiSession, submittedMerchant, verifiedMerchant } from './api';
import { demoTests } from './demo';
import { DEMO_PASSWORD, expectAccessible, landed, mailbox, newPage, signedInPage, uniqueEmail } from './support';

/**
 * Joining a business lands where signing in does (issue 25): an account made from an invitation and an accepted
 * invitation land in the business joined, on the first screen the role can use; declining the last invitation lands
 * a person with one business in it, not on the chooser. A business warning's action is offered only to the roles that
 * may take it: the owner follows "Update the questionnaire", a cashier reads who to ask. Axe on each screen.
 */
const demo = demoTests();
const SG = { country: 'sg', currency: 'sgd' };

/** The path of the newest invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = (await mailbox()).find((m) => m.to === email && /invited/i.test(m.subject));
  const path = /\/register-complete\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!path) throw new Error(`No invitation was mailed to ${email}`);
  return path;
}

const overviewOf = async (page: Page, businessId: string) => {
  await page.waitForURL((url) => url.pathname === `/business/${businessId}/payments`);
  await page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
};

describe('where joining a business lands', () => {
  it('an account made from an invitation lands in the business; declining another lands back in it; accepting one lands in the business joined', async () => {
    // The demo owner invites a new person as a cashier, who makes their account from the mailed link.
    const email = uniqueEmail('joiner');
    await demo.api.call('POST', `/v1/business/${demo.businessId}/invitations`, { email, role: 'cashier' });
    const { context, page } = await newPage(demo.browser);
    await page.goto(await invitationLink(email));
    await page.getByRole('textbox', { name: /^Your name/ }).fill('Jo Joiner');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await overviewOf(page, demo.businessId);
    await expectAccessible(page);

    // Another business invites them: its invitation comes first; declining it lands back in their one business.
    const tea = await verifiedMerchant('Tess Tea', 'Invite Tea House', SG);
    const teaOwner = new ApiSession();
    await teaOwner.signIn(tea.email);
    await teaOwner.call('POST', `/v1/business/${tea.businessId}/invitations`, { email, role: 'manager' });
    await page.goto(`/business/${demo.businessId}/payments`);
    await page.waitForURL(/\/pending-invitations$/);
    await page.getByRole('heading', { name: 'Invite Tea House' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await page.getByRole('button', { name: 'Decline invitation' }).click();
    await overviewOf(page, demo.businessId);

    // Invited again, they accept, and land in the business they joined.
    await teaOwner.call('POST', `/v1/business/${tea.businessId}/invitations`, { email, role: 'manager' });
    await page.goto(`/business/${demo.businessId}/payments`);
    await page.waitForURL(/\/pending-invitations$/);
    await page.getByRole('button', { name: 'Accept' }).click();
    await overviewOf(page, tea.businessId);
    await expectAccessible(page);
    await context.close();

    // With two businesses now, signing in chooses.
    const again = await signedInPage(demo.browser, email);
    expect(await landed(again.page)).toBeNull();
    await again.close();
  });
});

describe("a warning's action follows the role", () => {
  it('the owner is offered "Update the questionnaire"; a cashier reads the warning and who to ask, with no link', async () => {
    const { email, businessId, owner } = await submittedMerchant('Wren Owner', 'Wren Bakery', SG);
    const cashierEmail = uniqueEmail('wren-cashier');
    await owner.call('POST', `/v1/business/${businessId}/invitations`, { email: cashierEmail, role: 'cashier' });
    await new ApiSession().call('POST', await invitationLink(cashierEmail), { name: 'Cal Cashier', password: DEMO_PASSWORD });
    const admin = new ApiSession();
    await admin.signIn('super@demo.test');
    const message = 'The registration document is cut off; please upload all pages.';
    await admin.call('POST', `/v1/admin/businesses/${businessId}/request-changes`, { message });

    const asOwner = await signedInPage(demo.browser, email);
    await asOwner.page.waitForURL(/\/onboarding\/questionnaire$/);
    await asOwner.page.getByText(message).waitFor();
    await asOwner.page.getByRole('link', { name: 'Update the questionnaire' }).waitFor();
    expect(await asOwner.page.getByText(/^Ask an owner/).count()).toBe(0);
    await expectAccessible(asOwner.page);
    await asOwner.close();

    const asCashier = await signedInPage(demo.browser, cashierEmail);
    await asCashier.page.waitForURL(/\/onboarding\/questionnaire$/);
    await asCashier.page.getByText(message).waitFor();
    await asCashier.page.getByText('Ask an owner to update the questionnaire.').waitFor();
    expect(await asCashier.page.getByRole('link', { name: 'Update the questionnaire' }).count()).toBe(0);
    // The questionnaire itself is the owner's: the cashier is told so, not shown a failure.
    await asCashier.page.getByText('Only an owner of Wren Bakery can complete its verification.', { exact: false }).waitFor();
    expect(await asCashier.page.getByText(/Something went wrong/).count()).toBe(0);
    await expectAccessible(asCashier.page);
    await asCashier.close();
  });
});
