import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** Payment settings in the browser: methods (on/off, order), the card provider's onboarding, checkout look and the logo. */

/** A small solid-colour PNG (a real image, so the browser draws it). */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = solidPng(48, [170, 51, 0]);

const demo = demoTests();
afterAll(async () => {
  // Later browser tests pay with every method: put the demo business's methods back as the seed had them.
  await demo.api.call('PUT', `/v1/business/${demo.businessId}/payment-methods`, {
    methods: ['card', 'paynow', 'ewallet'].map((method) => ({ method, enabled: true, pass_fee_to_customer: false })),
  });
});

/** The methods as listed, once the list has come (the heading is drawn before the methods arrive). */
async function methodOrder(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Payment methods in checkout order' }).getByRole('listitem');
  await items.first().waitFor();
  return items.evaluateAll((all) => all.map((li) => li.querySelector('p')?.textContent ?? ''));
}
/** Card balance entries in the sidebar, under Bank payouts (opened first: a closed group draws no links when motion is reduced). */
async function cardBalanceLinks(page: Page): Promise<number> {
  const group = page.getByRole('navigation', { name: 'Payments menu' }).getByRole('button', { name: 'Bank payouts' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  return page.locator(`nav a[href="/business/${demo.businessId}/payments/balance/card"]`).count();
}

describe('payment settings in the browser', () => {
  it('the owner turns e-wallet off and moves PayNow first by keyboard, and the order stays after a reload', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/payment-methods`);
    await page.getByRole('heading', { level: 1, name: 'Payment methods' }).waitFor();
    await expect(methodOrder(page)).resolves.toEqual(['1. Card', '2. PayNow QR', '3. E-wallet']);
    await expectAccessible(page);

    await page.getByRole('switch', { name: 'Offer E-wallet' }).click({ force: true });
    await expect(page.getByRole('switch', { name: 'Offer E-wallet' }).isChecked()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Move PayNow QR up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => methodOrder(page)).toEqual(['1. PayNow QR', '2. Card', '3. E-wallet']);
    // The keyboard stays on the moved method (now first: its "down" button).
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Move PayNow QR down');
    await page.getByRole('button', { name: 'Save methods' }).click();
    await page.getByText('Payment methods saved.').waitFor();
    await screenshot(page, 'payment-methods');

    await page.reload();
    await expect.poll(() => methodOrder(page)).toEqual(['1. PayNow QR', '2. Card', '3. E-wallet']);
    await expect(page.getByRole('switch', { name: 'Offer E-wallet' }).isChecked()).resolves.toBe(false);
    await close();
  });

  it('the owner disconnects and connects the card provider: the Card balance entry follows', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/payment-methods`);
    await page.getByRole('link', { name: 'Stripe' }).click();
    await page.waitForURL(/\/payment-methods\/card$/);
    await page.getByRole('heading', { level: 1, name: 'Stripe' }).waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    await expect(cardBalanceLinks(page)).resolves.toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Disconnect Stripe?' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Stripe is disconnected.').waitFor();
    await expect.poll(() => cardBalanceLinks(page)).toBe(0);

    // A wrong key is refused on its field, before anything is sent.
    await page.getByRole('textbox', { name: /^Account ID/ }).fill('acct_1Nv0FGQ9RKHgCVdK');
    await page.getByRole('textbox', { name: /^Publishable key/ }).fill('pk_live_oops');
    await page.getByLabel(/^Secret key/).fill('sk_test_51Nv0FGQ9RKHgCVdKwxyz');
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.getByText(/Publishable key: Starts with pk_test_ or pk_live_/).waitFor();
    await page.getByRole('textbox', { name: /^Publishable key/ }).fill('pk_test_51Nv0FGQ9RKHgCVdKabc');
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.getByText('Stripe is connected.').waitFor();
    await page.getByText('Stored, ending in wxyz. Leave empty to keep it.').waitFor();
    await expect.poll(() => cardBalanceLinks(page)).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'payment-provider-stripe');
    await close();
  });

  it('the owner sets a brand colour and uploads a logo that business details then shows', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/settings/checkout-customisation`);
    await page.getByRole('heading', { level: 1, name: 'Checkout customisation' }).waitFor();
    await expectAccessible(page);

    const colour = page.getByRole('textbox', { name: /^Brand colour/ });
    await colour.fill('not a colour');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Use a hex colour such as #1c7ed6').waitFor();
    await colour.fill('#aa3300');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Checkout settings saved.').waitFor();

    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Logo uploaded.').waitFor();
    const logo = page.getByRole('img', { name: 'Business logo' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.reload();
    await expect(colour.inputValue()).resolves.toBe('#aa3300');
    await expectAccessible(page);
    await screenshot(page, 'checkout-customisation');

    // A text file renamed .png is refused on the field.
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await page.getByText('The logo must be a PNG, JPEG or WebP image.').waitFor();

    await page.goto(`/business/${demo.businessId}/payments/settings/business-details`);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    const detailsLogo = page.getByRole('img', { name: 'Business logo' });
    await expect.poll(() => detailsLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await close();
  });

  it('works on a 375 px phone', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/payment-methods`);
    await page.getByRole('button', { name: 'Move Card up' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    // Every switch sits at the right edge of its row, under the order buttons (they stood about 80 px in from it,
    // left of a column the buttons kept for themselves).
    const [offer, down] = await Promise.all([
      page
        .getByRole('switch', { name: 'Offer Card' })
        .evaluate((el) => el.closest('.mantine-Switch-root')!.querySelector('.mantine-Switch-track')!.getBoundingClientRect().right),
      page.getByRole('button', { name: 'Move Card down' }).evaluate((el) => el.getBoundingClientRect().right),
    ]);
    expect(Math.abs(offer - down)).toBeLessThanOrEqual(2);
    await expectAccessible(page);
    await screenshot(page, 'payment-methods-phone');
    await page.goto(`/business/${demo.businessId}/payments/settings/checkout-customisation`);
    await page.getByRole('textbox', { name: /^Brand colour/ }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await screenshot(page, 'checkout-customisation-phone');
    await close();
  });
});
