import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Card terminals in test mode: the owner orders two readers, pairs a simulated reader with the code it shows, and
 * takes a successful and a declined card payment on it; the list fits a phone.
 */

const demo = demoTests();

const bar = (page: Page, name: string) => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });

describe('card terminals', () => {
  it('orders two readers, pairs one with its code and takes a successful and a declined payment on it', async () => {
    const { page, close } = await demo.page();
    const readerName = `Till ${Date.now().toString(36)}`;
    await page.goto(`/business/${demo.businessId}/pos/terminals`);
    await page.getByRole('heading', { level: 1, name: 'Card terminals' }).waitFor();
    await expectAccessible(page);

    // Order two readers.
    await page.getByRole('link', { name: 'Order readers' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Order readers' }).waitFor();
    await page.getByRole('textbox', { name: /^Countertop reader C1/ }).fill('2');
    await page.getByRole('textbox', { name: /^Recipient/ }).fill('Ada Tan');
    await page.getByRole('textbox', { name: /^Address line 1/ }).fill('1 Keong Saik Rd');
    await page.getByRole('textbox', { name: /^City/ }).fill('Singapore');
    await page.getByRole('textbox', { name: /^Postal code/ }).fill('089109');
    await page.getByText('Total: SGD 658.00').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'terminals-order-form');
    await bar(page, 'Place order').click();

    await page.getByRole('heading', { level: 1, name: /^Order TO-/ }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Placed').waitFor();
    await page.getByRole('button', { name: 'Simulate: processing' }).click();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Processing').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'terminals-order-detail');

    // Pair a simulated reader with the code it shows.
    await page.getByRole('link', { name: 'All card terminals' }).click();
    await page.getByRole('heading', { level: 1, name: 'Card terminals' }).waitFor();
    await page.getByRole('button', { name: 'Pair a reader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair a reader' });
    await dialog.getByRole('button', { name: 'Turn on a simulated reader' }).click();
    const shown = (await dialog.getByTestId('simulated-code').locator('strong').textContent()) ?? '';
    expect(shown).toMatch(/^[A-Z2-9]{8}$/);
    await dialog.getByRole('textbox', { name: /^Pairing code/ }).fill(`${shown.slice(0, 4)}-${shown.slice(4)}`);
    await dialog.getByRole('textbox', { name: /^Reader name/ }).fill(readerName);
    await dialog.getByRole('textbox', { name: /^Location/ }).click();
    await page.getByRole('option', { name: 'Roastery' }).click();
    await expectAccessible(page);
    await screenshot(page, 'terminals-pair-dialog');
    await dialog.getByRole('button', { name: 'Pair reader' }).click();

    await page.getByRole('heading', { level: 1, name: readerName }).waitFor();
    await page.getByText('Ready to take card payments at Roastery.').waitFor();
    await expectAccessible(page);

    // A successful payment, then a declined one.
    await page.getByRole('button', { name: 'Simulate a payment' }).click();
    const pay = page.getByRole('dialog', { name: `Simulate a payment on ${readerName}` });
    await pay.getByRole('textbox', { name: /^Amount/ }).fill('12.50');
    await pay.getByRole('button', { name: 'Collect payment' }).click();
    await pay.getByText('Succeeded: SGD 12.50').waitFor();
    await pay.getByText('Paid by card ending 4242.').waitFor();
    await expectAccessible(page);
    await pay.getByRole('button', { name: 'Take another payment' }).click();
    await pay.getByRole('textbox', { name: /^Amount/ }).fill('20.00');
    await pay.getByRole('textbox', { name: /^Card the reader reads/ }).click();
    await page.getByRole('option', { name: 'Visa 0002: declined' }).click();
    await pay.getByRole('button', { name: 'Collect payment' }).click();
    await pay.getByText('Declined: SGD 20.00').waitFor();
    await pay.getByText('Your card was declined. Try another card or payment method.').first().waitFor();
    await screenshot(page, 'terminals-payment-declined');
    await pay.getByRole('button', { name: 'Done' }).click();

    const payments = page.getByRole('table', { name: 'Recent payments' });
    await payments.getByRole('row').filter({ hasText: 'SGD 12.50' }).getByText('Succeeded', { exact: true }).waitFor();
    await payments.getByRole('row').filter({ hasText: 'SGD 20.00' }).getByText('Declined', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'terminals-reader-detail');
    await close();
  });

  it('fits a phone: the readers and orders as cards', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/pos/terminals`);
    await page.getByRole('heading', { level: 1, name: 'Card terminals' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    await page.getByRole('button', { name: 'Pair a reader' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'terminals-list-375');
    await close();
  });
});
