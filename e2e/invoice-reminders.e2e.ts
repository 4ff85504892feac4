import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Automatic invoice reminders: the owner chooses the days from the invoice list; a cashier may only read them. */

const demo = demoTests();

/** Reminders sit in the list header's "More actions" menu, beside the one primary action (Create invoice). */
async function openReminders(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reminders' }).click();
}

describe('invoice reminders in the browser', () => {
  it('the owner chooses when customers are reminded, at phone width, and finds the choice saved', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/invoices`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await openReminders(page);
    const dialog = page.getByRole('dialog', { name: 'Automatic reminders' });
    await dialog.getByRole('switch', { name: 'Remind customers automatically' }).waitFor();
    // The defaults: 3 days before, 1 and 7 days after.
    const before = dialog.getByRole('group', { name: 'Before the due date' });
    const after = dialog.getByRole('group', { name: 'After the due date' });
    expect(await before.getByRole('checkbox', { name: '3 days before' }).isChecked()).toBe(true);
    expect(await after.getByRole('checkbox', { name: '7 days after' }).isChecked()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'invoice-reminders');

    await before.getByText('1 day before').click();
    await after.getByText('7 days after').click();
    await after.getByText('14 days after').click();
    await dialog.getByRole('button', { name: 'Save reminders' }).click();
    await page.getByText('Reminder settings saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await openReminders(page);
    const checked = async (group: typeof before, name: string) => group.getByRole('checkbox', { name }).isChecked();
    const reopened = page.getByRole('dialog', { name: 'Automatic reminders' });
    const [b, a] = [reopened.getByRole('group', { name: 'Before the due date' }), reopened.getByRole('group', { name: 'After the due date' })];
    await b.getByRole('checkbox', { name: '1 day before' }).waitFor({ state: 'attached' });
    expect([await checked(b, '1 day before'), await checked(b, '3 days before'), await checked(a, '7 days after'), await checked(a, '14 days after')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    await close();
  });

  it('a cashier reads the reminders but cannot change them', async () => {
    const { page, close } = await demo.page({ as: 'cashier@demo.test' });
    await page.goto(`/business/${demo.businessId}/payments/invoices`);
    await openReminders(page);
    const dialog = page.getByRole('dialog', { name: 'Automatic reminders' });
    await dialog.getByText('Only people who manage settings can change reminders.').waitFor();
    expect(await dialog.getByRole('switch', { name: 'Remind customers automatically' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save reminders' }).count()).toBe(0);
    await close();
  });
});
