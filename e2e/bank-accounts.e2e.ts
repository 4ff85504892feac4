import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, mailbox, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Bank accounts in the browser: the owner of the demo business sees its seeded account masked, adds a local
 * account (asked for the password, a wrong one refused on the field), finds it in the list masked to its last
 * four digits, and removes it again (the password asked once more); a cashier has neither the menu entry nor the screens. At 375 px, axe clean.
 */
const OWNER = 'owner@demo.test';
const NUMBER = `88${Date.now().toString().slice(-8)}`;

const demo = demoTests();

describe('bank accounts in the browser', () => {
  it('the owner adds a local bank account, is asked for the password and sees it masked in the list (375 px wide)', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/bank-accounts`);
    await page.getByRole('heading', { level: 1, name: 'Bank accounts' }).waitFor();
    // The demo business's own account, from the seed: masked, the SGD default. On a phone the list is cards.
    const table = page.getByRole('list', { name: 'Bank accounts' });
    await table.getByText('•••• 4567').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'bank-accounts-list-375');

    await page.getByRole('button', { name: 'Add bank account' }).click();
    await page.getByRole('menuitem', { name: 'Local account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add a local bank account' }).waitFor();
    expect(page.url()).toMatch(/\/bank-accounts\/create\/false$/);
    await page.getByRole('textbox', { name: 'Account holder name' }).fill('Demo Coffee Roasters Pte. Ltd.');
    await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('OCBC Bank');
    await page.getByRole('textbox', { name: 'Bank code' }).fill('7339');
    await page.getByRole('textbox', { name: 'Branch code' }).fill('5');
    await page.getByRole('textbox', { name: 'Account number' }).fill(NUMBER);
    await page.getByRole('button', { name: 'Add bank account' }).click();
    // The form's own rules first: the branch code has three digits in Singapore.
    await page.getByText('Enter the 3-digit branch code').waitFor();
    await page.getByRole('textbox', { name: 'Branch code' }).fill('501');
    await expectAccessible(page);
    await screenshot(page, 'bank-account-create-375');
    await page.getByRole('button', { name: 'Add bank account' }).click();

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Add bank account' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'bank-account-password-375');
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Add bank account' }).click();

    await page.waitForURL(/\/payments\/bank-accounts$/);
    const last4 = NUMBER.slice(-4);
    const row = table.getByRole('listitem').filter({ hasText: 'OCBC Bank' });
    await row.getByText(`•••• ${last4}`).waitFor();
    expect(await page.content()).not.toContain(NUMBER);
    // The seeded account stays the default of SGD; the new one can be made the default.
    await row.getByRole('button', { name: `Make OCBC Bank •••• ${last4} the default` }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'bank-accounts-added-375');

    const mail = (await mailbox()).find((m) => m.to === OWNER && m.subject.startsWith('Bank accounts of'));
    expect(mail?.text).toContain(`added the local bank account •••• ${last4}`);
    expect(mail?.text).not.toContain(NUMBER);

    // Removing is behind its own confirmation, which asks for the password again.
    await row.getByRole('button', { name: `Remove OCBC Bank •••• ${last4}` }).click();
    const removal = page.getByRole('dialog', { name: 'Remove bank account?' });
    await removal.getByLabel('Password').fill(DEMO_PASSWORD);
    await expectAccessible(page);
    await removal.getByRole('button', { name: 'Remove bank account' }).click();
    await removal.waitFor({ state: 'detached' });
    await table.getByText(`•••• ${last4}`).waitFor({ state: 'detached' });
    await table.getByText('•••• 4567').waitFor();
    await close();
  });

  it('the kind switch follows the route: a cross-border account asks for SWIFT/BIC and, in an IBAN country, the IBAN; an edit keeps the number', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/bank-accounts/create`);
    await page.getByRole('heading', { level: 1, name: 'Add a local bank account' }).waitFor();
    await page.getByText('Cross-border').click();
    await page.waitForURL(/\/bank-accounts\/create\/true$/);
    await page.getByRole('heading', { level: 1, name: 'Add a cross-border bank account' }).waitFor();
    await page.getByRole('textbox', { name: 'Bank country' }).fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('textbox', { name: 'SWIFT/BIC code' }).fill('DEUTDEFF');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    await page.getByText('Enter a valid IBAN').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'bank-account-cross-border');

    await page.goto(`/business/${demo.businessId}/payments/bank-accounts`);
    await page.getByRole('link', { name: 'DBS Bank' }).click();
    await page.waitForURL(/\/bank-accounts\/[0-9a-f-]{36}\/edit\/false$/);
    await page.getByRole('heading', { level: 1, name: 'Edit bank account' }).waitFor();
    await page.getByText('Leave blank to keep the account ending 4567', { exact: false }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Account number' }).inputValue()).toBe('');
    await expectAccessible(page);
    await screenshot(page, 'bank-account-edit');
    await close();
  });

  it('a cashier sees no bank accounts: no menu entry, and the screens say they have no access', async () => {
    const { page, close } = await demo.page({ as: 'cashier@demo.test' });
    await page.goto(`/business/${demo.businessId}/payments`);
    const nav = page.getByRole('navigation', { name: /menu$/ });
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Bank accounts');
    for (const path of ['bank-accounts', 'bank-accounts/create/false', 'bank-accounts/create/true']) {
      await page.goto(`/business/${demo.businessId}/payments/${path}`);
      await page.getByText("You don't have access").waitFor();
    }
    await expectAccessible(page);
    await close();
  });
});
