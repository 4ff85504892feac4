import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './api';
import { DEMO_PASSWORD, expectAccessible, launch, newPage, screenshot, signIn, landed } from './support';

/** The invoice form adds a customer in place: the owner never leaves the invoice to bill someone new. */
let browser: Browser;
let businessId: string;
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  const api = new ApiSession();
  await api.call('POST', '/auth', { email: 'owner@demo.test', password: DEMO_PASSWORD });
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  businessId = user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
});
afterAll(() => browser?.close());

describe('the invoice form', () => {
  it('adds a new customer from the form, chooses them and saves the draft for them', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, 'owner@demo.test');
    await landed(page);
    await page.goto(`/business/${businessId}/payments/invoices/create`);
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
    expect(await page.getByRole('textbox', { name: 'Customer' }).inputValue()).toBe(`Nadia New ${RUN} · nadia-${RUN}@example.test`);
    expect(page.url()).toMatch(/\/invoices\/create$/);

    await page.getByRole('textbox', { name: 'Description (line 1)' }).fill('Tasting session');
    await page.getByRole('textbox', { name: 'Unit price (line 1)' }).fill('45');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/payments\/invoices\/[0-9a-f-]{36}$/);
    await page.getByText(`nadia-${RUN}@example.test`).first().waitFor();
    await context.close();
  });
});
