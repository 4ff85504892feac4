import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Recurring plans in the browser: create in a dialog, edit on the plan's page through the sub-header bar, archive. */
const RUN = Date.now().toString(36);

const demo = demoTests();

describe('recurring plans in the browser', () => {
  it('the owner creates a monthly plan, changes its price, finds it in the list and archives it', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/recurring-plans`);
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    await page.getByRole('button', { name: 'Create plan' }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Create plan' });
    const name = `Coffee club ${RUN}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // Nothing is saved without a price.
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog
      .getByText(/amount|price/i)
      .first()
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Price' }).fill('29.90');
    await dialog.getByRole('textbox', { name: 'Free trial (days)' }).fill('14');
    await expectAccessible(page);
    await screenshot(page, 'plan-create');
    await dialog.getByRole('button', { name: 'Create plan' }).click();

    await page.waitForURL(/\/payments\/recurring-plans\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('SGD 29.90 · every month').waitFor();
    await page.getByRole('textbox', { name: 'Price' }).fill('32.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('SGD 32.00 · every month').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'plan-detail');

    await page.goto(`/business/${demo.businessId}/payments/recurring-plans?search=${RUN}`);
    await page.getByRole('link', { name }).waitFor();
    // A table row on a laptop, a card on a phone (components/data-list.tsx).
    expect(await page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: name }).getByText('SGD 32.00 · every month').count()).toBe(1);
    await page.getByRole('link', { name }).click();
    // On a phone the detail's actions fold into "More actions".
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog', { name: 'Archive plan' }).getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Plan archived.').waitFor();
    await page.getByText('Archived', { exact: true }).first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Price' }).isDisabled()).toBe(true);
    await close();
  });
});
