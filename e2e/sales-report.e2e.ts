import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from '@merchant/core';
import { CheckoutCustomer } from './api';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/** The sales report in the browser: a payment made through the checkout API shows, the range moves, the CSV downloads; desktop and 375 px. */
let checkoutUrl: string;
// The demo business's days are Singapore's (its time zone): 'en-CA' writes a day as YYYY-MM-DD.
const singaporeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(ms);
const today = singaporeDay(Date.now());
const daysBefore = (n: number) => singaporeDay(Date.now() - n * 86_400_000);

const demo = demoTests();
beforeAll(async () => {
  const link = await demo.api.call<{ url: string; public_id: string }>('POST', `/v1/business/${demo.businessId}/payment-links`, {
    amount: 123_45,
    purpose: `Sales report e2e ${Date.now().toString(36)}`,
    single_use: true,
  });
  checkoutUrl = link.url;
});

/** A customer pays the link with the success test card, through the checkout API on the checkout host. */
async function payLink(): Promise<void> {
  const publicId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const paid = await new CheckoutCustomer().pay('link', publicId, { method: 'card', number: '4242424242424242' }, { email: 'report@e2e.test' });
  expect(paid.status).toBe('succeeded');
}

describe('sales report in the browser', () => {
  it('shows a payment made at checkout, changes the range in the URL and exports the CSV', async () => {
    await payLink();
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments`);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Sales in SGD' }).waitFor();
    await page.getByText(`${formatDateRange(daysBefore(29), today)}. Refunds count`).waitFor();
    await page.getByRole('table', { name: 'By method' }).getByRole('rowheader', { name: 'Card' }).waitFor();
    await page.getByRole('table', { name: 'By source' }).getByRole('rowheader', { name: 'Payment link' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sales-report-30d');

    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL(/range=7/);
    await page.getByText(`${formatDateRange(daysBefore(6), today)}. Refunds count`).waitFor();

    await page.getByText('Custom', { exact: true }).click();
    // The range's fields show days as the product writes them, and take them typed so.
    const from = page.getByRole('textbox', { name: 'From' });
    await expect.poll(() => page.getByRole('textbox', { name: 'To' }).inputValue()).toBe(formatDate(today));
    await from.fill(formatDate(daysBefore(1)).toLowerCase());
    await page.waitForURL(new RegExp(`range=custom&from=${daysBefore(1)}&to=${today}`));
    await from.press('Tab');
    expect(await from.inputValue()).toBe(formatDate(daysBefore(1)));
    await page.getByText(`${formatDateRange(daysBefore(1), today)}. Refunds count`).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'By day' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sales-report-demo-coffee-${daysBefore(1)}-to-${today}-by-day\\.csv$`));
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date \(.+\),Currency,Gross,Refunds,Fees,Net,Payments,Refunds made$/);
    const todayRow = lines.find((l) => l.startsWith(`${today},SGD,`))!.split(',');
    expect(Number(todayRow[2])).toBeGreaterThanOrEqual(123.45);
    expect(Number(todayRow[6])).toBeGreaterThanOrEqual(1);
    await close();
  });

  it('reads at 375 px and says so when a range has no sales', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/sales-report?range=90`);
    await page.getByRole('heading', { level: 2, name: 'Sales in SGD' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'sales-report-375');
    await page.goto(`/business/${demo.businessId}/payments/sales-report?range=custom&from=2001-01-01&to=2001-01-31`);
    await page.getByText('No sales in this range').waitFor();
    expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toBe('1 Jan 2001');
    // A day typed day-first, as people write it, moves the range; text that names no day says what it wants.
    const to = page.getByRole('textbox', { name: 'To' });
    await to.fill('15/01/2001');
    await page.waitForURL(/from=2001-01-01&to=2001-01-15/);
    await page.getByText('1–15 Jan 2001. Refunds count').waitFor();
    await to.fill('31 Feb 2001');
    await to.press('Tab');
    await page.getByText('Enter a date like 28 Nov 2026').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await close();
  });
});
