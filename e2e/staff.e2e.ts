import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, mailbox, newPage, screenshot, signIn, uniqueEmail, landed } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function openBusiness(page: Page): Promise<string> {
  await landed(page);
  await page.waitForURL(/\/business\/[0-9a-f-]+\/payments$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}

describe('staff in the browser', () => {
  it('an owner invites a cashier, who signs up from the mail, sees only what a cashier may, and is refused once removed', async () => {
    const email = uniqueEmail('cashier');
    const owner = await newPage(browser);
    await signIn(owner.page, 'owner@demo.test');
    const businessId = await openBusiness(owner.page);

    // Payments settings > Staff.
    const nav = owner.page.getByRole('navigation', { name: /menu/ });
    const staffLink = nav.getByRole('link', { name: 'Staff' });
    if (!(await staffLink.isVisible())) await nav.getByText('Settings', { exact: true }).click();
    await staffLink.click();
    await owner.page.waitForURL(/\/payments\/settings\/users$/);
    await owner.page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await owner.page.getByRole('table', { name: 'Staff members' }).waitFor();
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'staff-list');

    await owner.page.getByRole('link', { name: 'Invite staff' }).click();
    await owner.page.waitForURL(/\/payments\/settings\/users\/invite$/);
    await owner.page.getByRole('heading', { level: 1, name: 'Invite staff' }).waitFor();
    await expectAccessible(owner.page);
    await owner.page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await owner.page.getByRole('textbox', { name: /^Role/ }).click();
    await owner.page.getByRole('option', { name: 'Cashier' }).click();
    await owner.page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Send invitation' }).click();
    await owner.page.waitForURL(/\/payments\/settings\/users\?tab=invitations$/);
    await owner.page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
    await expectAccessible(owner.page);

    // The cashier opens the mailed link and signs up.
    const mail = (await mailbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe('You are invited to join Demo Coffee Roasters');
    const path = mail!.text.match(/\/register-complete\/[A-Za-z0-9_-]+/)![0];
    const cashier = await newPage(browser);
    await cashier.page.goto(path);
    await cashier.page.getByRole('textbox', { name: /^Your name/ }).fill('Cara Cashier');
    await cashier.page
      .getByLabel(/^Password/)
      .first()
      .fill('cara cashier passphrase');
    await cashier.page.getByRole('button', { name: /join|create|sign up|accept/i }).click();
    await cashier.page.waitForURL(new RegExp(`/business/${businessId}/payments$`));
    const cashierNav = cashier.page.getByRole('navigation', { name: /menu/ });
    await cashierNav.getByRole('link', { name: 'Transactions' }).waitFor();
    expect(await cashierNav.getByRole('link', { name: 'Developers' }).count()).toBe(0);
    expect(await cashierNav.getByRole('link', { name: 'Refer and earn' }).count()).toBe(0);
    expect(await cashierNav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    // The staff screens are not theirs: no list, no invite button.
    await cashier.page.goto(`/business/${businessId}/payments/settings/users`);
    await cashier.page.getByRole('heading', { name: "You don't have access" }).waitFor();
    expect(await cashier.page.getByRole('link', { name: 'Invite staff' }).count()).toBe(0);
    await cashier.page.goto(`/business/${businessId}/payments`);
    await cashierNav.getByRole('link', { name: 'Transactions' }).waitFor();

    // The owner opens the cashier's details and removes them.
    await owner.page.getByRole('tab', { name: 'Members' }).click();
    await owner.page.getByRole('link', { name: 'Cara Cashier' }).click();
    await owner.page.waitForURL(/\/payments\/settings\/users\/[0-9a-f-]+\/details$/);
    await owner.page.getByRole('heading', { level: 1, name: 'Cara Cashier' }).waitFor();
    // The role is said once: in the field the owner changes it with, not also as a fact above it.
    await owner.page.getByRole('textbox', { name: 'Role' }).waitFor();
    expect(await owner.page.getByRole('region', { name: 'Key facts' }).getByText('Role', { exact: true }).count()).toBe(0);
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'staff-details');
    await owner.page.getByRole('button', { name: 'Remove from business' }).click();
    await owner.page.getByRole('dialog', { name: 'Remove staff member' }).getByRole('button', { name: 'Remove' }).click();
    await owner.page.waitForURL(/\/payments\/settings\/users$/);
    await owner.page.getByRole('table', { name: 'Staff members' }).waitFor();
    expect(await owner.page.getByRole('link', { name: 'Cara Cashier' }).count()).toBe(0);

    // The server refuses the cashier at once; the open page learns it at its next read of the business
    // (a load, or a navigation once its 30-second cache is stale) and shows the 404 page.
    expect((await cashier.page.request.get(`/v1/business/${businessId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status()).toBe(404);
    await cashier.page.reload();
    await cashier.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // The business shell goes with it (the layout learns the business answered 404).
    await cashier.page.getByRole('navigation', { name: /menu/ }).waitFor({ state: 'detached' });

    await owner.context.close();
    await cashier.context.close();
  });

  it('an admin changes the business details from the sub-header bar; the country is fixed after verification', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, 'admin@demo.test');
    const businessId = await openBusiness(page);
    await page.goto(`/business/${businessId}/pos/settings/business-details`);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByRole('textbox', { name: /^Country/ }).isDisabled()).toBe(true);
    const name = page.getByRole('textbox', { name: /^Business name/ });
    const original = await name.inputValue();
    await name.fill(`${original} Plus`);
    await page.getByRole('textbox', { name: /^City/ }).fill('Singapore');
    const bar = page.getByRole('region', { name: 'Unsaved changes' });
    await bar.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    await page.getByText('Business details saved.').waitFor();
    await screenshot(page, 'business-details-375');
    // The layout shows the new name (the business query was refreshed).
    await page.getByText(`${original} Plus`, { exact: true }).first().waitFor({ state: 'attached' });
    // Put the name back for the other tests.
    await page.reload();
    await page.getByRole('textbox', { name: /^Business name/ }).fill(original);
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
