import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, uniqueEmail } from './support';
import { demoTests } from './demo';

/** Spec 2's sub-header bar in the browser: Cancel returns to where the person came from in the section. */

const demo = demoTests();

/** Opens a link of the section's menu, unfolding its Settings group when it is folded. */
async function openFromMenu(page: Page, name: string, group: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: /menu/ });
  const link = nav.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await nav.getByText(group, { exact: true }).click();
  await link.click();
}

const bar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

describe('the sub-header bar in the browser', () => {
  it('Cancel returns to the page the person came from, in payments settings and in online-store settings', async () => {
    const { page, close } = await demo.page();
    const base = `/business/${demo.businessId}`;

    // Payments: audit logs -> business details -> Cancel -> audit logs.
    await page.goto(`${base}/payments/settings/audit-logs`);
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    await openFromMenu(page, 'Business details', 'Settings');
    await page.waitForURL(/\/payments\/settings\/business-details$/);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    // An untouched form shows Cancel and a disabled Save, and says nothing about saving.
    expect(await page.locator('[data-sub-header-bar]').getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByText('All changes saved').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^City/ }).fill('Somewhere else');
    await bar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/payments\/settings\/audit-logs$/);
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    await page.getByRole('region', { name: /changes/ }).waitFor({ state: 'detached' });

    // The browser's back does the same and hides the bar.
    await openFromMenu(page, 'Business details', 'Settings');
    await page.getByRole('textbox', { name: /^City/ }).fill('Somewhere else');
    await bar(page).waitFor();
    await page.goBack();
    await page.waitForURL(/\/payments\/settings\/audit-logs$/);
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    await page.getByRole('region', { name: /changes/ }).waitFor({ state: 'detached' });

    // Online store: notifications (an edit screen with its own bar) -> business info -> Cancel -> notifications.
    await page.goto(`${base}/online-store/settings/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await openFromMenu(page, 'Business info', 'Settings');
    await page.waitForURL(/\/online-store\/settings\/business-details$/);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    await page.getByRole('textbox', { name: /^City/ }).fill('Somewhere else');
    await bar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/online-store\/settings\/notifications$/);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('region', { name: 'New order' }).waitFor();
    await close();
  });

  it('Cancel on a screen opened directly goes to the list or home of its section', async () => {
    const { page, close } = await demo.page();
    const base = `/business/${demo.businessId}`;
    await page.goto(`${base}/online-store/settings/business-details`);
    await page.getByRole('textbox', { name: /^City/ }).fill('Somewhere else');
    await bar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`${base}/online-store$`));

    await page.goto(`${base}/pos/users/invite`);
    await page.getByRole('heading', { level: 1, name: 'Invite staff' }).waitFor();
    await page.getByRole('textbox', { name: /^Email/ }).fill(uniqueEmail('cancel'));
    await bar(page).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/pos\/users$/);
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await close();
  });

  it('on a phone the bar keeps both buttons in view, and Enter in a field sends the form', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/online-store/users/invite`);
    await page.getByRole('heading', { level: 1, name: 'Invite staff' }).waitFor();
    const email = uniqueEmail('enter');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
    for (const name of ['Cancel', 'Send invitation']) {
      const box = await unsaved.getByRole('button', { name }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await expectAccessible(page);
    await screenshot(page, 'sub-header-bar-375');
    await page.getByRole('textbox', { name: /^Email/ }).press('Enter');
    await page.waitForURL(/\/online-store\/users\?tab=invitations$/);
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();
    await close();
  });
});
