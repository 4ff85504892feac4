import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '@merchant/core';
import { baseURL, expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The online store's sales report in the browser: an order paid on the storefront shows by product, the range moves, a breakdown's CSV downloads. */
const demo = demoTests();
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const singaporeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(ms);
const today = singaporeDay(Date.now());
const daysBefore = (n: number) => singaporeDay(Date.now() - n * 86_400_000);
const shopOrigin = () => {
  const url = new URL(baseURL());
  url.hostname = 'demo-coffee.shop.localhost';
  return url.origin;
};

describe('store sales report', () => {
  it('shows an order paid on the storefront by product, changes the range and downloads a breakdown as CSV', async () => {
    const name = `Report beans ${RUN}`;
    const product = await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/products`, { name, variants: [{ price: 19_00 }] });

    // A customer buys it on the shop host for pickup and pays with the success test card.
    const shopper = await demo.page({ fresh: true });
    const { page: shop } = shopper;
    await shop.goto(`${shopOrigin()}/products/${product.id}`);
    await shop.getByRole('button', { name: 'Add to cart' }).click();
    await shop.waitForURL(/\/cart$/);
    await shop.getByRole('link', { name: 'Check out' }).click();
    await shop.getByRole('textbox', { name: 'Email', exact: true }).fill('report-e2e@example.com');
    await shop.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Report');
    // The demo store's pickup point, when it has one, is chosen (pickup is the checkout's default).
    const point = shop.getByRole('radio', { name: /^Roastery counter/ });
    if ((await point.count()) > 0) await point.check();
    await shop.getByRole('button', { name: 'Continue to payment' }).click();
    await shop.waitForURL(/securecheckout\.localhost:\d+\/p\/pay_/);
    await shop.getByRole('radio', { name: /^Card/ }).waitFor();
    const email = shop.getByRole('textbox', { name: /^Email/ });
    if ((await email.count()) > 0) await email.fill('report-e2e@example.com');
    await shop.getByRole('radio', { name: /^Card/ }).click();
    await shop.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424242');
    await shop.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
    await shop.getByRole('textbox', { name: /^CVC/ }).fill('123');
    await shop.getByRole('textbox', { name: /^Name on card/ }).fill('Robin Report');
    await shop.getByRole('button', { name: /^Pay / }).click();
    await shop.waitForURL(/demo-coffee\.shop\.localhost:\d+\/orders\//, { timeout: 30_000 });
    await shopper.close();

    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/online-store`);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByText(`${formatDateRange(daysBefore(29), today)}. An order counts`).waitFor();
    await page.getByRole('table', { name: 'By date' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'store-sales-report');

    await page.getByText('90 days', { exact: true }).click();
    await page.waitForURL(/range=90/);
    await page.getByText(`${formatDateRange(daysBefore(89), today)}. An order counts`).waitFor();
    await page.getByRole('textbox', { name: 'Breakdown' }).click();
    await page.getByRole('option', { name: 'Product' }).click();
    await page.getByRole('table', { name: 'By product' }).getByRole('rowheader', { name }).waitFor();
    await page.getByRole('textbox', { name: 'Breakdown' }).click();
    await page.getByRole('option', { name: 'Delivery' }).click();
    await page.getByRole('table', { name: 'By delivery' }).getByRole('rowheader', { name: 'Pickup' }).waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV by delivery' }).click()]);
    expect(download.suggestedFilename()).toBe(`store-sales-demo-coffee-${daysBefore(89)}-to-${today}-by-delivery.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Delivery,Currency,Gross sales,Discounts,Refunds,Net sales,Shipping,Taxes,Total collected,Orders');
    const pickup = lines.find((l) => l.startsWith('Pickup,SGD,'))!.split(',');
    expect(Number(pickup[2])).toBeGreaterThanOrEqual(19);
    await close();
  });

  it('reads at 375 px', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/online-store/sales-report?range=90`);
    await page.getByText('Total collected', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'store-sales-report-375');
    await close();
  });
});
