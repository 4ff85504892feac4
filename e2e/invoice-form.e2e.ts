import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The invoice form adds a customer in place: the owner never leaves the invoice to bill someone new. */
const RUN = Date.now().toString(36);

const demo = demoTests();

describe('the invoice form', () => {
  it('adds a new customer from the form, chooses them and saves the draft for them', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/invoices/create`);
    await page.getByRole('heading', { level: 1, name: 'Create invoice' }).waitFor();

    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    // A bad email is refused in the dialog, which stays open.
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Nadia New ${RUN}`);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`nadia-${RUN}@example.test`);
    await expectAccessible(page);
    await screenshot(page, 'invoice-new-customer');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Chosen in the picker, and the invoice itself was not submitted by the dialog.
    // The field shows the name, whole on a phone, and the email as the line under it (a "name · email" text was cut).
    const picker = page.getByRole('textbox', { name: 'Customer' });
    expect(await picker.inputValue()).toBe(`Nadia New ${RUN}`);
    expect(await picker.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    const described = await picker.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain(`nadia-${RUN}@example.test`);
    expect(page.url()).toMatch(/\/invoices\/create$/);

    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Description' }).fill('Tasting session');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Unit price' }).fill('45');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/payments\/invoices\/[0-9a-f-]{36}$/);
    await page.getByText(`nadia-${RUN}@example.test`).first().waitFor();
    await close();
  });
});
