import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedMerchant } from './api';
import { expectAccessible, launch, screenshot, signedInPage } from './support';

/**
 * The Recurring billing group of the payments sidebar is hidden for businesses in the Philippines and Indonesia
 * (spec 2, "Sidebar menus"). Two new merchants, one in `ph` and one in `sg`, are registered, answer the
 * questionnaire, upload their documents and are approved by a super admin, then sign in: the same steps show
 * the group to the one in Singapore only, and the recurring plans' URL typed by hand is refused (the route
 * guard follows the sidebar's rule: the 404 page).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const menu = (page: Page) => page.getByRole('navigation', { name: 'Payments menu' });
/** The labels of the sidebar's entries (its groups' headings and links), as shown. */
const entries = async (page: Page) => (await menu(page).locator('.mantine-NavLink-label').allTextContents()).map((label) => label.trim());
/** Entries every verified business has, whatever its country. */
const EVERYWHERE = ['Overview', 'Transactions', 'Customers', 'Payment links', 'Invoicing'];

/** The owner of the one business signs in and lands in it, on the payments overview. */
async function signInToBusiness(email: string, businessId: string) {
  const session = await signedInPage(browser, email);
  await session.page.waitForURL(new RegExp(`/business/${businessId}/payments$`));
  await session.page.getByRole('heading', { level: 1, name: 'Overview', exact: true }).waitFor();
  await menu(session.page).getByRole('link', { name: 'Transactions' }).waitFor();
  return session;
}

describe('the payments sidebar by country', () => {
  it('a verified business in the Philippines has no Recurring billing entries, and their URLs are refused', async () => {
    const name = `Manila Fruit ${Date.now().toString(36)}`;
    const { email, businessId } = await verifiedMerchant('Maria Santos', name, { country: 'ph', currency: 'php' });
    const { page, close } = await signInToBusiness(email, businessId);

    const shown = await entries(page);
    expect(shown).toEqual(expect.arrayContaining(EVERYWHERE));
    expect(shown).not.toContain('Recurring billing');
    expect(
      await menu(page)
        .getByRole('link', { name: /^(Plans|Subscriptions)$/ })
        .count(),
    ).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'sidebar-ph');

    for (const path of ['recurring-plans', 'subscriptions']) {
      await page.goto(`/business/${businessId}/payments/${path}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: /^(Plans|Subscriptions)$/ }).count()).toBe(0);
    }
    await expectAccessible(page);
    await screenshot(page, 'recurring-plans-ph-refused');
    await close();
  });

  it('the same steps for a business in Singapore show Recurring billing with its plans and subscriptions', async () => {
    const name = `Orchard Fruit ${Date.now().toString(36)}`;
    const { email, businessId } = await verifiedMerchant('Mei Lim', name, { country: 'sg', currency: 'sgd' });
    const { page, close } = await signInToBusiness(email, businessId);

    const shown = await entries(page);
    expect(shown).toEqual(expect.arrayContaining([...EVERYWHERE, 'Recurring billing']));
    await menu(page).locator('.mantine-NavLink-label').filter({ hasText: 'Recurring billing' }).click();
    await menu(page).getByRole('link', { name: 'Subscriptions' }).waitFor();
    await menu(page).getByRole('link', { name: 'Plans' }).click();
    await page.waitForURL(new RegExp(`/business/${businessId}/payments/recurring-plans$`));
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sidebar-sg');
    await close();
  });
});
