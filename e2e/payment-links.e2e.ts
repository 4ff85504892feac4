import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Payment links and static QR codes in the browser: the owner's main path, at desktop and phone widths. */

const demo = demoTests();

const save = (page: Page, name = 'Save') => page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name });

describe('payment links', () => {
  it('the owner creates a fixed-amount link, sees its URL and QR, edits it and cancels it', async () => {
    const { page, close } = await demo.page();
    const purpose = `Ceramics class ${Date.now().toString(36)}`;
    await page.goto(`/business/${demo.businessId}/payments/links`);
    await page.getByRole('heading', { level: 1, name: 'Payment links' }).waitFor();
    await page.getByRole('link', { name: 'Create payment link' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create payment link' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: /^Purpose/ }).fill(purpose);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('45.50');
    await page.getByRole('textbox', { name: /^Reference/ }).fill('CLASS-7');
    // The expiry is a day, typed as the product writes days; the link stops when that day ends in the business's zone.
    await page.getByRole('textbox', { name: /^Expires after/ }).fill('31 Dec 2030');
    await page.getByRole('textbox', { name: /^Redirect after payment/ }).fill('http://example.com/thanks');
    await save(page, 'Create link').click();
    // The server refuses http:// outside localhost, on its field.
    await page.getByText('Use an https:// address (http:// only on localhost)').waitFor();
    await page.getByRole('textbox', { name: /^Redirect after payment/ }).fill('https://example.com/thanks');
    await screenshot(page, 'payment-link-create');
    await save(page, 'Create link').click();

    await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
    const url = (await page.getByTestId('link-url').textContent()) ?? '';
    expect(url).toMatch(/^http:\/\/securecheckout\.localhost:\d+\/l\/pl_[0-9A-Za-z]{22}$/);
    await page.getByRole('img', { name: `QR code of ${url}` }).waitFor();
    await page.getByText('SGD 45.50').first().waitFor();
    await page.getByRole('region', { name: 'Key facts' }).getByText('31 Dec 2030, 23:59').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'payment-link-detail');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit payment link' }).waitFor();
    await page.getByRole('textbox', { name: /^Amount/ }).fill('60');
    await save(page).click();
    await page.getByRole('heading', { level: 1, name: purpose }).waitFor();
    await page.getByText('SGD 60.00').first().waitFor();
    expect(await page.getByTestId('link-url').textContent()).toBe(url);

    await page.getByRole('button', { name: 'Cancel link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel payment link' });
    await dialog.getByRole('button', { name: 'Cancel link' }).click();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor({ state: 'detached' });

    await page.goto(`/business/${demo.businessId}/payments/links?status=cancelled`);
    await page.getByRole('link', { name: purpose }).waitFor();
    await expectAccessible(page);
    await close();
  });

  it('fits a phone', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/links/create`);
    await page.getByRole('heading', { level: 1, name: 'Create payment link' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'payment-link-create-375');
    await page.goto(`/business/${demo.businessId}/payments/links`);
    await page.getByRole('list', { name: 'Payment links' }).getByRole('link').first().click();
    await page.getByRole('heading', { level: 2, name: 'QR code' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'payment-link-detail-375');
    await close();
  });
});

describe('static QR codes', () => {
  it('the owner creates a code and downloads it as PNG and SVG', async () => {
    const { page, close } = await demo.page();
    const name = `Counter ${Date.now().toString(36)}`;
    await page.goto(`/business/${demo.businessId}/payments/static-qr-code`);
    await page.getByRole('heading', { level: 1, name: 'Static QR codes' }).waitFor();
    await page.getByRole('link', { name: 'Create static QR code' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create static QR code' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Location/ }).fill('Orchard Rd stall');
    await page.getByRole('textbox', { name: /^Amount/ }).fill('4.80');
    await expectAccessible(page);
    await save(page, 'Create QR code').click();

    await page.getByRole('heading', { level: 1, name }).waitFor();
    const url = (await page.getByTestId('qr-url').textContent()) ?? '';
    expect(url).toMatch(/\/q\/qr_[0-9A-Za-z]{22}$/);
    await page.getByText('Scan to pay SGD 4.80').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'static-qr-detail');

    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const pngBytes = readFileSync((await png.path())!);
    expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SVG' }).click()]);
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    expect(readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // The print view shows the code card alone.
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'static-qr-print');
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await close();
  });
});
